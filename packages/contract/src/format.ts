/**
 * How Khela writes a number for a person, and reads one a person typed (decision 0027): the one
 * formatter of the site, the in-house game pages and the shared UI. Plain TypeScript without zod
 * or the DOM, so the game pages' small bundles and the server can import it.
 *
 * The rule: Bengali writes every number in Bengali digits with lakh grouping and the currency
 * symbol after the amount (১২,৩৪,৫৬৭.৫০৳); English in Latin digits with lakh grouping and the
 * symbol first (৳12,34,567.50). The other locales follow their own conventions, in Latin digits.
 *
 * What a person types is read back by `readNumber` (through the one normaliser, digits.ts).
 *
 * Numbers are written here by hand, not by Intl.NumberFormat: an amount is a decimal string or
 * minor units and must never pass through a float, and Intl's currency style writes "BDT" for
 * the taka in English and "-০.০০" for minus zero. Dates go through Intl.DateTimeFormat for the
 * month names, with the digits forced to the locale's afterwards.
 */
import type { Locale } from './constants';
import { latinDigits } from './digits';

type NumberStyle = {
  /** The locale's zero: digits are `zero` … `zero + 9`. */
  zero: number;
  /** South Asian grouping: the last three digits, then pairs (12,34,567). */
  lakh: boolean;
  group: string;
  decimal: string;
  /** The currency symbol after the amount (১২.০০৳), else before (৳12.00). */
  symbolAfter: boolean;
  /** The BCP 47 tag Intl writes this locale's dates in. */
  dateTag: string;
  /** A 24-hour clock: Bengali's 12-hour clock comes out with a Latin "PM". */
  hour23: boolean;
};

const LATIN_ZERO = 0x30;
const BENGALI_ZERO = 0x09e6;

const STYLES: Record<Locale, NumberStyle> = {
  bn: {
    zero: BENGALI_ZERO,
    lakh: true,
    group: ',',
    decimal: '.',
    symbolAfter: true,
    dateTag: 'bn-BD-u-nu-beng',
    hour23: true,
  },
  en: {
    zero: LATIN_ZERO,
    lakh: true,
    group: ',',
    decimal: '.',
    symbolAfter: false,
    dateTag: 'en-IN-u-nu-latn',
    hour23: false,
  },
  cn: {
    zero: LATIN_ZERO,
    lakh: false,
    group: ',',
    decimal: '.',
    symbolAfter: false,
    dateTag: 'zh-CN-u-nu-latn',
    hour23: true,
  },
  id: {
    zero: LATIN_ZERO,
    lakh: false,
    group: '.',
    decimal: ',',
    symbolAfter: false,
    dateTag: 'id-ID-u-nu-latn',
    hour23: true,
  },
  th: {
    zero: LATIN_ZERO,
    lakh: false,
    group: ',',
    decimal: '.',
    symbolAfter: false,
    dateTag: 'th-TH-u-nu-latn-ca-gregory',
    hour23: true,
  },
  // TY is an English variant for the Thai market: thousands grouping, not lakh.
  ty: {
    zero: LATIN_ZERO,
    lakh: false,
    group: ',',
    decimal: '.',
    symbolAfter: false,
    dateTag: 'en-GB-u-nu-latn',
    hour23: false,
  },
  vi: {
    zero: LATIN_ZERO,
    lakh: false,
    group: '.',
    decimal: ',',
    symbolAfter: true,
    dateTag: 'vi-VN-u-nu-latn',
    hour23: true,
  },
};

const styleOf = (locale: string): NumberStyle => STYLES[locale as Locale] ?? STYLES.en;

/**
 * A number typed in `locale` as a plain decimal string ("12,345.5" or "১২,৩৪৫.৫" → "12345.5";
 * "1.234,5" in Indonesian → "1234.5"), for the caller's own check (toMinor, a range): digits
 * normalised, spaces, currency symbols and the locale's group separator dropped, its decimal
 * separator made a point. Whatever else was typed stays, so the check still refuses it.
 */
export function readNumber(text: string, locale: string): string {
  const s = styleOf(locale);
  let out = latinDigits(text).replace(/[\s\u00a0\u202f৳$×%]/g, '');
  out = out.split(s.group).join('');
  if (s.decimal !== '.') out = out.split(s.decimal).join('.');
  // A minus typed as a dash or the true minus sign.
  return out.replace(/^[\u2212\u2013]/, '-');
}

type Decimal = { negative: boolean; whole: string; frac: string };

