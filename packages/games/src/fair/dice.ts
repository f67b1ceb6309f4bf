import { seededRng } from '../rng';

/**
 * Dice fairness (docs/decisions/0016). Before play the player sees SHA-256(server seed); they
 * choose their own client seed; each bet uses the next nonce (0, 1, 2 … with no gap or reuse). The
 * roll is the first draw below DICE_OUTCOMES of the seeded stream HMAC-SHA256(server seed,
 * `${clientSeed}:${nonce}:${k}`) (rng.ts `seededRng`, rejection sampling), read as 0.00–99.99.
 * Rotating the seed reveals the old server seed, so every past roll can be recomputed.
 *
 * A bet names a target and a side: 'under' wins when roll < target, 'over' when roll > target
 * (targets and rolls in hundredths). The payout multiplier is (1 − edge) / chance, so every
 * target returns the same share of the stake: RTP = 1 − edge exactly, before rounding the
 * multiplier down to 1/10,000.
 */

/** Rolls are 0 … 9999 (0.00 … 99.99). */
export const DICE_OUTCOMES = 10_000;
/** The house edge of dice: 100 basis points = 1 % (RTP 99 %). */
export const DICE_EDGE_BASIS_POINTS = 100;
/** Targets keep the win chance between 1 % and 98 % (hundredths). */
export const DICE_MIN_CHANCE = 100;
export const DICE_MAX_CHANCE = 9_800;

export type DiceSide = 'under' | 'over';

/** The roll of one bet, in hundredths (0 … 9999). */
export function diceRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('diceRoll: the nonce is a whole number ≥ 0');
  return seededRng(serverSeedHex, `${clientSeed}:${nonce}`).below(DICE_OUTCOMES);
}

/** How many of the DICE_OUTCOMES rolls win (the win chance in hundredths of a percent). */
export function diceChance(target: number, side: DiceSide): number {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_OUTCOMES) throw new RangeError('diceChance: target');
  return side === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** Whether a target/side is offered (its chance within DICE_MIN_CHANCE … DICE_MAX_CHANCE). */
export function diceTargetOffered(target: number, side: DiceSide): boolean {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_OUTCOMES) return false;
  const chance = diceChance(target, side);
  return chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE;
}

/**
 * The payout multiplier in ten-thousandths (19_800 = 1.98×): (1 − edge) × DICE_OUTCOMES / chance,
 * rounded down so the house never pays above the stated edge.
 */
export function diceMultiplier(target: number, side: DiceSide, edgeBasisPoints = DICE_EDGE_BASIS_POINTS): number {
  const chance = diceChance(target, side);
  if (chance === 0) throw new RangeError('diceMultiplier: a bet that cannot win');
  return Math.floor(((10_000 - edgeBasisPoints) * DICE_OUTCOMES) / chance);
}

export function diceWins(roll: number, target: number, side: DiceSide): boolean {
  return side === 'under' ? roll < target : roll > target;
}

/** The win of a bet in minor units: stake × multiplier, rounded down, or 0 when it loses. */
export function diceWin(stake: bigint, roll: number, target: number, side: DiceSide): bigint {
  if (!diceWins(roll, target, side)) return 0n;
  return (stake * BigInt(diceMultiplier(target, side))) / 10_000n;
}
