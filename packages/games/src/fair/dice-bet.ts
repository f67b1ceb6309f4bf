import { type DiceSide, diceMultiplier, diceRoll, diceWin } from './dice';

/**
 * One dice bet computed from its public parts, the same way on the server (to play and to
 * replay a stored round), in the game page and on the fairness page (to verify it).
 */

/** The math version stored with every dice round; a change to dice.ts would be 'dice-2'. */
export const DICE_MODEL_VERSION = 'dice-1';

export type DiceBetInputs = { stake: bigint; target: number; side: DiceSide };
export type DiceBetOutcome = { roll: number; multiplier: number; win: bigint };

/** The roll, the multiplier and the win (minor units) of a bet with these seeds and nonce. */
export function playDiceBet(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  bet: DiceBetInputs,
): DiceBetOutcome {
  const roll = diceRoll(serverSeedHex, clientSeed, nonce);
  return {
    roll,
    multiplier: diceMultiplier(bet.target, bet.side),
    win: diceWin(bet.stake, roll, bet.target, bet.side),
  };
}
