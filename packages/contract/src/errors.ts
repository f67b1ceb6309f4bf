/**
 * Stable error codes. The server answers `{ success: false, code, message }` where `message` is
 * the i18n key below; the web app translates `message` (falling back to `errors.UNKNOWN`).
 * HTTP statuses are honest (ARCHITECTURE §3).
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, messageKey: 'errors.BAD_REQUEST' },
  VALIDATION_FAILED: { status: 400, messageKey: 'errors.VALIDATION_FAILED' },
  MALFORMED_JSON: { status: 400, messageKey: 'errors.MALFORMED_JSON' },
  BODY_TOO_LARGE: { status: 400, messageKey: 'errors.BODY_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 400, messageKey: 'errors.UNSUPPORTED_MEDIA_TYPE' },
  UNAUTHORIZED: { status: 401, messageKey: 'errors.UNAUTHORIZED' },
  FORBIDDEN: { status: 403, messageKey: 'errors.FORBIDDEN' },
  REGION_RESTRICTED: { status: 403, messageKey: 'errors.REGION_RESTRICTED' },
  NOT_FOUND: { status: 404, messageKey: 'errors.NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'errors.METHOD_NOT_ALLOWED' },
  CONFLICT: { status: 409, messageKey: 'errors.CONFLICT' },
  TOO_MANY_REQUESTS: { status: 429, messageKey: 'errors.TOO_MANY_REQUESTS' },
  /** Wrong username or wrong password: the same answer for both (no account enumeration). */
  INVALID_CREDENTIALS: { status: 400, messageKey: 'errors.INVALID_CREDENTIALS' },
  /** Too many failed logins: send `captcha` and `captchaId` from GET /wps/captcha (value.captcha is true). */
  CAPTCHA_REQUIRED: { status: 400, messageKey: 'errors.CAPTCHA_REQUIRED' },
  CAPTCHA_INVALID: { status: 400, messageKey: 'errors.CAPTCHA_INVALID' },
  /** The ALTCHA proof of work is missing, wrong, expired or already used ('Please complete verification first'). */
  HUMAN_CHECK_FAILED: { status: 400, messageKey: 'errors.HUMAN_CHECK_FAILED' },
  /** Spec §8 'invitation_code_error': the affiliate or referral code is no agent's. */
  INVITATION_CODE_ERROR: { status: 400, messageKey: 'errors.INVITATION_CODE_ERROR' },
  /** Ten failed logins in an hour lock the account for 15 minutes. */
  ACCOUNT_LOCKED: { status: 403, messageKey: 'errors.ACCOUNT_LOCKED' },
  /** Spec §6 'in_need_true_account': trial accounts (isAgent 4) cannot do this. */
  TRIAL_ACCOUNT: { status: 403, messageKey: 'errors.TRIAL_ACCOUNT' },
  /** The brand has switched this way of registering or logging in off. */
  FEATURE_DISABLED: { status: 403, messageKey: 'errors.FEATURE_DISABLED' },
  /** SMS login needs the SMS module, which this server does not have yet. */
  SMS_LOGIN_UNAVAILABLE: { status: 403, messageKey: 'errors.SMS_LOGIN_UNAVAILABLE' },
  /** Spec §8 'too many requests, try again after 5 minutes': 5 SMS codes per number per hour. */
  SMS_TOO_MANY: { status: 429, messageKey: 'errors.SMS_TOO_MANY' },
  /** A new SMS code was asked for within 60 s of the last one. */
  SMS_RESEND_TOO_SOON: { status: 429, messageKey: 'errors.SMS_RESEND_TOO_SOON' },
  /** Spec §8 'verification code not valid': wrong, expired or used SMS code (fieldErrors names the field). */
  INVALID_SMS_CODE: { status: 400, messageKey: 'errors.INVALID_SMS_CODE' },
  /** The SMS gateway did not take the message. */
  SMS_SEND_FAILED: { status: 503, messageKey: 'errors.SMS_SEND_FAILED' },
  /** The username (or mobile number) is taken; fieldErrors names the field. */
  ACCOUNT_EXISTS: { status: 409, messageKey: 'errors.ACCOUNT_EXISTS' },
  /** A password-reset link that is unknown, already used or older than 30 minutes. */
  RESET_LINK_INVALID: { status: 400, messageKey: 'errors.RESET_LINK_INVALID' },
  MAINTENANCE: { status: 503, messageKey: 'errors.MAINTENANCE' },
  INTERNAL: { status: 500, messageKey: 'errors.UNKNOWN' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Message keys for field-level validation failures (spec §5 wordings live in the locales). */
export const FIELD_ERRORS = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  unknownField: 'validation.unknownField',
  tooLong: 'validation.tooLong',
  /** One of the 10,000 most common breached passwords. */
  breachedPassword: 'validation.breachedPassword',
  /** '123456' (spec §9): always forces a change, so never accepted as a new password. */
  weakPassword: 'validation.weakPassword',
  /** The current password given to change it is wrong. */
  wrongOldPassword: 'validation.wrongOldPassword',
  accountTaken: 'validation.accountTaken',
  mobileTaken: 'validation.mobileTaken',
} as const;
