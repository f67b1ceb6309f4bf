import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng';
import { CRASH_EDGE_BASIS_POINTS, crashPointOf, hashChain, linksTo, previousHash } from './crash';
import { DICE_OUTCOMES, diceChance, diceMultiplier, diceRoll, diceTargetOffered, diceWin, diceWins } from './dice';

const hex = (n: number, width = 13) => n.toString(16).padStart(width, '0');
/** A round hash whose first 52 bits are r. */
const hashWithR = (r: number) => `${hex(r)}${'0'.repeat(51)}`;

describe('crash: hash chain and bust points', () => {
  it('links every round hash back to the terminating hash', () => {
    const seed = bytesToHex(sha256(new TextEncoder().encode('khela crash chain test')));
    const chain = hashChain(seed, 50);
    expect(chain).toHaveLength(51);
    expect(chain[50]).toBe(seed);
    for (let i = 1; i <= 50; i++) {
      expect(previousHash(chain[i] as string)).toBe(chain[i - 1]);
      expect(linksTo(chain[i] as string, chain[0] as string, i)).toBe(true);
    }
    expect(linksTo(chain[7] as string, chain[0] as string, 6)).toBe(false);
    expect(previousHash('00')).toBe(bytesToHex(sha256(hexToBytes('00'))));
  });

  it('follows the published formula at its edges', () => {
    expect(crashPointOf(hashWithR(0))).toBe(100); // 0.97 → never below 1.00
    // r/2^52 just above 1 − 0.97/2 → 2.00×, just below → 1.99×
    expect(crashPointOf(hashWithR(Math.ceil(2 ** 52 * 0.515)))).toBe(200);
    expect(crashPointOf(hashWithR(Math.floor(2 ** 52 * 0.515) - 1))).toBe(199);
    expect(crashPointOf(hashWithR(2 ** 52 - 1))).toBe(Math.floor((9_700 * 2 ** 52) / 100));
    expect(() => crashPointOf('XYZ')).toThrow(RangeError);
  });

  it('busts at or above x with probability 0.97/x, bucket by bucket (10^6 seeded rounds)', () => {
    const rounds = 1_000_000;
    const rng = seededRng('6372617368', 'distribution');
    const buckets = [101, 110, 150, 200, 300, 500, 1_000, 2_000, 10_000];
    const atLeast = new Array<number>(buckets.length).fill(0);
    for (let i = 0; i < rounds; i++) {
      // 52 uniform bits as the hash's head: two draws of 26 bits.
      const r = rng.below(2 ** 26) * 2 ** 26 + rng.below(2 ** 26);
      const bust = crashPointOf(hashWithR(r));
      buckets.forEach((b, k) => {
        if (bust >= b) atLeast[k] = (atLeast[k] as number) + 1;
      });
    }
    buckets.forEach((b, k) => {
      const p = (1 - CRASH_EDGE_BASIS_POINTS / 10_000) / (b / 100);
      const seen = (atLeast[k] as number) / rounds;
      const sd = Math.sqrt((p * (1 - p)) / rounds);
      expect(Math.abs(seen - p), `bust ≥ ${b / 100}×`).toBeLessThan(3.29 * sd);
    });
  });
});

describe('dice: seeds, rolls and payouts', () => {
  const seed = 'a'.repeat(64);

  it('rolls the same for the same seeds and nonce, and differently for the next nonce', () => {
    expect(diceRoll(seed, 'player seed', 0)).toBe(diceRoll(seed, 'player seed', 0));
    const rolls = new Set(Array.from({ length: 50 }, (_, n) => diceRoll(seed, 'player seed', n)));
    expect(rolls.size).toBeGreaterThan(40);
    for (const r of rolls) expect(r >= 0 && r < DICE_OUTCOMES).toBe(true);
    expect(() => diceRoll(seed, 'x', -1)).toThrow(RangeError);
  });

  it('pays (1 − edge) / chance, rounded down, for every offered target', () => {
    expect(diceMultiplier(5_000, 'under')).toBe(19_800); // 50 % → 1.98×
    expect(diceMultiplier(4_999, 'over')).toBe(19_800);
    expect(diceChance(100, 'under')).toBe(100);
    expect(diceTargetOffered(99, 'under')).toBe(false);
    expect(diceTargetOffered(9_800, 'under')).toBe(true);
    expect(diceTargetOffered(9_801, 'under')).toBe(false);
    for (let target = 0; target < DICE_OUTCOMES; target += 7)
      for (const side of ['under', 'over'] as const) {
        if (!diceTargetOffered(target, side)) continue;
        const rtp = (diceChance(target, side) * diceMultiplier(target, side)) / (DICE_OUTCOMES * 10_000);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.9899);
      }
  });

  it('wins strictly under or over the target, and pays in whole minor units', () => {
    expect(diceWins(4_999, 5_000, 'under')).toBe(true);
    expect(diceWins(5_000, 5_000, 'under')).toBe(false);
    expect(diceWins(5_001, 5_000, 'over')).toBe(true);
    expect(diceWins(5_000, 5_000, 'over')).toBe(false);
    expect(diceWin(1_000n, 10, 5_000, 'under')).toBe(1_980n);
    expect(diceWin(1_000n, 6_000, 5_000, 'under')).toBe(0n);
    expect(diceWin(333n, 0, 3_333, 'under')).toBe((333n * BigInt(diceMultiplier(3_333, 'under'))) / 10_000n);
  });

  it('returns 99 % over 200,000 seeded bets at 50 %', () => {
    let paid = 0n;
    const bets = 200_000;
    for (let n = 0; n < bets; n++) paid += diceWin(100n, diceRoll(seed, 'rtp', n), 5_000, 'under');
    const rtp = Number(paid) / (bets * 100);
    // σ of one 1.98×-or-nothing bet ≈ 0.99; 3.29 σ/√n.
    expect(Math.abs(rtp - 0.99)).toBeLessThan((3.29 * 0.99) / Math.sqrt(bets));
  });
});
