import { intlTag } from '../../lib/format';

/** Dice numbers in the player's language (Bengali digits in bn): rolls, chances, multipliers. */
export type DiceFormat = {
  /** A roll or target in hundredths: 4950 → "49.50". */
  hundredths(n: number): string;
  /** A multiplier in ten-thousandths: 19800 → "1.98×". */
  multiplier(n: number): string;
  /** A win chance in hundredths of a percent: 4950 → "49.50%". */
  chance(n: number): string;
  /** A whole number (nonces, counts). */
  count(n: number): string;
};

export function diceFormat(lang: string): DiceFormat {
  const tag = intlTag(lang);
  const two = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const mult = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  return {
    // Display only: the exact integers go to the server and into verification.
    hundredths: (n) => two.format(n / 100).padStart(5, two.format(0).charAt(0)),
    multiplier: (n) => `${mult.format(n / 10_000)}×`,
    chance: (n) => `${two.format(n / 100)}%`,
    count: (n) => whole.format(n),
  };
}
