// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as verificationDefs from '../verification';

export const resetPasswordByPhoneCall = /* @__PURE__ */ endpoint<typeof verificationDefs.resetPasswordByPhoneCall>({
  method: 'POST',
  path: '/wps/member/password/verification',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const sendRegisterSmsCodeCall = /* @__PURE__ */ endpoint<typeof verificationDefs.sendRegisterSmsCodeCall>({
  method: 'POST',
  path: '/wps/verification/sms/register',
  auth: 'none',
  input: ['body'],
});
export const sendSmsCodeCall = /* @__PURE__ */ endpoint<typeof verificationDefs.sendSmsCodeCall>({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  auth: 'none',
  input: ['body'],
});
