import type { FastifyRequest } from 'fastify';
import { clientIp } from './client-ip';
import type { Config } from './config';

/**
 * A route's rate limit (the rate-limit plugin's route config): `max` calls a minute from one
 * visitor address — for the calls that try passwords, send texts or create accounts.
 */
export function perAddressPerMinute(config: Config, max: number) {
  const keyGenerator = (req: FastifyRequest) => clientIp(req, config.TRUSTED_PROXY_HEADER) || req.ip;
  return { rateLimit: { max, timeWindow: 60_000, keyGenerator } };
}
