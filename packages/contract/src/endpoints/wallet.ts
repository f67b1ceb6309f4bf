// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as walletDefs from '../wallet';

export const consolidatedFundsCall = /* @__PURE__ */ endpoint<typeof walletDefs.consolidatedFundsCall>({
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  auth: 'member',
  input: [],
});
export const merchantWalletCall = /* @__PURE__ */ endpoint<typeof walletDefs.merchantWalletCall>({
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  auth: 'member',
  input: [],
});
export const walletBalanceCall = /* @__PURE__ */ endpoint<typeof walletDefs.walletBalanceCall>({
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  auth: 'member',
  input: [],
});
export const walletTransferCall = /* @__PURE__ */ endpoint<typeof walletDefs.walletTransferCall>({
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  auth: 'member:real',
  input: [],
});
