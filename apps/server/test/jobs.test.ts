import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runCommand } from '../src/cli-commands';
import { jobsOf } from '../src/jobs';
import { loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import {
  createScheduler,
  daily,
  defineJob,
  every,
  type Job,
  type JobContext,
  type JobLog,
  jobsView,
  type Scheduler,
} from '../src/platform/jobs';
import { createTestApp, createTestDb, openTestPglite, type TestDb } from './harness';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const MINUTE = 60_000;

let t: TestDb;
/** A second handle on the same database: its own connections on PostgreSQL, the same one on PGlite. */
let other: Database;

beforeAll(async () => {
  t = await createTestDb();
  other = t.url ? await openDatabase({ url: t.url }) : t.db;
});

afterAll(async () => {
  if (other !== t.db) await other.close();
  await t.drop();
});

/** A clock the test moves by hand. */
function clockAt(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    set(iso2: string) {
      now = new Date(iso2);
    },
  };
}

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, msg: String(args.find((a) => typeof a === 'string') ?? '') });
    };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as JobLog };
}

let jobNo = 0;
/** A job under a name of its own, so tests sharing the database never see each other's runs. */
function testJob(o: Partial<Job> & { run: Job['run'] }): Job {
  jobNo += 1;
  return defineJob({
    name: `test-job-${jobNo}`,
    description: 'a test job',
    schedule: every({ minutes: 10 }),
    catchUp: 'latest',
    ...o,
  });
}

function scheduler(db: Database, jobs: Job[], clock: () => Date, log: JobLog = recordingLog().log): Scheduler {
  return createScheduler({ db, config, jobs, clock, log, tickMs: MINUTE });
}

async function runsOf(job: Job) {
  return t.db.kysely.selectFrom('job_runs').selectAll().where('job', '=', job.name).orderBy('due_at').execute();
}

/** A promise and the function that settles it: a test waits for the thing to happen, never for time. */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('schedules', () => {
  it('keys a stepped period by its due time, aligned to the epoch', () => {
    const s = every({ minutes: 15 });
    const p = s.latest(new Date('2026-11-25T20:29:59Z'));
    expect(p).toEqual({ key: '2026-11-25T20:15Z', dueAt: new Date('2026-11-25T20:15:00Z') });
    expect(s.before(p).key).toBe('2026-11-25T20:00Z');
    expect(s.next(new Date('2026-11-25T20:15:00Z')).key).toBe('2026-11-25T20:30Z');
    expect(every({ seconds: 30 }).latest(new Date('2026-11-25T20:15:31Z')).key).toBe('2026-11-25T20:15:30Z');
    expect(s.describe).toBe('every 15 min');
  });

  it('keys a daily period by the day it covers, due the next day at the local time given', () => {
    // Dhaka is UTC+6: the day of 25 November ends at 18:00 UTC; its run is due at 00:30 local.
    const s = daily({ at: '00:30', utcOffsetMinutes: 360 });
    expect(s.latest(new Date('2026-11-25T18:29:00Z')).key).toBe('2026-11-24');
    const p = s.latest(new Date('2026-11-25T18:30:00Z'));
    expect(p).toEqual({ key: '2026-11-25', dueAt: new Date('2026-11-25T18:30:00Z') });
    expect(s.before(p).key).toBe('2026-11-24');
    expect(s.next(p.dueAt).key).toBe('2026-11-26');
    expect(s.describe).toBe('daily at 00:30 (UTC+06:00)');
  });

  it('refuses definitions it could not run', () => {
    expect(() => every({ seconds: 0 })).toThrow();
    expect(() => daily({ at: '24:00' })).toThrow();
    expect(() => testJob({ name: 'Bad Name', run: async () => undefined })).toThrow();
    expect(() => testJob({ catchUp: { upTo: 0 }, run: async () => undefined })).toThrow();
  });
});

