import { describe, expect, it } from 'vitest';
import { cryptoRng } from '../rng';
import { playRound } from './engine';
import { SLOT_MODEL_1 as M } from './model-1';
import { exactRtp, roundStatistics } from './rtp';

const exact = exactRtp(M);
const rtp = Number((exact.rtp.num * 10n ** 12n) / exact.rtp.den) / 1e12;

describe('slot-1 by enumeration and by play', () => {
  // Every one of the ~48 million stop combinations: a few seconds.
  const stats = roundStatistics(M);

  it('gives the same RTP by enumerating stops as by symbol frequencies', () => {
    expect(Math.abs(stats.rtp - rtp)).toBeLessThan(1e-9);
    expect(Math.abs(stats.triggerRate - Number(exact.trigger.num) / Number(exact.trigger.den))).toBeLessThan(1e-12);
  });

  it('hits on 25–35 % of spins and triggers free spins once in 100–200', () => {
    expect(stats.hitRate).toBeGreaterThan(0.25);
    expect(stats.hitRate).toBeLessThan(0.35);
    expect(1 / stats.triggerRate).toBeGreaterThan(100);
    expect(1 / stats.triggerRate).toBeLessThan(200);
  });

  it('returns the exact RTP within the 99.9 % band over 10^6 rounds from the CSPRNG', () => {
    const rounds = 1_000_000;
    const rng = cryptoRng();
    let won = 0n;
    for (let i = 0; i < rounds; i++) won += playRound(M, rng, 20n).win;
    const mean = Number(won) / 20 / rounds;
    // Mean of 10^6 independent rounds: ±3.29 σ/√n holds 99.9 % of runs (σ exact, ≈ 3.45 stakes).
    const band = (3.29 * stats.stdDev) / Math.sqrt(rounds);
    expect(Math.abs(mean - rtp)).toBeLessThan(band);
  });
});
