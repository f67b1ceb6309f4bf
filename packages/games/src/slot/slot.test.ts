import { describe, expect, it } from 'vitest';
import { cryptoRng, newServerSeed, seededRng } from '../rng';
import { compile, linePay, playRound, replayRound, roundMessage, spinOnce } from './engine';
import { offeredStakes, publicSlotModel, smallestStake } from './info';
import { SLOT_MODEL_1 as M } from './model-1';
import { assertScattersApart, exactRtp, toDecimal } from './rtp';

const c = compile(M);
const ids = (line: string[]) => line.map((id) => M.symbols.findIndex((s) => s.id === id));
const pay = (line: string[]) => {
  const won = linePay(c, ids(line));
  return { symbol: M.symbols[won.symbol]?.id, count: won.count, pay: won.pay };
};

describe('slot-1 model', () => {
  it('has 5 reels of 3 rows, 20 distinct paylines, one row per reel each', () => {
    expect(M.paylines).toHaveLength(20);
    expect(new Set(M.paylines.map((l) => l.join())).size).toBe(20);
    for (const line of M.paylines) {
      expect(line).toHaveLength(5);
      for (const row of line) expect(row >= 0 && row < 3).toBe(true);
    }
    expect(M.strips).toHaveLength(5);
  });

  it('never shows two scatters in one reel window', () => {
    expect(() => assertScattersApart(M)).not.toThrow();
    for (const strip of M.strips)
      for (let stop = 0; stop < strip.length; stop++) {
        const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
        expect(window.filter((s) => s === 'scatter').length).toBeLessThanOrEqual(1);
      }
  });

  it('returns exactly 96.00 % (|RTP − 0.96| < 0.00005)', () => {
    const { rtp, trigger, spin, freeSpins } = exactRtp(M);
    const value = Number((rtp.num * 10n ** 9n) / rtp.den) / 1e9;
    expect(Math.abs(value - 0.96)).toBeLessThan(0.00005);
    expect(toDecimal(rtp, 4)).toBe('0.9600');
    // The parts add up: spin + P(trigger) × 10 × 2 × spin.
    expect(freeSpins.num * spin.den * trigger.den).toBe(20n * trigger.num * spin.num * freeSpins.den);
    // Free spins trigger roughly once in 100–200 spins.
    const oneIn = Number(trigger.den) / Number(trigger.num);
    expect(oneIn).toBeGreaterThan(100);
    expect(oneIn).toBeLessThan(200);
    expect(publicSlotModel(M).rtp).toBe('96.00');
  });
});

