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
  /**
   * Wrong password, a name nobody has, a trial account or a locked account: one answer for all,
   * so none tells which accounts exist or are locked (decision 0028); its text says a lock may hold.
   */
  INVALID_CREDENTIALS: { status: 400, messageKey: 'errors.INVALID_CREDENTIALS' },
  /** Too many failed logins: send `captcha` and `captchaId` from GET /wps/captcha (value.captcha is true). */
  CAPTCHA_REQUIRED: { status: 400, messageKey: 'errors.CAPTCHA_REQUIRED' },
  CAPTCHA_INVALID: { status: 400, messageKey: 'errors.CAPTCHA_INVALID' },
  /** The ALTCHA proof of work is missing, wrong, expired or already used ('Please complete verification first'). */
  HUMAN_CHECK_FAILED: { status: 400, messageKey: 'errors.HUMAN_CHECK_FAILED' },
  /** Spec §8 'invitation_code_error': the affiliate or referral code is no agent's. */
  INVITATION_CODE_ERROR: { status: 400, messageKey: 'errors.INVITATION_CODE_ERROR' },
  /**
   * Ten wrong passwords in an hour lock the account for 15 minutes. Told only to a caller who has
   * proven who they are (a logged-in password change, a new-address code); a login is answered
   * INVALID_CREDENTIALS.
   */
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
  /**
   * A real mobile number whose dialling code is not one of the brand's: no code is sent to it and
   * it is not registered (fieldErrors names the field with validation.mobileCountry).
   */
  MOBILE_COUNTRY_NOT_ALLOWED: { status: 400, messageKey: 'errors.MOBILE_COUNTRY_NOT_ALLOWED' },
  /** The brand's SMS budget for the last 24 hours is spent: no more codes until it frees up. */
  SMS_DAILY_LIMIT: { status: 503, messageKey: 'errors.SMS_DAILY_LIMIT' },
  /** The username (or mobile number) is taken; fieldErrors names the field. */
  ACCOUNT_EXISTS: { status: 409, messageKey: 'errors.ACCOUNT_EXISTS' },
  /** A password-reset link that is unknown, already used or older than 30 minutes. */
  RESET_LINK_INVALID: { status: 400, messageKey: 'errors.RESET_LINK_INVALID' },
  /** The wallet holds less than the movement takes; nothing was posted. */
  INSUFFICIENT_FUNDS: { status: 409, messageKey: 'errors.INSUFFICIENT_FUNDS' },
  /** A transaction id already used for another amount, round or player; nothing was posted. */
  DUPLICATE_TRANSACTION: { status: 409, messageKey: 'errors.DUPLICATE_TRANSACTION' },
  /** Provider API: the game session (launch token) is unknown, expired or not this player's, vendor's or game's. */
  GAME_SESSION_INVALID: { status: 403, messageKey: 'errors.GAME_SESSION_INVALID' },
  /** Provider API: no player of this brand has this id. */
  PLAYER_NOT_FOUND: { status: 404, messageKey: 'errors.PLAYER_NOT_FOUND' },
  /** Provider API: the currency is not the one this player's wallet holds for this vendor. */
  CURRENCY_MISMATCH: { status: 400, messageKey: 'errors.CURRENCY_MISMATCH' },
  /** Provider API: a win for a round that has no bet. */
  ROUND_NOT_FOUND: { status: 404, messageKey: 'errors.ROUND_NOT_FOUND' },
  /** Provider API: the round has ended (completed or cancelled); nothing was posted. */
  ROUND_CLOSED: { status: 409, messageKey: 'errors.ROUND_CLOSED' },
  /** Provider API: a win after a rollback in its round, or a bet whose id a rollback already named. */
  BET_ROLLED_BACK: { status: 409, messageKey: 'errors.BET_ROLLED_BACK' },
  /** Provider API: a rollback in a round that already has a win. */
  ROLLBACK_AFTER_WIN: { status: 409, messageKey: 'errors.ROLLBACK_AFTER_WIN' },
  /** Provider API: the round or bet referred to belongs to another player or game, or is not a bet. */
  INVALID_REFERENCE: { status: 409, messageKey: 'errors.INVALID_REFERENCE' },
  /** This brand runs one wallet for every game: there is nothing to transfer between. */
  SINGLE_WALLET: { status: 400, messageKey: 'errors.SINGLE_WALLET' },
  /** A sealed (HPKE) body that does not open: tampered, malformed, or sealed for another call. */
  SEALED_BODY_INVALID: { status: 400, messageKey: 'errors.SEALED_BODY_INVALID' },
  /** A sealed body whose timestamp is outside the accepted window, or that was already used. */
  SEALED_BODY_EXPIRED: { status: 400, messageKey: 'errors.SEALED_BODY_EXPIRED' },
  /** A sealed body for a key the server does not (or no longer) accept: fetch the key again. */
  SEALED_KEY_UNKNOWN: { status: 400, messageKey: 'errors.SEALED_KEY_UNKNOWN' },
  /** The server requires sealed bodies on this call (SEALED_BODIES=required). */
  SEALED_BODY_REQUIRED: { status: 400, messageKey: 'errors.SEALED_BODY_REQUIRED' },
  /**
   * A right password from an address the account never used, on a brand with the check on: no
   * session yet; value carries the challenge id and the masked number the SMS code went to.
   */
  NEW_IP_CHECK_REQUIRED: { status: 403, messageKey: 'errors.NEW_IP_CHECK_REQUIRED' },
  /** The new-address check is unknown, expired, already passed or asked from another address. */
  LOGIN_CHALLENGE_INVALID: { status: 400, messageKey: 'errors.LOGIN_CHALLENGE_INVALID' },
  /** Spec §6/§8 'Non-agents cannot log in': the agent site admits agent accounts only. */
  NON_AGENT_LOGIN: { status: 403, messageKey: 'errors.NON_AGENT_LOGIN' },
  /** Spec §6/§8 'Non-member account unable to login': an agent-only account on the member site. */
  NON_MEMBER_LOGIN: { status: 403, messageKey: 'errors.NON_MEMBER_LOGIN' },
  /** An avatar upload that is not a PNG, JPEG or WebP picture by its bytes (whatever its name or declared type). */
  AVATAR_NOT_IMAGE: { status: 400, messageKey: 'errors.AVATAR_NOT_IMAGE' },
  /** An avatar upload over 2 MB. */
  AVATAR_TOO_LARGE: { status: 400, messageKey: 'errors.AVATAR_TOO_LARGE' },
  /** An avatar picture wider or taller than 2048 pixels. */
  AVATAR_TOO_MANY_PIXELS: { status: 400, messageKey: 'errors.AVATAR_TOO_MANY_PIXELS' },
  /** The mail server did not take an email (SMTP refused, unreachable or timed out). */
  MAIL_SEND_FAILED: { status: 503, messageKey: 'errors.MAIL_SEND_FAILED' },
  /** Spec §8 'Game Under Maintenance': the game is switched off; value.suggestions lists others to play. */
  GAME_MAINTENANCE: { status: 503, messageKey: 'errors.GAME_MAINTENANCE' },
  /** The game's link was already used or is over a minute old: open the game again from the lobby. */
  LAUNCH_TICKET_INVALID: { status: 401, messageKey: 'errors.LAUNCH_TICKET_INVALID' },
  /** A stake the game does not offer (not one of its bet levels). */
  STAKE_NOT_OFFERED: { status: 400, messageKey: 'errors.STAKE_NOT_OFFERED' },
  /** Back office: a TOTP code that is wrong, outside its window or already used, or a used recovery code. */
  TOTP_INVALID: { status: 400, messageKey: 'errors.TOTP_INVALID' },
  /** Back office: a staff set-up link that is unknown, already used or older than 24 hours. */
  SETUP_LINK_INVALID: { status: 400, messageKey: 'errors.SETUP_LINK_INVALID' },
  /**
   * The operator locked the account (a security hold: back office, decision 0031). Told only once
   * the password or code is proven; no reset lifts it. Apart from ACCOUNT_LOCKED (failed logins).
   */
  MEMBER_LOCKED: { status: 403, messageKey: 'errors.MEMBER_LOCKED' },
  /** The operator suspended the account while something is reviewed; told as MEMBER_LOCKED is. */
  MEMBER_SUSPENDED: { status: 403, messageKey: 'errors.MEMBER_SUSPENDED' },
  /** The account is closed; told as MEMBER_LOCKED is. */
  MEMBER_CLOSED: { status: 403, messageKey: 'errors.MEMBER_CLOSED' },
  /** Back office: the player account is linked to the staff member (declared, or their mobile or email). */
  LINKED_MEMBER: { status: 403, messageKey: 'errors.LINKED_MEMBER' },
  /** Back office: four-eyes — the staff member who asked for an adjustment cannot approve it. */
  FOUR_EYES_REQUIRED: { status: 403, messageKey: 'errors.FOUR_EYES_REQUIRED' },
  /** Back office: the adjustment was already approved or rejected (by someone else, or a second click). */
  ADJUSTMENT_DECIDED: { status: 409, messageKey: 'errors.ADJUSTMENT_DECIDED' },
  /** Back office: the caller's address is outside the brand's staff allow-list (refused and audited). */
  STAFF_ADDRESS_NOT_ALLOWED: { status: 403, messageKey: 'errors.STAFF_ADDRESS_NOT_ALLOWED' },
  /** Back office: a reset, disable or role change a staff member tried on their own account. */
  STAFF_SELF_ACTION: { status: 403, messageKey: 'errors.STAFF_SELF_ACTION' },
  /** Back office: the change would leave the brand without anyone able to manage staff. */
  STAFF_LOCKOUT: { status: 409, messageKey: 'errors.STAFF_LOCKOUT' },
  /** Back office: someone else saved this record since the form read it; reload and edit again. */
  STALE_EDIT: { status: 409, messageKey: 'errors.STALE_EDIT' },
  /** Back office: the vendor's secret comes from PROVIDER_SECRETS; the environment rotates it, not the office. */
  SECRET_FROM_ENV: { status: 409, messageKey: 'errors.SECRET_FROM_ENV' },
  /** Back office: the job's period is running right now; look again when it has ended. */
  JOB_RUN_BUSY: { status: 409, messageKey: 'errors.JOB_RUN_BUSY' },
  /** Back office: the held win was already released or voided, or its waiting decision was decided. */
  HELD_WIN_DECIDED: { status: 409, messageKey: 'errors.HELD_WIN_DECIDED' },
  /** The payment password is not set yet: set it in the security centre first. */
  PAYMENT_PASSWORD_NOT_SET: { status: 400, messageKey: 'errors.PAYMENT_PASSWORD_NOT_SET' },
  /** A wrong payment password; five in a row (any use) lock it for 15 minutes. fieldErrors names the field. */
  PAYMENT_PASSWORD_WRONG: { status: 400, messageKey: 'errors.PAYMENT_PASSWORD_WRONG' },
  /** Five wrong payment passwords: its use is locked until the time in `value.until`. */
  PAYMENT_PASSWORD_LOCKED: { status: 403, messageKey: 'errors.PAYMENT_PASSWORD_LOCKED' },
  /** The method is switched off, not this brand's, or not for this direction. */
  METHOD_UNAVAILABLE: { status: 400, messageKey: 'errors.METHOD_UNAVAILABLE' },
  /** Outside the method's or brand's minimum and maximum; fieldErrors.amount says which. */
  AMOUNT_OUT_OF_RANGE: { status: 400, messageKey: 'errors.AMOUNT_OUT_OF_RANGE' },
  /** Today's withdrawals would pass the brand's count or amount a day. */
  DAILY_LIMIT_REACHED: { status: 400, messageKey: 'errors.DAILY_LIMIT_REACHED' },
  /** Money deposited must be wagered first: value.remaining says how much is left. */
  TURNOVER_NOT_MET: { status: 400, messageKey: 'errors.TURNOVER_NOT_MET' },
  /** This bank or wallet transaction id was already reported for this method. */
  REFERENCE_USED: { status: 409, messageKey: 'errors.REFERENCE_USED' },
  /** The payout account's name is not the member's real name. */
  PAYEE_NAME_MISMATCH: { status: 400, messageKey: 'errors.PAYEE_NAME_MISMATCH' },
  /** A payout account changed less than 24 hours ago takes no withdrawal yet. */
  PAYOUT_ACCOUNT_DELAYED: { status: 400, messageKey: 'errors.PAYOUT_ACCOUNT_DELAYED' },
  /** The request is no longer in a state that allows this (already reviewed, paid, expired …). */
  REQUEST_STATE: { status: 409, messageKey: 'errors.REQUEST_STATE' },
  /** A responsible-play limit or exclusion the player set stops deposits for now. */
  RESPONSIBLE_PLAY_BLOCK: { status: 403, messageKey: 'errors.RESPONSIBLE_PLAY_BLOCK' },
  /** A proof image that is not png or jpg, or is over 5 MB. */
  PROOF_NOT_IMAGE: { status: 400, messageKey: 'errors.PROOF_NOT_IMAGE' },
  /** A transfer to someone who is not this member's upline or direct downline. */
  TRANSFER_NOT_ALLOWED: { status: 403, messageKey: 'errors.TRANSFER_NOT_ALLOWED' },
  /** The member already has the most live payout accounts a member may hold: remove one first. */
  PAYOUT_ACCOUNTS_FULL: { status: 409, messageKey: 'errors.PAYOUT_ACCOUNTS_FULL' },
  MAINTENANCE: { status: 503, messageKey: 'errors.MAINTENANCE' },
  INTERNAL: { status: 500, messageKey: 'errors.UNKNOWN' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

/**
 * Codes only the back office's calls answer: their texts live in the back office app, and the
 * player site carries none of them (its language files stay small on a phone).
 */
export const BACK_OFFICE_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'TOTP_INVALID',
  'SETUP_LINK_INVALID',
  'LINKED_MEMBER',
  'FOUR_EYES_REQUIRED',
  'ADJUSTMENT_DECIDED',
  'STAFF_ADDRESS_NOT_ALLOWED',
  'STAFF_SELF_ACTION',
  'STAFF_LOCKOUT',
  'STALE_EDIT',
  'SECRET_FROM_ENV',
  'JOB_RUN_BUSY',
  'HELD_WIN_DECIDED',
]);

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Message keys for field-level validation failures (spec §5 wordings live in the locales). */
export const FIELD_ERRORS = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  unknownField: 'validation.unknownField',
  tooLong: 'validation.tooLong',
  /** Control characters (NUL, the C0 set, DEL) in a text field; see text.ts. */
  controlCharacters: 'validation.controlCharacters',
  /** One of the 10,000 most common breached passwords. */
  breachedPassword: 'validation.breachedPassword',
  /** '123456' (spec §9): always forces a change, so never accepted as a new password. */
  weakPassword: 'validation.weakPassword',
  /** The current password given to change it is wrong. */
  wrongOldPassword: 'validation.wrongOldPassword',
  accountTaken: 'validation.accountTaken',
  mobileTaken: 'validation.mobileTaken',
} as const;
