import { call } from '@khela/client';
import { jobRerunCall, jobsListCall } from '@khela/contract/endpoints';
import type { JobRerun, JobView } from '@khela/contract/staff-admin';
import { StaffReasonBody } from '@khela/contract/staff-admin';
import type { z } from '@khela/contract/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/action-dialog';
import { applyServerErrors, Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { PageHeader } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { allows, useMe } from '../../lib/staff';
import './jobs.css';

type Job = z.infer<typeof JobView>;
type Rerun = z.infer<typeof JobRerun>;
type FailedRun = Job['failedRuns'][number];

const JOBS_KEY = ['bo', 'jobs'] as const;

/**
 * The engine describes a schedule in English for its command line ("every 10 min", "daily at
 * 03:00 (UTC+06:00)"); the screen writes it in the staff member's language, or as given.
 */
function useSchedule() {
  const { t } = useTranslation();
  const f = useFormat();
  return (text: string): string => {
    const every = /^every (?:(\d+) )?(h|hour|min|minute|s)$/.exec(text);
    if (every) {
      const unit = every[2]?.startsWith('h') ? 'hours' : every[2]?.startsWith('m') ? 'minutes' : 'seconds';
      return t(`jobs.every.${unit}`, { n: Number(every[1] ?? 1) });
    }
    const daily = /^daily at (\d{2}:\d{2}) \((UTC[+-]\d{2}:\d{2})\)$/.exec(text);
    if (daily) return t('jobs.daily', { at: f.digits(daily[1] as string), zone: daily[2] as string });
    return text;
  };
}

/**
 * Every periodic job (BACK-OFFICE.md "Staff and audit log", decision 0032): last and next run,
 * failures with their error, and a re-run of a failed period (jobs.run) — idempotent: a period
 * that has succeeded runs nothing.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useMe().data;
  const schedule = useSchedule();
  const canRun = allows(me, 'jobs.run');
  const jobs = useQuery({
    queryKey: JOBS_KEY,
    queryFn: ({ signal }) => call(jobsListCall, {}, { signal }),
    // What needs a look comes first: failing jobs, then the rest in the engine's order.
    select: (list) => [...list].sort((a, b) => Number(b.failing > 0) - Number(a.failing > 0)),
  });
  const [rerun, setRerun] = useState<{ job: string; run: FailedRun } | null>(null);
  const [result, setResult] = useState<Rerun | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        text={jobs.dataUpdatedAt ? t('jobs.readAt', { at: f.at(jobs.dataUpdatedAt) }) : t('jobs.intro')}
        actions={
          <button type="button" className="button" disabled={jobs.isFetching} onClick={() => jobs.refetch()}>
            {jobs.isFetching ? t('common.loading') : t('jobs.refresh')}
          </button>
        }
      />
      {result && <RerunResult result={result} onClose={() => setResult(null)} />}
      {jobs.isPending ? (
        <Loading />
      ) : jobs.isError ? (
        <ErrorState message={errorText(t, jobs.error)} onRetry={() => jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState title={t('jobs.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="jobs-table" aria-label={t('jobs.title')}>
            <thead>
              <tr>
                <th scope="col">{t('jobs.job')}</th>
                <th scope="col">{t('jobs.schedule')}</th>
                <th scope="col">{t('jobs.lastRun')}</th>
                <th scope="col">{t('jobs.nextRun')}</th>
                <th scope="col">{t('jobs.failures')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('jobs.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <Fragment key={job.job}>
                  <tr className={job.failing > 0 ? 'row-failing' : undefined}>
                    <th scope="row">
                      <span className="job-name">{t(`jobs.names.${job.job}`, { defaultValue: job.description })}</span>
                      <code>{job.job}</code>
                    </th>
                    <td>{schedule(job.schedule)}</td>
                    <td>
                      {job.last ? (
                        <>
                          <span className={`status status-${job.last.status}`}>
                            {t(`jobs.statuses.${job.last.status}`, { defaultValue: job.last.status })}
                          </span>
                          <span className="mono job-when">{f.at(job.last.finishedAt ?? job.last.startedAt)}</span>
                          <span className="job-period">{t('jobs.period', { period: f.digits(job.last.period) })}</span>
                        </>
                      ) : (
                        t('jobs.neverRun')
                      )}
                    </td>
                    <td>
                      <span className="mono">{f.at(job.next.dueAt)}</span>
                    </td>
                    <td>
                      {job.failing === 0 ? (
                        <span className="status status-succeeded">{t('jobs.noFailures')}</span>
                      ) : (
                        <>
                          <span className="status status-failed">{t('jobs.failing', { n: job.failing })}</span>
                          {job.lastError && <p className="job-error">{job.lastError.error}</p>}
                        </>
                      )}
                    </td>
                    <td className="cell-action">
                      {job.failedRuns.length > 0 && (
                        <button
                          type="button"
                          className="button button-small button-quiet"
                          aria-expanded={open === job.job}
                          onClick={() => setOpen(open === job.job ? null : job.job)}
                        >
                          {open === job.job ? t('jobs.hideFailed') : t('jobs.showFailed')}
                        </button>
                      )}
                    </td>
                  </tr>
                  {open === job.job && (
                    <tr className="row-details">
                      <td colSpan={6}>
                        <FailedRuns job={job} canRun={canRun} onRerun={(run) => setRerun({ job: job.job, run })} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rerun && (
        <RerunDialog
          job={rerun.job}
          run={rerun.run}
          onClose={() => setRerun(null)}
          onDone={(r) => {
            setResult(r);
            setRerun(null);
          }}
        />
      )}
    </>
  );
}

function FailedRuns({ job, canRun, onRerun }: { job: Job; canRun: boolean; onRerun: (run: FailedRun) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <table className="failed-runs" aria-label={t('jobs.failedRuns', { job: job.job })}>
      <thead>
        <tr>
          <th scope="col">{t('jobs.periodHeader')}</th>
          <th scope="col">{t('jobs.attempts')}</th>
          <th scope="col">{t('jobs.error')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('jobs.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {job.failedRuns.map((run) => (
          <tr key={run.period}>
            <td className="mono">{f.digits(run.period)}</td>
            <td>{f.count(run.attempts)}</td>
            <td className="job-error">{run.error ?? '—'}</td>
            <td className="cell-action">
              {canRun && (
                <button type="button" className="button button-small" onClick={() => onRerun(run)}>
                  {t('jobs.rerun')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RerunDialog({
  job,
  run,
  onClose,
  onDone,
}: {
  job: string;
  run: FailedRun;
  onClose: () => void;
  onDone: (r: Rerun) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const form = useContractForm(StaffReasonBody, { defaultValues: { reason: '' } });
  const e = form.formState.errors;
  return (
    <ActionDialog
      title={t('jobs.rerunTitle', { job, period: f.digits(run.period) })}
      text={t('jobs.rerunText')}
      confirmLabel={t('jobs.rerun')}
      cancelLabel={t('jobs.cancel')}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit(async ({ reason }) => {
        try {
          const r = await call(jobRerunCall, { params: { job, period: run.period }, body: { reason } });
          await queryClient.invalidateQueries({ queryKey: JOBS_KEY });
          onDone(r);
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <Field id="job-reason" label={t('jobs.reason')} hint={t('jobs.reasonHint')} error={e.reason?.message}>
        <textarea rows={2} {...fieldAria('job-reason', e.reason, true)} {...form.register('reason')} />
      </Field>
      <FormError message={e.root?.server?.message} />
    </ActionDialog>
  );
}

function RerunResult({ result, onClose }: { result: Rerun; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const kind = !result.rerun ? 'already' : result.status === 'succeeded' ? 'succeeded' : 'failed';
  return (
    <div className={`notice ${kind === 'failed' ? 'notice-error' : 'notice-success'}`} role="status">
      <p>{t(`jobs.result.${kind}`, { job: result.job, period: f.digits(result.period) })}</p>
      {result.error && <p className="job-error">{result.error}</p>}
      <button type="button" className="link-button" onClick={onClose}>
        {t('jobs.dismiss')}
      </button>
    </div>
  );
}
