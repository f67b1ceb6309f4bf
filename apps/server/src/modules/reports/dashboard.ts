import { fromMinor } from '@khela/contract';
import type { Database } from '../../platform/db';
import { addDays, BACK_OFFICE_TIME_ZONE, dhakaDayOf, dhakaDayStart } from '../../platform/dhaka-days';
import * as repo from './repo';

/**
 * The back office's dashboard (BACK-OFFICE.md "Screens", decision 0032): the last 30 days come
 * from `report_days`, one row per day written by the report-days job, so they cost 30 rows
 * however many rounds were played; today, not over yet, is read from the ledger directly.
 * Days are Asia/Dhaka's (UTC+06:00, no summer time).
 */
export const DASHBOARD_DAYS = 30;

type Brand = { id: number; currency: string; decimals: number };

function dayOf(brand: Brand, day: string, f: Omit<repo.DayFigures, 'brand_id'>) {
  const money = (minor: bigint) => fromMinor(minor, brand.decimals);
  return {
    day,
    stakes: money(f.stakes),
    wins: money(f.wins),
    ggr: money(f.stakes - f.wins),
    newPlayers: f.new_players,
    activePlayers: f.active_players,
  };
}

export async function dashboard(db: Database, brandId: number, o: { idleMinutes: number; now?: Date }) {
  const now = o.now ?? new Date();
  const b = await db.kysely
    .selectFrom('brands')
    .select(['id', 'currency', 'currency_decimals'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  const brand = { id: b.id, currency: b.currency, decimals: b.currency_decimals };
  const today = dhakaDayOf(now);
  const first = addDays(today, -DASHBOARD_DAYS);
  const [live] = await repo.figuresFromLedger(db, dhakaDayStart(today), now, brandId);
  const stored = new Map((await repo.storedDays(db, brandId, first, addDays(today, -1))).map((r) => [r.day, r]));
  const zero = { stakes: 0n, wins: 0n, new_players: 0, active_players: 0 };
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = addDays(first, i);
    const row = stored.get(day);
    return { ...dayOf(brand, day, row ?? zero), computed: row !== undefined };
  });
  return {
    timeZone: BACK_OFFICE_TIME_ZONE,
    currency: brand.currency,
    today: dayOf(brand, today, live ?? zero),
    days,
    onlinePlayers: await repo.onlinePlayers(db, brandId, o.idleMinutes),
    openRounds: await repo.openRounds(db, brandId),
  };
}
