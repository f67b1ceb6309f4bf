// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as inhouseDefs from '../inhouse';

export const playBalanceCall = /* @__PURE__ */ endpoint<typeof inhouseDefs.playBalanceCall>({
  method: 'GET',
  path: '/play/api/balance',
  auth: 'game',
  input: [],
});
export const playOpenCall = /* @__PURE__ */ endpoint<typeof inhouseDefs.playOpenCall>({
  method: 'POST',
  path: '/play/api/open',
  auth: 'none',
  input: ['body'],
});
export const slotSpinCall = /* @__PURE__ */ endpoint<typeof inhouseDefs.slotSpinCall>({
  method: 'POST',
  path: '/play/api/slot/spin',
  auth: 'game',
  input: ['body'],
});
