import type { FastifyRequest } from 'fastify';
import { type BrandSnapshot, brandOf } from './brand';
import { clientIp } from './client-ip';

/**
 * What a service that opens sessions, sends codes or writes the audit trail needs to know of a
 * call besides its input: the brand of the host and who is calling from where. The route builds
 * it, so services take plain values and never the request (STYLE "small services").
 */
export type Visit = {
  brand: BrandSnapshot;
  /** The visitor's address (clientIp: the trusted proxy header, else the socket's peer). */
  ip: string;
  /** The browser's user agent, as far as a session keeps it. */
  userAgent: string;
};

/** The longest user agent a session keeps. */
const USER_AGENT_CHARS = 512;

export async function visitOf(req: FastifyRequest): Promise<Visit> {
  return {
    brand: await brandOf(req),
    ip: clientIp(req, req.server.config.TRUSTED_PROXY_HEADER),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_CHARS),
  };
}
