/**
 * The validation engine of spec §5, shared by the web forms and the server so both say the
 * same thing about the same value. Pure TypeScript without zod: it runs in the browser bundle.
 *
 * Every message is a full i18n key (`<namespace>.<key>`) the web app translates as is; the
 * server sends the same keys back in `fieldErrors`.
 */
import { REGISTER_FIELDS, type RegisterField } from './constants';
import { FIELD_ERRORS } from './errors';
import { registerPatternMessageKey } from './register-patterns';
import type { FieldRule, RegisterSettings } from './system';

export type ValidationMessage = { key: string; params?: Record<string, string | number> };
export type FieldErrors = Record<string, ValidationMessage>;

/** Message keys of spec §5's wordings (validation namespace). */
export const VALIDATION_KEYS = {
  /** 'not empty' with the field name: params.field is the field id, see `fieldLabelKey`. */
  notEmpty: 'validation.notEmpty',
  /** 'Input cannot be empty' (no field name). */
  required: 'validation.required',
  /** Spec 'inconsistent_twice': the confirmation differs from the password. */
  inconsistentTwice: 'validation.inconsistentTwice',
  verificationCode: 'validation.verificationCode',
  mobileNum: 'validation.mobileNum',
  /** A real mobile number whose dialling code is not one of the brand's (params.codes lists them). */
  mobileCountry: 'validation.mobileCountry',
  realName: 'validation.realName',
  /** A payee name outside the rules of every payee name (payee-name.ts). */
  payeeName: 'validation.payeeName',
  phoneFormat: 'validation.phoneFormat',
  invalidInvitationCode: 'validation.invalidInvitationCode',
  usernamePassword: 'validation.usernamePassword',
  captcha: 'validation.captcha',
  content: 'validation.content',
  verifyFirst: 'validation.verifyFirst',
  agreeTo: 'validation.agreeTo',
  tooLong: 'validation.tooLong',
  /** A forced change may not keep the old password. */
  samePassword: 'validation.samePassword',
} as const;

/** The i18n key of a field's name, for the 'not empty' message's `field` param. */
export const fieldLabelKey = (field: string) => `validation.fields.${field}`;

/** The i18n key of a pattern's message, in the validation namespace. */
export const patternMessageKey = (patternId: string) => `validation.${registerPatternMessageKey(patternId)}`;

/** Spec §5: the verification-code field has no format check, length 0..255. */
export const VERIFICATION_CODE_MAX = 255;

/** Lengths count characters as a person sees them (code points), not UTF-16 units. */
export const charLength = (value: string) => Array.from(value).length;

const compiled = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source);
    } catch {
      // A brand-written pattern that does not compile accepts nothing rather than everything.
      re = null;
    }
    compiled.set(source, re);
  }
  return re;
}

/**
 * '(min) - (max)', or the single number when both are equal (spec §5); `write` writes each number
 * (the web app's formatter, for Bengali digits in Bengali).
 */
export function formatRange(min: number, max: number, write: (n: number) => string = String): string {
  return min === max ? write(min) : `${write(min)} - ${write(max)}`;
}

/** Whether a value satisfies a rule's pattern and length bounds (emptiness aside). */
export function matchesRule(rule: Pick<FieldRule, 'acceptedPattern' | 'minLength' | 'maxLength'>, value: string) {
  const len = charLength(value);
  if (len < rule.minLength || len > rule.maxLength) return false;
  if (rule.acceptedPattern === '*') return true;
  const re = patternOf(rule.acceptedPattern);
  return re?.test(value) === true;
}

/**
 * One field against its rule (spec §5). An empty value is an error only when required
 * (`opts.required`, else the rule's own flag); whitespace alone counts as empty then.
 */
export function validateField(
  rule: FieldRule,
  value: string,
  opts: { required?: boolean; field?: string } = {},
): ValidationMessage | null {
  const required = opts.required ?? rule.required;
  if (value.trim() === '') {
    if (!required) return null;
    return { key: VALIDATION_KEYS.notEmpty, params: { field: opts.field ?? '' } };
  }
  if (matchesRule(rule, value)) return null;
  return {
    key: patternMessageKey(rule.patternId),
    params: { min: rule.minLength, max: rule.maxLength, range: formatRange(rule.minLength, rule.maxLength) },
  };
}

/** A mobile number in its parts: '+8801712345678', '+880', '01712345678' (as it is dialled at home). */
export type Mobile = { e164: string; dialingCode: string; national: string };

/**
 * What the phone-number library makes of a typed number (`readMobile` in phone.ts): the number,
 * or the message key of why not — `foreign` when it is a real mobile number of a country the
 * brand does not take.
 */
export type MobileReading = ({ ok: true } & Mobile) | { ok: false; key: string; foreign?: boolean };

/**
 * Reads a typed mobile number: `readMobile` bound to the form's dialling code and the brand's
 * list. Null where the library is not at hand (the web could not load it): the number is then
 * left to the server, which always has it.
 */
export type MobileCheck = ((typed: string) => MobileReading) | null;

/**
 * The mobile number field: required or not, then read by the phone-number library (no pattern
 * and no length bounds: a brand's rule for this field only switches it on and makes it required).
 */
export function validateMobile(
  check: MobileCheck,
  value: string,
  opts: { required: boolean; field?: string },
): ValidationMessage | null {
  if (value.trim() === '')
    return opts.required ? { key: VALIDATION_KEYS.notEmpty, params: { field: opts.field ?? 'mobileNum' } } : null;
  const reading = check?.(value);
  return !reading || reading.ok ? null : { key: reading.key };
}

