import { defineCall } from './call';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The time zone the back office counts days in and shows times in (BACK-OFFICE.md: every screen
 * shows its data's time zone). Bangladesh keeps no daylight saving: a day is always 24 hours.
 */
export const BACK_OFFICE_TIME_ZONE = 'Asia/Dhaka';

/** How many days the dashboard's charts show, today included. */
export const DASHBOARD_DAYS = 30;

/** Money as decimal strings in the brand currency (money.ts). */
const amount = z.string();

/** One day of play in the brand currency (trial accounts' play money never counts). */
export const DayFigures = z.object({
  /** YYYY-MM-DD in BACK_OFFICE_TIME_ZONE. */
  day: z.string(),
  /** Stakes taken from wallets, less stakes refunded (rollbacks, rounds closed without result). */
  stakes: amount,
  wins: amount,
  /** Gross gaming revenue: stakes − wins. */
  ggr: amount,
  /** Bets placed (a refunded bet still counts as placed). */
  bets: z.number().int(),
  /** Players with at least one bet that day. */
  activePlayers: z.number().int(),
  /** Accounts opened that day (trial accounts not counted). */
  newPlayers: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFigures>;

export const Dashboard = z.object({
  timeZone: z.string(),
  currency: z.string(),
  /** How the brand writes its currency: the symbol (৳) and the amounts' decimals. */
  currencySymbol: z.string(),
  decimals: z.number().int(),
  /** The days, oldest first, the last one today (so far). */
  days: z.array(DayFigures),
  /** When the figures were last counted from the ledger (the `daily-figures` job). */
  countedAt: z.string().nullable(),
  live: z.object({
    /** Players with a session used in the last five minutes. */
    onlinePlayers: z.number().int(),
    /** Game rounds with stakes taken and no result yet. */
    openRounds: z.number().int(),
  }),
  /** The cashier today (BACK_OFFICE_TIME_ZONE): money in and out and what waits at the finance desk. */
  cashier: z.object({
    deposits: amount,
    depositCount: z.number().int(),
    withdrawals: amount,
    withdrawalCount: z.number().int(),
    /** Fees of today's credited deposits and paid withdrawals. */
    fees: amount,
    queues: z.object({
      deposits: z.object({ total: z.number().int(), oldestAgeSeconds: z.number().int().nullable() }),
      withdrawals: z.object({ total: z.number().int(), oldestAgeSeconds: z.number().int().nullable() }),
    }),
  }),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** GET /bo/dashboard: today and the last 30 days, by day, and what is happening now. */
export const dashboardCall = defineCall({
  method: 'GET',
  path: '/bo/dashboard',
  auth: 'staff:reports.read',
  tag: 'back office',
  summary: 'Stakes, wins, GGR, new and active players by day for 30 days; players online and open rounds now',
  query: NoQuery,
  response: Dashboard,
});
