// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as providerDefs from '../provider';

export const providerBalanceCall = /* @__PURE__ */ endpoint<typeof providerDefs.providerBalanceCall>({
  method: 'POST',
  path: '/provider/:vendor/balance',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerBetCall = /* @__PURE__ */ endpoint<typeof providerDefs.providerBetCall>({
  method: 'POST',
  path: '/provider/:vendor/bet',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerRollbackCall = /* @__PURE__ */ endpoint<typeof providerDefs.providerRollbackCall>({
  method: 'POST',
  path: '/provider/:vendor/rollback',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerWinCall = /* @__PURE__ */ endpoint<typeof providerDefs.providerWinCall>({
  method: 'POST',
  path: '/provider/:vendor/win',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
