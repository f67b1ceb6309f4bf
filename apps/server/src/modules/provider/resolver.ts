import type { Database } from '../../platform/db';
import type { CallContext } from './answers';
import { claim, finish, type Settled } from './money-call';
import { playerOfRound } from './player';
import * as repo from './repo';
import { type RollbackClaim, rollbackClaim, rollbackFingerprint, rollbackIn } from './rollback';

/** Rounds completed and cancelled, bets refunded, and rounds that failed (retried next run). */
export type Resolved = { completed: number; cancelled: number; refunds: number; failed: number };

export type ResolveOptions = {
  /** A round untouched for this long is stale (PROVIDER_ROUND_TIMEOUT_SECONDS). */
  delaySeconds: number;
  /** At most this many rounds per run; the rest wait for the next run. */
  limit?: number;
  /** Told about each round that could not be resolved (the others go on). */
  onError?: (err: unknown, roundId: string) => void;
};

/**
 * The resolver: closes rounds left open longer than `delaySeconds`. A round with a win is
 * completed; a round with only bets has each live bet rolled back through the same idempotent
 * path (transaction id `resolver:<round>:<bet>`) and is cancelled. Each round is handled in a
 * transaction holding its row lock, taken with SKIP LOCKED: several processes running the
 * resolver at once never handle one round twice, and the keyed rollbacks could not pay twice
 * anyway — so a run may be repeated or overlap another safely.
 */
export async function resolveStaleRounds(db: Database, opts: ResolveOptions): Promise<Resolved> {
  const out: Resolved = { completed: 0, cancelled: 0, refunds: 0, failed: 0 };
  for (const round of await repo.staleRounds(db, opts.delaySeconds, opts.limit ?? 500)) {
    try {
      await resolveOne(db, round, opts.delaySeconds, out);
    } catch (err) {
      // One broken round must not hold up the others behind it.
      out.failed++;
      opts.onError?.(err, round.round_id);
    }
  }
  return out;
}

/** The context of a stale round's calls: its brand and vendor (disabled or not: its rounds still close). */
async function contextOf(db: Database, round: repo.StaleRound): Promise<CallContext> {
  const brand = await repo.brandMoney(db, round.brand_id);
  const vendor = await repo.vendorWallets(db, round.brand_id, round.vendor);
  return {
    db,
    brandId: round.brand_id,
    brand: { currency: brand.currency, currencyDecimals: brand.currency_decimals },
    vendor: {
      brandId: round.brand_id,
      code: round.vendor,
      name: vendor?.name ?? round.vendor,
      secret: '',
      wallets: vendor?.wallets ?? 'both',
      caps: { ratio: brand.provider_win_ratio_cap, amount: brand.provider_win_amount_cap },
    },
  };
}

async function resolveOne(db: Database, round: repo.StaleRound, delaySeconds: number, out: Resolved) {
  const ctx = await contextOf(db, round);
  // Looked up before the transaction because PGlite has one connection.
  const player = await playerOfRound(ctx, round);
  const scope = { brandId: round.brand_id, vendor: round.vendor };
  const settled = await db.kysely.transaction().execute(async (trx) => {
    const locked = await repo.lockStaleRound(trx, round.id, delaySeconds);
    if (!locked) return null;
    if (locked.win_count > 0) {
      await repo.closeRoundByResolver(trx, locked.id, 'completed');
      return { status: 'completed' as const, refunds: [] };
    }
    const refunds: { settled: Settled; claim: RollbackClaim }[] = [];
    for (const betTxId of await repo.liveBetsOfRound(trx, scope, round.round_id)) {
      const fingerprint = rollbackFingerprint({ playerId: player.playerId, roundId: round.round_id, refTxId: betTxId });
      const c = rollbackClaim(`resolver:${round.round_id}:${betTxId}`, round.round_id, betTxId, fingerprint);
      const claimId = await claim(trx, ctx, player, c);
      if (claimId === null) continue;
      refunds.push({ claim: c, settled: await rollbackIn(trx, ctx, player, claimId, c, 'resolver') });
    }
    await repo.closeRoundByResolver(trx, locked.id, 'cancelled');
    return { status: 'cancelled' as const, refunds };
  });
  if (!settled) return;
  out[settled.status]++;
  for (const r of settled.refunds) {
    await finish(ctx, player, r.settled, r.claim);
    if (r.settled.type === 'posted') out.refunds++;
  }
}
