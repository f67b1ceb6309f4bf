// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { socketEndpoint } from '../call';
import type * as realtimeDefs from '../realtime';

export const realtimeSocket = /* @__PURE__ */ socketEndpoint<typeof realtimeDefs.realtimeSocket>({
  path: '/ws',
  auth: 'member',
});
