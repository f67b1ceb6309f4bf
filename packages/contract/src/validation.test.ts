import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGISTER_FIELDS } from './constants';
import { readMobile } from './phone';
import { REGISTER_PATTERN_BY_ID, REGISTER_PATTERNS } from './register-patterns';
import type { FieldRule, RegisterSettings } from './system';
import {
  charLength,
  formatRange,
  matchesRule,
  validateChangePassword,
  validateField,
  validateForm,
  validateLogin,
  validateVerificationCode,
} from './validation';

const rule = (
  patternId: keyof typeof REGISTER_PATTERN_BY_ID,
  min: number,
  max: number,
  extra: Partial<FieldRule> = {},
) =>
  ({
    enabled: true,
    required: false,
    acceptedPattern: REGISTER_PATTERN_BY_ID[patternId].regex,
    patternId,
    minLength: min,
    maxLength: max,
    ...extra,
  }) satisfies FieldRule;

/** The demo brand's reading: Bangladeshi numbers only. */
const bd = (typed: string) => readMobile(typed, { dialingCode: '+880', allowed: ['+880'] });

const off: FieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: 'length',
  minLength: 0,
  maxLength: 255,
};

function settings(patch: Partial<RegisterSettings> = {}): RegisterSettings {
  const base = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off])) as RegisterSettings;
  return {
    ...base,
    username: rule('letterFirstAlnum', 4, 12, { required: true }),
    password: rule('password', 6, 20, { required: true }),
    mobileNum: { ...rule('mobile', 0, 32), enabled: false },
    ...patch,
  };
}

