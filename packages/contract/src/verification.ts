import { LoginResult, SmsCodeSent } from './auth';
import { defineCall } from './call';
import { z } from './zod';

/** The codes of spec §7's SMS calls: 6 digits, valid 10 minutes, single use. */
export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_TTL_MINUTES = 10;
/** At most this many codes per number per hour ('too many requests, try again after 5 minutes')… */
export const SMS_SENDS_PER_HOUR = 5;
/** …and never two within this many seconds (the form's countdown covers it). */
export const SMS_RESEND_SECONDS = 60;
/** Wrong tries a code takes before it is burnt. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** The country picker's default when the supplied code is not listed (Bangladesh). */
export const DEFAULT_DIALING_CODE = '+880';

const mobile = z.string().max(32);
const dialing = z.string().max(8);
const altcha = z.string().max(8192);

/**
 * POST /wps/verification/sms/noLogin (spec §7): a code for a member's number, to log in or
 * (purpose reset) to set a new password. The answer is the same for unknown numbers.
 */
export const SmsNoLoginBody = z
  .object({
    mobileNum: mobile,
    countryDialingCode: dialing.optional(),
    altcha: altcha.optional(),
    purpose: z.enum(['login', 'reset']).optional(),
  })
  .strict();
export type SmsNoLoginBody = z.infer<typeof SmsNoLoginBody>;

/** POST /wps/verification/sms/register (spec §7): a code for a number about to register. */
export const SmsRegisterBody = z
  .object({
    mobileNo: mobile,
    countryDialingCode: dialing.optional(),
    altcha: altcha.optional(),
    type: z.string().max(16).optional(),
  })
  .strict();
export type SmsRegisterBody = z.infer<typeof SmsRegisterBody>;

/** POST /wps/member/password/verification (spec §3 forgot by phone). */
export const PhoneResetBody = z
  .object({
    mobileNum: mobile,
    countryDialingCode: dialing.optional(),
    verificationCode: z.string().max(255),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128).optional(),
  })
  .strict();
export type PhoneResetBody = z.infer<typeof PhoneResetBody>;

/** POST /wps/verification/sms/noLogin (spec §7, MOBILEVERCODELOGIN3): a login or reset code. */
export const sendSmsCodeCall = defineCall({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  auth: 'none',
  tag: 'accounts',
  summary: "A login (or reset) code for a member's number; the same answer for unknown numbers",
  body: SmsNoLoginBody,
  response: SmsCodeSent,
});

/** POST /wps/verification/sms/register (spec §7, REGMOBVERF3): a code for a new number. */
export const sendRegisterSmsCodeCall = defineCall({
  method: 'POST',
  path: '/wps/verification/sms/register',
  auth: 'none',
  tag: 'accounts',
  summary: 'A registration code for a number not yet registered (REGMOBVERF3)',
  body: SmsRegisterBody,
  response: SmsCodeSent,
});

/** POST /wps/member/password/verification (spec §3 forgot by phone, §7 encrypted). */
export const resetPasswordByPhoneCall = defineCall({
  method: 'POST',
  path: '/wps/member/password/verification',
  auth: 'none',
  tag: 'accounts',
  summary: 'Set a new password with an SMS reset code; ends all sessions and logs in; body may be sealed',
  body: PhoneResetBody,
  response: LoginResult,
  sealed: true,
});
