// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as launchDefs from '../launch';

export const launchGameCall = /* @__PURE__ */ endpoint<typeof launchDefs.launchGameCall>({
  method: 'POST',
  path: '/wps/game/launchGame',
  auth: 'member',
  input: ['body'],
});
