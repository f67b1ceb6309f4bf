import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Database } from './db';

/**
 * The job engine (decision 0021): everything periodic — sweeps, the round resolver, payouts —
 * is a job whose runs are keyed by their period in `job_runs`. A period runs once across
 * processes and restarts: a runner claims it by inserting its row, a claim carries a lease
 * that the runner keeps renewing, and a claim whose lease ran out (its runner died) is taken
 * over. Missed periods are caught up as the job's policy says. Jobs stay idle in tests unless
 * a test starts them or calls `tick()`; time comes from an injectable clock.
 */

/** One run's worth of a job: `key` names it in `job_runs`, `dueAt` is when it may run. */
export type Period = { key: string; dueAt: Date };

export type Schedule = {
  /** For people: "every 10 min", "daily at 00:30 (UTC+06:00)". */
  describe: string;
  /** The newest period due at `at`. */
  latest(at: Date): Period;
  /** The period just before `p`. */
  before(p: Period): Period;
  /** The first period due after `at`. */
  next(at: Date): Period;
};

/**
 * What happens to periods missed while no process ran the job: `'latest'` runs only the newest
 * (a sweep: one run catches everything up), `{ upTo: n }` runs each of the last n periods,
 * oldest first (a daily payout: every missed day is paid). A job never runs periods from
 * before its first run.
 */
export type CatchUp = 'latest' | { upTo: number };

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type JobContext = {
  db: Database;
  config: Config;
  period: Period;
  log: JobLog;
  /** Aborted when the process stops; a long run should give up (it is retried elsewhere). */
  signal: AbortSignal;
};

/** What a run reports it did, kept in `job_runs.result` for whoever checks it. */
export type JobResult = Record<string, unknown>;

export type Job = {
  /** Lower-case words joined by '-', unique: the `job` column. */
  name: string;
  /** One line for the jobs list: what it does. */
  description: string;
  schedule: Schedule;
  catchUp: CatchUp;
  /**
   * How long a claim holds without renewal (default 5 minutes). The runner renews it every
   * third of that while it runs, so only a runner that died (or stalled that long) loses it.
   * A run is retried after a crash, so a job's writes must be keyed by its period (the
   * ledger's idempotency keys) or made in one transaction.
   */
  leaseSeconds?: number;
  run(ctx: JobContext): Promise<JobResult | undefined>;
};

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const DEFAULT_LEASE_SECONDS = 300;
/** A failed period waits the tick interval, then twice that… but never more than this. */
const MAX_RETRY_DELAY_MS = 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Checks a job's definition once, where it is written. */
export function defineJob(job: Job): Job {
  if (!NAME.test(job.name)) throw new Error(`job name '${job.name}': lower-case words joined by '-'`);
  if (job.catchUp !== 'latest' && !(Number.isInteger(job.catchUp.upTo) && job.catchUp.upTo >= 1))
    throw new Error(`job ${job.name}: catchUp.upTo must be a whole number of periods, at least 1`);
  return job;
}

/** A schedule of equal steps counted from the Unix epoch, `i` being the step's number. */
function stepped(o: { describe: string; stepMs: number; phaseMs: number; key(i: number): string }): Schedule {
  const period = (i: number): Period => ({ key: o.key(i), dueAt: new Date(i * o.stepMs + o.phaseMs) });
  const indexOf = (p: Period) => Math.round((p.dueAt.getTime() - o.phaseMs) / o.stepMs);
  return {
    describe: o.describe,
    latest: (at) => period(Math.floor((at.getTime() - o.phaseMs) / o.stepMs)),
    before: (p) => period(indexOf(p) - 1),
    next: (at) => period(Math.floor((at.getTime() - o.phaseMs) / o.stepMs) + 1),
  };
}

/**
 * Every `seconds`/`minutes`/`hours`, on the multiples of the step since the epoch (UTC), so
 * every process agrees where periods start. A period is keyed by its due time:
 * `2026-11-25T20:15Z` (with seconds when the step is not whole minutes).
 */
export function every(o: { seconds?: number; minutes?: number; hours?: number }): Schedule {
  const stepMs = ((o.hours ?? 0) * 3600 + (o.minutes ?? 0) * 60 + (o.seconds ?? 0)) * 1000;
  if (!Number.isInteger(stepMs) || stepMs < 1000) throw new Error('every(): at least one whole second');
  const wholeMinutes = stepMs % MINUTE === 0;
  const key = (i: number) => {
    const iso = new Date(i * stepMs).toISOString();
    return `${wholeMinutes ? iso.slice(0, 16) : iso.slice(0, 19)}Z`;
  };
  return stepped({ describe: `every ${describeStep(stepMs)}`, stepMs, phaseMs: 0, key });
}

