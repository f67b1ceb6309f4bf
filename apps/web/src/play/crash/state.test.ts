import type { CrashBetView, CrashRoundView } from '@khela/contract/crash';
import { describe, expect, it } from 'vitest';
import { cashOutAmount } from './game';
import { apply, emptyView, frameAt, myBet } from './state';

const round = (over: Partial<CrashRoundView> = {}): CrashRoundView => ({
  roundNo: 7,
  chainIndex: 7,
  terminatingHash: 'ab'.repeat(32),
  phase: 'betting',
  bettingEndsAt: 100_000,
  startedAt: 100_000,
  bust: null,
  hash: null,
  bustAt: null,
  ...over,
});
const bet = (over: Partial<CrashBetView> = {}): CrashBetView => ({
  roundNo: 7,
  name: 'ab***c',
  slot: 1,
  stake: '10.00',
  target: null,
  status: 'open',
  multiplier: null,
  win: null,
  ...over,
});

describe('crash page state', () => {
  it('counts down the betting window on the server clock, whatever the local clock says', () => {
    // The local clock is 40 s behind the server's.
    let v = apply(emptyView(), { type: 'round', round: round(), serverNow: 95_000 }, 55_000);
    expect(frameAt(v, 55_000)).toEqual({ phase: 'betting', secondsLeft: 5 });
    expect(frameAt(v, 59_500)).toEqual({ phase: 'betting', secondsLeft: 1 });
    v = apply(v, { type: 'round', round: round({ phase: 'running' }), serverNow: 100_000 }, 60_000);
    // 11,553 ms after the start the published curve is at 2.00×.
    expect(frameAt(v, 60_000 + 11_553)).toMatchObject({ phase: 'running', multiplier: 200 });
  });

  it('stops at the bust message, adds it to the history, and keeps the newest first', () => {
    let v = apply(emptyView(), { type: 'round', round: round({ phase: 'running' }), serverNow: 100_000 }, 100_000);
    const busted = round({ phase: 'busted', bust: 234, hash: 'cd'.repeat(32), bustAt: 114_000 });
    v = apply(v, { type: 'bust', round: busted, serverNow: 114_001 }, 114_001);
    expect(frameAt(v, 200_000)).toEqual({ phase: 'busted', multiplier: 234 });
    expect(v.history[0]).toMatchObject({ roundNo: 7, bust: 234, hash: 'cd'.repeat(32), void: false });
    v = apply(v, { type: 'bust', round: busted, serverNow: 114_002 }, 114_002);
    expect(v.history).toHaveLength(1);
  });

  it("tracks everyone's bets and cash-outs, keeps mine marked, and clears them for a new round", () => {
    let v = apply(emptyView(), { type: 'round', round: round(), serverNow: 95_000 }, 95_000);
    v = apply(v, { type: 'bet', bet: bet({ mine: true }) }, 95_100);
    v = apply(v, { type: 'bet', bet: bet({ name: 'xy***z' }) }, 95_200);
    // The broadcast of my own bet carries no `mine`: it stays mine.
    v = apply(v, { type: 'bet', bet: bet() }, 95_300);
    expect(v.bets).toHaveLength(2);
    expect(myBet(v, 1)).toBeDefined();
    v = apply(v, { type: 'cashout', bet: bet({ status: 'cashed', multiplier: 150, win: '15.00' }) }, 101_000);
    expect(myBet(v, 1)).toMatchObject({ status: 'cashed', multiplier: 150, mine: true });
    // A message of another round is ignored.
    v = apply(v, { type: 'bet', bet: bet({ roundNo: 6, name: 'old' }) }, 101_100);
    expect(v.bets).toHaveLength(2);
    v = apply(v, { type: 'round', round: round({ roundNo: 8 }), serverNow: 120_000 }, 120_000);
    expect(v.bets).toEqual([]);
    expect(myBet(v, 1)).toBeUndefined();
  });

  it('applies a batch of bets and cash-outs in order, skipping those of another round', () => {
    let v = apply(emptyView(), { type: 'round', round: round(), serverNow: 95_000 }, 95_000);
    v = apply(v, { type: 'bet', bet: bet({ mine: true }) }, 95_100);
    const before = v.bets;
    v = apply(
      v,
      {
        type: 'batch',
        events: [
          { type: 'bet', bet: bet({ name: 'xy***z' }) },
          { type: 'bet', bet: bet() },
          { type: 'bet', bet: bet({ roundNo: 6, name: 'old' }) },
          { type: 'cashout', bet: bet({ name: 'xy***z', status: 'cashed', multiplier: 120, win: '12.00' }) },
          { type: 'cashout', bet: bet({ status: 'cashed', multiplier: 150, win: '15.00' }) },
        ],
      },
      101_000,
    );
    expect(v.bets.map((b) => [b.name, b.status, b.win, b.mine])).toEqual([
      ['ab***c', 'cashed', '15.00', true],
      ['xy***z', 'cashed', '12.00', undefined],
    ]);
    // The view before the batch is left as it was.
    expect(before.map((b) => b.status)).toEqual(['open']);
    // An empty batch changes nothing.
    expect(apply(v, { type: 'batch', events: [] }, 101_100).bets).toEqual(v.bets);
  });

  it('marks the bets still open as lost when the round is settled, or void with a void round', () => {
    const played = (phase: CrashRoundView['phase']) => {
      let v = apply(emptyView(), { type: 'round', round: round({ phase: 'running' }), serverNow: 100_000 }, 100_000);
      v = apply(
        v,
        {
          type: 'batch',
          events: [
            { type: 'bet', bet: bet({ mine: true }) },
            { type: 'cashout', bet: bet({ name: 'xy***z', status: 'cashed', multiplier: 120, win: '12.00' }) },
          ],
        },
        100_100,
      );
      v = apply(v, { type: 'bust', round: round({ phase, bust: 150, hash: 'ef'.repeat(32) }), serverNow: 1 }, 1);
      return apply(v, { type: 'settled', roundNo: 7 }, 2);
    };
    expect(played('busted').bets.map((b) => [b.name, b.status, b.mine])).toEqual([
      ['ab***c', 'lost', true],
      ['xy***z', 'cashed', undefined],
    ]);
    expect(played('void').bets.map((b) => b.status)).toEqual(['void', 'cashed']);
    // The settlement of another round changes nothing.
    const v = apply(emptyView(), { type: 'round', round: round(), serverNow: 1 }, 1);
    const open = apply(v, { type: 'bet', bet: bet() }, 2);
    expect(apply(open, { type: 'settled', roundNo: 6 }, 3).bets.map((b) => b.status)).toEqual(['open']);
  });

  it('shows a void round as void and the cash-out amount rounded down', () => {
    const v = apply(
      emptyView(),
      { type: 'bust', round: round({ phase: 'void', bust: 150, hash: 'ef'.repeat(32) }), serverNow: 1 },
      1,
    );
    expect(frameAt(v, 2)).toEqual({ phase: 'void' });
    expect(v.history[0]?.void).toBe(true);
    expect(cashOutAmount('10.00', 157)).toBe('15.70');
    expect(cashOutAmount('3.33', 157)).toBe('5.22');
  });
});
