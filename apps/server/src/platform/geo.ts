import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { keptAnswers } from './kept';

/** The part of geoip-country (CommonJS, untyped) that Khela uses. */
type GeoIp = { lookup(ip: string): { country: string } | null };

/** [network, prefix length] of IPv4 ranges that never locate a visitor. */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
];
const V4_RANGES = NOT_PUBLIC_V4.map(([net, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (ipv4ToInt(net) & mask) >>> 0, mask };
});

/** IPv6 loopback, unspecified, unique-local and link-local addresses. */
const NOT_PUBLIC_V6 = new BlockList();
NOT_PUBLIC_V6.addAddress('::', 'ipv6');
NOT_PUBLIC_V6.addAddress('::1', 'ipv6');
NOT_PUBLIC_V6.addSubnet('fc00::', 7, 'ipv6');
NOT_PUBLIC_V6.addSubnet('fe80::', 10, 'ipv6');

function ipv4ToInt(ip: string): number {
  let n = 0;
  for (const part of ip.split('.')) n = n * 256 + Number(part);
  return n >>> 0;
}

/** Loopback, private, link-local, CGNAT, unique-local or unspecified: no country to find. */
export function isNonPublicIp(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) {
    // Plain arithmetic: this runs on every status call, and BlockList allocates per check.
    const n = ipv4ToInt(ip);
    return V4_RANGES.some((r) => (n & r.mask) >>> 0 === r.base);
  }
  return version === 6 && NOT_PUBLIC_V6.check(ip, 'ipv6');
}

let geoip: GeoIp | undefined;

/**
 * The ISO 3166-1 alpha-2 country of a normalised IP address, or '' when unknown (not public,
 * not in the database, not an address). The ~8 MB database is read on the first lookup, not at
 * import, so tools and tests that never locate anyone do not pay for it. Kept per address: a
 * visitor asks again on every page view.
 */
export const countryOf = keptAnswers(lookUp, 10_000);

function lookUp(ip: string): string {
  if (isIP(ip) === 0 || isNonPublicIp(ip)) return '';
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geoip.lookup(ip)?.country ?? '';
}