describe('validateField', () => {
  it('asks for a required empty value with the field name', () => {
    expect(validateField(rule('alnum', 2, 5), '', { required: true, field: 'qqNum' })).toEqual({
      key: 'validation.notEmpty',
      params: { field: 'qqNum' },
    });
    expect(validateField(rule('alnum', 2, 5), '   ', { required: true, field: 'qqNum' })?.key).toBe(
      'validation.notEmpty',
    );
  });

  it('lets an optional field stay empty, and uses the rule’s own flag by default', () => {
    expect(validateField(rule('alnum', 2, 5), '', {})).toBeNull();
    expect(validateField(rule('alnum', 2, 5, { required: true }), '', {})?.key).toBe('validation.notEmpty');
  });

  it('answers reg_pattern_<id> with (min), (max) and the formatted range', () => {
    expect(validateField(rule('alnum', 4, 12), 'a b', {})).toEqual({
      key: 'validation.reg_pattern_alnum',
      params: { min: 4, max: 12, range: '4 - 12' },
    });
    expect(validateField(rule('digits', 11, 11), '0171', {})?.params?.range).toBe('11');
  });

  it("accepts anything within the length bounds when the pattern is '*'", () => {
    const any = rule('length', 2, 4);
    expect(validateField(any, '  @ ', {})).toBeNull();
    expect(validateField(any, 'abcde', {})?.key).toBe('validation.reg_pattern_length');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(charLength('😀😀')).toBe(2);
    expect(validateField(rule('length', 1, 2), '😀😀', {})).toBeNull();
  });

  it('refuses everything under a pattern that does not compile', () => {
    expect(matchesRule({ acceptedPattern: '([', minLength: 0, maxLength: 10 }, 'a')).toBe(false);
  });

  it('formats a single number when min equals max', () => {
    expect(formatRange(6, 6)).toBe('6');
    expect(formatRange(6, 12)).toBe('6 - 12');
  });

  it('accepts a random string iff its length is in range and it matches the pattern (property)', () => {
    const patterns = fc.constantFrom(...REGISTER_PATTERNS);
    fc.assert(
      fc.property(
        patterns,
        fc.nat(30),
        fc.nat(30),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.stringMatching(/^[A-Za-z0-9 @.-]{0,40}$/),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
        ),
        (p, a, b, value) => {
          const min = Math.min(a, b);
          const max = Math.max(a, b);
          const r: FieldRule = {
            enabled: true,
            required: false,
            acceptedPattern: p.regex,
            patternId: p.id,
            minLength: min,
            maxLength: max,
          };
          const len = Array.from(value).length;
          const expected = len >= min && len <= max && (p.regex === '*' || new RegExp(p.regex).test(value));
          const got = validateField(r, value, { required: true, field: 'x' });
          if (value.trim() === '') return got?.key === 'validation.notEmpty';
          return expected ? got === null : got?.key === `validation.reg_pattern_${p.id}`;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never rejects an in-range value under the any pattern (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (value) => {
        const len = charLength(value);
        return validateField(rule('length', len, len), value, {}) === null;
      }),
    );
  });
});

describe('validateForm', () => {
  it('requires username, password and confirmation in username mode', () => {
    const errors = validateForm(settings(), {}, 'username', { mobile: bd });
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'password', 'username']);
    expect(errors.username).toEqual({ key: 'validation.notEmpty', params: { field: 'username' } });
  });

  it('says inconsistent_twice when the confirmation differs', () => {
    const errors = validateForm(
      settings(),
      { username: 'rahim42', password: 'secret12', confirmPassword: 'secret13' },
      'username',
      { mobile: bd },
    );
    expect(errors).toEqual({ confirmPassword: { key: 'validation.inconsistentTwice' } });
  });

  it('checks enabled fields as configured and the payment password always', () => {
    const s = settings({
      email: rule('email', 5, 60, { required: false }),
      payeeName: rule('fullName', 3, 40, { required: true }),
      paymentPassword: rule('digits', 6, 6, { required: false }),
    });
    const base = { username: 'rahim42', password: 'secret12', confirmPassword: 'secret12' };
    expect(Object.keys(validateForm(s, base, 'username', { mobile: bd })).sort()).toEqual([
      'payeeName',
      'paymentPassword',
    ]);
    expect(
      validateForm(s, { ...base, payeeName: 'Abdul Karim', paymentPassword: '123456', email: 'bad' }, 'username', {
        mobile: bd,
      }),
    ).toEqual({
      email: { key: 'validation.reg_pattern_email', params: { min: 5, max: 60, range: '5 - 60' } },
    });
  });

  it('ignores disabled fields', () => {
    const base = { username: 'rahim42', password: 'secret12', confirmPassword: 'secret12', qqNum: '!!!' };
    expect(validateForm(settings(), base, 'username', { mobile: bd })).toEqual({});
  });

  it('requires the mobile number and the SMS code in mobile mode, the password only when asked', () => {
    const s = settings({ mobileNum: rule('mobile', 0, 32) });
    expect(Object.keys(validateForm(s, {}, 'mobile', { smsCode: true, mobile: bd })).sort()).toEqual([
      'mobileNum',
      'verificationCode',
    ]);
    expect(Object.keys(validateForm(s, {}, 'mobile', { mobilePassword: true, mobile: bd })).sort()).toEqual([
      'confirmPassword',
      'mobileNum',
      'password',
    ]);
    expect(
      validateForm(s, { mobileNum: '01712345678', verificationCode: 'x'.repeat(9) }, 'mobile', {
        smsCode: true,
        mobile: bd,
      }),
    ).toEqual({});
  });
});

describe('other forms', () => {
  it('SMS code has no format check but at most 255 characters', () => {
    expect(validateVerificationCode('any thing!')).toBeNull();
    expect(validateVerificationCode('x'.repeat(256))?.key).toBe('validation.verificationCode');
    expect(validateVerificationCode(' ')?.key).toBe('validation.notEmpty');
  });

  it('login asks for username and password, and the captcha when shown', () => {
    expect(validateLogin({ username: ' ', password: 'x' })).toEqual({
      username: { key: 'validation.usernamePassword' },
    });
    expect(validateLogin({ username: 'a', password: 'b', captcha: '' }, { captcha: true })).toEqual({
      captcha: { key: 'validation.captcha' },
    });
  });

  it('change password: old unless known, new by the rule and not the old one, confirmation equal', () => {
    const pw = rule('password', 6, 20);
    expect(Object.keys(validateChangePassword(pw, { newPassword: '', confirmNewPassword: '' })).sort()).toEqual([
      'confirmNewPassword',
      'newPassword',
      'oldPassword',
    ]);
    expect(
      validateChangePassword(pw, { oldPassword: 'secret12', newPassword: 'secret12', confirmNewPassword: 'secret12' }),
    ).toEqual({ newPassword: { key: 'validation.samePassword' } });
    expect(
      validateChangePassword(pw, { newPassword: 'newpass1', confirmNewPassword: 'newpass1' }, { oldKnown: true }),
    ).toEqual({});
  });
});
