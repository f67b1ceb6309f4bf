import type {
  CrashBetEvent,
  CrashBetView,
  CrashMessage,
  CrashPastRound,
  CrashRoundView,
  CrashState,
} from '@khela/contract/crash';
import { multiplierAt } from '@khela/games/crash/round';

/**
 * The crash page's view of the shared round, fed by the server's messages only. The page
 * never decides anything: it animates the published curve from the round's start time (on
 * the server's clock, corrected by the offset measured at each message) and stops at the bust
 * message. Pure data and functions, so the tests drive it without a DOM or a socket.
 */
export type CrashView = {
  round: CrashRoundView | null;
  /** Everyone's bets of the current round, in arrival order. */
  bets: CrashBetView[];
  history: CrashPastRound[];
  /** serverNow − local now at the last message (ms): maps local time onto the server's clock. */
  offsetMs: number;
  balance: string | null;
};

export const HISTORY_SHOWN = 30;

export function emptyView(): CrashView {
  return { round: null, bets: [], history: [], offsetMs: 0, balance: null };
}

function fromState(s: CrashState, localNow: number): CrashView {
  return {
    round: s.round,
    bets: s.bets,
    history: s.history,
    offsetMs: s.serverNow - localNow,
    balance: s.balance ?? null,
  };
}

/** Same player slot in the same round: one row in the list, updated in place. */
const sameBet = (a: CrashBetView, b: CrashBetView) =>
  a.roundNo === b.roundNo && a.name === b.name && a.slot === b.slot && a.stake === b.stake;

/** Adds or updates, in `bets` itself, the bets of `events` that belong to the shown round. */
function upsert(view: CrashView, bets: CrashBetView[], events: CrashBetEvent[]): CrashBetView[] {
  for (const { bet } of events) {
    if (view.round && bet.roundNo !== view.round.roundNo) continue;
    const i = bets.findIndex((b) => sameBet(b, bet));
    if (i < 0) bets.push(bet);
    else bets[i] = { ...bet, mine: bet.mine ?? bets[i]?.mine };
  }
  return bets;
}

/** The view after one message of the live feed, received at local time `localNow`. */
export function apply(view: CrashView, msg: CrashMessage, localNow: number): CrashView {
  switch (msg.type) {
    case 'hello':
      return fromState(msg.state, localNow);
    case 'round': {
      const fresh = msg.round.roundNo !== view.round?.roundNo;
      return { ...view, round: msg.round, bets: fresh ? [] : view.bets, offsetMs: msg.serverNow - localNow };
    }
    case 'bet':
    case 'cashout':
      return { ...view, bets: upsert(view, [...view.bets], [msg]) };
    case 'batch':
      // Everyone's bets and cash-outs of the last moment, in the order they happened.
      return { ...view, bets: upsert(view, [...view.bets], msg.events) };
    case 'bust': {
      const r = msg.round;
      const past: CrashPastRound = {
        roundNo: r.roundNo,
        chainIndex: r.chainIndex,
        bust: r.bust ?? 0,
        hash: r.hash ?? '',
        void: r.phase === 'void',
      };
      const history = [past, ...view.history.filter((h) => h.roundNo !== r.roundNo)].slice(0, HISTORY_SHOWN);
      return { ...view, round: r, history, offsetMs: msg.serverNow - localNow };
    }
    case 'settled': {
      if (view.round?.roundNo !== msg.roundNo) return view;
      // Every cash-out came before: what is still open was lost (or voided with its round).
      const status = view.round.phase === 'void' ? 'void' : 'lost';
      return { ...view, bets: view.bets.map((b) => (b.status === 'open' ? { ...b, status } : b)) };
    }
  }
}

/**
 * Whether going from `before` to `after` moved the player's own money without an answer of
 * theirs saying so: an auto cash-out paid (by the server's round loop or at the bust's
 * settlement) or a void round's stake given back. The page then reads its balance again.
 */
export function ownBetSettled(before: CrashView, after: CrashView): boolean {
  return after.bets.some(
    (b) =>
      b.mine &&
      (b.status === 'cashed' || b.status === 'void') &&
      before.bets.find((p) => sameBet(p, b))?.status === 'open',
  );
}

/** What the page shows at local time `localNow`: the phase, the multiplier, the countdown. */
export type Frame =
  | { phase: 'waiting' }
  | { phase: 'betting'; secondsLeft: number }
  | { phase: 'running'; multiplier: number; elapsedMs: number }
  | { phase: 'busted'; multiplier: number }
  | { phase: 'void' };

export function frameAt(view: CrashView, localNow: number): Frame {
  const r = view.round;
  if (!r) return { phase: 'waiting' };
  const serverNow = localNow + view.offsetMs;
  if (r.phase === 'void') return { phase: 'void' };
  if (r.phase === 'busted') return { phase: 'busted', multiplier: r.bust ?? 100 };
  if (r.phase === 'betting' && serverNow < r.bettingEndsAt)
    return { phase: 'betting', secondsLeft: Math.ceil((r.bettingEndsAt - serverNow) / 1000) };
  const elapsedMs = Math.max(0, serverNow - r.startedAt);
  return { phase: 'running', multiplier: multiplierAt(elapsedMs), elapsedMs };
}

/** The player's own bet in a slot of the current round, if any. */
export function myBet(view: CrashView, slot: number): CrashBetView | undefined {
  return view.bets.find((b) => b.mine && b.slot === slot && b.roundNo === view.round?.roundNo);
}
