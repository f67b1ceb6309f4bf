import { describe, expect, it } from 'vitest';
import { latinDigits } from './digits';
import { dialingCodeOf, maskMobile, mobileOfE164, readMobile } from './phone';
import { validateMobile } from './validation';

/** The demo brand: numbers read as Bangladeshi unless they say otherwise, only +880 taken. */
const bd = (typed: string) => readMobile(typed, { dialingCode: '+880', allowed: ['+880'] });
const bengali = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

describe('readMobile', () => {
  it.each([
    '01712345678',
    '1712345678',
    '+8801712345678',
    '8801712345678',
    '008801712345678',
    '+880 1712-345678',
    '017-1234-5678',
    '01712 345 678',
    '(+880) 17 1234 5678',
    '+880-01712345678',
    ' 01712345678 ',
    bengali('01712345678'),
    `+${bengali('8801712345678')}`,
  ])('reads %s as +8801712345678', (typed) => {
    expect(bd(typed)).toEqual({ ok: true, e164: '+8801712345678', dialingCode: '+880', national: '01712345678' });
  });

  it("takes every Bangladeshi operator's prefix, 013 to 019, and no other", () => {
    for (const prefix of ['013', '014', '015', '016', '017', '018', '019'])
      expect(bd(`${prefix}12345678`), prefix).toMatchObject({ ok: true, e164: `+880${prefix.slice(1)}12345678` });
    // 012 and 010 are no operator's; (011, Citycell's until 2016, is still in Google's plan.)
    for (const prefix of ['010', '012'])
      expect(bd(`${prefix}12345678`), prefix).toEqual({ ok: false, key: 'validation.mobileNum' });
  });

  it('refuses a number of the wrong length, a landline, letters and text around a number', () => {
    for (const typed of ['0171234567', '017123456789', '0171234567a', 'call 01712345678', '', '+', '০১৭'])
      expect(bd(typed), typed).toEqual({ ok: false, key: 'validation.mobileNum' });
    // Dhaka, a fixed line: a real number, but no phone to send a code to.
    expect(bd('0255012345')).toEqual({ ok: false, key: 'validation.mobileNum' });
  });

  it('tells a real foreign mobile number apart, and takes it when the brand lists its code', () => {
    expect(bd('+91 98765 43210')).toEqual({ ok: false, key: 'validation.mobileCountry', foreign: true });
    expect(bd('00971501234567')).toEqual({ ok: false, key: 'validation.mobileCountry', foreign: true });
    expect(readMobile('+91 98765 43210', { dialingCode: '+880', allowed: ['+880', '91'] })).toEqual({
      ok: true,
      e164: '+919876543210',
      dialingCode: '+91',
      national: '09876543210',
    });
    // The picker's code reads a number written without one.
    expect(readMobile('98765 43210', { dialingCode: '+91' })).toMatchObject({ ok: true, e164: '+919876543210' });
    // North American numbers cannot be told from landlines: they count as mobile.
    expect(readMobile('+1 201 555 0123')).toMatchObject({ ok: true, dialingCode: '+1' });
  });
});

describe('the parts of a stored number', () => {
  it('splits an E.164 number and masks it for the member', () => {
    const m = mobileOfE164('+8801712345678');
    expect(m).toEqual({ e164: '+8801712345678', dialingCode: '+880', national: '01712345678' });
    expect(maskMobile(m)).toBe('+880 17******78');
    expect(maskMobile(mobileOfE164('+919876543210'))).toBe('+91 98******10');
  });

  it('writes dialling codes one way', () => {
    expect(['+880', '880', '00880', ' +880 ', '+০৮৮০'].map(dialingCodeOf)).toEqual([
      '+880',
      '+880',
      '+880',
      '+880',
      '+880',
    ]);
    expect(dialingCodeOf('')).toBe('');
  });
});

describe('validateMobile', () => {
  it('asks for a required number, reads a given one, and leaves it to the server without a reader', () => {
    expect(validateMobile(bd, ' ', { required: true })).toEqual({
      key: 'validation.notEmpty',
      params: { field: 'mobileNum' },
    });
    expect(validateMobile(bd, '', { required: false })).toBeNull();
    expect(validateMobile(bd, '01212345678', { required: false })).toEqual({ key: 'validation.mobileNum' });
    expect(validateMobile(bd, '+91 98765 43210', { required: false })).toEqual({ key: 'validation.mobileCountry' });
    expect(validateMobile(bd, '01712345678', { required: true })).toBeNull();
    expect(validateMobile(null, 'anything', { required: true })).toBeNull();
  });
});

describe('latinDigits', () => {
  it('reads Bengali digits as Latin ones and leaves the rest', () => {
    expect(latinDigits('০১২৩৪৫৬৭৮৯ ab-12')).toBe('0123456789 ab-12');
  });
});