describe('the job engine', () => {
  it('runs a due period once and records what it did', async () => {
    const clock = clockAt('2026-11-25T20:11:00Z');
    const periods: string[] = [];
    const job = testJob({
      run: async ({ period }: JobContext) => {
        periods.push(period.key);
        return { swept: 3 };
      },
    });
    const s = scheduler(t.db, [job], clock.now);
    await s.tick();
    await s.tick();
    expect(periods).toEqual(['2026-11-25T20:10Z']);
    const [run] = await runsOf(job);
    expect(run).toMatchObject({
      period: '2026-11-25T20:10Z',
      status: 'succeeded',
      attempts: 1,
      runner: s.runner,
      error: null,
      result: { swept: 3 },
    });
    expect(run?.finished_at).toEqual(clock.now());
    clock.advance(10 * MINUTE);
    await s.tick();
    expect(periods).toEqual(['2026-11-25T20:10Z', '2026-11-25T20:20Z']);
  });

  it('runs a period once when two engines race for it', async () => {
    const clock = clockAt('2026-11-25T20:11:00Z');
    const started = signal();
    const startedTwice = signal();
    const gate = signal();
    let runs = 0;
    const job = testJob({
      run: async () => {
        runs += 1;
        started.resolve();
        if (runs === 2) startedTwice.resolve();
        await gate.promise;
        return undefined;
      },
    });
    const a = scheduler(t.db, [job], clock.now);
    const b = scheduler(other, [job], clock.now);
    const ticks = [a.tick(), b.tick()];
    await started.promise;
    // The engine that lost the claim finishes its tick while the winner is still running (had
    // both claimed it, both would be running now).
    await Promise.race([...ticks, startedTwice.promise]);
    gate.resolve();
    await Promise.all(ticks);
    expect(runs).toBe(1);
    expect(await runsOf(job)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
  });

  it('runs each of many periods once when two engines catch up together', async () => {
    const clock = clockAt('2026-11-25T00:05:00Z');
    const seen = new Map<string, number>();
    const job = testJob({
      catchUp: { upTo: 50 },
      run: async ({ period }) => {
        seen.set(period.key, (seen.get(period.key) ?? 0) + 1);
        return undefined;
      },
    });
    const a = scheduler(t.db, [job], clock.now);
    const b = scheduler(other, [job], clock.now);
    await a.tick(); // the job's first run: from here on, missed periods are caught up
    clock.advance(40 * 10 * MINUTE);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(seen.size).toBe(41);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(await runsOf(job)).toHaveLength(41);
  });

  it('catches up missed periods after a restart, as far as each job allows', async () => {
    const clock = clockAt('2026-11-20T00:40:00Z');
    const paid: string[] = [];
    const swept: string[] = [];
    const payout = testJob({
      schedule: daily({ at: '00:30' }),
      catchUp: { upTo: 3 },
      run: async ({ period }) => {
        paid.push(period.key);
        return undefined;
      },
    });
    const sweep = testJob({
      run: async ({ period }) => {
        swept.push(period.key);
        return undefined;
      },
    });
    const before = scheduler(t.db, [payout, sweep], clock.now);
    await before.tick();
    await before.stop();
    expect(paid).toEqual(['2026-11-19']);
    expect(swept).toEqual(['2026-11-20T00:40Z']);

    // Down for five days; a new process starts.
    clock.set('2026-11-25T09:00:00Z');
    const after = scheduler(other, [payout, sweep], clock.now);
    await after.tick();
    await after.tick();
    expect(paid).toEqual(['2026-11-19', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(swept).toEqual(['2026-11-20T00:40Z', '2026-11-25T09:00Z']);
    await after.stop();
  });

  it('does not run periods from before a new job first ran', async () => {
    const clock = clockAt('2026-11-25T09:00:00Z');
    const paid: string[] = [];
    const job = testJob({
      schedule: daily({ at: '00:30' }),
      catchUp: { upTo: 31 },
      run: async ({ period }) => {
        paid.push(period.key);
        return undefined;
      },
    });
    await scheduler(t.db, [job], clock.now).tick();
    expect(paid).toEqual(['2026-11-24']);
  });

  it('records a failing run with its error and retries it on a later tick, never rerunning a succeeded period', async () => {
    const clock = clockAt('2026-11-25T20:01:00Z');
    const calls: string[] = [];
    let failNext = false;
    const job = testJob({
      catchUp: { upTo: 5 },
      run: async ({ period }) => {
        calls.push(period.key);
        if (failNext) {
          failNext = false;
          throw new Error('the payment gateway did not answer');
        }
        return undefined;
      },
    });
    const { log, lines } = recordingLog();
    const s = scheduler(t.db, [job], clock.now, log);
    await s.tick(); // 20:00 succeeds
    clock.advance(10 * MINUTE);
    failNext = true;
    await s.tick(); // 20:10 fails
    expect(await runsOf(job)).toMatchObject([
      { period: '2026-11-25T20:00Z', status: 'succeeded', attempts: 1 },
      {
        period: '2026-11-25T20:10Z',
        status: 'failed',
        attempts: 1,
        error: 'the payment gateway did not answer',
        retry_at: new Date(clock.now().getTime() + MINUTE),
      },
    ]);
    expect(lines).toContainEqual({ level: 'error', msg: 'jobs: a run failed' });
    expect((await jobsView(t.db, [job], clock.now()))[0]).toMatchObject({
      failing: 1,
      lastError: { period: '2026-11-25T20:10Z', error: 'the payment gateway did not answer' },
    });

    await s.tick(); // not yet: the retry waits one tick interval
    expect(calls).toEqual(['2026-11-25T20:00Z', '2026-11-25T20:10Z']);
    clock.advance(MINUTE);
    await s.tick(); // the next tick retries it, and only it
    expect(calls).toEqual(['2026-11-25T20:00Z', '2026-11-25T20:10Z', '2026-11-25T20:10Z']);
    expect(await runsOf(job)).toMatchObject([
      { period: '2026-11-25T20:00Z', status: 'succeeded', attempts: 1 },
      { period: '2026-11-25T20:10Z', status: 'succeeded', attempts: 2, error: null },
    ]);
    await s.tick();
    expect(calls).toHaveLength(3);
    expect((await jobsView(t.db, [job], clock.now()))[0]?.failing).toBe(0);
  });

  it('takes over a claim whose lease ran out, and the runner that lost it cannot record its outcome', async () => {
    const clock = clockAt('2026-11-25T20:01:00Z');
    const started = signal();
    const gate = signal();
    const runners: string[] = [];
    const job = testJob({
      leaseSeconds: 60,
      run: async () => {
        runners.push(runners.length === 0 ? 'a' : 'b');
        if (runners.length === 1) {
          started.resolve();
          await gate.promise; // a runner that stalls (or died) holding its claim
        }
        return { by: runners.at(-1) };
      },
    });
    const stale = recordingLog();
    const a = scheduler(t.db, [job], clock.now, stale.log);
    const b = scheduler(other, [job], clock.now);
    const aTick = a.tick();
    await started.promise;

    await b.tick(); // the lease still holds
    expect(runners).toEqual(['a']);

    clock.advance(61_000);
    await b.tick(); // it ran out: b takes the period over
    expect(runners).toEqual(['a', 'b']);
    expect(await runsOf(job)).toMatchObject([
      { status: 'succeeded', attempts: 2, runner: b.runner, result: { by: 'b' } },
    ]);

    gate.resolve();
    await aTick;
    expect(await runsOf(job)).toMatchObject([
      { status: 'succeeded', attempts: 2, runner: b.runner, result: { by: 'b' } },
    ]);
    expect(stale.lines).toContainEqual({ level: 'warn', msg: 'jobs: the lease ran out before the run ended' });
  });

  it('keeps renewing the lease of a run that is still going, so nobody takes it over', async () => {
    const clock = clockAt('2026-11-25T20:01:00Z');
    const started = signal();
    const gate = signal();
    let runs = 0;
    const job = testJob({
      leaseSeconds: 0.3, // renewed every 100 ms of real time
      run: async () => {
        runs += 1;
        started.resolve();
        await gate.promise;
        return undefined;
      },
    });
    const a = scheduler(t.db, [job], clock.now);
    const aTick = a.tick();
    await started.promise;
    const [claimed] = await runsOf(job);
    clock.advance(10_000);
    // Wait for the renewal to show in the table (a positive signal, however long it takes).
    const renewed = new Date(clock.now().getTime() + 300);
    for (;;) {
      const [row] = await runsOf(job);
      if (row && row.lease_until.getTime() === renewed.getTime()) break;
      await new Promise((r) => setImmediate(r));
    }
    expect(claimed?.lease_until).toEqual(new Date('2026-11-25T20:01:00.300Z'));
    await scheduler(other, [job], clock.now).tick();
    expect(runs).toBe(1);
    gate.resolve();
    await aTick;
    expect(await runsOf(job)).toMatchObject([{ status: 'succeeded', attempts: 1, runner: a.runner }]);
  });

  it('takes over the claim of a runner that is gone', async () => {
    const clock = clockAt('2026-11-25T20:01:00Z');
    let runs = 0;
    const job = testJob({
      run: async () => {
        runs += 1;
        return undefined;
      },
    });
    await t.db.kysely
      .insertInto('job_runs')
      .values({
        job: job.name,
        period: '2026-11-25T20:00Z',
        due_at: new Date('2026-11-25T20:00:00Z'),
        status: 'running',
        runner: 'a-host:4242:dead00',
        lease_until: new Date('2026-11-25T20:00:59Z'),
        started_at: new Date('2026-11-25T20:00:00Z'),
      })
      .execute();
    const s = scheduler(other, [job], clock.now);
    await s.tick();
    expect(runs).toBe(1);
    expect(await runsOf(job)).toMatchObject([{ status: 'succeeded', attempts: 2, runner: s.runner }]);
  });

  it('stops cleanly: the running job is asked to give up and waited for, and nothing runs after', async () => {
    const started = signal();
    let runs = 0;
    const job = testJob({
      run: async ({ signal: stopping }) => {
        runs += 1;
        started.resolve();
        await new Promise((r) => stopping.addEventListener('abort', r, { once: true }));
        return { stopped: stopping.aborted };
      },
    });
    const s = createScheduler({ db: t.db, config, jobs: [job], log: recordingLog().log, tickMs: 3_600_000 });
    s.start();
    await started.promise;
    await s.stop();
    expect(await runsOf(job)).toMatchObject([{ status: 'succeeded', result: { stopped: true } }]);
    await s.tick();
    expect(runs).toBe(1);
  });
});

describe("the server's jobs", () => {
  it('are idle in tests until started, then sweep what has expired', async () => {
    const { app, db, close } = await createTestApp({}, { seed: false });
    try {
      expect(app.jobs.jobs.map((j) => j.name)).toEqual(jobsOf(app.config).map((j) => j.name));
      expect(await db.kysely.selectFrom('job_runs').selectAll().execute()).toEqual([]);
      await db.kysely
        .insertInto('captchas')
        .values([
          { id: 'old', answer_hash: Buffer.alloc(32), expires_at: new Date(Date.now() - MINUTE) },
          { id: 'live', answer_hash: Buffer.alloc(32), expires_at: new Date(Date.now() + 10 * MINUTE) },
        ])
        .execute();
      await db.kysely
        .insertInto('human_checks_used')
        .values({ id: 'old', expires_at: new Date(Date.now() - MINUTE) })
        .execute();
      await app.jobs.tick();
      const runs = await db.kysely.selectFrom('job_runs').select(['job', 'status', 'result']).execute();
      expect(runs.map((r) => r.job).sort()).toEqual(app.jobs.jobs.map((j) => j.name).sort());
      expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
      expect(runs.find((r) => r.job === 'captchas-sweep')?.result).toEqual({ deleted: 1 });
      expect((await db.kysely.selectFrom('captchas').select('id').execute()).map((r) => r.id)).toEqual(['live']);
      expect(await db.kysely.selectFrom('human_checks_used').selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('run once when two server processes on one database tick together', async () => {
    const first = await createTestApp({}, { seed: false });
    const secondDb = first.config.DATABASE_URL ? await openDatabase({ url: first.config.DATABASE_URL }) : first.db;
    const second = await buildApp(first.config, secondDb);
    try {
      await second.ready();
      await Promise.all([first.app.jobs.tick(), second.jobs.tick()]);
      const runs = await first.db.kysely
        .selectFrom('job_runs')
        .select(['job', 'status', 'attempts', 'runner'])
        .execute();
      expect(runs.map((r) => r.job).sort()).toEqual(first.app.jobs.jobs.map((j) => j.name).sort());
      expect(runs.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
      expect(runs.every((r) => [first.app.jobs.runner, second.jobs.runner].includes(r.runner))).toBe(true);
    } finally {
      await second.close();
      if (secondDb !== first.db) await secondDb.close();
      await first.close();
    }
  });

  it('sweeps sessions, codes and retired keys only once they are past keeping', async () => {
    const { app, db, close } = await createTestApp();
    try {
      const member = await db.kysely.selectFrom('members').select(['id', 'brand_id']).executeTakeFirstOrThrow();
      const session = (token: number, expires: string) => ({
        token_hash: Buffer.alloc(32, token),
        member_id: member.id,
        expires_at: sql<Date>`now() - ${expires}::interval`,
      });
      await db.kysely
        .insertInto('sessions')
        .values([session(1, '8 days'), session(2, '6 days')])
        .execute();
      const code = (phone: string, age: string) => ({
        brand_id: member.brand_id,
        phone,
        purpose: 'login' as const,
        salt: Buffer.alloc(16),
        code_hash: Buffer.alloc(32),
        created_at: sql<Date>`now() - ${age}::interval`,
      });
      await db.kysely
        .insertInto('sms_codes')
        .values([code('old', '25 hours'), code('new', '23 hours')])
        .execute();
      await db.kysely
        .insertInto('hpke_keys')
        .values([
          { id: 'retired', seed: 's', public_key: 'p', superseded_at: sql<Date>`now() - interval '25 hours'` },
          { id: 'previous', seed: 's', public_key: 'p', superseded_at: sql<Date>`now() - interval '23 hours'` },
        ])
        .execute();
      await app.jobs.tick();
      const tokens = await db.kysely.selectFrom('sessions').select('token_hash').execute();
      expect(tokens.map((r) => r.token_hash[0])).toEqual([2]);
      expect((await db.kysely.selectFrom('sms_codes').select('phone').execute()).map((r) => r.phone)).toEqual(['new']);
      const keys = await db.kysely.selectFrom('hpke_keys').select('id').execute();
      expect(keys.map((r) => r.id)).toEqual(['previous']);
    } finally {
      await close();
    }
  });
});

describe('npm run khela -- jobs', () => {
  it('lists every job with its schedule, last run, next run and failures, and one job’s runs', async () => {
    // The operator's command over the database, opened and closed as its own process would (the
    // process itself is cli.test.ts's).
    const dataDir = t.url ? null : mkdtempSync(path.join(tmpdir(), 'khela-jobs-'));
    const db = dataDir ? await openTestPglite({ dataDir }) : t.db;
    try {
      const jobs = jobsOf(config);
      await createScheduler({ db, config, jobs, log: recordingLog().log }).tick();
      if (dataDir) await db.close();
      const env = { ...process.env, DATA_DIR: dataDir ?? '', DATABASE_URL: t.url ?? '', LOG_LEVEL: 'silent' };
      const khela = (...args: string[]) => runCommand(args, env);
      const list = await khela('jobs');
      expect(list.code, list.err).toBe(0);
      const lines = list.out.split('\n');
      expect(lines[0]).toMatch(/^JOB\s+SCHEDULE\s+CATCH-UP\s+LAST RUN\s+STATUS\s+FINISHED\s+NEXT RUN\s+FAILING/);
      for (const job of jobs) {
        const line = lines.find((l) => l.startsWith(`${job.name} `));
        expect(line, job.name).toContain(job.schedule.describe);
        expect(line).toContain('succeeded');
        expect(line).toContain(job.description);
      }
      const one = await khela('jobs', 'captchas-sweep');
      expect(one.code, one.err).toBe(0);
      expect(one.out).toMatch(/^PERIOD\s+STATUS\s+ATTEMPTS/);
      expect(one.out).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d0Z\s+succeeded\s+1\s+.*\{"deleted":0\}/);
      const unknown = await khela('jobs', 'no-such-job');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain("no job 'no-such-job'");
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
