import { formatter } from '@khela/contract/format';

/** Dice numbers in the player's language (Bengali digits in bn): rolls, chances, multipliers. */
export type DiceFormat = {
  /** A roll or target in hundredths, padded to a fixed width: 4950 → "49.50", 500 → "05.00". */
  hundredths(n: number): string;
  /** A target as its field shows it: 500 → "5.00". */
  target(n: number): string;
  /** A multiplier in ten-thousandths: 19800 → "1.98×". */
  multiplier(n: number): string;
  /** A win chance in hundredths of a percent: 4950 → "49.50%". */
  chance(n: number): string;
  /** A whole number (nonces, counts). */
  count(n: number): string;
};

/** The site's formatter (contract format.ts) in dice's units. */
export function diceFormat(lang: string): DiceFormat {
  const fmt = formatter(lang);
  const zero = fmt.digits('0');
  return {
    // Display only: the exact integers go to the server and into verification.
    hundredths: (n) => fmt.decimal(n / 100, 2).padStart(5, zero),
    target: (n) => fmt.decimal(n / 100, 2),
    multiplier: (n) => fmt.multiplier(n / 10_000, { min: 2, max: 4 }),
    chance: (n) => fmt.percent(n / 100, 2),
    count: (n) => fmt.count(n),
  };
}
