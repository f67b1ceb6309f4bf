import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latinDigits } from './digits';
import { formatter, readNumber } from './format';
import { fromMinor, toMinor } from './money';

const bn = formatter('bn');
const en = formatter('en');
const taka = { decimals: 2, symbol: '৳' };

describe('money', () => {
  it('writes Bengali digits with lakh grouping and the taka sign after the amount in Bengali', () => {
    expect(bn.money('1234567.50', taka)).toBe('১২,৩৪,৫৬৭.৫০৳');
  });

  it('writes Latin digits with lakh grouping and the taka sign first in English', () => {
    expect(en.money('1234567.50', taka)).toBe('৳12,34,567.50');
  });

  it('puts the minus sign in front of the whole amount', () => {
    expect(bn.money('-1234567.5', taka)).toBe('-১২,৩৪,৫৬৭.৫০৳');
    expect(en.money('-1234567.5', taka)).toBe('-৳12,34,567.50');
  });

  it('writes zero with the currency decimals, never as minus zero or with a plus', () => {
    expect(bn.money('0', taka)).toBe('০.০০৳');
    expect(en.money('0', taka)).toBe('৳0.00');
    expect(en.money('-0.00', taka)).toBe('৳0.00');
    expect(en.money(0n, { ...taka, signed: true })).toBe('৳0.00');
  });

  it('marks a positive amount with a plus when asked (credits in a record)', () => {
    expect(en.money('12.5', { ...taka, signed: true })).toBe('+৳12.50');
    expect(bn.money('12.5', { ...taka, signed: true })).toBe('+১২.৫০৳');
    expect(en.money('-12.5', { ...taka, signed: true })).toBe('-৳12.50');
  });

  it('keeps every digit of an amount too large for a float', () => {
    expect(en.money('999999999999999.99', taka)).toBe('৳99,99,99,99,99,99,999.99');
    expect(bn.money('9007199254740993.01', taka)).toBe('৯,০০,৭১,৯৯,২৫,৪৭,৪০,৯৯৩.০১৳');
  });

  it('reads a bigint as minor units of the currency', () => {
    expect(en.money(125050n, taka)).toBe('৳1,250.50');
    expect(en.money(5n, taka)).toBe('৳0.05');
    expect(en.money(-5n, taka)).toBe('-৳0.05');
    expect(en.money(123456789012345678n, taka)).toBe('৳1,23,45,67,89,01,23,456.78');
    expect(bn.money(42n, { decimals: 0, symbol: '৳' })).toBe('৪২৳');
  });

  it('shows the currency decimals whatever precision the amount came in', () => {
    expect(en.money('12', taka)).toBe('৳12.00');
    expect(en.money('12.5000', taka)).toBe('৳12.50');
    expect(en.money('0.005', taka)).toBe('৳0.01');
  });

  it('writes play money without a currency symbol', () => {
    expect(bn.money('2000', { decimals: 2 })).toBe('২,০০০.০০');
    expect(en.money('2000', { decimals: 2, symbol: '' })).toBe('2,000.00');
  });

  it('gives the parts for a layout that styles the symbol apart', () => {
    expect(bn.moneyParts('-10250.5', taka)).toEqual({
      sign: '-',
      amount: '১০,২৫০.৫০',
      symbol: '৳',
      symbolAfter: true,
    });
    expect(en.moneyParts('10250.5', taka)).toEqual({ sign: '', amount: '10,250.50', symbol: '৳', symbolAfter: false });
  });

  it('follows the other locales’ own grouping and separators', () => {
    expect(formatter('cn').money('1234567.5', taka)).toBe('৳1,234,567.50');
    expect(formatter('id').money('1234567.5', taka)).toBe('৳1.234.567,50');
    expect(formatter('vi').money('1234567.5', taka)).toBe('1.234.567,50৳');
    expect(formatter('th').money('1234567.5', taka)).toBe('৳1,234,567.50');
    expect(formatter('ty').money('1234567.5', taka)).toBe('৳1,234,567.50');
  });

  it('writes any ledger amount in Bengali digits only, and reads it back to the same minor units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n - 10n ** 17n, max: 10n ** 17n - 1n }), (minor) => {
        const text = bn.money(minor, taka);
        expect(text).toMatch(/^-?[০-৯]{1,3}(,[০-৯]{2})*(,[০-৯]{3})?\.[০-৯]{2}৳$/);
        expect(toMinor(readNumber(text, 'bn'), 2)).toBe(minor);
        expect(en.money(fromMinor(minor, 2), taka)).toBe(en.money(minor, taka));
      }),
    );
  });
});

