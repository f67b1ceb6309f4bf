// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import type * as authDefs from '../auth';
import { endpoint } from '../call';

export const captchaCall = /* @__PURE__ */ endpoint<typeof authDefs.captchaCall>({
  method: 'GET',
  path: '/wps/captcha',
  auth: 'none',
  input: [],
});
export const checkAffiliateCall = /* @__PURE__ */ endpoint<typeof authDefs.checkAffiliateCall>({
  method: 'POST',
  path: '/wps/agent/affiliate',
  auth: 'none',
  input: ['body'],
});
export const freePlayCall = /* @__PURE__ */ endpoint<typeof authDefs.freePlayCall>({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  auth: 'none',
  input: ['body'],
});
export const humanChallengeCall = /* @__PURE__ */ endpoint<typeof authDefs.humanChallengeCall>({
  method: 'GET',
  path: '/wps/verification/human',
  auth: 'none',
  input: [],
});
export const loginCall = /* @__PURE__ */ endpoint<typeof authDefs.loginCall>({
  method: 'POST',
  path: '/wps/session/login',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const loginFromNewIpCall = /* @__PURE__ */ endpoint<typeof authDefs.loginFromNewIpCall>({
  method: 'POST',
  path: '/wps/session/login/newip',
  auth: 'none',
  input: ['body'],
});
export const logoutCall = /* @__PURE__ */ endpoint<typeof authDefs.logoutCall>({
  method: 'DELETE',
  path: '/wps/session/logout',
  auth: 'member',
  input: [],
});
export const registerByMobileCall = /* @__PURE__ */ endpoint<typeof authDefs.registerByMobileCall>({
  method: 'POST',
  path: '/wps/member/register/mobile',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const registerCall = /* @__PURE__ */ endpoint<typeof authDefs.registerCall>({
  method: 'POST',
  path: '/wps/member/register',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const resendNewIpCodeCall = /* @__PURE__ */ endpoint<typeof authDefs.resendNewIpCodeCall>({
  method: 'POST',
  path: '/wps/session/login/newip/resend',
  auth: 'none',
  input: ['body'],
});
export const sealingKeyCall = /* @__PURE__ */ endpoint<typeof authDefs.sealingKeyCall>({
  method: 'GET',
  path: '/wps/system/hpke',
  auth: 'none',
  input: [],
});
