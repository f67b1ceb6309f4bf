import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { CRASH_EDGE_BASIS_POINTS, crashPointOf } from '../fair/crash';
import { DICE_OUTCOMES, diceRoll } from '../fair/dice';
import type { Rng } from '../rng';
import { playRound } from '../slot/engine';
import type { SlotModel } from '../slot/model';
import { type ChiSquare, chiSquareTest, chiSquareUniform } from './chi-square';

/**
 * The distributions the randomness evidence tests (docs/decisions/0017), one collector per
 * question. Each takes its source of randomness as an argument: the unit tests pass fixed seeds so
 * they never fail by chance, the long run (scripts/rng-evidence.ts) passes the CSPRNG.
 */

/** `draws` scaled draws below n: the counts of 0 … n−1 and their chi-square against uniform. */
export function scaledDraws(rng: Rng, n: number, draws: number): { counts: number[]; test: ChiSquare } {
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < draws; i++) {
    const k = rng.below(n);
    counts[k] = (counts[k] as number) + 1;
  }
  return { counts, test: chiSquareUniform(counts) };
}

/** Dice rolls grouped in `bins` equal bins of 0 … 9999 (100 bins = 0.00–0.99, 1.00–1.99 …). */
export function diceRollBins(
  serverSeedOf: (session: number) => string,
  rolls: number,
  { bins = 100, rollsPerSeed = 10_000, clientSeed = 'evidence' } = {},
): { counts: number[]; test: ChiSquare } {
  if (DICE_OUTCOMES % bins !== 0) throw new RangeError(`${bins} bins do not divide ${DICE_OUTCOMES} rolls`);
  const counts = new Array<number>(bins).fill(0);
  // Like players do: a server seed serves a run of nonces 0, 1, 2 … until it is rotated.
  let seed = '';
  for (let i = 0; i < rolls; i++) {
    const nonce = i % rollsPerSeed;
    if (nonce === 0) seed = serverSeedOf(i / rollsPerSeed);
    const bin = Math.floor(diceRoll(seed, clientSeed, nonce) / (DICE_OUTCOMES / bins));
    counts[bin] = (counts[bin] as number) + 1;
  }
  return { counts, test: chiSquareUniform(counts) };
}

/** Multipliers (in hundredths) where the crash evidence compares P(bust ≥ x) with 0.97 / x. */
export const CRASH_THRESHOLDS = [101, 150, 200, 300, 500, 1_000, 2_000, 10_000] as const;

export type CrashEvidence = {
  rounds: number;
  /** Per threshold x: the share of rounds busting at or above x, and 0.97 / x. */
  tail: { threshold: number; seen: number; expected: number }[];
  /** Chi-square over the bins the thresholds cut: [1.00, 1.01), [1.01, 1.50) … [100, ∞). */
  test: ChiSquare;
};

/** P(bust ≥ x) for x in hundredths: 1 at 1.00×, (1 − edge) / x from 1.01× on (fair/crash.ts). */
export function crashTailProbability(threshold: number): number {
  if (threshold <= 100) return 1;
  return (1 - CRASH_EDGE_BASIS_POINTS / 10_000) / (threshold / 100);
}

/**
 * Plays `rounds` rounds of a real hash chain walked down from `seedHex` (h_N, h_{N−1} … as the
 * game would reveal them in reverse), without holding the chain in memory.
 */
export function crashChainEvidence(seedHex: string, rounds: number): CrashEvidence {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new RangeError('crashChainEvidence: the seed is 64 lowercase hex digits');
  const atLeast = new Array<number>(CRASH_THRESHOLDS.length).fill(0);
  let bytes = hexToBytes(seedHex);
  for (let i = 0; i < rounds; i++) {
    const bust = crashPointOf(bytesToHex(bytes));
    for (let k = 0; k < CRASH_THRESHOLDS.length; k++)
      if (bust >= (CRASH_THRESHOLDS[k] as number)) atLeast[k] = (atLeast[k] as number) + 1;
    bytes = sha256(bytes);
  }
  const tail = CRASH_THRESHOLDS.map((threshold, k) => ({
    threshold,
    seen: (atLeast[k] as number) / rounds,
    expected: crashTailProbability(threshold),
  }));
  // Disjoint bins between consecutive thresholds: counts and probabilities by difference.
  const edges = [100, ...CRASH_THRESHOLDS];
  const counts = edges.map((_, k) => (k === 0 ? rounds : (atLeast[k - 1] as number)) - (atLeast[k] ?? 0));
  const probabilities = edges.map(
    (x, k) => crashTailProbability(x) - (k + 1 < edges.length ? crashTailProbability(edges[k + 1] as number) : 0),
  );
  return { rounds, tail, test: chiSquareTest(counts, probabilities) };
}

export type SlotEvidence = {
  spins: number;
  /** Per reel: the stops' uniformity over the strip. */
  stops: ChiSquare[];
  /** Per reel: the symbols on the middle row (payline 1) against their share of the strip. */
  lineSymbols: { test: ChiSquare; symbols: { id: string; seen: number; expected: number }[] }[];
};

/** Plays `rounds` slot rounds (base and free spins) and tests every spin's stops and middle row. */
export function slotEvidence(model: SlotModel, rng: Rng, rounds: number, stake: bigint): SlotEvidence {
  const stopCounts = model.strips.map((strip) => new Array<number>(strip.length).fill(0));
  const symbolCounts = model.strips.map(() => new Map<string, number>());
  let spins = 0;
  for (let i = 0; i < rounds; i++) {
    for (const spin of playRound(model, rng, stake).spins) {
      spins++;
      spin.stops.forEach((stop, reel) => {
        const counts = stopCounts[reel] as number[];
        counts[stop] = (counts[stop] as number) + 1;
        const symbol = spin.window[reel]?.[1] as string;
        const seen = symbolCounts[reel] as Map<string, number>;
        seen.set(symbol, (seen.get(symbol) ?? 0) + 1);
      });
    }
  }
  const lineSymbols = model.strips.map((strip, reel) => {
    // A stop shows strip[stop + 1] on the middle row: each strip position equally often, so a
    // symbol's share of the middle row is its share of the strip.
    const ids = [...new Set(strip)];
    const expected = ids.map((id) => strip.filter((s) => s === id).length / strip.length);
    const seen = ids.map((id) => symbolCounts[reel]?.get(id) ?? 0);
    return {
      test: chiSquareTest(seen, expected),
      symbols: ids.map((id, k) => ({ id, seen: (seen[k] as number) / spins, expected: expected[k] as number })),
    };
  });
  return { spins, stops: stopCounts.map((c) => chiSquareUniform(c)), lineSymbols };
}
