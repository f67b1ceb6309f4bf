import { BlockList, isIP } from 'node:net';

/** An IP address, or a CIDR block (`198.51.100.0/24`, `2001:db8::/48`). */
export function isAddressOrBlock(text: string): boolean {
  const [ip = '', bits, extra] = text.split('/');
  const version = isIP(ip);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** Lists seen lately, built once: every staff call of a brand checks the same list. */
const built = new Map<string, BlockList>();

function blockListOf(entries: readonly string[]): BlockList {
  const key = entries.join(' ');
  let list = built.get(key);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      if (!isAddressOrBlock(entry)) continue;
      const [ip = '', bits] = entry.split('/');
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(bits), type);
    }
    if (built.size > 1000) built.clear();
    built.set(key, list);
  }
  return list;
}

/**
 * Whether `ip` (a bare address, as clientIp answers it) is on an allow-list of addresses and
 * blocks; an empty list allows every address, an unreadable address none.
 */
export function addressAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const version = isIP(ip);
  return version !== 0 && blockListOf(entries).check(ip, version === 6 ? 'ipv6' : 'ipv4');
}
