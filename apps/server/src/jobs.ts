import { authJobs } from './modules/auth/jobs';
import { depositJobs } from './modules/cashier/deposit-jobs';
import { withdrawJobs } from './modules/cashier/withdraw-jobs';
import { dashboardJobs } from './modules/dashboard/jobs';
import { memberSecurityJobs } from './modules/member-security/jobs';
import { passwordResetJobs } from './modules/password-reset/jobs';
import { providerJobs } from './modules/provider/jobs';
import { verificationJobs } from './modules/verification/jobs';
import type { Config } from './platform/config';
import { humanChecksSweep } from './platform/human-check';
import { type Job, jobRunsSweep } from './platform/jobs';
import { retiredKeysSweep, sealedBodiesSweep } from './platform/sealed-body';
import { sessionsSweep } from './platform/sessions';
import { loginFailuresSweep, takenAnswersSweep } from './platform/throttle';

/**
 * Every periodic job of the server (decision 0021), run by `platform/jobs.ts` and listed by
 * `npm run khela -- jobs`. A module defines its jobs in its own `jobs.ts`; adding one here is
 * one line.
 */
export function jobsOf(config: Config): Job[] {
  return [
    sessionsSweep,
    loginFailuresSweep,
    takenAnswersSweep,
    humanChecksSweep,
    sealedBodiesSweep,
    retiredKeysSweep,
    ...authJobs,
    ...verificationJobs,
    ...passwordResetJobs,
    ...providerJobs(config),
    ...dashboardJobs,
    ...memberSecurityJobs,
    ...depositJobs,
    ...withdrawJobs,
    jobRunsSweep,
  ];
}
