import type { ProviderRollbackRequest } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/schema';
import { fingerprintOf, post } from '../wallet/service';
import { type Answer, type CallContext, minorOf, scopeOf } from './answers';
import { type Claim, movement, noMoney, refuse, run, type Settled } from './money-call';
import { type Player, playerOf } from './player';
import * as repo from './repo';

/** A rollback's fingerprint: what makes the same txId a replay rather than a duplicate. */
export function rollbackFingerprint(req: {
  playerId: string;
  roundId: string;
  refTxId: string;
  amount?: string;
  gameCode?: string;
}) {
  return fingerprintOf({
    kind: 'rollback',
    player: req.playerId,
    round: req.roundId,
    ref: req.refTxId,
    amount: req.amount,
    game: req.gameCode,
  });
}

export type RollbackClaim = Claim & { refTxId: string };

/** The claim of a rollback of bet `refTxId`. */
export function rollbackClaim(txId: string, roundId: string, refTxId: string, fingerprint: string): RollbackClaim {
  return { txId, kind: 'rollback', roundId, amount: 0n, refTxId, fingerprint };
}

/**
 * Reverses a bet inside the caller's transaction. The bet's STORED amount is refunded, whatever
 * the request says. An unknown bet is not an error: nothing moves and a tombstone keeps its id,
 * so a bet arriving late with that id is refused. A round with a win refuses rollbacks.
 */
export async function rollbackIn(
  trx: Kysely<DB>,
  ctx: CallContext,
  player: Player,
  claimId: bigint,
  r: RollbackClaim,
  closedBy: 'provider' | 'resolver',
): Promise<Settled> {
  const scope = scopeOf(ctx);
  let bet = await repo.storedTx(trx, scope, r.refTxId);
  if (!bet) {
    const tomb = await repo.insertTx(trx, scope, {
      tx_id: r.refTxId,
      kind: 'tombstone',
      member_id: player.memberId,
      round_id: r.roundId,
      ref_tx_id: r.txId,
      fingerprint: '',
      outcome: 'ok',
      http_status: 200,
      response: '',
    });
    if (tomb !== null) return noMoney(trx, ctx, player, claimId, r.txId);
    // A bet with that id committed while we looked: reverse it.
    bet = await repo.storedTx(trx, scope, r.refTxId);
    if (!bet) throw new Error(`provider transaction ${r.refTxId} vanished`);
  }
  if (bet.member_id !== player.memberId || bet.round_id !== r.roundId) return refuse(trx, claimId, 'INVALID_REFERENCE');
  // Already tombstoned by another rollback, or a bet that was refused: nothing to reverse.
  if (bet.kind === 'tombstone' || (bet.kind === 'bet' && bet.outcome !== 'ok'))
    return noMoney(trx, ctx, player, claimId, r.txId);
  if (bet.kind !== 'bet') return refuse(trx, claimId, 'INVALID_REFERENCE');

  const round = await repo.lockRound(trx, scope, r.roundId);
  if (!round) throw new Error(`round ${r.roundId} of bet ${r.refTxId} is missing`);
  if (round.win_count > 0) return refuse(trx, claimId, 'ROLLBACK_AFTER_WIN');
  const reversed = await repo.markRolledBack(trx, bet.id, r.txId);
  // Another rollback reversed it already: answer success, move nothing.
  if (!reversed) return noMoney(trx, ctx, player, claimId, r.txId);
  const amount = reversed.amount;
  await repo.refundOnRound(trx, round.id, amount, closedBy);
  await repo.setTxAmount(trx, claimId, amount);
  const m = movement(ctx, player, r, amount, `${ctx.vendor.code} rollback`);
  return { type: 'posted', claimId, txId: r.txId, posted: await post(ctx.db, m, trx) };
}

/** Reverses a bet by its stored amount (accepted after the game session expired). */
export async function rollback(ctx: CallContext, req: ProviderRollbackRequest): Promise<Answer> {
  if (req.amount !== undefined) minorOf(ctx, req.amount);
  const player = await playerOf(ctx, req.playerId, req.currency);
  const c = rollbackClaim(req.txId, req.roundId, req.refTxId, rollbackFingerprint(req));
  return run(ctx, player, c, (trx, claimId) => rollbackIn(trx, ctx, player, claimId, c, 'provider'));
}
