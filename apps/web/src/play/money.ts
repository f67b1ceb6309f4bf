import { toMinor } from '@khela/contract/money';
import { intlTag } from '../lib/format';

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

/** Money in the wallet's currency and the player's language (৳১২.০০ in bn, BDT 12.00 in en). */
export function moneyFormatter(lang: string, currency: string): FormatMoney {
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(intlTag(lang), { style: 'currency', currency });
  } catch {
    // A currency code Intl does not know: plain digits with the code in front.
    const plain = new Intl.NumberFormat(intlTag(lang), { minimumFractionDigits: 2 });
    return (amount) => `${currency} ${plain.format(amount as unknown as number)}`;
  }
  // Intl formats a decimal string exactly (no float on the way); lib.dom types only say number.
  return (amount) => nf.format(amount as unknown as number);
}
