import { describe, expect, it } from 'vitest';
import { diceRoll } from '../fair/dice';
import { seededRng } from '../rng';
import { SLOT_MODEL_1 } from '../slot/model-1';
import { crashChainEvidence, crashTailProbability, diceRollBins, slotEvidence } from './outcomes';

/**
 * The fast versions of the randomness evidence (scripts/rng-evidence.ts runs them ten times
 * longer on the CSPRNG). Fixed seeds: the same draws every run, so a pass never turns into a
 * 1-in-100 failure. Ranges 37 and 49 are in rng.test.ts, the crash formula on uniform bits in
 * fair/fair.test.ts; these test the games' outcomes as the games derive them.
 */

const seedOf = (label: string) => (session: number) =>
  Array.from({ length: 32 }, (_, i) =>
    ((i * 31 + session * 7 + label.length) % 256).toString(16).padStart(2, '0'),
  ).join('');

describe('dice rolls', () => {
  it('fall evenly in 100 bins of 0.00–99.99 over 10^6 rolls (100 server seeds × 10,000 nonces)', () => {
    const { counts, test } = diceRollBins(seedOf('dice'), 1_000_000);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(test.df).toBe(99);
    expect(test.pass, `p = ${test.pValue}`).toBe(true);
  });

  it('bins by the roll itself: roll 4,321 lands in bin 43', () => {
    const seed = seedOf('one')(0);
    const { counts } = diceRollBins(() => seed, 1, { bins: 100, clientSeed: 'c' });
    expect(counts.indexOf(1)).toBe(Math.floor(diceRoll(seed, 'c', 0) / 100));
    expect(() => diceRollBins(() => seed, 1, { bins: 3 })).toThrow(RangeError);
  });
});

describe('crash on a real hash chain', () => {
  it('busts at or above x in 0.97 / x of 10^6 rounds, bucket by bucket', () => {
    const rounds = 1_000_000;
    const evidence = crashChainEvidence('c7'.repeat(32), rounds);
    expect(evidence.test.pass, `p = ${evidence.test.pValue}`).toBe(true);
    for (const { threshold, seen, expected } of evidence.tail) {
      const sd = Math.sqrt((expected * (1 - expected)) / rounds);
      expect(Math.abs(seen - expected), `bust ≥ ${threshold / 100}×`).toBeLessThan(3.29 * sd);
    }
    expect(crashTailProbability(100)).toBe(1);
    expect(crashTailProbability(200)).toBeCloseTo(0.485, 12);
    expect(() => crashChainEvidence('XY', 1)).toThrow(RangeError);
  });
});

describe('slot stops and line symbols', () => {
  it('stop evenly on every reel and show each symbol on the line as often as the strip holds it', () => {
    // 2·10^5 rounds ≈ 10^6 reel draws, free spins included.
    const evidence = slotEvidence(SLOT_MODEL_1, seededRng('51'.repeat(32), 'evidence'), 200_000, 20n);
    expect(evidence.spins).toBeGreaterThanOrEqual(200_000);
    expect(evidence.stops).toHaveLength(SLOT_MODEL_1.reels);
    for (const [reel, test] of evidence.stops.entries()) {
      expect(test.df).toBe((SLOT_MODEL_1.strips[reel]?.length ?? 0) - 1);
      expect(test.pass, `reel ${reel + 1} stops: p = ${test.pValue}`).toBe(true);
    }
    for (const [reel, { test, symbols }] of evidence.lineSymbols.entries()) {
      expect(test.pass, `reel ${reel + 1} symbols: p = ${test.pValue}`).toBe(true);
      expect(symbols.reduce((sum, s) => sum + s.expected, 0)).toBeCloseTo(1, 12);
    }
  });
});
