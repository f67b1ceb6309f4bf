// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as cashierDefs from '../cashier';

export const addPayoutAccountCall = /* @__PURE__ */ endpoint<typeof cashierDefs.addPayoutAccountCall>({
  method: 'POST',
  path: '/wps/cashier/payout-accounts',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const bindEmailCall = /* @__PURE__ */ endpoint<typeof cashierDefs.bindEmailCall>({
  method: 'PUT',
  path: '/wps/member/security/email',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const bindMobileCall = /* @__PURE__ */ endpoint<typeof cashierDefs.bindMobileCall>({
  method: 'PUT',
  path: '/wps/member/security/mobile',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const cashierMethodsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.cashierMethodsCall>({
  method: 'GET',
  path: '/wps/cashier/methods',
  auth: 'member:real',
  input: ['query'],
});
export const cashierRequestsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.cashierRequestsCall>({
  method: 'GET',
  path: '/wps/cashier/requests',
  auth: 'member:real',
  input: ['query'],
});
export const depositCall = /* @__PURE__ */ endpoint<typeof cashierDefs.depositCall>({
  method: 'POST',
  path: '/wps/cashier/deposit',
  auth: 'member:real',
  input: ['body'],
});
export const depositReferenceCall = /* @__PURE__ */ endpoint<typeof cashierDefs.depositReferenceCall>({
  method: 'POST',
  path: '/wps/cashier/deposit/:id/reference',
  auth: 'member:real',
  input: ['body', 'params'],
});
export const depositStatusCall = /* @__PURE__ */ endpoint<typeof cashierDefs.depositStatusCall>({
  method: 'GET',
  path: '/wps/cashier/deposit/:id',
  auth: 'member:real',
  input: ['params'],
});
export const emailCodeCall = /* @__PURE__ */ endpoint<typeof cashierDefs.emailCodeCall>({
  method: 'POST',
  path: '/wps/member/security/email/code',
  auth: 'member:real',
  input: ['body'],
});
export const messagesCall = /* @__PURE__ */ endpoint<typeof cashierDefs.messagesCall>({
  method: 'GET',
  path: '/wps/member/messages',
  auth: 'member',
  input: ['query'],
});
export const messagesReadCall = /* @__PURE__ */ endpoint<typeof cashierDefs.messagesReadCall>({
  method: 'POST',
  path: '/wps/member/messages/read',
  auth: 'member',
  input: ['body'],
});
export const mobileCodeCall = /* @__PURE__ */ endpoint<typeof cashierDefs.mobileCodeCall>({
  method: 'POST',
  path: '/wps/member/security/mobile/code',
  auth: 'member:real',
  input: ['body'],
});
export const newAddressCheckCall = /* @__PURE__ */ endpoint<typeof cashierDefs.newAddressCheckCall>({
  method: 'PUT',
  path: '/wps/member/security/new-address-check',
  auth: 'member:real',
  input: ['body'],
});
export const paymentPasswordCall = /* @__PURE__ */ endpoint<typeof cashierDefs.paymentPasswordCall>({
  method: 'PUT',
  path: '/wps/member/password/payment',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const payoutAccountsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.payoutAccountsCall>({
  method: 'GET',
  path: '/wps/cashier/payout-accounts',
  auth: 'member:real',
  input: [],
});
export const pspWebhookCall = /* @__PURE__ */ endpoint<typeof cashierDefs.pspWebhookCall>({
  method: 'POST',
  path: '/psp/:provider/webhook',
  auth: 'signature:psp-hmac',
  input: ['params'],
});
export const removePayoutAccountCall = /* @__PURE__ */ endpoint<typeof cashierDefs.removePayoutAccountCall>({
  method: 'DELETE',
  path: '/wps/cashier/payout-accounts/:id',
  auth: 'member:real',
  input: ['params'],
});
export const revokeSessionCall = /* @__PURE__ */ endpoint<typeof cashierDefs.revokeSessionCall>({
  method: 'POST',
  path: '/wps/member/security/sessions/:id/revoke',
  auth: 'member:real',
  input: ['params'],
});
export const sandboxCheckoutCall = /* @__PURE__ */ endpoint<typeof cashierDefs.sandboxCheckoutCall>({
  method: 'GET',
  path: '/psp/sandbox/checkout/:token',
  auth: 'none',
  input: ['query', 'params'],
});
export const sandboxCheckoutDecideCall = /* @__PURE__ */ endpoint<typeof cashierDefs.sandboxCheckoutDecideCall>({
  method: 'POST',
  path: '/psp/sandbox/checkout/:token',
  auth: 'none',
  input: ['body', 'query', 'params'],
  form: true,
});
export const sandboxPayoutDecideCall = /* @__PURE__ */ endpoint<typeof cashierDefs.sandboxPayoutDecideCall>({
  method: 'POST',
  path: '/psp/sandbox/payouts/:id',
  auth: 'none',
  input: ['body', 'query', 'params'],
  form: true,
});
export const sandboxPayoutsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.sandboxPayoutsCall>({
  method: 'GET',
  path: '/psp/sandbox/payouts',
  auth: 'none',
  input: ['query'],
});
export const securityLoginsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.securityLoginsCall>({
  method: 'GET',
  path: '/wps/member/security/logins',
  auth: 'member:real',
  input: [],
});
export const securitySessionsCall = /* @__PURE__ */ endpoint<typeof cashierDefs.securitySessionsCall>({
  method: 'GET',
  path: '/wps/member/security/sessions',
  auth: 'member:real',
  input: [],
});
export const securitySummaryCall = /* @__PURE__ */ endpoint<typeof cashierDefs.securitySummaryCall>({
  method: 'GET',
  path: '/wps/member/security',
  auth: 'member:real',
  input: [],
});
export const uplineTransferCall = /* @__PURE__ */ endpoint<typeof cashierDefs.uplineTransferCall>({
  method: 'POST',
  path: '/wps/cashier/transfers',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const uplineTransfersCall = /* @__PURE__ */ endpoint<typeof cashierDefs.uplineTransfersCall>({
  method: 'GET',
  path: '/wps/cashier/transfers',
  auth: 'member:real',
  input: [],
});
export const withdrawCall = /* @__PURE__ */ endpoint<typeof cashierDefs.withdrawCall>({
  method: 'POST',
  path: '/wps/cashier/withdraw',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const withdrawCancelCall = /* @__PURE__ */ endpoint<typeof cashierDefs.withdrawCancelCall>({
  method: 'POST',
  path: '/wps/cashier/withdraw/:id/cancel',
  auth: 'member:real',
  input: ['params'],
});
export const withdrawConfirmCall = /* @__PURE__ */ endpoint<typeof cashierDefs.withdrawConfirmCall>({
  method: 'POST',
  path: '/wps/cashier/withdraw/:id/confirm',
  auth: 'member:real',
  input: ['body', 'params'],
});
export const withdrawSummaryCall = /* @__PURE__ */ endpoint<typeof cashierDefs.withdrawSummaryCall>({
  method: 'GET',
  path: '/wps/cashier/withdraw/summary',
  auth: 'member:real',
  input: [],
});
