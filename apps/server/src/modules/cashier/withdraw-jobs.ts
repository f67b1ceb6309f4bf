import { defineJob, every } from '../../platform/jobs';
import { autoConfirm } from './withdraw';
import { retryDuePayouts } from './withdraw-payouts';

/**
 * Withdrawals' periodic work. Each period runs once across processes (platform/jobs.ts), and each
 * run's writes are conditional updates, so a run retried after a crash changes nothing twice.
 */
export const withdrawJobs = [
  defineJob({
    name: 'withdraw-auto-confirm',
    description: "counts paid withdrawals as received once the brand's confirmation minutes have passed",
    schedule: every({ minutes: 5 }),
    catchUp: 'latest',
    run: async ({ db }) => ({ confirmed: await autoConfirm(db) }),
  }),
  defineJob({
    name: 'withdraw-payout-retries',
    description: 'sends failed payouts again under their payout id while the brand allows retries',
    schedule: every({ minutes: 1 }),
    catchUp: 'latest',
    run: async ({ db }) => ({ sent: await retryDuePayouts(db) }),
  }),
];
