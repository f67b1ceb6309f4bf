import { BACK_OFFICE_TIME_ZONE, DASHBOARD_DAYS, type Dashboard, type DayFigures, fromMinor } from '@khela/contract';
import type { Database } from '../../platform/db';
import { cashierToday } from '../cashier-desk/reports';
import * as repo from './repo';

const DAY_MS = 86_400_000;
/** "Online" is a session used within this many minutes. */
export const ONLINE_MINUTES = 5;

/** 'YYYY-MM-DD' moved by `days` (calendar days have no zone of their own). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Counts every brand's figures from the ledger (the daily-figures job): from the day before the
 * last one counted — a movement posted just before midnight may commit just after the run that
 * counted its day — or from the brand's first movement, to today.
 */
export async function countFigures(db: Database): Promise<{ brands: number; days: number }> {
  const to = await repo.today(db.kysely);
  let days = 0;
  const brands = await repo.brandsToCount(db.kysely);
  for (const brand of brands) {
    const from = brand.lastCounted ? addDays(brand.lastCounted, -1) : (brand.firstMoved ?? to);
    // ISO days compare as text; a clock set back never makes the span run backwards.
    const [start = to] = [from, to].sort();
    days += await repo.countDays(db.kysely, brand, start, to);
  }
  return { brands: brands.length, days };
}

/** The dashboard of a staff member's brand: the last DASHBOARD_DAYS days and the live counts. */
export async function dashboard(db: Database, brandId: number): Promise<Dashboard> {
  const [money, to] = await Promise.all([repo.brandCurrency(db.kysely, brandId), repo.today(db.kysely)]);
  const from = addDays(to, -(DASHBOARD_DAYS - 1));
  const [rows, onlinePlayers, openRounds, cashier] = await Promise.all([
    repo.countedDays(db.kysely, brandId, from, to),
    repo.onlinePlayers(db.kysely, brandId, ONLINE_MINUTES),
    repo.openRounds(db.kysely, brandId),
    cashierToday(db, brandId, money.currency_decimals),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const amount = (minor: bigint) => fromMinor(minor, money.currency_decimals);
  const days: DayFigures[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const r = byDay.get(day);
    days.push({
      day,
      stakes: amount(r?.stakes ?? 0n),
      wins: amount(r?.wins ?? 0n),
      ggr: amount((r?.stakes ?? 0n) - (r?.wins ?? 0n)),
      bets: r?.bets ?? 0,
      activePlayers: r?.active_players ?? 0,
      newPlayers: r?.new_players ?? 0,
    });
  }
  const counted = rows.reduce<Date | null>((a, r) => (!a || r.counted_at > a ? r.counted_at : a), null);
  return {
    timeZone: BACK_OFFICE_TIME_ZONE,
    currency: money.currency,
    currencySymbol: money.currency_symbol,
    decimals: money.currency_decimals,
    days,
    countedAt: counted ? counted.toISOString() : null,
    live: { onlinePlayers, openRounds },
    cashier,
  };
}
