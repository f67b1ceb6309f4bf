import { BACK_OFFICE_TIME_ZONE, type CashierDirection, type CashierState } from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';
import type { RequestRow } from '../cashier/views';

/** The finance desk's SQL: plain functions over `db | trx`. */

type Db = Database | Kysely<DB> | Transaction<DB>;
const k = (db: Db): Kysely<DB> => ('kysely' in db ? db.kysely : db);
const ZONE = BACK_OFFICE_TIME_ZONE;

/** The states each queue shows unless one is asked for (contract QueueQuery). */
export const QUEUE_STATES: Record<CashierDirection, readonly CashierState[]> = {
  deposit: ['submitted', 'under_review'],
  withdraw: ['under_review', 'approved', 'paying', 'failed'],
};

/** States are the contract's identifiers, checked before they reach here: written as literals so the open-queue index applies. */
const stateList = (states: readonly CashierState[]) =>
  sql.join(
    states.map((s) => sql.lit(s)),
    sql`, `,
  );

/**
 * One page of a queue, oldest first, after the request `after` (keyset: the created time and id
 * of the last row seen, so a deep page costs what the first does).
 */
export async function queuePage(
  db: Db,
  brandId: number,
  type: CashierDirection,
  states: readonly CashierState[],
  after: bigint | null,
  limit: number,
): Promise<RequestRow[]> {
  const { rows } = await sql<RequestRow>`
    SELECT r.* FROM cashier_requests r
     WHERE r.brand_id = ${brandId} AND r.type = ${type} AND r.state IN (${stateList(states)})
       AND (${after}::bigint IS NULL OR (r.created_at, r.id) >
            (SELECT a.created_at, a.id FROM cashier_requests a WHERE a.id = ${after} AND a.brand_id = ${brandId}))
     ORDER BY r.created_at, r.id
     LIMIT ${limit}`.execute(k(db));
  return rows;
}

