import { defineCall } from './call';
import { LOCALES } from './constants';
import { SEALED_KEY_PATH } from './sealed';
import { z } from './zod';

/** Longest text any account field takes; longer input is refused before any rule runs. */
const text = (max = 255) => z.string().max(max);
/** The ALTCHA widget's base64 payload (challenge + solution). */
const altcha = z.string().max(8192);

/** Spec §3 login payload. Type sms: username is the mobile number, password the SMS code. */
export const LoginBody = z
  .object({
    username: text(64),
    password: text(128),
    type: z.enum(['username', 'sms']).default('username'),
    captcha: text(16).optional(),
    captchaId: text(64).optional(),
    /** Human check (ALTCHA) result; required for type username. */
    altcha: altcha.optional(),
    countryDialingCode: text(8).optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

/** What a login (or registration, or free play) answers: the session and the §3 storage keys. */
export const LoginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  account: z.string(),
  customerId: z.number().int(),
  isAgent: z.number().int(),
  memberLabel: z.array(
    z.object({ labelName: z.string(), color: z.string().optional(), bgColor: z.string().optional() }),
  ),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** Spec §3 SMS code response: value.expiredMinutes (the SMS calls and the new-address check). */
export const SmsCodeSent = z.object({ expiredMinutes: z.number().int() });
export type SmsCodeSent = z.infer<typeof SmsCodeSent>;

/**
 * NEW_IP_CHECK_REQUIRED's value: the SMS code went to `mobile` (masked); send it with
 * `challengeId` to POST /wps/session/login/newip. A new code may be asked after `resendSeconds`.
 */
export const NewIpChallenge = z.object({
  challengeId: z.string(),
  mobile: z.string(),
  expiredMinutes: z.number().int(),
  resendSeconds: z.number().int(),
});
export type NewIpChallenge = z.infer<typeof NewIpChallenge>;

/**
 * A failed login may carry `{ captcha: true }` (the form then shows and loads the captcha, spec
 * §4) or, for NEW_IP_CHECK_REQUIRED, the new-address challenge.
 */
export const LoginFailureValue = z.union([z.object({ captcha: z.boolean() }), NewIpChallenge]);
export type LoginFailureValue = z.infer<typeof LoginFailureValue>;

/** POST /wps/session/login/newip: the SMS code of a new-address check; answers like a login. */
export const NewIpVerifyBody = z.object({ challengeId: text(64), code: text(16) }).strict();
export type NewIpVerifyBody = z.infer<typeof NewIpVerifyBody>;

/** POST /wps/session/login/newip/resend: another code for the same check (60 s after the last). */
export const NewIpResendBody = z.object({ challengeId: text(64) }).strict();

/** A sealed body in place of the JSON body (see sealed.ts). */
export const SealedBody = z
  .object({
    sealed: z
      .object({
        keyId: text(64),
        enc: z.string().max(256),
        ct: z.string().max(65_536),
        ts: z.number().int(),
      })
      .strict(),
  })
  .strict();

/** GET /wps/system/hpke: the key to seal bodies to, its suite and the server's clock. */
export const SealingKey = z.object({
  keyId: z.string(),
  /** Raw X25519 public key, base64url. */
  publicKey: z.string(),
  kem: z.literal('DHKEM(X25519, HKDF-SHA256)'),
  kdf: z.literal('HKDF-SHA256'),
  aead: z.literal('AES-128-GCM'),
  /** Milliseconds since the epoch: sealed bodies carry a timestamp on this clock. */
  serverTime: z.number().int(),
  /** How far (seconds) a sealed body's timestamp may be from the server's clock. */
  maxAgeSeconds: z.number().int(),
  /** True when the server refuses plain bodies on the sealed calls. */
  required: z.boolean(),
  /** The `METHOD path` of every call that accepts a sealed body. */
  calls: z.array(z.string()),
});
export type SealingKey = z.infer<typeof SealingKey>;

/** Spec §7 free play: os, platform W, Encryption, gateway version 3 (informational), and the human check. */
export const FreePlayBody = z
  .object({
    os: text(32).optional(),
    platform: text(8).optional(),
    Encryption: z.union([z.string().max(64), z.boolean(), z.number()]).optional(),
    version: z.union([z.string().max(16), z.number()]).optional(),
    /** The solved human check, as registration asks it: a trial account is an account too. */
    altcha: altcha.optional(),
  })
  .strict();

export type FreePlayBody = z.infer<typeof FreePlayBody>;

/** Spec §3 registration payload (username mode) with the additions the form makes on submit. */
export const RegisterBody = z
  .object({
    username: text().optional(),
    password: text(128).optional(),
    confirmPassword: text(128).optional(),
    payeeName: text().optional(),
    email: text().optional(),
    qqNum: text().optional(),
    mobileNum: text().optional(),
    recommenderId: text().optional(),
    captcha: text().optional(),
    verificationCode: text().optional(),
    affiliateCode: text().optional(),
    paymentPassword: text().optional(),
    line: text().optional(),
    whatsapp: text().optional(),
    zalo: text().optional(),
    facebook: text().optional(),
    wechat: text().optional(),
    idNumber: text().optional(),
    referralCode: text().optional(),
    domain: text().optional(),
    countryDialingCode: text(8).optional(),
    registerUrl: text(2048).optional(),
    registerMethod: z.literal('WEB').optional(),
    login: z.boolean().optional(),
    /** The page's language, kept as the account's (one the site has). */
    language: z.enum(LOCALES).optional(),
    altcha: altcha.optional(),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Spec §7 /wps/agent/affiliate: is this an agent's invitation code? */
export const AffiliateBody = z.object({ code: text(), domain: text().optional() }).strict();

/** GET /wps/captcha: a PNG (base64, no data: prefix) and the id to send back with the answer. */
export const CaptchaImage = z.object({ captchaId: z.string(), image: z.string() });

/** GET /wps/verification/human: an ALTCHA v2 challenge for the widget (pass it as `challenge`). */
export const HumanChallenge = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

/**
 * POST /wps/session/login (spec §3 login, §7 encrypted): by username and password (human check;
 * the captcha after 3 failures) or, type sms, by mobile number and SMS code. A refusal may carry
 * `{ captcha: true }` or the new-address challenge (LoginFailureValue).
 */
export const loginCall = defineCall({
  method: 'POST',
  path: '/wps/session/login',
  auth: 'none',
  tag: 'accounts',
  summary: 'Log in by username and password (human check; captcha after 3 failures); body may be sealed',
  body: LoginBody,
  response: LoginResult,
  failure: LoginFailureValue,
  sealed: true,
});

/** POST /wps/session/login/newip: the SMS code of a new-address check; answers like a login. */
export const loginFromNewIpCall = defineCall({
  method: 'POST',
  path: '/wps/session/login/newip',
  auth: 'none',
  tag: 'accounts',
  summary: 'Finish a password login from a new address with the SMS code (after NEW_IP_CHECK_REQUIRED)',
  body: NewIpVerifyBody,
  response: LoginResult,
});

/** POST /wps/session/login/newip/resend: another code for the same new-address check. */
export const resendNewIpCodeCall = defineCall({
  method: 'POST',
  path: '/wps/session/login/newip/resend',
  auth: 'none',
  tag: 'accounts',
  summary: 'Another SMS code for a new-address check (60 s after the last; 5 an hour)',
  body: NewIpResendBody,
  response: SmsCodeSent,
});

/** POST /wps/member/register (spec §3 registration, §7 encrypted): registers and logs in. */
export const registerCall = defineCall({
  method: 'POST',
  path: '/wps/member/register',
  auth: 'none',
  tag: 'accounts',
  summary: 'Register by username (spec §3 payload) and log in; body may be sealed',
  body: RegisterBody,
  response: LoginResult,
  sealed: true,
});

/** POST /wps/member/register/mobile (spec §7, encrypted): the account is the mobile number. */
export const registerByMobileCall = defineCall({
  method: 'POST',
  path: '/wps/member/register/mobile',
  auth: 'none',
  tag: 'accounts',
  summary: 'Register by mobile number (the account is the number; password required) and log in; body may be sealed',
  body: RegisterBody,
  response: LoginResult,
  sealed: true,
});

/** POST /wps/session/login/freeplay (spec §7 free play): a trial account, logged in, after the human check. */
export const freePlayCall = defineCall({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  auth: 'none',
  tag: 'accounts',
  summary: 'Open a trial account (isAgent 4, play money only) and log it in; needs a solved human check (altcha)',
  body: FreePlayBody,
  response: LoginResult,
});

/** POST /wps/agent/affiliate (spec §7): INVITATION_CODE_ERROR when the code is no agent's. */
export const checkAffiliateCall = defineCall({
  method: 'POST',
  path: '/wps/agent/affiliate',
  auth: 'none',
  tag: 'accounts',
  summary: "Whether a code is an agent's invitation code (INVITATION_CODE_ERROR if not)",
  body: AffiliateBody,
  response: z.object({ valid: z.literal(true) }),
});

/** GET /wps/captcha (spec §4): a new image captcha, good for 2 minutes and one try. */
export const captchaCall = defineCall({
  method: 'GET',
  path: '/wps/captcha',
  auth: 'none',
  tag: 'accounts',
  summary: 'A new image captcha (PNG, base64) and its id; 2 minutes, one try',
  response: CaptchaImage,
});

/** GET /wps/verification/human: an ALTCHA challenge for the human check (login, registration, SMS codes). */
export const humanChallengeCall = defineCall({
  method: 'GET',
  path: '/wps/verification/human',
  auth: 'none',
  tag: 'accounts',
  summary: 'An ALTCHA proof-of-work challenge for the human check',
  response: HumanChallenge,
});

/** DELETE /wps/session/logout (spec §7): ends this session only. */
export const logoutCall = defineCall({
  method: 'DELETE',
  path: '/wps/session/logout',
  auth: 'member',
  tag: 'accounts',
  summary: 'End this session',
  response: z.null(),
});

/** GET /wps/system/hpke: the key the spec §7 encrypted bodies are sealed to (sealed.ts). */
export const sealingKeyCall = defineCall({
  method: 'GET',
  path: SEALED_KEY_PATH,
  auth: 'none',
  tag: 'system',
  summary: 'The HPKE public key (RFC 9180) that login, registration and password bodies may be sealed to',
  response: SealingKey,
});
