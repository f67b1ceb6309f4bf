import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

/** The part of geoip-country (CommonJS, untyped) that Khela uses. */
type GeoIp = { lookup(ip: string): { country: string } | null };

/**
 * Addresses that never locate a visitor: loopback, private, link-local, CGNAT, unique-local,
 * unspecified. They answer '' without consulting the database.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

let geoip: GeoIp | undefined;

/**
 * The ISO 3166-1 alpha-2 country of a normalised IP address, or '' when unknown (private
 * address, not in the database, not an address). The ~8 MB database is read on first use, not at
 * import, so tools and tests that never locate anyone do not pay for it.
 */
export function countryOf(ip: string): string {
  const version = isIP(ip);
  if (version === 0) return '';
  const family = version === 6 ? 'ipv6' : 'ipv4';
  if (NOT_PUBLIC.check(ip, family)) return '';
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geoip.lookup(ip)?.country ?? '';
}
