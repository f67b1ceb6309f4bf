// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as passwordResetDefs from '../password-reset';

export const forgotPasswordByEmailCall = /* @__PURE__ */ endpoint<typeof passwordResetDefs.forgotPasswordByEmailCall>({
  method: 'POST',
  path: '/wps/member/password/email',
  auth: 'none',
  input: ['body'],
  form: true,
});
export const resetPasswordCall = /* @__PURE__ */ endpoint<typeof passwordResetDefs.resetPasswordCall>({
  method: 'POST',
  path: '/wps/member/password/reset',
  auth: 'none',
  input: ['body'],
});