function describeStep(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} h`;
  if (ms % MINUTE === 0) return ms === MINUTE ? 'minute' : `${ms / MINUTE} min`;
  return `${ms / 1000} s`;
}

/**
 * Once a day for the day before: the period of day D (keyed `2026-11-25`) is due at `at` on
 * D + 1, local time at `utcOffsetMinutes` (a payout pays a day once it is over).
 */
export function daily(o: { at?: string; utcOffsetMinutes?: number } = {}): Schedule {
  const at = o.at ?? '00:00';
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new Error(`daily(): at '${at}' is not HH:MM`);
  const offsetMs = (o.utcOffsetMinutes ?? 0) * MINUTE;
  const atMs = (Number(m[1]) * 60 + Number(m[2])) * MINUTE;
  const sign = offsetMs < 0 ? '-' : '+';
  const abs = Math.abs(o.utcOffsetMinutes ?? 0);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return stepped({
    describe: `daily at ${at} (${zone})`,
    stepMs: DAY,
    // Step i is due at local midnight of day i plus `at`: its period is day i - 1.
    phaseMs: atMs - offsetMs,
    key: (i) => new Date((i - 1) * DAY).toISOString().slice(0, 10),
  });
}

type RunRow = {
  period: string;
  due_at: Date;
  status: 'running' | 'succeeded' | 'failed';
  attempts: number;
  lease_until: Date;
  retry_at: Date | null;
};

export type SchedulerOptions = {
  db: Database;
  config: Config;
  jobs: readonly Job[];
  log: JobLog;
  /** The engine's only source of time (periods, leases, retries); tests drive it. */
  clock?: () => Date;
  /** How often the timer looks for due periods (default 15 s). */
  tickMs?: number;
  /** This runner's name in `job_runs.runner` (default host:pid:random). */
  runner?: string;
};

export type Scheduler = {
  readonly jobs: readonly Job[];
  readonly runner: string;
  /** Claims and runs every due period of every job not already running here; resolves when done. */
  tick(): Promise<void>;
  /** Ticks now and then every `tickMs`, until `stop()`. */
  start(): void;
  /** Stops ticking, asks running jobs to give up, and waits for them. */
  stop(): Promise<void>;
  /**
   * Runs a recorded period of a job again now, if its last attempt failed (or its runner is
   * gone), without waiting for its retry time — the back office's re-run. A period that
   * succeeded runs nothing (`rerun` false): re-running is idempotent. Null when the job or the
   * period is unknown; `busy` when it is running now.
   */
  rerun(job: string, period: string): Promise<RerunOutcome | null>;
};

export type RerunOutcome =
  | { status: 'succeeded' | 'failed'; rerun: boolean; error: string | null }
  | { status: 'busy' };

export function createScheduler(o: SchedulerOptions): Scheduler {
  const clock = o.clock ?? (() => new Date());
  const tickMs = o.tickMs ?? 15_000;
  const runner = o.runner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const names = new Set<string>();
  for (const job of o.jobs) {
    if (names.has(job.name)) throw new Error(`two jobs named ${job.name}`);
    names.add(job.name);
  }
  const inFlight = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** The periods of `job` this tick may run, oldest first. */
  async function candidates(job: Job, now: Date): Promise<Period[]> {
    const latest = job.schedule.latest(now);
    const newest = await o.db.kysely
      .selectFrom('job_runs')
      .select('due_at')
      .where('job', '=', job.name)
      .orderBy('due_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    // A job's first run is its latest period: nothing from before it existed is caught up.
    if (!newest) return [latest];
    const window = [latest];
    const upTo = job.catchUp === 'latest' ? 1 : job.catchUp.upTo;
    while (window.length < upTo) window.unshift(job.schedule.before(window[0] as Period));
    const rows = await o.db.kysely
      .selectFrom('job_runs')
      .select(['period', 'due_at', 'status', 'attempts', 'lease_until', 'retry_at'])
      .where('job', '=', job.name)
      .where(
        'period',
        'in',
        window.map((p) => p.key),
      )
      .execute();
    const byKey = new Map(rows.map((r) => [r.period, r as RunRow]));
    return window.filter((p) => {
      const row = byKey.get(p.key);
      // Never recorded and older than the newest recorded period: skipped on purpose (a
      // 'latest' job, or before the job's first run).
      if (!row) return p.dueAt > newest.due_at;
      if (row.status === 'succeeded') return false;
      if (row.status === 'running') return row.lease_until <= now;
      return row.retry_at !== null && row.retry_at <= now;
    });
  }

  /**
   * Claims a period for this runner; the claim's attempt number, or null when another has it.
   * `manual`: a re-run asked for by a person takes a failed period without waiting for its retry time.
   */
  async function claim(job: Job, p: Period, now: Date, manual = false): Promise<number | null> {
    const leaseUntil = new Date(now.getTime() + (job.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000);
    // One statement: a new period is inserted; an existing one is taken over only when it
    // failed and is due for a retry, or its runner's lease ran out. Two runners racing for
    // the same row serialise on it, and the second sees the first's claim.
    const r = await sql<{ attempts: number }>`
      INSERT INTO job_runs AS r (job, period, due_at, status, attempts, runner, lease_until, started_at)
      VALUES (${job.name}, ${p.key}, ${p.dueAt}, 'running', 1, ${runner}, ${leaseUntil}, ${now})
      ON CONFLICT (job, period) DO UPDATE
         SET status = 'running', attempts = r.attempts + 1, runner = EXCLUDED.runner,
             lease_until = EXCLUDED.lease_until, started_at = EXCLUDED.started_at,
             finished_at = NULL, retry_at = NULL
       WHERE (r.status = 'failed' AND (${manual}::boolean OR r.retry_at <= ${now}))
          OR (r.status = 'running' AND r.lease_until <= ${now})
      RETURNING r.attempts`.execute(o.db.kysely);
    const row = r.rows[0];
    return row ? Number(row.attempts) : null;
  }

  /** Only the runner holding the claim (this attempt) may write its outcome. */
  function ours(job: Job, p: Period, attempt: number) {
    return o.db.kysely
      .updateTable('job_runs')
      .where('job', '=', job.name)
      .where('period', '=', p.key)
      .where('runner', '=', runner)
      .where('attempts', '=', attempt)
      .where('status', '=', 'running');
  }

  async function execute(job: Job, p: Period, attempt: number): Promise<void> {
    const leaseMs = (job.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000;
    const renew = setInterval(() => {
      ours(job, p, attempt)
        .set({ lease_until: new Date(clock().getTime() + leaseMs) })
        .execute()
        .catch((err) => o.log.warn({ err, job: job.name, period: p.key }, 'jobs: could not renew a lease'));
    }, leaseMs / 3);
    renew.unref();
    let outcome: { ok: true; result: JobResult | undefined } | { ok: false; error: string };
    try {
      const result = await job.run({ db: o.db, config: o.config, period: p, log: o.log, signal: abort.signal });
      outcome = { ok: true, result };
    } catch (err) {
      outcome = { ok: false, error: err instanceof Error ? err.message || err.name : String(err) };
      o.log.error({ err, job: job.name, period: p.key, attempt }, 'jobs: a run failed');
    } finally {
      clearInterval(renew);
    }
    const finished = clock();
    const done = outcome.ok
      ? await ours(job, p, attempt)
          .set({
            status: 'succeeded',
            finished_at: finished,
            error: null,
            result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          })
          .executeTakeFirst()
      : await ours(job, p, attempt)
          .set({
            status: 'failed',
            finished_at: finished,
            error: outcome.error.slice(0, 2000),
            retry_at: new Date(finished.getTime() + Math.min(tickMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS)),
          })
          .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0)
      o.log.warn({ job: job.name, period: p.key, attempt }, 'jobs: the lease ran out before the run ended');
  }

  async function runJob(job: Job): Promise<void> {
    const now = clock();
    for (const p of await candidates(job, now)) {
      if (stopped) return;
      const attempt = await claim(job, p, now);
      if (attempt !== null) await execute(job, p, attempt);
    }
  }

  async function tick(): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const job of o.jobs) {
      if (stopped || inFlight.has(job.name)) continue;
      const run = runJob(job)
        .catch((err) => o.log.error({ err, job: job.name }, 'jobs: could not look for due periods'))
        .finally(() => inFlight.delete(job.name));
      inFlight.set(job.name, run);
      runs.push(run);
    }
    await Promise.all(runs);
  }

  async function rerun(name: string, key: string): Promise<RerunOutcome | null> {
    const job = o.jobs.find((j) => j.name === name);
    if (!job) return null;
    const read = () =>
      o.db.kysely
        .selectFrom('job_runs')
        .select(['due_at', 'status', 'error', 'lease_until'])
        .where('job', '=', name)
        .where('period', '=', key)
        .executeTakeFirst();
    const row = await read();
    if (!row) return null;
    if (row.status === 'succeeded') return { status: 'succeeded', rerun: false, error: null };
    const now = clock();
    if (inFlight.has(name) || (row.status === 'running' && row.lease_until > now)) return { status: 'busy' };
    const p = { key, dueAt: new Date(row.due_at) };
    const attempt = await claim(job, p, now, true);
    if (attempt === null) {
      const again = await read();
      return again?.status === 'succeeded' ? { status: 'succeeded', rerun: false, error: null } : { status: 'busy' };
    }
    const run = execute(job, p, attempt).finally(() => inFlight.delete(name));
    inFlight.set(name, run);
    await run;
    const done = await read();
    return {
      status: done?.status === 'succeeded' ? 'succeeded' : 'failed',
      rerun: true,
      error: done?.error ?? null,
    };
  }

  return {
    jobs: o.jobs,
    runner,
    tick,
    rerun,
    start() {
      if (timer || stopped) return;
      void tick();
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      abort.abort();
      await Promise.all(inFlight.values());
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs of this process (started on ready unless RUN_JOBS is false or in tests). */
    jobs: Scheduler;
  }
}

/** Gives the app its scheduler: started when the app is ready, stopped when it closes. */
export function installJobs(app: FastifyInstance, jobs: readonly Job[]): void {
  const scheduler = createScheduler({ db: app.db, config: app.config, jobs, log: app.log });
  app.decorate('jobs', scheduler);
  if (app.config.RUN_JOBS && app.config.NODE_ENV !== 'test') app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}

export type JobView = {
  job: string;
  description: string;
  schedule: string;
  catchUp: string;
  last: { period: string; status: string; attempts: number; startedAt: Date; finishedAt: Date | null } | null;
  /** The next period due after now; a due period not yet claimed shows as due now. */
  next: Period;
  /** Periods whose last attempt failed (each is retried while the catch-up policy keeps it). */
  failing: number;
  lastError: { period: string; error: string } | null;
};

/** Each job with its last run, its next run and its failures: what `khela jobs` prints. */
export async function jobsView(db: Database, jobs: readonly Job[], now: Date = new Date()): Promise<JobView[]> {
  const last = await sql<{
    job: string;
    period: string;
    due_at: Date;
    status: string;
    attempts: number;
    started_at: Date;
    finished_at: Date | null;
  }>`SELECT DISTINCT ON (job) job, period, due_at, status, attempts, started_at, finished_at
       FROM job_runs ORDER BY job, due_at DESC`.execute(db.kysely);
  const failures = await sql<{ job: string; failing: string | number; period: string; error: string }>`
    SELECT DISTINCT ON (job) job,
           count(*) FILTER (WHERE status = 'failed') OVER (PARTITION BY job) AS failing,
           period, error
      FROM job_runs
     WHERE error IS NOT NULL
     ORDER BY job, finished_at DESC NULLS LAST`.execute(db.kysely);
  const lastOf = new Map(last.rows.map((r) => [r.job, r]));
  const failOf = new Map(failures.rows.map((r) => [r.job, r]));
  return jobs.map((job) => {
    const l = lastOf.get(job.name);
    const f = failOf.get(job.name);
    const latest = job.schedule.latest(now);
    // A due period nobody has claimed yet is the next run (the next tick takes it).
    const overdue = !l || new Date(l.due_at) < latest.dueAt;
    return {
      job: job.name,
      description: job.description,
      schedule: job.schedule.describe,
      catchUp: job.catchUp === 'latest' ? 'latest only' : `up to ${job.catchUp.upTo} missed`,
      last: l
        ? {
            period: l.period,
            status: l.status,
            attempts: Number(l.attempts),
            startedAt: new Date(l.started_at),
            finishedAt: l.finished_at ? new Date(l.finished_at) : null,
          }
        : null,
      next: overdue ? latest : job.schedule.next(now),
      failing: Number(f?.failing ?? 0),
      lastError: f ? { period: f.period, error: f.error } : null,
    };
  });
}

/** The most recent runs of one job, newest first. */
export async function recentRuns(db: Database, job: string, limit = 20) {
  return db.kysely
    .selectFrom('job_runs')
    .select(['period', 'status', 'attempts', 'runner', 'started_at', 'finished_at', 'error', 'result'])
    .where('job', '=', job)
    .orderBy('due_at', 'desc')
    .limit(limit)
    .execute();
}

/** Succeeded runs are kept this long; failed ones until they succeed or someone looks. */
export const JOB_RUNS_KEPT_DAYS = 30;

/**
 * Forgets succeeded runs older than JOB_RUNS_KEPT_DAYS, but never a job's newest run: that is
 * where catching up starts after downtime.
 */
export const jobRunsSweep = defineJob({
  name: 'job-runs-sweep',
  description: `forgets succeeded job runs older than ${JOB_RUNS_KEPT_DAYS} days`,
  schedule: daily({ at: '03:00' }),
  catchUp: 'latest',
  async run({ db, period }) {
    const r = await sql`
      DELETE FROM job_runs r
       WHERE r.status = 'succeeded'
         AND r.due_at < ${period.dueAt}::timestamptz - make_interval(days => ${JOB_RUNS_KEPT_DAYS})
         AND r.due_at < (SELECT max(n.due_at) FROM job_runs n WHERE n.job = r.job)`.execute(db.kysely);
    return { deleted: Number(r.numAffectedRows ?? 0) };
  },
});
