import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import type { Limit } from '../../platform/rate-limit';

const VENDOR_CODE = /^[A-Z0-9_]{2,20}$/;

/** The vendor a provider call's path names, or '-' when the path cannot name one. */
function vendorOf(req: FastifyRequest): string {
  const vendor = (req.params as { vendor?: unknown }).vendor;
  return typeof vendor === 'string' && VENDOR_CODE.test(vendor) ? vendor : '-';
}

/**
 * The provider calls' ceiling (docs/security.md): PROVIDER_RATE_PER_MINUTE per vendor, counted
 * before the signature is checked, so a flood of forged calls costs no HMAC and no database
 * read. Per vendor rather than per address: an aggregator sends every player's calls from a few.
 */
export function vendorCeiling(config: Config): Limit {
  return { name: 'provider-vendor', max: config.PROVIDER_RATE_PER_MINUTE, windowMs: 60_000, keyOf: vendorOf };
}

/**
 * PROVIDER_ALLOWED_ADDRESSES: a vendor that has a list is answered only from those addresses —
 * refused before its ceiling is counted, so nobody else can fill it. Vendors without a list are
 * let through (their signature still decides).
 */
export function allowedAddresses(config: Config): onRequestHookHandler | null {
  if (config.PROVIDER_ALLOWED_ADDRESSES.size === 0) return null;
  const lists = new Map<string, BlockList>();
  for (const [vendor, entries] of config.PROVIDER_ALLOWED_ADDRESSES) {
    const list = new BlockList();
    for (const entry of entries) {
      const [ip = '', bits] = entry.split('/');
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(bits), type);
    }
    lists.set(vendor, list);
  }
  return (req, _reply, done) => {
    const list = lists.get(vendorOf(req));
    if (!list) return done();
    const ip = clientIp(req, config.TRUSTED_PROXY_HEADER);
    const version = isIP(ip);
    const allowed = version !== 0 && list.check(ip, version === 6 ? 'ipv6' : 'ipv4');
    done(allowed ? undefined : new AppError('FORBIDDEN'));
  };
}
