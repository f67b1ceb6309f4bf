import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';
import { PLAY_MONEY } from './accounts';

/**
 * The turnover meter (CASHIER.md "Withdrawal"): every inflow records a requirement (its amount
 * times the brand's percentage for its source), reduced by valid bets oldest first.
 *
 * A valid bet is a settled real-money stake: a provider round (every game, the in-house ones
 * too, goes through provider_rounds) once it is `completed`, counting its stakes less what was
 * refunded (rollbacks); cancelled rounds and play money never count. A round reduces only the
 * requirements recorded before it closed.
 *
 * The bet path never touches the meter. A reader (the withdraw page, a withdrawal) applies the
 * rounds closed since the member's cursor (`turnover_meters.applied_until`) and moves the cursor
 * with a compare-and-set in the same transaction: a second reader at once waits on that row,
 * finds the cursor moved and counts nothing twice. The cursor stays LAG behind the clock, since
 * a round closed just now may still be committing (its closed_at is its transaction's start);
 * rounds in that last stretch are counted for the answer without being written, so the meter
 * is exact to the round and the persisted part never misses a late commit.
 */
export type Inflow = {
  brandId: number;
  memberId: bigint;
  /** 'deposit', 'upline', 'adjustment', 'opening', 'bonus' … */
  source: string;
  /** The inflow's ledger key: a replay records nothing new. */
  sourceKey: string;
  amountMinor: bigint;
  /** 100 = the amount once. */
  pct: number;
};

