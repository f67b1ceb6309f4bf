import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

type Db = Database | Kysely<DB>;
const k = (db: Db): Kysely<DB> => ('kysely' in db ? db.kysely : db);

/** A held win with its player's account and the decision waiting for approval, if any. */
function listing(db: Db) {
  return k(db)
    .selectFrom('provider_held_wins as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .leftJoin('held_win_requests as r', (j) => j.onRef('r.held_win_id', '=', 'w.id').on('r.status', '=', 'pending'))
    .leftJoin('staff as s', 's.id', 'r.requested_by')
    .select([
      'w.id',
      'w.vendor',
      'w.tx_id',
      'w.member_id',
      'm.account',
      'w.round_id',
      'w.game_code',
      'w.currency',
      'w.amount',
      'w.stake_total',
      'w.reason',
      'w.status',
      'w.held_at',
      'w.decided_at',
      'w.decided_by',
      'w.decision_note',
      'r.id as request_id',
      'r.decision as request_decision',
      'r.reason as request_reason',
      'r.requested_by',
      'r.requested_at',
      's.username as requested_by_name',
    ]);
}

export type HeldWinListed = Awaited<ReturnType<typeof heldWin>> & object;

export function heldWin(db: Db, brandId: number, id: bigint) {
  return listing(db).where('w.brand_id', '=', brandId).where('w.id', '=', id).executeTakeFirst();
}

/** Waiting wins oldest first (keyset on a larger id); decided ones newest first (a smaller id). */
export function heldWins(
  db: Db,
  brandId: number,
  q: { status: 'held' | 'released' | 'voided'; awaitingApproval: boolean; after?: number; limit: number },
) {
  let query = listing(db).where('w.brand_id', '=', brandId).where('w.status', '=', q.status);
  if (q.awaitingApproval) query = query.where('r.id', 'is not', null);
  const waiting = q.status === 'held';
  if (q.after !== undefined) query = query.where('w.id', waiting ? '>' : '<', BigInt(q.after));
  return query
    .orderBy('w.id', waiting ? 'asc' : 'desc')
    .limit(q.limit)
    .execute();
}

/** The brand's waiting wins, and of them those with a decision waiting for approval. */
export async function counts(db: Db, brandId: number) {
  const row = await k(db)
    .selectFrom('provider_held_wins as w')
    .leftJoin('held_win_requests as r', (j) => j.onRef('r.held_win_id', '=', 'w.id').on('r.status', '=', 'pending'))
    .select([(eb) => eb.fn.countAll<string>().as('held'), (eb) => eb.fn.count<string>('r.id').as('awaiting')])
    .where('w.brand_id', '=', brandId)
    .where('w.status', '=', 'held')
    .executeTakeFirst();
  return { held: Number(row?.held ?? 0), awaitingApproval: Number(row?.awaiting ?? 0) };
}

/** The brand's four-eyes threshold in minor units (brands.adjust_four_eyes_minor). */
export async function fourEyesThreshold(db: Db, brandId: number): Promise<bigint> {
  const row = await k(db)
    .selectFrom('brands')
    .select('adjust_four_eyes_minor')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return BigInt(row.adjust_four_eyes_minor);
}

/** Opens the win's waiting decision; undefined when one is already open (a second click, a race). */
export function insertRequest(
  db: Db,
  r: { brandId: number; heldWinId: bigint; decision: 'release' | 'void'; reason: string; staffId: bigint },
) {
  return k(db)
    .insertInto('held_win_requests')
    .values({
      brand_id: r.brandId,
      held_win_id: r.heldWinId,
      decision: r.decision,
      reason: r.reason,
      requested_by: r.staffId,
    })
    .onConflict((oc) => oc.column('held_win_id').where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * Claims the open request with a conditional update: of two approvals at once, exactly one gets
 * the row. `requesterMay` false keeps the requester from approving their own.
 */
export function claimRequest(
  db: Db,
  c: {
    brandId: number;
    id: bigint;
    staffId: bigint;
    to: 'approved' | 'declined';
    reason: string | null;
    requesterMay: boolean;
  },
) {
  let q = k(db)
    .updateTable('held_win_requests')
    .set({ status: c.to, decided_by: c.staffId, decided_at: sql<Date>`now()`, decision_reason: c.reason })
    .where('brand_id', '=', c.brandId)
    .where('id', '=', c.id)
    .where('status', '=', 'pending');
  if (!c.requesterMay) q = q.where('requested_by', '<>', c.staffId);
  return q.returning(['id', 'decision', 'reason', 'requested_by']).executeTakeFirst();
}

/** Puts an approved request back to waiting: the money could not move (the approval undone). */
export async function reopenRequest(db: Db, id: bigint) {
  await k(db)
    .updateTable('held_win_requests')
    .set({ status: 'pending', decided_by: null, decided_at: null, decision_reason: null })
    .where('id', '=', id)
    .execute();
}
