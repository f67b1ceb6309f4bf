/**
 * Money crosses the API as decimal strings in the brand currency's precision ("1250.50" for
 * BDT with 2 decimals) and lives everywhere else as integer minor units (bigint): never a float
 * (ARCHITECTURE §4).
 */

const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,4}))?$/;

/**
 * The largest amount the ledger can hold in minor units (PostgreSQL's bigint). Fifteen whole
 * digits in a four-decimal currency go past it: such an amount is no amount at all.
 */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

/**
 * "1250.5" → 125050n for 2 decimals; null when not a plain decimal, finer than the currency, or
 * beyond what the ledger can hold.
 */
export function toMinor(text: string, decimals: number): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  if (frac.length > decimals) return null;
  const minor = BigInt(whole as string) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (minor > MAX_MINOR) return null;
  return sign ? -minor : minor;
}

/** 125050n → "1250.50" for 2 decimals. */
export function fromMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(decimals);
  const whole = (abs / unit).toString();
  const frac = decimals > 0 ? `.${(abs % unit).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}
