import { addDays, DHAKA_OFFSET_MINUTES, dhakaDayStart } from '../../platform/dhaka-days';
import { daily, defineJob } from '../../platform/jobs';
import { DASHBOARD_DAYS } from './dashboard';
import * as repo from './repo';

/** Days before the period that each run checks again against the ledger. */
export const RECONCILE_DAYS = 7;

const same = (a: repo.DayFigures, b: Omit<repo.DayFigures, 'day'>) =>
  a.stakes === b.stakes &&
  a.wins === b.wins &&
  a.new_players === b.new_players &&
  a.active_players === b.active_players;

/**
 * Writes the dashboard's figures of each Asia/Dhaka day once it is over (decision 0032): a
 * period is a day, run once by the job engine; a missed day is caught up (up to the dashboard's
 * 30). Each run also checks the days before it against the ledger and rewrites one that no
 * longer matches (a transaction committed late with an earlier time), reporting how many.
 */
export const reportDaysJob = defineJob({
  name: 'report-days',
  description: "writes each day's stakes, wins, new and active players per brand from the ledger (Asia/Dhaka days)",
  schedule: daily({ at: '00:05', utcOffsetMinutes: DHAKA_OFFSET_MINUTES }),
  catchUp: { upTo: DASHBOARD_DAYS },
  async run({ db, period }) {
    const day = period.key;
    const figuresOf = (d: string) => repo.figuresFromLedger(db, dhakaDayStart(d), dhakaDayStart(addDays(d, 1)));
    const rows = await figuresOf(day);
    await repo.upsertDay(db, day, rows);
    let corrected = 0;
    for (let i = 1; i <= RECONCILE_DAYS; i++) {
      const earlier = addDays(day, -i);
      const stored = await repo.storedDay(db, earlier);
      if (stored.length === 0) continue;
      const fresh = await figuresOf(earlier);
      const byBrand = new Map(stored.map((s) => [s.brand_id, s]));
      const drifted = fresh.filter((f) => {
        const s = byBrand.get(f.brand_id);
        return s !== undefined && !same(f, { ...s, stakes: BigInt(s.stakes), wins: BigInt(s.wins) });
      });
      if (drifted.length > 0) {
        await repo.upsertDay(db, earlier, drifted);
        corrected += drifted.length;
      }
    }
    const stakes = rows.reduce((n, r) => n + r.stakes, 0n);
    const wins = rows.reduce((n, r) => n + r.wins, 0n);
    return { day, brands: rows.length, stakes: stakes.toString(), wins: wins.toString(), corrected };
  },
});