describe('numbers', () => {
  it('groups counts in lakhs and crores', () => {
    expect(bn.count(12345678)).toBe('১,২৩,৪৫,৬৭৮');
    expect(en.count(12345678)).toBe('1,23,45,678');
    expect(en.count(999)).toBe('999');
    expect(en.count(1000)).toBe('1,000');
    expect(formatter('cn').count(12345678)).toBe('12,345,678');
  });

  it('writes zero and negatives', () => {
    expect(bn.count(0)).toBe('০');
    expect(bn.number(-1234.5)).toBe('-১,২৩৪.৫');
    expect(en.number(-0)).toBe('0');
  });

  it('rounds to the places asked, half away from zero', () => {
    expect(en.decimal(49.5, 2)).toBe('49.50');
    expect(en.decimal(2.675, 2)).toBe('2.68');
    expect(en.decimal('99.995', 2)).toBe('100.00');
    expect(en.decimal(-1.005, 2)).toBe('-1.01');
    expect(en.number(1 / 3)).toBe('0.333');
    expect(en.number(1234.5678, { max: 0 })).toBe('1,235');
  });

  it('leaves grouping out when asked (a year)', () => {
    expect(bn.number(2026, { grouping: false })).toBe('২০২৬');
  });

  it('writes multipliers with the times sign and percentages with the percent sign', () => {
    expect(bn.multiplier(2.35)).toBe('২.৩৫×');
    expect(en.multiplier(10000)).toBe('10,000.00×');
    expect(en.multiplier(1.98, { min: 2, max: 4 })).toBe('1.98×');
    expect(en.multiplier(1.2345, { min: 2, max: 4 })).toBe('1.2345×');
    expect(bn.percent('96.00', 2)).toBe('৯৬.০০%');
    expect(en.percent(49.5, 2)).toBe('49.50%');
  });

  it('writes the digits of ids and codes in the locale, without grouping', () => {
    expect(bn.digits('1234567')).toBe('১২৩৪৫৬৭');
    expect(bn.digits(42n)).toBe('৪২');
    expect(en.digits('1234567')).toBe('1234567');
  });

  it('writes an unknown locale as English', () => {
    expect(formatter('xx').money('1234567.5', taka)).toBe('৳12,34,567.50');
  });
});

describe('dates', () => {
  const at = new Date(2026, 10, 22, 22, 40, 5);

  it('writes Bengali dates in Bengali digits on the 24-hour clock', () => {
    const s = bn.date(at);
    expect(s).toContain('২২:৪০');
    expect(s).toContain('২০২৬');
    expect(s).not.toMatch(/[0-9]|[AP]M/i);
  });

  it('writes English dates day first in Latin digits on the 12-hour clock', () => {
    const s = en.date(at);
    expect(s).toMatch(/^22 Nov 2026, 10:40\s?pm$/i);
  });

  it('writes a date without its time, and a UTC day', () => {
    expect(bn.date(at, { time: false })).toBe('২২ নভে, ২০২৬');
    expect(en.date('2026-11-22T00:00:00Z', { time: false, utc: true })).toBe('22 Nov 2026');
  });

  it("writes a timestamp and a date in a brand's zone, whatever the visitor's", () => {
    // 16:40:05 UTC is 22:40:05 in Dhaka (UTC+6, no daylight saving).
    expect(en.timestamp('2026-11-22T16:40:05Z', 'Asia/Dhaka')).toBe('2026-11-22 22:40:05');
    expect(bn.timestamp('2026-11-22T18:00:00Z', 'Asia/Dhaka')).toBe('২০২৬-১১-২৩ ০০:০০:০০');
    expect(en.date('2026-11-22T18:30:00Z', { time: false, timeZone: 'Asia/Dhaka' })).toBe('23 Nov 2026');
  });

  it('writes timestamps as yyyy-MM-dd HH:mm:ss in the locale digits', () => {
    expect(en.timestamp(at)).toBe('2026-11-22 22:40:05');
    expect(bn.timestamp(at)).toBe('২০২৬-১১-২২ ২২:৪০:০৫');
  });

  it('writes nothing for a date that is not one', () => {
    expect(en.date('not a date')).toBe('');
  });
});

describe('reading what a person typed', () => {
  it('turns Bengali digits into Latin ones and leaves everything else', () => {
    expect(latinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(latinDigits('+৮৮০ ১৭১২-৩৪৫৬৭৮')).toBe('+880 1712-345678');
    expect(latinDigits('abc 12')).toBe('abc 12');
  });

  it('also reads Devanagari, Arabic-Indic, Thai and full-width digits', () => {
    expect(latinDigits('१२३ ٤٥٦ ۷۸۹ ๑๒ ０９')).toBe('123 456 789 12 09');
  });

  it('reads a typed amount as a plain decimal in the locale', () => {
    expect(readNumber('১২,৩৪,৫৬৭.৫০', 'bn')).toBe('1234567.50');
    expect(readNumber(' ৳ 1,000 ', 'en')).toBe('1000');
    expect(readNumber('2.5×', 'en')).toBe('2.5');
    expect(readNumber('1.234,5', 'id')).toBe('1234.5');
    expect(readNumber('−5', 'en')).toBe('-5');
  });

  it('leaves what is not a number for the caller’s check to refuse', () => {
    expect(toMinor(readNumber('12abc', 'en'), 2)).toBeNull();
  });
});
