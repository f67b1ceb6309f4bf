import { BACK_OFFICE_TIME_ZONE } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB>;
const ZONE = BACK_OFFICE_TIME_ZONE;
const TRIAL = 4;

/** Today in the back office's time zone, as the database's clock says ('YYYY-MM-DD'). */
export async function today(db: Db): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE ${ZONE})::date AS d`.execute(db);
  return rows[0]?.d as string;
}

export type BrandToCount = { id: number; currency: string; lastCounted: string | null; firstMoved: string | null };

/** Every brand with the last day it has figures for and the day of its first movement. */
export async function brandsToCount(db: Db): Promise<BrandToCount[]> {
  const { rows } = await sql<BrandToCount>`
    SELECT b.id, b.currency,
      (SELECT max(f.day) FROM daily_figures f WHERE f.brand_id = b.id) AS "lastCounted",
      (SELECT (min(t.created_at) AT TIME ZONE ${ZONE})::date FROM ledger_transactions t WHERE t.brand_id = b.id) AS "firstMoved"
    FROM brands b ORDER BY b.id`.execute(db);
  return rows;
}

/**
 * Counts the brand's days `from`..`to` (inclusive) again from the ledger and writes them over what
 * was there: one statement, so a day is never half counted. Stakes are what bets took from
 * players' wallets less what rollbacks gave back; wins are wins and released held wins paid into
 * them. Trial accounts' play money is another currency and never counts.
 */
export async function countDays(db: Db, brand: { id: number; currency: string }, from: string, to: string) {
  const result = await sql`
    WITH span AS (
      SELECT (${from}::date::timestamp AT TIME ZONE ${ZONE}) AS lo,
             ((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE}) AS hi
    ),
    moved AS (
      SELECT (t.created_at AT TIME ZONE ${ZONE})::date AS day,
        sum(CASE WHEN t.kind IN ('bet', 'rollback') THEN -p.amount ELSE 0 END) AS stakes,
        sum(CASE WHEN t.kind IN ('win', 'release') THEN p.amount ELSE 0 END) AS wins,
        count(*) FILTER (WHERE t.kind = 'bet') AS bets,
        count(DISTINCT t.member_id) FILTER (WHERE t.kind = 'bet') AS active
      FROM ledger_transactions t
      JOIN postings p ON p.tx_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.brand_id = ${brand.id}
        AND t.created_at >= (SELECT lo FROM span) AND t.created_at < (SELECT hi FROM span)
        AND t.kind IN ('bet', 'rollback', 'win', 'release')
        AND a.member_id IS NOT NULL AND a.currency = ${brand.currency}
      GROUP BY 1
    ),
    joined AS (
      SELECT (m.created_at AT TIME ZONE ${ZONE})::date AS day, count(*) AS new_players
      FROM members m
      WHERE m.brand_id = ${brand.id} AND m.is_agent <> ${TRIAL}
        AND m.created_at >= (SELECT lo FROM span) AND m.created_at < (SELECT hi FROM span)
      GROUP BY 1
    )
    INSERT INTO daily_figures (brand_id, day, currency, stakes, wins, bets, active_players, new_players, counted_at)
    SELECT ${brand.id}, d.day::date, ${brand.currency}, coalesce(mv.stakes, 0), coalesce(mv.wins, 0),
      coalesce(mv.bets, 0), coalesce(mv.active, 0), coalesce(j.new_players, 0), now()
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
    LEFT JOIN moved mv ON mv.day = d.day::date
    LEFT JOIN joined j ON j.day = d.day::date
    ON CONFLICT (brand_id, day) DO UPDATE SET
      currency = excluded.currency, stakes = excluded.stakes, wins = excluded.wins, bets = excluded.bets,
      active_players = excluded.active_players, new_players = excluded.new_players, counted_at = excluded.counted_at`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n);
}

/** The brand's counted days `from`..`to`, oldest first (days not counted yet are absent). */
export function countedDays(db: Db, brandId: number, from: string, to: string) {
  return db
    .selectFrom('daily_figures')
    .select(['day', 'currency', 'stakes', 'wins', 'bets', 'active_players', 'new_players', 'counted_at'])
    .where('brand_id', '=', brandId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Players of the brand with a session used in the last `minutes`. */
export async function onlinePlayers(db: Db, brandId: number, minutes: number): Promise<number> {
  const { rows } = await sql<{ n: bigint }>`
    SELECT count(DISTINCT s.member_id) AS n
    FROM sessions s JOIN members m ON m.id = s.member_id
    WHERE m.brand_id = ${brandId} AND m.is_agent <> ${TRIAL} AND s.revoked_at IS NULL
      AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${minutes})`.execute(db);
  return Number(rows[0]?.n ?? 0n);
}

/** Rounds of the brand with stakes taken and no result yet. */
export async function openRounds(db: Db, brandId: number): Promise<number> {
  const row = await db
    .selectFrom('provider_rounds')
    .select((e) => e.fn.countAll<bigint>().as('n'))
    .where('brand_id', '=', brandId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0n);
}

/** The brand's currency and its decimals, for the figures' amounts. */
export function brandCurrency(db: Db, brandId: number) {
  return db
    .selectFrom('brands')
    .select(['currency', 'currency_symbol', 'currency_decimals'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
}