const PLAIN = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/** A decimal string, a bigint or a finite number as sign, whole digits and fraction digits. */
function parse(value: number | bigint | string): Decimal | null {
  let text: string;
  if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as this double (2.675, not 2.67499…), as Intl rounds it;
    // exponent notation only for the very large and the very small.
    text = String(value);
    if (text.includes('e')) text = Math.abs(value) >= 1 ? BigInt(value).toString() : value.toFixed(20);
  } else text = value.trim();
  const m = PLAIN.exec(text);
  if (!m) return null;
  return { negative: m[1] === '-', whole: (m[2] as string).replace(/^0+(?=\d)/, ''), frac: m[3] ?? '' };
}

/** Rounds to at most `max` fraction digits (half away from zero, as Intl does), keeping at least `min`. */
function round(d: Decimal, min: number, max: number): Decimal {
  let { whole, frac } = d;
  if (frac.length > max) {
    const up = frac.charCodeAt(max) - LATIN_ZERO >= 5;
    frac = frac.slice(0, max);
    if (up) {
      const digits = (BigInt(whole + frac) + 1n).toString().padStart(whole.length + max, '0');
      whole = digits.slice(0, digits.length - max) || '0';
      frac = digits.slice(digits.length - max);
    }
  }
  frac = frac.replace(/0+$/, '');
  if (frac.length < min) frac = frac.padEnd(min, '0');
  const zero = /^0*$/.test(whole) && /^0*$/.test(frac);
  // Minus zero is written as zero.
  return { negative: d.negative && !zero, whole: whole || '0', frac };
}

function group(whole: string, s: NumberStyle): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  const head = whole.slice(0, -3);
  const size = s.lakh ? 2 : 3;
  const parts: string[] = [];
  for (let end = head.length; end > 0; end -= size) parts.unshift(head.slice(Math.max(0, end - size), end));
  return `${parts.join(s.group)}${s.group}${last}`;
}

/** Latin digits in `text` as the style's digits. */
function localDigits(text: string, s: NumberStyle): string {
  if (s.zero === LATIN_ZERO) return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(s.zero + d.charCodeAt(0) - LATIN_ZERO));
}

export type NumberOptions = {
  /** Fraction digits at least (default 0) and at most (default `min`, or 3 when neither is given). */
  min?: number;
  max?: number;
  /** Group separators in the whole part (default true); off for years. */
  grouping?: boolean;
};

export type MoneyOptions = {
  /** The currency's decimals: a bigint amount is in these minor units, and the text always shows them. */
  decimals: number;
  /** The currency symbol (৳), placed by the locale; empty for none (play money). */
  symbol?: string;
  /** A '+' in front of a positive amount (credits in a record). */
  signed?: boolean;
};

/** A money amount in its parts, for a layout that styles the symbol on its own (the header). */
export type MoneyParts = { sign: '' | '-' | '+'; amount: string; symbol: string; symbolAfter: boolean };

export type DateOptions = {
  /** With the time of day (default true). */
  time?: boolean;
  /** In UTC rather than the visitor's zone (a day key such as 2026-11-22). */
  utc?: boolean;
  /**
   * In this IANA zone rather than the visitor's: the back office writes a brand's data in the
   * brand's zone (Asia/Dhaka by default) wherever the staff member sits.
   */
  timeZone?: string;
};

export type Formatter = {
  readonly locale: string;
  /** A number in the locale's digits and grouping: number(1234567.5) → "১২,৩৪,৫৬৭.৫" in Bengali. */
  number(value: number | bigint | string, options?: NumberOptions): string;
  /** A whole number (a count, a nonce, a page): count(1500) → "1,500". */
  count(value: number | bigint): string;
  /** A number with exactly `places` fraction digits: decimal(49.5, 2) → "49.50". */
  decimal(value: number | bigint | string, places: number): string;
  /** A percentage from a number of percent: percent('96.00', 2) → "৯৬.০০%". */
  percent(value: number | bigint | string, places?: number): string;
  /** A multiplier: multiplier(2.35) → "2.35×"; dice's shows up to four places (`max`). */
  multiplier(value: number | bigint | string, options?: NumberOptions): string;
  /**
   * Money: a decimal string from the API ("1250.5") or a bigint of minor units, always with the
   * currency's decimals and the symbol where the locale puts it: ১,২৫০.৫০৳ / ৳1,250.50.
   */
  money(amount: string | bigint, options: MoneyOptions): string;
  moneyParts(amount: string | bigint, options: MoneyOptions): MoneyParts;
  /** The digits of an id, a round number or a code a person reads, in the locale's digits, ungrouped. */
  digits(text: string | number | bigint): string;
  /** A date (with the time unless `time: false`) in the locale's words and digits. */
  date(value: Date | string | number, options?: DateOptions): string;
  /**
   * A timestamp as 'yyyy-MM-dd HH:mm:ss' (24-hour) in the locale's digits, in the visitor's zone
   * or in `timeZone` (an IANA name).
   */
  timestamp(value: Date | string | number, timeZone?: string): string;
};

