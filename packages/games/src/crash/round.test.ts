import { describe, expect, it } from 'vitest';
import { crashPointOf, hashChain } from '../fair/crash';
import { seededRng } from '../rng';
import {
  betOutcome,
  type CrashBetInputs,
  type CrashRoundRecord,
  elapsedFor,
  manualCashOut,
  multiplierAt,
  parseTarget,
  replayCrashRound,
  winOf,
} from './round';

describe('crash curve', () => {
  it('elapsedFor is the first millisecond the curve reaches a multiplier', () => {
    for (const h of [101, 150, 200, 235, 1000, 12345, 100_000, 1_000_000]) {
      const t = elapsedFor(h);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(h);
      expect(multiplierAt(t - 1)).toBeLessThan(h);
    }
    expect(multiplierAt(0)).toBe(100);
    expect(elapsedFor(100)).toBe(0);
  });

  it('a manual cash-out counts only before the bust time, and never above the target', () => {
    const bust = 250;
    expect(manualCashOut(bust, null, elapsedFor(bust) - 1)).toBe(249);
    expect(manualCashOut(bust, null, elapsedFor(bust))).toBeNull();
    expect(manualCashOut(bust, 150, elapsedFor(200))).toBe(150);
    expect(manualCashOut(100, null, 0)).toBeNull();
  });

  it('an auto target at or below the bust is paid at the target, above it loses', () => {
    const stake = 1000n;
    expect(betOutcome(300, { stake, target: 300, cashOutElapsedMs: null })).toEqual({
      kind: 'auto',
      multiplier: 300,
      win: 3000n,
    });
    expect(betOutcome(299, { stake, target: 300, cashOutElapsedMs: null }).kind).toBe('lost');
    // No target: the cap is the target, 10,000×.
    expect(betOutcome(2_000_000, { stake, target: null, cashOutElapsedMs: null }).multiplier).toBe(1_000_000);
    expect(winOf(333n, 157)).toBe(522n);
  });

  it('parses targets of two decimals between 1.01 and 10000', () => {
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget('2.5')).toBe(250);
    expect(parseTarget('1.01')).toBe(101);
    expect(parseTarget('1.00')).toBeNull();
    expect(parseTarget('10000.01')).toBeNull();
    expect(parseTarget('-2')).toBeNull();
    expect(parseTarget('2.345')).toBeNull();
  });
});

describe('crash replay', () => {
  it('10,000 recorded rounds replay to identical outcomes', () => {
    const seed = 'ab'.repeat(32);
    const chain = hashChain(seed, 10_000);
    const terminatingHash = chain[0] as string;
    const rng = seededRng('cd'.repeat(32), 'crash-replay-test');
    const recorded: { record: CrashRoundRecord; bust: number; outcomes: ReturnType<typeof betOutcome>[] }[] = [];
    for (let i = 1; i <= 10_000; i++) {
      const hash = chain[i] as string;
      const bust = crashPointOf(hash);
      const bets: CrashBetInputs[] = [];
      for (let b = 0; b < 3; b++) {
        const target = rng.below(2) === 0 ? null : 101 + rng.below(1000);
        // Some players click before the bust, some after (refused at the time: no cash-out recorded).
        const click = rng.below(2) === 0 ? null : rng.below(elapsedFor(bust) + 1);
        const accepted = click !== null && manualCashOut(bust, target, click) !== null ? click : null;
        bets.push({ stake: BigInt(100 + rng.below(10_000)), target, cashOutElapsedMs: accepted });
      }
      recorded.push({
        record: { hash, chainIndex: i, terminatingHash, bets },
        bust,
        outcomes: bets.map((b) => betOutcome(bust, b)),
      });
    }
    for (const r of recorded) {
      const again = replayCrashRound(
        JSON.parse(
          JSON.stringify(r.record, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
          (_, v) => (typeof v === 'string' && /^\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v),
        ),
        { checkLink: false },
      );
      expect(again.bust).toBe(r.bust);
      expect(again.outcomes).toEqual(r.outcomes);
    }
    // Links are checked on a sample: each costs i hashes.
    for (const i of [1, 2, 500, 10_000])
      expect(replayCrashRound((recorded[i - 1] as (typeof recorded)[0]).record).linked).toBe(true);
    expect(replayCrashRound({ ...(recorded[4] as (typeof recorded)[0]).record, chainIndex: 4 }).linked).toBe(false);
  });
});
