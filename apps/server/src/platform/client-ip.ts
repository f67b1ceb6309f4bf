import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { keptAnswers } from './kept';

/** What the address is read from: a Fastify request, or Node's own before Fastify has one. */
export type Visitor = {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string } | null;
  ip?: string;
};

/**
 * The visitor's address. By default the socket's peer: a header such as X-Forwarded-For is
 * written by the client and would let anyone pick their own country. Only when the operator
 * names a header (TRUSTED_PROXY_HEADER) is it read, and then its left-most address is taken —
 * so the proxy in front must set that header itself (nginx `proxy_set_header X-Forwarded-For
 * $remote_addr`, Cloudflare's cf-connecting-ip), not append to what the client sent.
 */
export function clientIp(req: Visitor, trustedHeader: string): string {
  if (trustedHeader) {
    const raw = req.headers[trustedHeader];
    const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0];
    const fromHeader = first === undefined ? '' : normaliseIp(first);
    // A request that did not come through the proxy (a health check on the LAN) has no header.
    if (fromHeader) return fromHeader;
  }
  return normaliseIp(req.socket?.remoteAddress ?? req.ip ?? '');
}

/**
 * A bare IP address, or '' when the text is not one. Drops a port ('1.2.3.4:5678', '[::1]:80'),
 * an IPv6 zone ('fe80::1%eth0') and the IPv4-mapped IPv6 prefix ('::ffff:1.2.3.4' → '1.2.3.4').
 * Kept per text: every call of a visitor carries the same one. A text longer than any address
 * with a port and a zone is not kept, whatever it is.
 */
export const normaliseIp = keptAnswers(normalise, 10_000, 64);

function normalise(text: string): string {
  let ip = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1]) ip = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  ip = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  const version = isIP(ip);
  if (version === 0) return '';
  return version === 6 ? ip.toLowerCase() : ip;
}