export type RegisterMode = 'username' | 'mobile';
export type RegisterValues = Partial<Record<RegisterField | 'confirmPassword' | 'verificationCode', string>>;

/** Fields the form checks by itself rather than from the generic settings list. */
const SPECIAL_FIELDS = new Set<string>(['username', 'password', 'mobileNum', 'captcha']);

/** The SMS code: required, no format check, at most 255 characters (spec §5). */
export function validateVerificationCode(value: string): ValidationMessage | null {
  if (value.trim() === '') return { key: VALIDATION_KEYS.notEmpty, params: { field: 'verificationCode' } };
  if (charLength(value) > VERIFICATION_CODE_MAX) return { key: VALIDATION_KEYS.verificationCode };
  return null;
}

function confirmError(password: string, confirm: string): ValidationMessage | null {
  if (confirm.trim() === '') return { key: VALIDATION_KEYS.notEmpty, params: { field: 'confirmPassword' } };
  return confirm === password ? null : { key: VALIDATION_KEYS.inconsistentTwice };
}

/**
 * A whole registration form (spec §5). Always required: username, password and its
 * confirmation (username mode), the mobile number (mobile mode) and the SMS code when one is
 * asked (`smsCode`). Payment password is required when shown; other enabled fields as the
 * brand configured. In mobile mode the password is optional unless `mobilePassword` (the
 * MOBILENUMPASSREG3 module) asks for it. The settings' `captcha` rule is not checked here: the
 * human check (ALTCHA) replaces the text captcha at registration. The mobile number is read by
 * `opts.mobile` (see `validateMobile`).
 */
export function validateForm(
  settings: RegisterSettings,
  values: RegisterValues,
  mode: RegisterMode,
  opts: { smsCode?: boolean; mobilePassword?: boolean; mobile: MobileCheck },
): FieldErrors {
  const errors: FieldErrors = {};
  const v = (f: keyof RegisterValues) => values[f] ?? '';
  const put = (f: string, m: ValidationMessage | null) => {
    if (m) errors[f] = m;
  };
  const check = (f: RegisterField, required: boolean) =>
    put(f, validateField(settings[f], v(f), { required, field: f }));
  const checkMobile = (required: boolean) =>
    put('mobileNum', validateMobile(opts.mobile, v('mobileNum'), { required, field: 'mobileNum' }));

  if (mode === 'username') {
    check('username', true);
    check('password', true);
    put('confirmPassword', confirmError(v('password'), v('confirmPassword')));
    for (const f of REGISTER_FIELDS) {
      if (SPECIAL_FIELDS.has(f) || !settings[f].enabled) continue;
      check(f, f === 'paymentPassword' || settings[f].required);
    }
    if (settings.mobileNum.enabled) checkMobile(settings.mobileNum.required || !!opts.smsCode);
  } else {
    checkMobile(true);
    const wantsPassword = !!opts.mobilePassword || v('password') !== '' || v('confirmPassword') !== '';
    if (wantsPassword) {
      check('password', true);
      put('confirmPassword', confirmError(v('password'), v('confirmPassword')));
    }
    if (settings.affiliateCode.enabled) check('affiliateCode', settings.affiliateCode.required);
  }
  if (opts.smsCode) put('verificationCode', validateVerificationCode(v('verificationCode')));
  return errors;
}

/** The login form (spec §5): username, password and (when shown) captcha required, trimmed. */
export function validateLogin(
  values: { username: string; password: string; captcha?: string },
  opts: { captcha?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim() === '') errors.username = { key: VALIDATION_KEYS.usernamePassword };
  if (values.password.trim() === '') errors.password = { key: VALIDATION_KEYS.usernamePassword };
  if (opts.captcha && (values.captcha ?? '').trim() === '') errors.captcha = { key: VALIDATION_KEYS.captcha };
  return errors;
}

/**
 * The change-password form (spec §5): old password required unless already known, new one
 * by the password rule and different from the old one, confirmation equal to it.
 */
export function validateChangePassword(
  passwordRule: FieldRule,
  values: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
  opts: { oldKnown?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const old = values.oldPassword ?? '';
  if (!opts.oldKnown && old.trim() === '')
    errors.oldPassword = { key: VALIDATION_KEYS.notEmpty, params: { field: 'oldPassword' } };
  const next = validateField(passwordRule, values.newPassword, { required: true, field: 'newPassword' });
  if (next) errors.newPassword = next;
  else if (old !== '' && values.newPassword === old) errors.newPassword = { key: VALIDATION_KEYS.samePassword };
  const confirm = confirmError(values.newPassword, values.confirmNewPassword);
  if (confirm) errors.confirmNewPassword = confirm;
  return errors;
}

/** A plain address shape, used when the brand does not offer an email field with its own rule. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec §5 'Forgot by email: username and email required with their rules': the username by the
 * brand's username rule, the email by its email rule when the brand offers that field, else by
 * its shape. Used by the form and by the server.
 */
export function validateForgotByEmail(
  rules: Pick<RegisterSettings, 'username' | 'email'>,
  values: { username: string; email: string },
): FieldErrors {
  const errors: FieldErrors = {};
  const u = validateField(rules.username, values.username.trim(), { required: true, field: 'username' });
  if (u) errors.username = u;
  const email = values.email.trim();
  if (rules.email.enabled) {
    const e = validateField(rules.email, email, { required: true, field: 'email' });
    if (e) errors.email = e;
  } else if (email === '') errors.email = { key: VALIDATION_KEYS.notEmpty, params: { field: 'email' } };
  else if (!EMAIL_SHAPE.test(email) || email.length > 254) errors.email = { key: FIELD_ERRORS.invalid };
  return errors;
}
