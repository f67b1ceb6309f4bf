import pg from 'pg';
import { advance, type CrashEnv, recover } from './engine';
import { CRASH_GAME } from './money';
import { crashBrands } from './repo';

/**
 * Runs the round engine for every brand with the crash game switched on — in one process only.
 * On PostgreSQL the leader is whoever holds the session advisory lock LEADER_LOCK on its own
 * connection; the others try again every few seconds and take over when the leader's
 * connection goes (its process died). On PGlite there is one process, the leader.
 */
const LEADER_LOCK = 51_500_015;
const LEADER_RETRY_MS = 2_000;
const BRANDS_REFRESH_MS = 5_000;
/**
 * The longest a brand's round is left unread while nothing is due (advance's answer): a bet whose
 * row landed after the round was last read (placed in the window's last moment by another
 * process) is seen within it — and at the bust in any case, where every open bet the curve reached
 * is cashed at its target — and so is a round changed by anything but this loop. Otherwise the
 * leader reads a round when something is due, not on every tick: an idle site's database and
 * process are left alone between a round's steps.
 */
const MAX_QUIET_MS = 1_000;

export type Loop = {
  isLeader(): boolean;
  /** How many times this process has tried to win the lead (none on PGlite, which always leads). */
  leadAttempts(): number;
  stop(): Promise<void>;
};

export function startLoop(env: CrashEnv, databaseUrl: string | undefined): Loop {
  let lock: pg.Client | null = null;
  let leader = env.db.kind === 'pglite';
  let lastTry = 0;
  let attempts = 0;
  let brands: number[] = [];
  let brandsAt = 0;
  const recovered = new Set<number>();
  /** Per brand, the time before which nothing is due (advance's answer): not read until then. */
  const quietUntil = new Map<number, number>();
  let busy = false;
  let stopped = false;

  async function tryLead(): Promise<boolean> {
    if (!databaseUrl) return false;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', () => {
      // The lock went with the connection: stop leading until it is won again.
      leader = false;
      lock = null;
      recovered.clear();
      quietUntil.clear();
    });
    await c.connect();
    const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK]);
    if (r.rows[0]?.ok) {
      lock = c;
      return true;
    }
    await c.end();
    return false;
  }

  async function tick() {
    if (!leader) {
      if (Date.now() - lastTry < LEADER_RETRY_MS) return;
      lastTry = Date.now();
      leader = await tryLead();
      attempts++;
      if (!leader) return;
    }
    if (Date.now() - brandsAt > BRANDS_REFRESH_MS) {
      brands = await crashBrands(env.db, CRASH_GAME);
      brandsAt = Date.now();
    }
    for (const brandId of brands) {
      if (stopped) return;
      if (!recovered.has(brandId)) {
        await recover(env, brandId);
        recovered.add(brandId);
      }
      if (env.now() < (quietUntil.get(brandId) ?? 0)) continue;
      const next = await advance(env, brandId);
      quietUntil.set(brandId, next === null ? 0 : Math.min(next, env.now() + MAX_QUIET_MS));
    }
  }

  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    tick()
      .catch((err) => env.onError?.(err))
      .finally(() => {
        busy = false;
      });
  }, env.timing.tickMs);
  timer.unref();

  return {
    isLeader: () => leader,
    leadAttempts: () => attempts,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 10));
      await lock?.end().catch(() => {});
    },
  };
}
