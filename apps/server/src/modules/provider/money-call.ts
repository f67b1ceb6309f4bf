import type { ErrorCode } from '@khela/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import {
  balanceAfter,
  currentBalance,
  fingerprintOf,
  isOutOfRange,
  type Movement,
  outOfRange,
  type Posted,
  publishPosted,
} from '../wallet/service';
import { type Answer, type CallContext, ledgerKey, money, okAnswer, refusal, scopeOf } from './answers';
import { type HeldWinAlert, publishHeldWin } from './events';
import { type Player, playerOf } from './player';
import * as repo from './repo';

/**
 * How a money call (bet, win, rollback) runs (MONEY.md "Seamless-wallet rules"): in one
 * transaction on one connection, the provider's transaction id is claimed first (a concurrent
 * replay waits on that claim and then answers the first call's response), the round row is
 * locked next (a win and a rollback on one round cannot both pass), and the wallet's conditional
 * update is the last statement before commit. The answer's bytes are stored, so a replay gets
 * exactly the first answer; refusals are stored too.
 */

export type Claim = {
  txId: string;
  kind: 'bet' | 'win' | 'rollback';
  roundId: string;
  amount: bigint;
  refTxId?: string;
  fingerprint: string;
};

/** What a call's transaction ended with; money answers are written just after the commit. */
export type Settled =
  | { type: 'replay'; row: repo.TxRow }
  | { type: 'answered'; answer: Answer }
  | { type: 'posted'; claimId: bigint; txId: string; posted: Posted }
  /** A win held over the brand's caps: answered like any win, staff alerted after the commit. */
  | { type: 'held'; answer: Answer; alert: HeldWinAlert };

const balanceAnswer = (ctx: CallContext, player: Player, txId: string, minor: bigint) =>
  okAnswer({ txId, playerId: player.playerId, currency: player.currency, balance: money(ctx, minor) });

/**
 * The answer to a call whose id is already taken: the first answer byte for byte when the
 * request is the same, a duplicate error (nothing posted) when it is not. A bet whose id a
 * rollback named first (a tombstone) is refused.
 */
async function replayOf(ctx: CallContext, row: repo.TxRow, c: Claim, player: Player): Promise<Answer> {
  if (row.kind === 'tombstone') return refusal(c.kind === 'bet' ? 'BET_ROLLED_BACK' : 'DUPLICATE_TRANSACTION');
  if (row.kind !== c.kind || row.fingerprint !== c.fingerprint) return refusal('DUPLICATE_TRANSACTION');
  if (row.response !== null) return { status: row.http_status, body: row.response };
  // The money committed but its answer is not written yet (the first call is finishing, or its
  // process died right after the commit): the same bytes, rendered from the ledger.
  const balance = await balanceAfter(ctx.db, ctx.brandId, ledgerKey(ctx.vendor.code, c.txId), player.walletId);
  if (balance === null) throw new Error(`provider transaction ${c.txId} has no posting on its wallet`);
  const answer = balanceAnswer(ctx, player, c.txId, balance);
  await repo.storeAnswer(ctx.db.kysely, row.id, answer, 'ok');
  return answer;
}

/** The row of a claim, as a new provider transaction (its answer is stored when it is known). */
function newTx(player: Player, c: Claim): repo.NewTx {
  return {
    tx_id: c.txId,
    kind: c.kind,
    member_id: player.memberId,
    round_id: c.roundId,
    amount: c.amount,
    ref_tx_id: c.refTxId ?? null,
    fingerprint: c.fingerprint,
    outcome: 'ok',
    http_status: 200,
  };
}

/** Claims the provider's transaction id; null when it is taken (after the taker committed). */
export function claim(trx: Kysely<DB>, ctx: CallContext, player: Player, c: Claim): Promise<bigint | null> {
  return repo.insertTx(trx, scopeOf(ctx), newTx(player, c));
}

/** A refusal inside the call's transaction: stored on the claim, committed, nothing posted. */
export async function refuse(trx: Kysely<DB>, claimId: bigint, code: ErrorCode): Promise<Settled> {
  const answer = refusal(code);
  await repo.storeAnswer(trx, claimId, answer, code);
  return { type: 'answered', answer };
}

/** A success that moves no money: the answer (with the balance now) is stored in the transaction. */
export async function noMoney(
  trx: Kysely<DB>,
  ctx: CallContext,
  player: Player,
  claimId: bigint,
  txId: string,
): Promise<Settled> {
  const balance = await currentBalance(ctx.db, player.walletId, trx);
  const answer = balanceAnswer(ctx, player, txId, balance);
  await repo.storeAnswer(trx, claimId, answer, 'ok');
  return { type: 'answered', answer };
}