/** Records an inflow's requirement in the caller's transaction (once per source key). */
export async function recordInflow(trx: Kysely<DB>, i: Inflow): Promise<void> {
  const required = (i.amountMinor * BigInt(i.pct)) / 100n;
  // A 0× inflow (the demo's opening balance, a correction) asks nothing: no row to carry.
  if (required <= 0n) return;
  await trx
    .insertInto('turnover_requirements')
    .values({
      brand_id: i.brandId,
      member_id: i.memberId,
      source: i.source,
      source_key: i.sourceKey,
      required_minor: required,
      remaining_minor: required,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
}

/** How far behind the database clock the persisted cursor stays (longer than any bet transaction). */
export const METER_LAG_SECONDS = 120;

type Open = { id: bigint; created_at: Date; remaining_minor: bigint; required_minor: bigint };
type Settled = { closed_at: Date; stake: bigint };

/** Takes each settled stake off the open requirements, oldest first; returns what each lost. */
function allocate(open: Open[], rounds: Settled[]): Map<bigint, bigint> {
  const left = new Map(open.map((r) => [r.id, r.remaining_minor]));
  const taken = new Map<bigint, bigint>();
  for (const round of rounds) {
    let stake = round.stake;
    for (const r of open) {
      if (stake <= 0n) break;
      // A stake settled before the inflow arrived does not count toward it.
      if (r.created_at.getTime() > round.closed_at.getTime()) break;
      const rem = left.get(r.id) ?? 0n;
      if (rem <= 0n) continue;
      const take = rem < stake ? rem : stake;
      left.set(r.id, rem - take);
      taken.set(r.id, (taken.get(r.id) ?? 0n) + take);
      stake -= take;
    }
  }
  return taken;
}

async function openRequirements(k: Kysely<DB>, memberId: bigint): Promise<Open[]> {
  return k
    .selectFrom('turnover_requirements')
    .select(['id', 'created_at', 'remaining_minor', 'required_minor'])
    .where('member_id', '=', memberId)
    .where('remaining_minor', '>', 0n)
    .orderBy('id')
    .execute();
}

async function settledRounds(k: Kysely<DB>, memberId: bigint, after: Date, upTo: Date | null): Promise<Settled[]> {
  let q = k
    .selectFrom('provider_rounds')
    .select(['closed_at', sql<bigint>`stake_total - refund_total`.as('stake')])
    .where('member_id', '=', memberId)
    .where('status', '=', 'completed')
    .where('currency', '<>', PLAY_MONEY)
    .where('closed_at', '>', after)
    .where(sql<boolean>`stake_total > refund_total`)
    .orderBy('closed_at')
    .orderBy('id');
  if (upTo) q = q.where('closed_at', '<=', upTo);
  const rows = await q.execute();
  return rows.map((r) => ({ closed_at: r.closed_at as Date, stake: BigInt(r.stake) }));
}

/**
 * Applies the member's rounds settled since the cursor up to LAG ago, in one transaction under
 * the cursor's compare-and-set (see above). Returns the cursor as it stands afterwards.
 */
export async function applySettledStakes(db: Database, memberId: bigint): Promise<Date> {
  return db.kysely.transaction().execute(async (trx) => {
    const open = await openRequirements(trx, memberId);
    const { rows } = await sql<{ cutoff: Date }>`
      SELECT date_trunc('milliseconds', now() - make_interval(secs => ${METER_LAG_SECONDS})) AS cutoff`.execute(trx);
    // Whole milliseconds, so the cursor read back into a JS Date compares equal in the claim.
    const cutoff = (rows[0] as { cutoff: Date }).cutoff;
    const meter = await trx
      .selectFrom('turnover_meters')
      .select('applied_until')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!meter) {
      // Nothing owed yet: the cursor starts at the first requirement (older rounds never count).
      const first = open[0];
      if (!first) return cutoff;
      await trx
        .insertInto('turnover_meters')
        .values({ member_id: memberId, applied_until: new Date(first.created_at.getTime() - 1) })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
      return applyFrom(trx, memberId, new Date(first.created_at.getTime() - 1), cutoff, open);
    }
    return applyFrom(trx, memberId, meter.applied_until, cutoff, open);
  });
}

async function applyFrom(trx: Kysely<DB>, memberId: bigint, from: Date, cutoff: Date, open: Open[]): Promise<Date> {
  if (cutoff.getTime() <= from.getTime()) return from;
  // The claim: the row lock it takes makes a concurrent reader wait, then miss, then re-read.
  const claimed = await trx
    .updateTable('turnover_meters')
    .set({ applied_until: cutoff })
    .where('member_id', '=', memberId)
    .where('applied_until', '=', from)
    .returning('applied_until')
    .executeTakeFirst();
  if (!claimed) {
    const now = await trx
      .selectFrom('turnover_meters')
      .select('applied_until')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return now?.applied_until ?? from;
  }
  if (open.length === 0) return cutoff;
  const rounds = await settledRounds(trx, memberId, from, cutoff);
  for (const [id, take] of allocate(open, rounds)) {
    await trx
      .updateTable('turnover_requirements')
      .set({ remaining_minor: sql<bigint>`GREATEST(remaining_minor - ${take}, 0)` })
      .where('id', '=', id)
      .execute();
  }
  return cutoff;
}

/**
 * What the member still has to wager (0 when nothing): the requirements after applying the
 * settled stakes, less the stakes of rounds closed within the last LAG (counted, not written).
 */
export async function turnoverRemaining(db: Database, memberId: bigint): Promise<bigint> {
  return (await turnoverMeter(db, memberId)).remaining;
}

/**
 * The meter as the withdraw page draws it: what is still to wager, and the whole of the
 * requirements not yet met (so the bar shows how far along the player is).
 */
export async function turnoverMeter(db: Database, memberId: bigint): Promise<{ remaining: bigint; required: bigint }> {
  const cursor = await applySettledStakes(db, memberId);
  const open = await openRequirements(db.kysely, memberId);
  if (open.length === 0) return { remaining: 0n, required: 0n };
  const recent = await settledRounds(db.kysely, memberId, cursor, null);
  const taken = allocate(open, recent);
  let remaining = 0n;
  let required = 0n;
  for (const r of open) {
    remaining += r.remaining_minor - (taken.get(r.id) ?? 0n);
    required += r.required_minor;
  }
  return { remaining, required };
}
