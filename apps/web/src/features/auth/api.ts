import type { CallInput, CallOutput, LoginResult, RegisterBody } from '@khela/contract';
import {
  captchaCall,
  changePasswordCall,
  checkAffiliateCall,
  forgotPasswordByEmailCall,
  freePlayCall,
  humanChallengeCall,
  loginCall,
  loginFromNewIpCall,
  registerByMobileCall,
  registerCall,
  registerSettingsCall,
  resendNewIpCodeCall,
  resetPasswordCall,
} from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/* The accounts calls of spec §7, each through its definition in packages/contract. */

/** Login answer (spec §3): the value of login, free play and registration with login:true. */
export type LoginValue = LoginResult;

/** Failure code that turns the captcha on (spec §4 'a failure with a captcha flag'). */
export const CAPTCHA_REQUIRED = 'CAPTCHA_REQUIRED';

export const login = (body: CallInput<typeof loginCall>) => call(loginCall, body);

/** The code of a new-address check (after NEW_IP_CHECK_REQUIRED): finishes the login. */
export const verifyNewIp = (body: CallInput<typeof loginFromNewIpCall>) => call(loginFromNewIpCall, body);

/** Another code for the same new-address check. */
export const resendNewIpCode = (challengeId: string) => call(resendNewIpCodeCall, { challengeId });

/** Failure code of a right password from a new address; its value is a NewIpChallenge. */
export const NEW_IP_CHECK_REQUIRED = 'NEW_IP_CHECK_REQUIRED';

/** Free play: a trial account, after the same human check as registration (`altcha`, its solution). */
export const freePlay = (altcha: string | null) =>
  call(freePlayCall, { os: navigatorOs(), platform: 'W', ...(altcha ? { altcha } : {}) });

export type Captcha = CallOutput<typeof captchaCall>;
export const fetchCaptcha = () => call(captchaCall);
/** The image as an img src: the server sends bare base64 PNG, or a data URL. */
export const captchaSrc = (c: Captcha) => (c.image.startsWith('data:') ? c.image : `data:image/png;base64,${c.image}`);

/** An ALTCHA challenge, passed to the widget as is. */
export const fetchHumanChallenge = (signal?: AbortSignal) => call(humanChallengeCall, undefined, { signal });

/** Registration by username, or by mobile number (the number is the account). */
export const register = (body: RegisterBody, mode: 'username' | 'mobile') =>
  call(mode === 'mobile' ? registerByMobileCall : registerCall, body);

export const checkAffiliate = (code: string) => call(checkAffiliateCall, { code, domain: location.hostname });

/** Spec §3: form-encoded. The answer is the same whether or not the details match an account. */
export const forgotByEmail = (form: CallInput<typeof forgotPasswordByEmailCall>) =>
  call(forgotPasswordByEmailCall, form);

/** The page /resetPassword: the link's token and the new password. */
export const resetPassword = (body: CallInput<typeof resetPasswordCall>) => call(resetPasswordCall, body);

export const changePassword = (body: CallInput<typeof changePasswordCall>) => call(changePasswordCall, body);

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
