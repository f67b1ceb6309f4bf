import { IS_AGENT } from '@khela/contract';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';

/** The SQL of the dashboard's figures (decision 0032): the ledger is their only source. */

export type DayFigures = {
  brand_id: number;
  stakes: bigint;
  wins: bigint;
  new_players: number;
  active_players: number;
};

/**
 * Each brand's figures over [from, to) straight from the ledger: stakes are the bets' debits of
 * real-money wallets less the rollbacks that returned them, wins the wins' credits; play money
 * (trial accounts, currency PLAY) is left out. Every brand gets a row, zeros included.
 */
export async function figuresFromLedger(db: Database, from: Date, to: Date, brandId?: number): Promise<DayFigures[]> {
  const r = await sql<{
    brand_id: number;
    stakes: string | bigint;
    wins: string | bigint;
    new_players: number;
    active_players: number;
  }>`
    WITH moves AS (
      SELECT t.brand_id, t.kind, t.member_id, p.amount
        FROM ledger_transactions t
        JOIN postings p ON p.tx_id = t.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.created_at >= ${from} AND t.created_at < ${to}
         AND t.kind IN ('bet', 'win', 'rollback')
         AND a.code = 'player' AND a.currency <> 'PLAY'
    ), money AS (
      SELECT brand_id,
             coalesce(sum(-amount) FILTER (WHERE kind = 'bet'), 0)
               - coalesce(sum(amount) FILTER (WHERE kind = 'rollback'), 0) AS stakes,
             coalesce(sum(amount) FILTER (WHERE kind = 'win'), 0) AS wins,
             count(DISTINCT member_id) FILTER (WHERE kind = 'bet')::int AS active_players
        FROM moves GROUP BY brand_id
    ), joined AS (
      SELECT brand_id, count(*)::int AS new_players
        FROM members
       WHERE created_at >= ${from} AND created_at < ${to} AND is_agent <> ${IS_AGENT.TRIAL}
       GROUP BY brand_id
    )
    SELECT b.id AS brand_id,
           coalesce(m.stakes, 0)::bigint AS stakes,
           coalesce(m.wins, 0)::bigint AS wins,
           coalesce(j.new_players, 0) AS new_players,
           coalesce(m.active_players, 0) AS active_players
      FROM brands b
      LEFT JOIN money m ON m.brand_id = b.id
      LEFT JOIN joined j ON j.brand_id = b.id
     WHERE ${brandId === undefined ? sql`true` : sql`b.id = ${brandId}`}
     ORDER BY b.id`.execute(db.kysely);
  return r.rows.map((row) => ({
    brand_id: row.brand_id,
    stakes: BigInt(row.stakes),
    wins: BigInt(row.wins),
    new_players: Number(row.new_players),
    active_players: Number(row.active_players),
  }));
}

/** Writes a day's rows; writing a day again replaces them with the same (or corrected) figures. */
export async function upsertDay(db: Database, day: string, rows: DayFigures[]) {
  if (rows.length === 0) return;
  await db.kysely
    .insertInto('report_days')
    .values(rows.map((r) => ({ ...r, day })))
    .onConflict((oc) =>
      oc.columns(['brand_id', 'day']).doUpdateSet((eb) => ({
        stakes: eb.ref('excluded.stakes'),
        wins: eb.ref('excluded.wins'),
        new_players: eb.ref('excluded.new_players'),
        active_players: eb.ref('excluded.active_players'),
        computed_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

export function storedDays(db: Database, brandId: number, fromDay: string, toDay: string) {
  return db.kysely
    .selectFrom('report_days')
    .select(['day', 'stakes', 'wins', 'new_players', 'active_players'])
    .where('brand_id', '=', brandId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute();
}

export function storedDay(db: Database, day: string) {
  return db.kysely
    .selectFrom('report_days')
    .select(['brand_id', 'stakes', 'wins', 'new_players', 'active_players'])
    .where('day', '=', day)
    .execute();
}

/** Members with a live session now (used within the idle window). */
export async function onlinePlayers(db: Database, brandId: number, idleMinutes: number): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(DISTINCT s.member_id)::int AS n
      FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE m.brand_id = ${brandId} AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes})`.execute(db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

export async function openRounds(db: Database, brandId: number): Promise<number> {
  const r = await db.kysely
    .selectFrom('provider_rounds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
