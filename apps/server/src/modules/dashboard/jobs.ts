import { defineJob, every, type Job } from '../../platform/jobs';
import { countFigures } from './service';

/**
 * The dashboard's figures are counted from the ledger every ten minutes. Only the latest period
 * matters: each run recounts from the last day counted to today, so one run after downtime
 * catches everything up, and a retried run writes the same rows.
 */
export const dashboardJobs: Job[] = [
  defineJob({
    name: 'daily-figures',
    description: "counts each brand's stakes, wins and players by day from the ledger",
    schedule: every({ minutes: 10 }),
    catchUp: 'latest',
    run: async ({ db }) => countFigures(db),
  }),
];
