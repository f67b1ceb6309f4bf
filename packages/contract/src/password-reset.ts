import { defineCall } from './call';
import { z } from './zod';

/**
 * Spec §3 'Forgot by email: username, email (form-encoded)'. The server also takes JSON. The
 * answer is the same whether or not they name a member (no account enumeration).
 */
export const ForgotByEmailBody = z
  .object({
    username: z.string().max(64),
    email: z.string().max(254),
  })
  .strict();
export type ForgotByEmailBody = z.infer<typeof ForgotByEmailBody>;

/** The reset link's token and the new password (the page /resetPassword sends it). */
export const ResetPasswordBody = z
  .object({
    token: z.string().max(128),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128),
  })
  .strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** How long a reset link is good for, and its path on the web app (`?token=`). */
export const RESET_LINK_MINUTES = 30;
export const RESET_PASSWORD_PATH = '/resetPassword';

/**
 * POST /wps/member/password/email (spec §3 forgot by email, form-encoded; JSON is taken too):
 * mails a single-use reset link. The answer is the same for any name.
 */
export const forgotPasswordByEmailCall = defineCall({
  method: 'POST',
  path: '/wps/member/password/email',
  auth: 'none',
  tag: 'accounts',
  summary: 'Forgot password: email a single-use 30-minute reset link (form-encoded or JSON; same answer for any name)',
  body: ForgotByEmailBody,
  response: z.null(),
  form: true,
});

/** POST /wps/member/password/reset: the reset link's token and the new password. */
export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/wps/member/password/reset',
  auth: 'none',
  tag: 'accounts',
  summary: 'Set a new password with the token of a reset link; ends every session',
  body: ResetPasswordBody,
  response: z.null(),
});