function build(locale: string): Formatter {
  const s = styleOf(locale);
  const write = (d: Decimal, grouping = true): string => {
    const whole = grouping ? group(d.whole, s) : d.whole;
    return localDigits(d.frac ? `${whole}${s.decimal}${d.frac}` : whole, s);
  };
  const number = (value: number | bigint | string, o: NumberOptions = {}): string => {
    const d = parse(value);
    if (!d) return localDigits(String(value), s);
    const min = o.min ?? 0;
    const max = Math.max(min, o.max ?? (o.min === undefined ? 3 : min));
    const r = round(d, min, max);
    return `${r.negative ? '-' : ''}${write(r, o.grouping ?? true)}`;
  };
  const moneyParts = (amount: string | bigint, o: MoneyOptions): MoneyParts => {
    const places = Math.max(0, o.decimals);
    let d: Decimal | null;
    if (typeof amount === 'bigint') {
      const negative = amount < 0n;
      const abs = (negative ? -amount : amount).toString().padStart(places + 1, '0');
      d = { negative, whole: abs.slice(0, abs.length - places), frac: places ? abs.slice(-places) : '' };
    } else d = parse(amount);
    const symbol = o.symbol ?? '';
    if (!d) return { sign: '', amount: localDigits(String(amount), s), symbol, symbolAfter: s.symbolAfter };
    const r = round(d, places, places);
    const zero = /^0*$/.test(r.whole + r.frac);
    const sign = r.negative ? '-' : o.signed && !zero ? '+' : '';
    return { sign, amount: write(r), symbol, symbolAfter: s.symbolAfter };
  };
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const dateFormat = (o: DateOptions): Intl.DateTimeFormat => {
    const zone = o.utc ? 'UTC' : o.timeZone;
    const key = `${o.time ?? true}${zone ?? ''}`;
    let f = dateFormats.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(s.dateTag, {
        dateStyle: 'medium',
        ...((o.time ?? true)
          ? { timeStyle: 'short' as const, hourCycle: s.hour23 ? ('h23' as const) : ('h12' as const) }
          : {}),
        ...(zone ? { timeZone: zone } : {}),
      });
      dateFormats.set(key, f);
    }
    return f;
  };
  return {
    locale,
    number,
    count: (value) => number(value, { max: 0 }),
    decimal: (value, places) => number(value, { min: places, max: places }),
    percent: (value, places = 0) => `${number(value, { min: places, max: places })}%`,
    multiplier: (value, o = { min: 2, max: 2 }) => `${number(value, o)}×`,
    money(amount, o) {
      const p = moneyParts(amount, o);
      return p.symbolAfter ? `${p.sign}${p.amount}${p.symbol}` : `${p.sign}${p.symbol}${p.amount}`;
    },
    moneyParts,
    digits: (text) => localDigits(String(text), s),
    date(value, o = {}) {
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) return '';
      // Digits forced to the locale's whatever the engine's locale data says.
      return localDigits(dateFormat(o).format(d), s);
    },
    timestamp(value, timeZone) {
      const d = new Date(value);
      if (timeZone) {
        if (Number.isNaN(d.getTime())) return '';
        const parts = Object.fromEntries(
          zonedParts(timeZone)
            .formatToParts(d)
            .map((x) => [x.type, x.value]),
        );
        return localDigits(
          `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
          s,
        );
      }
      const p = (n: number) => String(n).padStart(2, '0');
      return localDigits(
        `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`,
        s,
      );
    },
  };
}

/** Spec §2: the header shows '$' when the brand has no currency symbol. */
const DEFAULT_SYMBOL = '$';

/**
 * The symbol a wallet's amounts carry: the brand's (or '$' when it has none), and none for
 * play money, which is not the brand's currency.
 */
export function currencySymbol(playMoney: boolean, brandSymbol: string | undefined): string {
  return playMoney ? '' : brandSymbol || DEFAULT_SYMBOL;
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of a moment in an IANA zone, two digits each, on a 24-hour clock. */
function zonedParts(timeZone: string): Intl.DateTimeFormat {
  let f = zoned.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB-u-nu-latn', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoned.set(timeZone, f);
  }
  return f;
}

const cache = new Map<string, Formatter>();

/** The formatter of `locale` (a LOCALES code; anything else writes as English). */
export function formatter(locale: string): Formatter {
  let f = cache.get(locale);
  if (!f) {
    f = build(locale);
    cache.set(locale, f);
  }
  return f;
}
