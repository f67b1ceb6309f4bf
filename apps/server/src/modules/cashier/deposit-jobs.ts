import { defineJob, every, type Job } from '../../platform/jobs';
import { expireDeposits } from './deposit-credit';

/**
 * Deposits still waiting for payment past their expiry (cashier_settings.deposit_expiry_minutes,
 * 30 by default) end expired with a notice. Each run looks at every deposit past its time, so only
 * the latest period matters after downtime.
 */
export const depositExpiry: Job = defineJob({
  name: 'deposit-expiry',
  description: 'ends deposits left unpaid past their expiry',
  schedule: every({ minutes: 1 }),
  catchUp: 'latest',
  run: async ({ db }) => ({ expired: await expireDeposits(db) }),
});

export const depositJobs: Job[] = [depositExpiry];
