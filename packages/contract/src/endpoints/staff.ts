// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffDefs from '../staff';

export const auditLogCall = /* @__PURE__ */ endpoint<typeof staffDefs.auditLogCall>({
  method: 'GET',
  path: '/bo/audit',
  auth: 'staff:audit.read',
  input: ['query'],
});
export const staffLoginCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffLoginCall>({
  method: 'POST',
  path: '/bo/session/login',
  auth: 'none',
  input: ['body'],
});
export const staffLogoutCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffLogoutCall>({
  method: 'POST',
  path: '/bo/session/logout',
  auth: 'staff:session',
  input: [],
});
export const staffMeCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffMeCall>({
  method: 'GET',
  path: '/bo/me',
  auth: 'staff:session',
  input: [],
});
export const staffRevokeSessionCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffRevokeSessionCall>({
  method: 'POST',
  path: '/bo/sessions/:id/revoke',
  auth: 'staff:session',
  input: ['params'],
});
export const staffSessionsCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffSessionsCall>({
  method: 'GET',
  path: '/bo/sessions',
  auth: 'staff:session',
  input: [],
});
export const staffSetupConfirmCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffSetupConfirmCall>({
  method: 'POST',
  path: '/bo/setup/confirm',
  auth: 'none',
  input: ['body'],
});
export const staffSetupPasswordCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffSetupPasswordCall>({
  method: 'POST',
  path: '/bo/setup/password',
  auth: 'none',
  input: ['body'],
});
export const staffVerifyCall = /* @__PURE__ */ endpoint<typeof staffDefs.staffVerifyCall>({
  method: 'POST',
  path: '/bo/session/verify',
  auth: 'none',
  input: ['body'],
});
