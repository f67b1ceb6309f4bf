// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as recordsDefs from '../records';

export const bettingHistoryCall = /* @__PURE__ */ endpoint<typeof recordsDefs.bettingHistoryCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemBetDet',
  auth: 'member',
  input: ['body'],
});
export const profitCall = /* @__PURE__ */ endpoint<typeof recordsDefs.profitCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemProfit',
  auth: 'member',
  input: ['body'],
});
export const transactionHistoryCall = /* @__PURE__ */ endpoint<typeof recordsDefs.transactionHistoryCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemTransDet',
  auth: 'member',
  input: ['body'],
});
