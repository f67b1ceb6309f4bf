import { describe, expect, it } from 'vitest';
import { type AutoBetPlan, afterBet, canStart, minorOf, raisedStakeIndex, startAutoBet } from './auto-bet';

/** Offered stakes 1, 2, 5, 10, 20 (minor units at 4 decimals). */
const M = 10_000n;
const stakes = [1n, 2n, 5n, 10n, 20n].map((s) => s * M);

const plan = (over: Partial<AutoBetPlan> = {}): AutoBetPlan => ({
  bets: 10,
  stopOnProfit: null,
  stopOnLoss: null,
  stopAfterWin: false,
  stopAfterLoss: false,
  onWin: { kind: 'reset' },
  onLoss: { kind: 'reset' },
  ...over,
});

const won = (stake: bigint, balance = 1000n * M) => ({ stake, win: stake * 2n, won: true, balance });
const lost = (stake: bigint, balance = 1000n * M) => ({ stake, win: 0n, won: false, balance });

describe('auto-bet stop rules', () => {
  it('places exactly the number of bets asked for', () => {
    const p = plan({ bets: 3 });
    let s = startAutoBet(0);
    const stops = [];
    for (let i = 0; i < 3; i++) {
      const r = afterBet(p, stakes, s, lost(stakes[0] as bigint));
      s = r.state;
      stops.push(r.stop);
    }
    expect(stops).toEqual([null, null, 'done']);
    expect(s.placed).toBe(3);
    expect(s.profit).toBe(-3n * M);
  });

  it('stops once profit reaches X and once loss reaches Y, not before', () => {
    const p = plan({ stopOnProfit: 2n * M, stopOnLoss: 3n * M });
    let s = startAutoBet(0);
    // +1, +1 → profit 2 = X: stop.
    let r = afterBet(p, stakes, s, won(M));
    expect(r.stop).toBeNull();
    r = afterBet(p, stakes, r.state, won(M));
    expect(r.stop).toBe('profit');

    s = startAutoBet(0);
    r = afterBet(p, stakes, s, lost(M));
    r = afterBet(p, stakes, r.state, lost(M));
    expect(r.stop).toBeNull();
    expect(r.state.profit).toBe(-2n * M);
    r = afterBet(p, stakes, r.state, lost(M));
    expect(r.stop).toBe('loss');
  });

  it('stops on a win or on a loss when asked', () => {
    expect(afterBet(plan({ stopAfterWin: true }), stakes, startAutoBet(0), lost(M)).stop).toBeNull();
    expect(afterBet(plan({ stopAfterWin: true }), stakes, startAutoBet(0), won(M)).stop).toBe('win');
    expect(afterBet(plan({ stopAfterLoss: true }), stakes, startAutoBet(0), won(M)).stop).toBeNull();
    expect(afterBet(plan({ stopAfterLoss: true }), stakes, startAutoBet(0), lost(M)).stop).toBe('lose');
  });

  it('raises the stake by N % to the next offered stake, resets on the other outcome', () => {
    const p = plan({ onLoss: { kind: 'increase', percent: 100 }, onWin: { kind: 'reset' } });
    let r = afterBet(p, stakes, startAutoBet(0), lost(1n * M));
    expect(stakes[r.state.stakeIndex]).toBe(2n * M);
    r = afterBet(p, stakes, r.state, lost(2n * M));
    // 2 × 2 = 4 is not offered: the next offered stake above it, 5.
    expect(stakes[r.state.stakeIndex]).toBe(5n * M);
    r = afterBet(p, stakes, r.state, won(5n * M));
    expect(r.state.stakeIndex).toBe(0);
    // A 1 % raise still moves up one offered stake.
    expect(raisedStakeIndex(stakes, 1n * M, 1)).toBe(1);
    expect(raisedStakeIndex(stakes, 10n * M, 100)).toBe(4);
  });

  it('stops instead of leaving the offered stakes', () => {
    const p = plan({ onLoss: { kind: 'increase', percent: 50 } });
    const s = { ...startAutoBet(4), stakeIndex: 4 };
    const r = afterBet(p, stakes, s, lost(20n * M));
    expect(r.stop).toBe('stakeLimit');
  });

  it('stops when the balance cannot cover the next stake, and does not start without one', () => {
    const p = plan({ onLoss: { kind: 'increase', percent: 100 } });
    const r = afterBet(p, stakes, startAutoBet(0), lost(1n * M, 1n * M));
    expect(r.stop).toBe('funds');
    expect(afterBet(plan(), stakes, startAutoBet(0), lost(1n * M, 1n * M)).stop).toBeNull();
    expect(afterBet(plan(), stakes, startAutoBet(0), lost(1n * M, 0n)).stop).toBe('funds');
    expect(canStart(plan(), stakes, startAutoBet(2), 4n * M)).toBe('funds');
    expect(canStart(plan(), stakes, startAutoBet(2), 5n * M)).toBeNull();
    expect(canStart(plan({ bets: 0 }), stakes, startAutoBet(0), 5n * M)).toBe('done');
  });

  it('reads limits typed as decimals, and refuses what is not an amount', () => {
    expect(minorOf(' 12.5 ')).toBe(125_000n);
    expect(minorOf('0.0001')).toBe(1n);
    expect(minorOf('abc')).toBeNull();
    expect(minorOf('-1')).toBeNull();
  });
});
