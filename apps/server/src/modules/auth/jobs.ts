import { defineJob, every } from '../../platform/jobs';
import { deleteExpiredCaptchas, deleteOldLoginChallenges } from './repo';

/** The login's short-lived rows, swept on a schedule rather than by the calls that create them. */
export const authJobs = [
  defineJob({
    name: 'captchas-sweep',
    description: 'forgets captchas past their expiry',
    schedule: every({ minutes: 10 }),
    catchUp: 'latest',
    run: async ({ db }) => ({ deleted: await deleteExpiredCaptchas(db) }),
  }),
  defineJob({
    name: 'login-challenges-sweep',
    description: 'forgets new-address login challenges a day after they expired',
    schedule: every({ hours: 1 }),
    catchUp: 'latest',
    run: async ({ db }) => ({ deleted: await deleteOldLoginChallenges(db) }),
  }),
];
