import { currencySymbol, formatter } from '@khela/contract/format';
import type { PlayOpenValue } from '@khela/contract/inhouse';
import { toMinor } from '@khela/contract/money';

/**
 * Amounts stay decimal strings (contract/money.ts); sums and comparisons use integer minor
 * units at the contract's finest precision, so no float ever touches a balance.
 */
const FINEST = 4;

const minor = (amount: string): bigint => toMinor(amount, FINEST) ?? 0n;

export function isLess(a: string, b: string): boolean {
  return minor(a) < minor(b);
}

/** a − b as a decimal string (used to show the balance before the round's win is counted). */
export function minus(a: string, b: string): string {
  return toDecimal(minor(a) - minor(b));
}

export function plus(a: string, b: string): string {
  return toDecimal(minor(a) + minor(b));
}

/** a × n / d, rounded toward zero in minor units: the count-up's intermediate amounts. */
export function fraction(a: string, n: number, d: number): string {
  return toDecimal((minor(a) * BigInt(n)) / BigInt(d));
}

function toDecimal(m: bigint): string {
  const unit = 10n ** BigInt(FINEST);
  const abs = m < 0n ? -m : m;
  return `${m < 0n ? '-' : ''}${abs / unit}.${(abs % unit).toString().padStart(FINEST, '0')}`;
}

export type FormatMoney = (amount: string) => string;

/**
 * Money as the site writes it (contract format.ts): ১২.০০৳ in Bengali, ৳12.00 in English, in
 * the brand's decimals; play money without the brand's symbol.
 */
export function moneyFormatter(
  lang: string,
  open: Pick<PlayOpenValue, 'currencySymbol' | 'decimals' | 'playMoney'>,
): FormatMoney {
  const unit = { decimals: open.decimals, symbol: currencySymbol(open.playMoney, open.currencySymbol) };
  const fmt = formatter(lang);
  return (amount) => fmt.money(amount, unit);
}
