import { ERRORS, type ErrorCode, fromMinor, INHOUSE_VENDOR, toMinor } from '@khela/contract';
import type { Database } from '../../../platform/db';
import * as provider from '../../provider/service';
import { brandMoneyOf, type CrashBet } from './repo';

/**
 * Crash money, only through the seamless-wallet service (vendor JL), like the slot: each bet is
 * its own provider round (`crash-<round no>-<member>-<slot>`), its stake the round's bet, its
 * win the closing win (zero for a lost bet), a void round's stakes refunded by keyed rollbacks.
 * Every transaction id is derived from the bet, so a retry or a second process repeating a step
 * replays it instead of moving money twice.
 */

export const CRASH_GAME = 'crash';

export type Wallet = { call: provider.CallContext; decimals: number };

/** The brand's JL vendor and money format; null when the brand has no in-house vendor. */
export async function walletOf(db: Database, brandId: number): Promise<Wallet | null> {
  const money = await brandMoneyOf(db, brandId);
  if (!money) return null;
  const call = await provider.inProcessCall({ db, brandId, brand: money }, INHOUSE_VENDOR);
  return call ? { call, decimals: money.currencyDecimals } : null;
}

export const providerRoundOf = (roundNo: number, memberId: bigint, slot: number) =>
  `crash-${roundNo}-${memberId}-${slot}`;
const betTx = (bet: Pick<CrashBet, 'providerRound'>) => `${bet.providerRound}:bet`;

export type Outcome = { ok: true; balance: bigint } | { ok: false; code: ErrorCode };

/** Reads a provider answer: the balance after it, or its error code. */
export function outcomeOf(answer: provider.Answer, decimals: number): Outcome {
  const body = JSON.parse(answer.body) as { success: boolean; code: string; value: { balance?: string } | null };
  const balance = body.success && body.value?.balance ? toMinor(body.value.balance, decimals) : null;
  if (balance !== null) return { ok: true, balance };
  return { ok: false, code: (body.code in ERRORS ? body.code : 'INTERNAL') as ErrorCode };
}

/** Debits a placed bet's stake (needs the player's live game session). */
export async function debitStake(w: Wallet, bet: CrashBet, token: string): Promise<Outcome> {
  const answer = await provider.bet(w.call, {
    txId: betTx(bet),
    playerId: bet.memberId.toString(),
    token,
    roundId: bet.providerRound,
    gameCode: CRASH_GAME,
    amount: fromMinor(bet.stake, w.decimals),
    currency: bet.currency,
    roundClosed: false,
  });
  return outcomeOf(answer, w.decimals);
}

/** Credits a decided bet's win (0 for a lost bet) and closes its provider round. */
export async function creditWin(w: Wallet, bet: CrashBet): Promise<Outcome> {
  const answer = await provider.win(w.call, {
    txId: `${bet.providerRound}:win`,
    playerId: bet.memberId.toString(),
    roundId: bet.providerRound,
    gameCode: CRASH_GAME,
    amount: fromMinor(bet.win ?? 0n, w.decimals),
    currency: bet.currency,
    roundClosed: true,
  });
  return outcomeOf(answer, w.decimals);
}

/**
 * Refunds the stake of a bet of a void round: the provider's rollback of the bet transaction,
 * keyed `<provider round>:void`, so it refunds once however often it runs.
 */
export async function refundStake(w: Wallet, bet: CrashBet): Promise<Outcome> {
  const answer = await provider.rollback(w.call, {
    txId: `${bet.providerRound}:void`,
    playerId: bet.memberId.toString(),
    roundId: bet.providerRound,
    refTxId: betTx(bet),
    gameCode: CRASH_GAME,
    currency: bet.currency,
  });
  return outcomeOf(answer, w.decimals);
}

/**
 * Refusals that mean no money can move for this bet any more, so it counts as settled: its
 * stake never arrived (the process died between storing the bet and debiting it), or the
 * provider round was already closed or rolled back by an earlier run of the same step.
 */
export const FINAL_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'ROUND_NOT_FOUND',
  'ROUND_CLOSED',
  'BET_ROLLED_BACK',
  'ROLLBACK_AFTER_WIN',
  'INVALID_REFERENCE',
]);
