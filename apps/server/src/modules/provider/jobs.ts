import type { Config } from '../../platform/config';
import { defineJob, every, type Job } from '../../platform/jobs';
import { resolveStaleRounds } from './resolver';

/**
 * The provider's periodic work: rounds a provider left open past PROVIDER_ROUND_TIMEOUT_SECONDS
 * are closed (bets without a result refunded) every PROVIDER_RESOLVER_INTERVAL_SECONDS; 0 turns
 * the resolver off. Only the latest period matters: each run looks at every round still open.
 */
export function providerJobs(config: Config): Job[] {
  if (config.PROVIDER_RESOLVER_INTERVAL_SECONDS <= 0) return [];
  return [
    defineJob({
      name: 'round-resolver',
      description: 'closes provider rounds left open past PROVIDER_ROUND_TIMEOUT_SECONDS',
      schedule: every({ seconds: config.PROVIDER_RESOLVER_INTERVAL_SECONDS }),
      catchUp: 'latest',
      run: async ({ db, config, log }) =>
        resolveStaleRounds(db, {
          delaySeconds: config.PROVIDER_ROUND_TIMEOUT_SECONDS,
          onError: (err, roundId) => log.error({ err, roundId }, 'provider: a round could not be resolved'),
        }),
    }),
  ];
}
