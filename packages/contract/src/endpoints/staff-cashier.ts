// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffCashierDefs from '../staff-cashier';

export const addMethodCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.addMethodCall>({
  method: 'POST',
  path: '/bo/cashier/methods',
  auth: 'staff:cashier.configure',
  input: ['body'],
});
export const cashierApproveCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierApproveCall>({
  method: 'POST',
  path: '/bo/cashier/requests/:id/approve',
  auth: 'staff:cashier.approve',
  input: ['body', 'params'],
});
export const cashierCaseCloseCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierCaseCloseCall>({
  method: 'POST',
  path: '/bo/cashier/cases/:id/close',
  auth: 'staff:cashier.approve',
  input: ['body', 'params'],
});
export const cashierCaseProofCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierCaseProofCall>({
  method: 'GET',
  path: '/bo/cashier/cases/:id/proof',
  auth: 'staff:cashier.read',
  input: ['query', 'params'],
});
export const cashierCasesCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierCasesCall>({
  method: 'GET',
  path: '/bo/cashier/cases',
  auth: 'staff:cashier.read',
  input: ['query'],
});
export const cashierMarkPaidCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierMarkPaidCall>({
  method: 'POST',
  path: '/bo/cashier/requests/:id/paid',
  auth: 'staff:cashier.approve',
  input: ['body', 'params'],
});
export const cashierQueueCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierQueueCall>({
  method: 'GET',
  path: '/bo/cashier/queue',
  auth: 'staff:cashier.read',
  input: ['query'],
});
export const cashierReconcileCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierReconcileCall>({
  method: 'GET',
  path: '/bo/cashier/reconciliation',
  auth: 'staff:cashier.read',
  input: ['query'],
});
export const cashierRejectCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierRejectCall>({
  method: 'POST',
  path: '/bo/cashier/requests/:id/reject',
  auth: 'staff:cashier.approve',
  input: ['body', 'params'],
});
export const cashierRequestCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierRequestCall>({
  method: 'GET',
  path: '/bo/cashier/requests/:id',
  auth: 'staff:cashier.read',
  input: ['query', 'params'],
});
export const cashierSettingsCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierSettingsCall>({
  method: 'GET',
  path: '/bo/cashier/settings',
  auth: 'staff:cashier.read',
  input: ['query'],
});
export const cashierSettingsSaveCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierSettingsSaveCall>({
  method: 'PUT',
  path: '/bo/cashier/settings',
  auth: 'staff:cashier.configure',
  input: ['body'],
});
export const cashierTotalsCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.cashierTotalsCall>({
  method: 'GET',
  path: '/bo/cashier/totals',
  auth: 'staff:cashier.read',
  input: ['query'],
});
export const editMethodCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.editMethodCall>({
  method: 'PUT',
  path: '/bo/cashier/methods/:id',
  auth: 'staff:cashier.configure',
  input: ['body', 'params'],
});
export const methodLogoCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.methodLogoCall>({
  method: 'POST',
  path: '/bo/cashier/methods/:id/logo',
  auth: 'staff:cashier.configure',
  input: ['body', 'params'],
});
export const methodLogoImageCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.methodLogoImageCall>({
  method: 'GET',
  path: '/wps/cashier/logo/:key',
  auth: 'none',
  input: ['params'],
});
export const playerCashierCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.playerCashierCall>({
  method: 'GET',
  path: '/bo/players/:id/cashier',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const staffMethodsCall = /* @__PURE__ */ endpoint<typeof staffCashierDefs.staffMethodsCall>({
  method: 'GET',
  path: '/bo/cashier/methods',
  auth: 'staff:cashier.read',
  input: ['query'],
});
