/**
 * Mobile numbers as Google's libphonenumber reads them, with its full metadata (every country's
 * number plan with the number types), so a number is valid when its operator range exists and
 * it is a mobile one — not when it matches a pattern someone wrote once (decision 0023).
 *
 * Not re-exported from the package's index: the metadata weighs about 40 KB gzipped, so the
 * server imports `@khela/contract/phone` and the web loads it with a dynamic import when a form
 * with a mobile number opens. The checks themselves are the validation engine's
 * (`validateMobile` in validation.ts), which takes this reader as its `MobileCheck`.
 */
import { type CountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { latinDigits } from './digits';
import { type Mobile, type MobileReading, VALIDATION_KEYS } from './validation';

/** Mobile numbers, and numbers the plan cannot tell from a landline (North America). */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** '+880', '880', '00880' → '880' (the digits of a dialling code, without the call prefix). */
export function dialingDigits(code: string): string {
  return latinDigits(code).replace(/\D/g, '').replace(/^0+/, '');
}

/** A dialling code as Khela writes it: '+880'; '' when there are no digits. */
export function dialingCodeOf(code: string): string {
  const d = dialingDigits(code);
  return d ? `+${d}` : '';
}

/** The spelling a number is parsed from: Latin digits, no formatting, 00 read as +. */
function plainNumber(typed: string): string | null {
  const written = latinDigits(typed).trim();
  // Only what a number is written with: the library would otherwise find one inside any text.
  if (!/^[+\d\s().-]{1,40}$/.test(written)) return null;
  // 00 is the international call prefix here and in most of the world: 00880… is +880….
  return written.replace(/[\s().-]/g, '').replace(/^00/, '+');
}

function parse(typed: string, dialingCode: string | undefined) {
  const text = plainNumber(typed);
  if (!text) return undefined;
  const calling = dialingDigits(dialingCode ?? '');
  return parsePhoneNumberFromString(text, {
    extract: false,
    ...(calling ? { defaultCallingCode: calling as CountryCallingCode } : {}),
  });
}

/**
 * Reads a number as a person in this market writes it: 01712345678, 1712345678 (no trunk 0),
 * +8801712345678, 8801712345678, 00880…, with spaces, dashes, dots or brackets, in Latin or
 * Bengali digits. A number without its own country code is read with `dialingCode` (the form's
 * country picker, else the brand's first). Valid only as a mobile number of a real range; when
 * `allowed` is given, only with one of those dialling codes (`foreign` otherwise).
 */
export function readMobile(
  typed: string,
  o: { dialingCode?: string; allowed?: readonly string[] } = {},
): MobileReading {
  const invalid: MobileReading = { ok: false, key: VALIDATION_KEYS.mobileNum };
  const parsed = parse(typed, o.dialingCode);
  if (!parsed?.isValid() || !MOBILE_TYPES.has(parsed.getType() ?? '')) return invalid;
  const mobile = mobileOf(parsed.number, `+${parsed.countryCallingCode}`, parsed.formatNational());
  if (o.allowed && !o.allowed.map(dialingCodeOf).includes(mobile.dialingCode))
    return { ok: false, key: VALIDATION_KEYS.mobileCountry, foreign: true };
  return { ok: true, ...mobile };
}

/**
 * A number stored before numbers were read this way, in its parts when it can be a number at all
 * (any type, the length of a number of its country), else null: what the migration to E.164
 * keeps.
 */
export function possibleNumber(typed: string, dialingCode: string): Mobile | null {
  const parsed = parse(typed, dialingCode);
  if (!parsed?.isPossible()) return null;
  return mobileOf(parsed.number, `+${parsed.countryCallingCode}`, parsed.formatNational());
}

function mobileOf(e164: string, dialingCode: string, national: string): Mobile {
  return { e164, dialingCode, national: national.replace(/\D/g, '') };
}

/**
 * A stored number (E.164) in its parts, without judging it: a number stored when the metadata
 * said it was valid stays usable (to send to, to show masked) if a later metadata update
 * retires its range.
 */
export function mobileOfE164(e164: string): Mobile {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { e164, dialingCode: '', national: e164.replace(/\D/g, '') };
  return mobileOf(parsed.number, `+${parsed.countryCallingCode}`, parsed.formatNational());
}

/**
 * '+880 17******78': the dialling code and the number's first and last two digits — enough for
 * the member to recognise their number, too little to learn it.
 */
export function maskMobile(m: Mobile): string {
  const rest = m.dialingCode ? m.e164.slice(m.dialingCode.length) : m.national;
  const masked =
    rest.length <= 5 ? '*'.repeat(rest.length) : `${rest.slice(0, 2)}${'*'.repeat(rest.length - 4)}${rest.slice(-2)}`;
  return m.dialingCode ? `${m.dialingCode} ${masked}` : masked;
}
