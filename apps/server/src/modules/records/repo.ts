import type { AdjustmentCategory, RoundStatus } from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The player's records, read only. Every query is bounded by the player's member id first, so a
 * player only ever reads their own.
 */

export type MovementFilter = {
  memberId: bigint;
  /** The player's wallet: its posting carries the signed amount and the balance after it. */
  walletId: bigint;
  start: Date;
  end: Date;
  /** A ledger_transactions.kind, or null for every kind. */
  kind: string | null;
};

/** ledger_transactions_member (member_id, created_at) narrows to the player and the range. */
function movementWhere(f: MovementFilter) {
  return sql`t.member_id = ${f.memberId} AND t.created_at >= ${f.start} AND t.created_at < ${f.end}
    AND (${f.kind}::text IS NULL OR t.kind = ${f.kind})`;
}

/** How many movements match, and the sums of their credits and debits (minor units as text). */
export async function movementSums(db: Db, f: MovementFilter) {
  const r = await sql<{ n: string; credits: string; debits: string }>`
    SELECT count(*)::text AS n,
           coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS credits,
           coalesce(sum(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS debits
      FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id AND p.account_id = ${f.walletId}
     WHERE ${movementWhere(f)}`.execute(db);
  return r.rows[0] ?? { n: '0', credits: '0', debits: '0' };
}

/** One page of movements, newest first. */
export async function movementPage(db: Db, f: MovementFilter, limit: number, offset: number) {
  const r = await sql<{
    id: bigint;
    created_at: Date;
    kind: string;
    amount: bigint;
    balance_after: bigint | null;
    round_id: string | null;
    memo: string;
    category: AdjustmentCategory | null;
  }>`
    SELECT t.id, t.created_at, t.kind, p.amount, p.balance_after, t.round_id, t.memo, ba.category
      FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id AND p.account_id = ${f.walletId}
      LEFT JOIN balance_adjustments ba ON ba.tx_id = t.id
     WHERE ${movementWhere(f)}
     ORDER BY t.created_at DESC, t.id DESC
     LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return r.rows;
}

export type RoundFilter = {
  memberId: bigint;
  brandId: number;
  currency: string;
  start: Date;
  end: Date;
  vendor?: string | undefined;
  gameCode?: string | undefined;
  status?: RoundStatus | null;
};

/** Round totals in minor units as text: staked before refunds, won, refunded. */
export type TotalsRow = { rounds: string; stake: string; win: string; refund: string; staked: string };

const TOTALS = sql`count(*)::text AS rounds,
  coalesce(sum(stake_total), 0)::text AS staked,
  coalesce(sum(win_total), 0)::text AS win,
  coalesce(sum(refund_total), 0)::text AS refund`;

function roundWhere(f: RoundFilter) {
  const status = f.status ?? null;
  return sql`member_id = ${f.memberId} AND brand_id = ${f.brandId} AND currency = ${f.currency}
    AND opened_at >= ${f.start} AND opened_at < ${f.end}
    AND (${f.vendor ?? null}::text IS NULL OR vendor = ${f.vendor ?? null})
    AND (${f.gameCode ?? null}::text IS NULL OR game_code = ${f.gameCode ?? null})
    AND (${status}::text IS NULL OR status = ${status})`;
}

export async function roundTotals(db: Db, f: RoundFilter): Promise<TotalsRow | undefined> {
  const r = await sql<TotalsRow>`SELECT ${TOTALS} FROM provider_rounds WHERE ${roundWhere(f)}`.execute(db);
  return r.rows[0];
}

/** One page of rounds, newest first, each with the catalog's name of its game in `language`. */
export async function roundPage(
  db: Db,
  f: RoundFilter,
  names: { language: string; brandLanguage: string },
  limit: number,
  offset: number,
) {
  const r = await sql<{
    vendor: string;
    game_code: string;
    game_name: string | null;
    round_id: string;
    stake_total: bigint;
    win_total: bigint;
    refund_total: bigint;
    status: RoundStatus;
    opened_at: Date;
    closed_at: Date | null;
  }>`
    SELECT r.vendor, r.game_code, r.round_id, r.stake_total, r.win_total, r.refund_total, r.status, r.opened_at,
           r.closed_at,
           -- the catalog's name of the game, in the asked language, else the brand's, else any
           (SELECT coalesce(g.names ->> ${names.language}, g.names ->> ${names.brandLanguage}, g.names ->> 'en')
              FROM games g JOIN vendors v ON v.id = g.vendor_id
             WHERE g.brand_id = r.brand_id AND v.vassalage = r.vendor AND g.code = r.game_code
             LIMIT 1) AS game_name
      FROM provider_rounds r WHERE ${roundWhere(f)}
     ORDER BY r.opened_at DESC, r.id DESC
     LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return r.rows;
}

/**
 * Round totals grouped by vendor (biggest stake first) or by day in the player's offset from
 * UTC (newest first).
 */
export async function roundTotalsBy(
  db: Db,
  f: RoundFilter,
  groupBy: 'vendor' | 'day',
  utcOffsetMinutes: number,
): Promise<(TotalsRow & { key: string })[]> {
  const key =
    groupBy === 'vendor'
      ? sql`vendor`
      : sql`to_char((opened_at AT TIME ZONE 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int), 'YYYY-MM-DD')`;
  const order = groupBy === 'vendor' ? sql`sum(stake_total) DESC, 1` : sql`1 DESC`;
  const r = await sql<TotalsRow & { key: string }>`
    SELECT ${key} AS key, ${TOTALS} FROM provider_rounds WHERE ${roundWhere(f)} GROUP BY 1 ORDER BY ${order}`.execute(
    db,
  );
  return r.rows;
}
