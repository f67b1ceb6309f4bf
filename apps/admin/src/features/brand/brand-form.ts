import { latinDigits } from '@khela/contract/digits';
import { formatter } from '@khela/contract/format';
import type { BrandSettings } from '@khela/contract/staff-brand';
import { BrandSettingsBody } from '@khela/contract/staff-brand';
import { z } from '@khela/contract/zod';

/**
 * The Brand screen's form: the contract's own body schema (what the server checks), with the
 * shapes a person types turned into the call's — a list one entry a line, a time in the brand's
 * zone, a number in either script, an empty box for "none".
 */

const shape = BrandSettingsBody.shape;

/** One entry a line (commas work too); blank lines dropped. */
export function listOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const numberOf = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const s = latinDigits(value).trim();
  return s === '' ? undefined : Number(s);
};
const numberOrNull = (value: unknown): unknown => (value === '' ? null : numberOf(value));
const textOrNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value;
const amountOf = (value: unknown): unknown => (typeof value === 'string' ? latinDigits(value).trim() : value);

/** Latin digits, whatever the staff member's language: datetime-local inputs take only these. */
const latin = formatter('en');

/** An instant as a datetime-local value in the zone ('2026-12-01T02:00'). */
export function localInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return latin.timestamp(iso, timeZone).slice(0, 16).replace(' ', 'T');
}

/** A datetime-local value read in the zone, as the call's ISO instant; empty: none. */
export function instantOf(timeZone: string) {
  return (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const s = value.trim();
    if (s === '') return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s)) return s;
    // The zone's offset near that time: the wall clock there at `guess`, less `guess`.
    const guess = Date.parse(`${s}:00Z`);
    const wall = Date.parse(`${latin.timestamp(guess, timeZone).replace(' ', 'T')}Z`);
    return new Date(guess - (wall - guess)).toISOString();
  };
}

export function brandFormSchema(timeZone: string) {
  return BrandSettingsBody.extend({
    passwordMaxAgeDays: z.preprocess(numberOrNull, shape.passwordMaxAgeDays),
    gtagId: z.preprocess(textOrNull, shape.gtagId),
    imageCDNs: z.preprocess(listOf, shape.imageCDNs),
    launchGameCDNs: z.preprocess(listOf, shape.launchGameCDNs),
    mirrors: z.preprocess(listOf, shape.mirrors),
    allowCountries: z.preprocess(listOf, shape.allowCountries),
    denyCountries: z.preprocess(listOf, shape.denyCountries),
    mobileDialingCodes: z.preprocess(listOf, shape.mobileDialingCodes),
    currencyDecimals: z.preprocess(numberOf, shape.currencyDecimals),
    maintenanceStart: z.preprocess(instantOf(timeZone), shape.maintenanceStart),
    maintenanceEnd: z.preprocess(instantOf(timeZone), shape.maintenanceEnd),
    providerWinRatioCap: z.preprocess(numberOf, shape.providerWinRatioCap),
    providerWinAmountCap: z.preprocess(amountOf, shape.providerWinAmountCap),
    adjustFourEyes: z.preprocess(amountOf, shape.adjustFourEyes),
    smsDailyBudget: z.preprocess(numberOf, shape.smsDailyBudget),
  });
}

/** What the form's inputs hold: text boxes for lists, numbers and times. */
export type BrandFormValues = Omit<
  z.input<typeof BrandSettingsBody>,
  | 'passwordMaxAgeDays'
  | 'gtagId'
  | 'imageCDNs'
  | 'launchGameCDNs'
  | 'mirrors'
  | 'allowCountries'
  | 'denyCountries'
  | 'mobileDialingCodes'
  | 'currencyDecimals'
  | 'maintenanceStart'
  | 'maintenanceEnd'
  | 'providerWinRatioCap'
  | 'smsDailyBudget'
> & {
  passwordMaxAgeDays: string;
  gtagId: string;
  imageCDNs: string;
  launchGameCDNs: string;
  mirrors: string;
  allowCountries: string;
  denyCountries: string;
  mobileDialingCodes: string;
  currencyDecimals: string;
  maintenanceStart: string;
  maintenanceEnd: string;
  providerWinRatioCap: string;
  smsDailyBudget: string;
};

/** The settings as the form's inputs show them. */
export function formValuesOf(s: BrandSettings, timeZone: string): BrandFormValues {
  const lines = (xs: string[]) => xs.join('\n');
  return {
    version: s.version,
    reason: '',
    name: s.name,
    toggles: s.toggles,
    loggedInToHomePage: s.loggedInToHomePage,
    newIpCheck: s.newIpCheck,
    passwordMaxAgeDays: s.passwordMaxAgeDays === null ? '' : String(s.passwordMaxAgeDays),
    registerRules: s.registerRules,
    chatHeaderColor: s.chatHeaderColor,
    gtagId: s.gtagId ?? '',
    imageCDNs: lines(s.imageCDNs),
    launchGameCDNs: lines(s.launchGameCDNs),
    mirrors: lines(s.mirrors),
    languages: s.languages,
    defaultLanguage: s.defaultLanguage,
    currency: s.currency,
    currencySymbol: s.currencySymbol,
    currencyDecimals: String(s.currencyDecimals),
    allowCountries: s.allowCountries.join(', '),
    denyCountries: s.denyCountries.join(', '),
    mobileDialingCodes: s.mobileDialingCodes.join(', '),
    maintenanceStart: localInput(s.maintenanceStart, timeZone),
    maintenanceEnd: localInput(s.maintenanceEnd, timeZone),
    providerWinRatioCap: String(s.providerWinRatioCap),
    providerWinAmountCap: s.providerWinAmountCap,
    adjustFourEyes: s.adjustFourEyes,
    smsDailyBudget: String(s.smsDailyBudget),
  };
}

export type BrandBody = z.output<typeof BrandSettingsBody>;

/** Fields a save would change, compared as the server stores them (amounts by value). */
export function changedFields(before: BrandSettings, after: BrandBody): string[] {
  const same = (key: string, a: unknown, b: unknown) => {
    if (key === 'providerWinAmountCap' || key === 'adjustFourEyes') return Number(a) === Number(b);
    if (key === 'maintenanceStart' || key === 'maintenanceEnd')
      return (a === null ? null : Date.parse(String(a))) === (b === null ? null : Date.parse(String(b)));
    if (key === 'registerRules') {
      // The server keeps a field that is not offered as not required.
      const norm = (rules: unknown) =>
        Object.fromEntries(
          Object.entries(rules as Record<string, { enabled: boolean; required: boolean }>).map(([f, r]) => [
            f,
            { ...r, required: r.enabled && r.required },
          ]),
        );
      return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
    }
    if (Array.isArray(a) && Array.isArray(b))
      return JSON.stringify([...new Set(a)]) === JSON.stringify([...new Set(b)]);
    return JSON.stringify(a) === JSON.stringify(b);
  };
  return Object.keys(after).filter(
    (k) =>
      k !== 'version' &&
      k !== 'reason' &&
      !same(k, (before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k]),
  );
}

/** A server field error's field as the form names it ('mirrors/0' → 'mirrors'). */
export function topField(path: string): string {
  return path.split(/[./]/)[0] ?? path;
}
