// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint, socketEndpoint } from '../call';
import type * as crashDefs from '../crash';

export const crashBetCall = /* @__PURE__ */ endpoint<typeof crashDefs.crashBetCall>({
  method: 'POST',
  path: '/play/api/crash/bet',
  auth: 'game',
  input: ['body'],
});
export const crashCashOutCall = /* @__PURE__ */ endpoint<typeof crashDefs.crashCashOutCall>({
  method: 'POST',
  path: '/play/api/crash/cashout',
  auth: 'game',
  input: ['body'],
});
export const crashFeedSocket = /* @__PURE__ */ socketEndpoint<typeof crashDefs.crashFeedSocket>({
  path: '/play/api/crash/ws',
  auth: 'game',
});
export const crashStateCall = /* @__PURE__ */ endpoint<typeof crashDefs.crashStateCall>({
  method: 'GET',
  path: '/play/api/crash/state',
  auth: 'game',
  input: [],
});
