import { type CallInput, changePasswordCall, type LoginResult, registerSettingsCall } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

/* The accounts calls of spec §7; shapes from packages/contract/src/{auth,member}.ts. */

/** Login answer (spec §3): the value of login, free play and registration with login:true. */
export type LoginValue = LoginResult;

export type LoginBody = {
  username: string;
  password: string;
  type: 'username';
  captcha?: string;
  captchaId?: string;
  /** The ALTCHA payload (base64) of the human check. */
  altcha?: string;
};

/** Failure code that turns the captcha on (spec §4 'a failure with a captcha flag'). */
export const CAPTCHA_REQUIRED = 'CAPTCHA_REQUIRED';

export const login = (body: LoginBody) => api<LoginValue>('/wps/session/login', { method: 'POST', body, sealed: true });

/** The code of a new-address check (after NEW_IP_CHECK_REQUIRED): finishes the login. */
export const verifyNewIp = (body: { challengeId: string; code: string }) =>
  api<LoginValue>('/wps/session/login/newip', { method: 'POST', body });

/** Another code for the same new-address check. */
export const resendNewIpCode = (challengeId: string) =>
  api<{ expiredMinutes: number }>('/wps/session/login/newip/resend', { method: 'POST', body: { challengeId } });

/** Failure code of a right password from a new address; its value is a NewIpChallenge. */
export const NEW_IP_CHECK_REQUIRED = 'NEW_IP_CHECK_REQUIRED';

export const freePlay = () =>
  api<LoginValue>('/wps/session/login/freeplay', { method: 'POST', body: { os: navigatorOs(), platform: 'W' } });

export type Captcha = { image: string; captchaId: string };
export const fetchCaptcha = () => api<Captcha>('/wps/captcha');
/** The image as an img src: the server sends bare base64 PNG, or a data URL. */
export const captchaSrc = (c: Captcha) => (c.image.startsWith('data:') ? c.image : `data:image/png;base64,${c.image}`);

/** An ALTCHA challenge, passed to the widget as is. */
export const fetchHumanChallenge = (signal?: AbortSignal) =>
  api<Record<string, unknown>>('/wps/verification/human', { signal });

export type RegisterBody = Record<string, string | boolean | undefined> & {
  username: string;
  registerUrl: string;
  registerMethod: 'WEB';
  domain: string;
  login: true;
  altcha?: string;
};
export const register = (body: RegisterBody, mode: 'username' | 'mobile') =>
  api<LoginValue>(mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register', {
    method: 'POST',
    body,
    sealed: true,
  });

export const checkAffiliate = (code: string) =>
  api<unknown>('/wps/agent/affiliate', { method: 'POST', body: { code, domain: location.hostname } });

/** Spec §3: form-encoded. The answer is the same whether or not the details match an account. */
export const forgotByEmail = (form: { username: string; email: string }) =>
  api<null>('/wps/member/password/email', { method: 'POST', form });

/** The page /resetPassword: the link's token and the new password. */
export const resetPassword = (body: { token: string; newPassword: string; confirmNewPassword: string }) =>
  api<null>('/wps/member/password/reset', { method: 'POST', body });

export const changePassword = (body: CallInput<typeof changePasswordCall>) => call(changePasswordCall, body);

export const logout = () => api<unknown>('/wps/session/logout', { method: 'DELETE' });

/** Registration field rules (spec §5), read once per language-independent page load. */
export function useRegisterSettings() {
  return useQuery({
    queryKey: ['system', 'setting', 'register'],
    queryFn: ({ signal }) => call(registerSettingsCall, {}, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

function navigatorOs(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  return 'web';
}