/** How many wait in a queue and since when. */
export async function queueSize(db: Db, brandId: number, type: CashierDirection, states: readonly CashierState[]) {
  const { rows } = await sql<{ n: bigint | string; oldest: Date | null }>`
    SELECT count(*) AS n, min(created_at) AS oldest FROM cashier_requests
     WHERE brand_id = ${brandId} AND type = ${type} AND state IN (${stateList(states)})`.execute(k(db));
  return { total: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

export function requestOf(db: Db, brandId: number, id: bigint) {
  return k(db)
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
}

/** A member's requests, newest first, before the id `before`. */
export function memberRequests(db: Db, brandId: number, memberId: bigint, before: bigint | null, limit: number) {
  let q = k(db)
    .selectFrom('cashier_requests')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId);
  if (before !== null) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export function methodsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return k(db).selectFrom('cashier_methods').selectAll().where('id', 'in', ids).execute();
}

export function accountsOf(db: Db, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return k(db)
    .selectFrom('payout_accounts')
    .select(['id', 'account_number', 'payee_name'])
    .where('id', 'in', ids)
    .execute();
}

export function membersOf(db: Db, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return k(db).selectFrom('members').select(['id', 'account']).where('id', 'in', ids).execute();
}

export function staffNames(db: Db, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return k(db).selectFrom('staff').select(['id', 'username']).where('id', 'in', ids).execute();
}

export function eventsOf(db: Db, requestId: bigint) {
  return k(db)
    .selectFrom('cashier_request_events')
    .select(['state', 'actor', 'note', 'at'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
}

/** What a player's last 30 days brought in, took out and played, and the turnover still asked. */
export async function playerFigures(db: Db, brandId: number, memberId: bigint, currency: string) {
  const { rows } = await sql<{
    deposits: string | null;
    withdrawals: string | null;
    stakes: string | null;
    wins: string | null;
    turnover: string | null;
  }>`
    SELECT
      (SELECT sum(amount_minor) FROM cashier_requests
        WHERE brand_id = ${brandId} AND member_id = ${memberId} AND type = 'deposit' AND state = 'credited'
          AND created_at > now() - interval '30 days') AS deposits,
      (SELECT sum(amount_minor) FROM cashier_requests
        WHERE brand_id = ${brandId} AND member_id = ${memberId} AND type = 'withdraw' AND state = 'paid'
          AND created_at > now() - interval '30 days') AS withdrawals,
      (SELECT sum(CASE WHEN t.kind IN ('bet', 'rollback') THEN -p.amount ELSE 0 END)
         FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE t.brand_id = ${brandId} AND t.member_id = ${memberId} AND a.member_id = ${memberId}
          AND a.currency = ${currency} AND t.kind IN ('bet', 'rollback')
          AND t.created_at > now() - interval '30 days') AS stakes,
      (SELECT sum(p.amount)
         FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE t.brand_id = ${brandId} AND t.member_id = ${memberId} AND a.member_id = ${memberId}
          AND a.currency = ${currency} AND t.kind IN ('win', 'release')
          AND t.created_at > now() - interval '30 days') AS wins,
      (SELECT sum(remaining_minor) FROM turnover_requirements
        WHERE brand_id = ${brandId} AND member_id = ${memberId} AND remaining_minor > 0) AS turnover`.execute(k(db));
  const r = rows[0];
  const n = (v: string | null | undefined) => BigInt(v ?? 0);
  return {
    deposits: n(r?.deposits),
    withdrawals: n(r?.withdrawals),
    stakes: n(r?.stakes),
    wins: n(r?.wins),
    turnover: n(r?.turnover),
  };
}

export type TotalsRecord = {
  day: string;
  method_id: number | null;
  type: CashierDirection;
  n: string;
  amount: string;
  fees: string;
};

/**
 * Credited deposits and paid withdrawals per day (in the back office's time zone) and method:
 * a deposit counts on the day it was credited (decided or last changed), a withdrawal on the day
 * it was paid.
 */
export async function totals(db: Db, brandId: number, from: string, to: string): Promise<TotalsRecord[]> {
  const { rows } = await sql<TotalsRecord>`
    WITH done AS (
      SELECT method_id, type, amount_minor, fee_minor,
             CASE WHEN type = 'withdraw' THEN coalesce(paid_at, updated_at)
                  ELSE coalesce(decided_at, updated_at) END AS at
        FROM cashier_requests
       WHERE brand_id = ${brandId}
         AND ((type = 'deposit' AND state = 'credited') OR (type = 'withdraw' AND state = 'paid'))
    )
    SELECT to_char((at AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, method_id, type,
           count(*)::text AS n, sum(amount_minor)::text AS amount, sum(fee_minor)::text AS fees
      FROM done
     WHERE at >= (${from}::date::timestamp AT TIME ZONE ${ZONE})
       AND at < ((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})
     GROUP BY 1, 2, 3
     ORDER BY 1, 3, 2`.execute(k(db));
  return rows;
}

/** A method's requests of one UTC day (the provider's records are by UTC day, adapter.ts `records`). */
export async function dayRequests(db: Db, brandId: number, methodId: number, day: string) {
  const { rows } = await sql<RequestRow>`
    SELECT * FROM cashier_requests
     WHERE brand_id = ${brandId} AND method_id = ${methodId}
       AND created_at >= (${day}::date::timestamp AT TIME ZONE 'UTC')
       AND created_at < ((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')
     ORDER BY id`.execute(k(db));
  return rows;
}

/** Requests of other days the provider's records of this day name (a deposit paid after midnight). */
export function requestsByIds(db: Db, brandId: number, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([] as RequestRow[]);
  return k(db)
    .selectFrom('cashier_requests')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('id', 'in', ids)
    .execute();
}

/** Today's money in and out and its fees (the dashboard), in the back office's day. */
export async function today(db: Db, brandId: number) {
  const { rows } = await sql<{ deposits: string; dn: string; withdrawals: string; wn: string; fees: string }>`
    WITH span AS (SELECT ((now() AT TIME ZONE ${ZONE})::date::timestamp AT TIME ZONE ${ZONE}) AS lo),
    done AS (
      SELECT type, amount_minor, fee_minor FROM cashier_requests, span
       WHERE brand_id = ${brandId}
         AND ((type = 'deposit' AND state = 'credited' AND coalesce(decided_at, updated_at) >= span.lo)
           OR (type = 'withdraw' AND state = 'paid' AND coalesce(paid_at, updated_at) >= span.lo))
    )
    SELECT coalesce(sum(amount_minor) FILTER (WHERE type = 'deposit'), 0)::text AS deposits,
           count(*) FILTER (WHERE type = 'deposit')::text AS dn,
           coalesce(sum(amount_minor) FILTER (WHERE type = 'withdraw'), 0)::text AS withdrawals,
           count(*) FILTER (WHERE type = 'withdraw')::text AS wn,
           coalesce(sum(fee_minor), 0)::text AS fees
      FROM done`.execute(k(db));
  const r = rows[0];
  return {
    deposits: BigInt(r?.deposits ?? 0),
    depositCount: Number(r?.dn ?? 0),
    withdrawals: BigInt(r?.withdrawals ?? 0),
    withdrawalCount: Number(r?.wn ?? 0),
    fees: BigInt(r?.fees ?? 0),
  };
}

/** A case with its request's member and amount: the one shape the case list and a single case read. */
const caseBase = (db: Db, brandId: number) =>
  k(db)
    .selectFrom('cashier_cases as c')
    .innerJoin('cashier_requests as r', 'r.id', 'c.request_id')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select([
      'c.id',
      'c.request_id',
      'c.kind',
      'c.remaining_minor',
      'c.state',
      'c.note',
      'c.created_at',
      'c.closed_at',
      'r.member_id',
      'r.amount_minor',
      'm.account',
    ])
    .select(sql<boolean>`c.proof IS NOT NULL`.as('has_proof'))
    .where('c.brand_id', '=', brandId);

export function casesOf(db: Db, brandId: number, state: 'open' | 'closed', limit: number) {
  return caseBase(db, brandId)
    .where('c.state', '=', state)
    .orderBy('c.created_at', state === 'open' ? 'asc' : 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export type CaseRecord = Awaited<ReturnType<typeof casesOf>>[number];

export function caseOf(db: Db, brandId: number, id: bigint) {
  return caseBase(db, brandId).where('c.id', '=', id).executeTakeFirst();
}

export function caseProof(db: Db, brandId: number, id: bigint) {
  return k(db)
    .selectFrom('cashier_cases')
    .select(['proof', 'proof_type'])
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
}
