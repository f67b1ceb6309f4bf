import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { jobsView, type Scheduler } from '../../platform/jobs';
import type { StaffCaller } from './sessions';

/**
 * The jobs screen (decision 0032): the job engine's own view (what `khela jobs` prints) with
 * each job's failed periods, and a re-run of one through the engine's claim, so a period still
 * runs once across processes whoever asks.
 */

/** Failed periods listed per job at most: enough to act on, however long a job has been failing. */
const FAILED_SHOWN = 20;

export async function jobsList(db: Database, scheduler: Scheduler) {
  const views = await jobsView(db, scheduler.jobs);
  const failed = await db.kysely
    .selectFrom('job_runs')
    .select(['job', 'period', 'attempts', 'error'])
    .where('status', '=', 'failed')
    .orderBy('due_at', 'desc')
    .execute();
  return views.map((v) => ({
    job: v.job,
    description: v.description,
    schedule: v.schedule,
    catchUp: v.catchUp,
    last: v.last
      ? {
          period: v.last.period,
          status: v.last.status,
          attempts: v.last.attempts,
          startedAt: v.last.startedAt.toISOString(),
          finishedAt: v.last.finishedAt?.toISOString() ?? null,
        }
      : null,
    next: { period: v.next.key, dueAt: v.next.dueAt.toISOString() },
    failing: v.failing,
    lastError: v.lastError,
    failedRuns: failed
      .filter((f) => f.job === v.job)
      .slice(0, FAILED_SHOWN)
      .map((f) => ({ period: f.period, attempts: Number(f.attempts), error: f.error })),
  }));
}

/**
 * Runs a failed period again now and waits for it. A period that already succeeded runs
 * nothing and says so (idempotent); one running now is refused JOB_RUN_BUSY. Audited either
 * way, with the outcome: jobs serve every brand, so the re-run is recorded in the caller's.
 */
export async function rerunJob(
  db: Database,
  scheduler: Scheduler,
  staff: StaffCaller,
  ip: string,
  o: { job: string; period: string; reason: string },
) {
  const outcome = await scheduler.rerun(o.job, o.period);
  if (!outcome) throw new AppError('NOT_FOUND');
  if (outcome.status === 'busy') throw new AppError('JOB_RUN_BUSY');
  await audit(db, {
    event: 'job.rerun',
    brandId: staff.brandId,
    staffId: staff.id,
    ip,
    target: `job:${o.job}/${o.period}`,
    reason: o.reason,
    after: { status: outcome.status, rerun: outcome.rerun, error: outcome.error },
  });
  return { job: o.job, period: o.period, ...outcome };
}