/** The ledger movement of a call: `toPlayer` from the vendor's account to the player's wallet. */
export function movement(
  ctx: CallContext,
  player: Player,
  c: Pick<Claim, 'kind' | 'txId' | 'roundId' | 'fingerprint'>,
  toPlayer: bigint,
  memo: string,
): Movement {
  return {
    brandId: ctx.brandId,
    key: ledgerKey(ctx.vendor.code, c.txId),
    kind: c.kind,
    fingerprint: c.fingerprint,
    memberId: player.memberId,
    roundId: c.roundId,
    memo,
    legs: [
      { accountId: player.walletId, amount: toPlayer },
      { accountId: player.providerAccount, amount: -toPlayer },
    ],
  };
}

/** After the commit: publish the balance and write the answer the replays will return. */
export async function finish(ctx: CallContext, player: Player, s: Settled, c: Claim): Promise<Answer> {
  if (s.type === 'answered') return s.answer;
  if (s.type === 'held') {
    publishHeldWin(ctx.db, s.alert);
    return s.answer;
  }
  if (s.type === 'replay') return replayOf(ctx, s.row, c, player);
  await publishPosted(ctx.db, ctx.brandId, s.posted);
  const answer = balanceAnswer(ctx, player, s.txId, s.posted.balances.get(player.walletId) ?? 0n);
  await repo.storeAnswer(ctx.db.kysely, s.claimId, answer, 'ok');
  return answer;
}

/**
 * Runs one money call: replay check, then its transaction, then the answer. A wallet that
 * would go negative rolls the transaction back; the refusal is then stored on its own.
 */
export async function run(
  ctx: CallContext,
  player: Player,
  c: Claim,
  body: (trx: Kysely<DB>, claimId: bigint) => Promise<Settled>,
  beforeFirst?: () => Promise<void>,
): Promise<Answer> {
  const scope = scopeOf(ctx);
  const known = await repo.storedTx(ctx.db.kysely, scope, c.txId);
  if (known) return replayOf(ctx, known, c, player);
  // Checks that only a first call needs (a replay answers as the first call did).
  await beforeFirst?.();
  let settled: Settled;
  try {
    settled = await ctx.db.kysely.transaction().execute(async (trx) => {
      const claimId = await claim(trx, ctx, player, c);
      if (claimId === null) {
        const row = await repo.storedTx(trx, scope, c.txId);
        if (!row) throw new Error(`provider transaction ${c.txId} vanished`);
        return { type: 'replay', row } as const;
      }
      return body(trx, claimId);
    });
  } catch (err) {
    // A round's totals going past a bigint: bad input like an amount the ledger cannot hold.
    if (isOutOfRange(err)) throw outOfRange();
    if (!(err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
    const answer = refusal('INSUFFICIENT_FUNDS');
    const stored = await repo.insertTx(ctx.db.kysely, scope, {
      ...newTx(player, c),
      outcome: 'INSUFFICIENT_FUNDS',
      http_status: answer.status,
      response: answer.body,
    });
    if (stored !== null) return answer;
    const row = await repo.storedTx(ctx.db.kysely, scope, c.txId);
    if (!row) throw err;
    return replayOf(ctx, row, c, player);
  }
  return finish(ctx, player, settled, c);
}

/**
 * A bet's or a win's claim: its fingerprint (what makes the same txId a replay rather than a
 * duplicate) over player, round, game, amount, currency and whether it closes the round, and
 * the player it moves money for.
 */
export async function stakeClaimOf(
  ctx: CallContext,
  kind: 'bet' | 'win',
  req: { txId: string; playerId: string; roundId: string; gameCode: string; currency: string },
  amount: bigint,
  closes: boolean,
): Promise<{ player: Player; claim: Claim }> {
  const fingerprint = fingerprintOf({
    kind,
    player: req.playerId,
    round: req.roundId,
    game: req.gameCode,
    amount,
    currency: req.currency,
    closes: String(closes),
  });
  const player = await playerOf(ctx, req.playerId, req.currency);
  return { player, claim: { txId: req.txId, kind, roundId: req.roundId, amount, fingerprint } };
}

/** The ledger memo of a bet or win: the vendor and the game. */
export function memoOf(ctx: CallContext, gameCode: string | undefined) {
  return `${ctx.vendor.code} ${gameCode ?? ''}`.trim();
}
