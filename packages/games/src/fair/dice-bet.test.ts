import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diceMultiplier, diceRoll, diceWin } from './dice';
import { DICE_MODEL_VERSION, playDiceBet } from './dice-bet';
import { serverSeedHash } from './seed-hash';

describe('a dice bet from its public parts', () => {
  const seed = 'a1'.repeat(32);

  it('hashes the seed bytes (not the hex text) with SHA-256, any letter case', () => {
    const bytes = Buffer.from(seed, 'hex');
    expect(serverSeedHash(seed)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(serverSeedHash(seed.toUpperCase())).toBe(serverSeedHash(seed));
    expect(serverSeedHash(seed)).not.toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('plays the roll, multiplier and win of the published formulas', () => {
    expect(DICE_MODEL_VERSION).toBe('dice-1');
    for (let nonce = 0; nonce < 200; nonce++) {
      const bet = { stake: 1_000n, target: 3300, side: nonce % 2 ? ('under' as const) : ('over' as const) };
      const played = playDiceBet(seed, 'client', nonce, bet);
      expect(played.roll).toBe(diceRoll(seed, 'client', nonce));
      expect(played.multiplier).toBe(diceMultiplier(bet.target, bet.side));
      expect(played.win).toBe(diceWin(bet.stake, played.roll, bet.target, bet.side));
    }
  });
});
