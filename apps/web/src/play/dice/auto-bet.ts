import { toMinor } from '@khela/contract/money';

/**
 * Auto-bet's rules (decision 0016), apart from the page so they can be tested alone: after each
 * bet, whether to stop and which offered stake comes next. Amounts are integer minor units at
 * the contract's finest precision (money.ts), never floats.
 */

const FINEST = 4;

/** A decimal amount ('12.50') in minor units; null when it is not one (negatives included). */
export function minorOf(amount: string): bigint | null {
  const minor = toMinor(amount.trim(), FINEST);
  return minor === null || minor < 0n ? null : minor;
}

/** After a win or a loss: back to the stake auto-bet started with, or up by `percent` %. */
export type StakeChange = { kind: 'reset' } | { kind: 'increase'; percent: number };

export type AutoBetPlan = {
  /** How many bets at most. */
  bets: number;
  /** Stop once the session's auto-bet profit is at least this (minor units); null = never. */
  stopOnProfit: bigint | null;
  /** Stop once its loss is at least this (minor units); null = never. */
  stopOnLoss: bigint | null;
  stopAfterWin: boolean;
  stopAfterLoss: boolean;
  onWin: StakeChange;
  onLoss: StakeChange;
};

export type AutoBetState = {
  placed: number;
  /** Wins minus stakes so far (minor units, may be negative). */
  profit: bigint;
  /** The stake index auto-bet started with ('reset' returns to it). */
  baseIndex: number;
  /** The stake index of the next bet. */
  stakeIndex: number;
};

export type StopReason = 'done' | 'profit' | 'loss' | 'win' | 'lose' | 'funds' | 'stakeLimit';

export type BetResult = { stake: bigint; win: bigint; won: boolean; balance: bigint };

export function startAutoBet(stakeIndex: number): AutoBetState {
  return { placed: 0, profit: 0n, baseIndex: stakeIndex, stakeIndex };
}

/** Whether the first bet may go: a balance below the stake stops auto-bet before it starts. */
export function canStart(
  plan: AutoBetPlan,
  stakes: readonly bigint[],
  state: AutoBetState,
  balance: bigint,
): StopReason | null {
  if (plan.bets < 1) return 'done';
  return (stakes[state.stakeIndex] ?? 0n) > balance ? 'funds' : null;
}

/**
 * The index of the smallest offered stake at least `percent` % above `stake` (rounded up to the
 * next offered stake, since only those can be bet); null when even the largest is below it.
 */
export function raisedStakeIndex(stakes: readonly bigint[], stake: bigint, percent: number): number | null {
  const wanted = (stake * BigInt(100 + percent) + 99n) / 100n;
  const index = stakes.findIndex((s) => s >= wanted);
  return index < 0 ? null : index;
}

/** The state after a settled bet and why auto-bet stops now (null: place the next bet). */
export function afterBet(
  plan: AutoBetPlan,
  stakes: readonly bigint[],
  state: AutoBetState,
  result: BetResult,
): { state: AutoBetState; stop: StopReason | null } {
  const placed = state.placed + 1;
  const profit = state.profit + result.win - result.stake;
  const counted = { ...state, placed, profit };
  // The player's own limits first, in the order they read them on the form.
  if (plan.stopOnProfit !== null && profit >= plan.stopOnProfit) return { state: counted, stop: 'profit' };
  if (plan.stopOnLoss !== null && -profit >= plan.stopOnLoss) return { state: counted, stop: 'loss' };
  if (result.won && plan.stopAfterWin) return { state: counted, stop: 'win' };
  if (!result.won && plan.stopAfterLoss) return { state: counted, stop: 'lose' };
  if (placed >= plan.bets) return { state: counted, stop: 'done' };

  const change = result.won ? plan.onWin : plan.onLoss;
  const stakeIndex = change.kind === 'reset' ? state.baseIndex : raisedStakeIndex(stakes, result.stake, change.percent);
  if (stakeIndex === null) return { state: counted, stop: 'stakeLimit' };
  const next = { ...counted, stakeIndex };
  if ((stakes[stakeIndex] ?? 0n) > result.balance) return { state: next, stop: 'funds' };
  return { state: next, stop: null };
}