describe('line pays', () => {
  it('pays 3, 4 and 5 of a kind from the left only', () => {
    expect(pay(['ten', 'ten', 'ten', 'ace', 'king'])).toEqual({ symbol: 'ten', count: 3, pay: 5 });
    expect(pay(['tiger', 'tiger', 'tiger', 'tiger', 'tiger'])).toEqual({ symbol: 'tiger', count: 5, pay: 750 });
    expect(pay(['ace', 'ten', 'ten', 'ten', 'ten']).pay).toBe(0);
    expect(pay(['ten', 'ten', 'ace', 'ace', 'ace']).pay).toBe(0);
  });

  it('lets a wild stand in for a regular symbol, wherever it is on the run', () => {
    expect(pay(['wild', 'king', 'king', 'ace', 'ace'])).toEqual({ symbol: 'king', count: 3, pay: 10 });
    expect(pay(['king', 'wild', 'king', 'wild', 'ace'])).toEqual({ symbol: 'king', count: 4, pay: 40 });
    expect(pay(['wild', 'wild', 'wild', 'wild', 'tiger'])).toEqual({ symbol: 'tiger', count: 5, pay: 750 });
  });

  it('pays leading wilds as wilds when that is worth more', () => {
    expect(pay(['wild', 'wild', 'wild', 'ten', 'ace'])).toEqual({ symbol: 'wild', count: 3, pay: 50 });
    expect(pay(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', count: 5, pay: 1000 });
  });

  it('never lets a wild stand in for the scatter, and a scatter ends a line', () => {
    expect(pay(['scatter', 'scatter', 'scatter', 'ten', 'ten']).pay).toBe(0);
    expect(pay(['wild', 'wild', 'scatter', 'ten', 'ten']).pay).toBe(0);
    expect(pay(['ten', 'ten', 'scatter', 'ten', 'ten']).pay).toBe(0);
  });
});

describe('spinOnce', () => {
  /** The stop on `reel` whose window starts with `top`. */
  const stopFor = (reel: number, top: string) => M.strips[reel]?.indexOf(top) as number;

  it('shows strip[stop … stop + 2] on each reel, wrapping round', () => {
    const last = (M.strips[0]?.length as number) - 1;
    const spin = spinOnce(M, [last, 0, 0, 0, 0], 1n, 1);
    expect(spin.window[0]).toEqual([M.strips[0]?.[last], M.strips[0]?.[0], M.strips[0]?.[1]]);
    expect(spin.window[1]).toEqual(M.strips[1]?.slice(0, 3));
    expect(spin.stops).toEqual([last, 0, 0, 0, 0]);
  });

  it('adds every line win and the scatter, in minor units, with the multiplier', () => {
    const stops = M.strips.map((_, r) => stopFor(r, 'scatter'));
    const once = spinOnce(M, stops, 5n, 1);
    expect(once.scatter.count).toBe(5);
    expect(once.scatter.win).toBe(100n * 100n); // 100 × the stake of 20 × 5
    expect(once.freeSpinsAwarded).toBe(10);
    const lines = once.lines.reduce((s, l) => s + l.win, 0n);
    expect(once.win).toBe(lines + once.scatter.win);
    for (const l of once.lines) {
      const symbols = (M.paylines[l.line] as number[]).map((row, reel) => once.window[reel]?.[row] as string);
      expect(BigInt(pay(symbols).pay) * 5n).toBe(l.win);
    }
    const free = spinOnce(M, stops, 5n, 2, 'free');
    expect(free.win).toBe(2n * once.win);
    expect(free.freeSpinsAwarded).toBe(0);
  });

  it('refuses stops off the strip', () => {
    expect(() => spinOnce(M, [0, 0, 0, 0], 1n, 1)).toThrow(RangeError);
    expect(() => spinOnce(M, [0, 0, 0, 0, 999], 1n, 1)).toThrow(RangeError);
  });
});

describe('rounds', () => {
  it('refuses a stake that does not split evenly over the 20 lines', () => {
    expect(() => playRound(M, cryptoRng(), 30n)).toThrow(RangeError);
    expect(() => playRound(M, cryptoRng(), 0n)).toThrow(RangeError);
    expect(playRound(M, cryptoRng(), 40n).lineBet).toBe(2n);
  });

  it('plays the free spins a base spin awards, and only those', () => {
    // Search seeds until a round triggers: about one in 171.
    for (let i = 0; ; i++) {
      const round = playRound(M, seededRng('01'.repeat(32), `trigger:${i}`), 20n);
      const [base, ...free] = round.spins;
      expect(free).toHaveLength(base?.freeSpinsAwarded ?? -1);
      expect(round.win).toBe(round.spins.reduce((s, x) => s + x.win, 0n));
      if (free.length) {
        expect(free.every((f) => f.kind === 'free' && f.multiplier === 2 && f.freeSpinsAwarded === 0)).toBe(true);
        break;
      }
    }
  });

  it('replays 10,000 seeded rounds to identical outcomes', () => {
    for (let i = 0; i < 10_000; i++) {
      const serverSeed = newServerSeed();
      const inputs = { modelVersion: M.version, stake: String(20 * (1 + (i % 7))), nonce: i };
      const played = playRound(M, seededRng(serverSeed, roundMessage(inputs)), BigInt(inputs.stake));
      expect(replayRound(M, serverSeed, inputs)).toEqual(played);
    }
  });

  it('refuses to replay a round of another model version', () => {
    expect(() => replayRound(M, '00', { modelVersion: 'slot-0', stake: '20' })).toThrow(RangeError);
  });
});

describe('stakes', () => {
  it('rounds the smallest stake up to whole line bets and multiplies it by the bet levels', () => {
    expect(smallestStake(M, 100n)).toBe(100n);
    expect(smallestStake(M, 101n)).toBe(120n);
    expect(smallestStake(M, 0n)).toBe(20n);
    expect(offeredStakes(M, 100n)).toEqual(M.betLevels.map((l) => BigInt(l) * 100n));
  });
});
