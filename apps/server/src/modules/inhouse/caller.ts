import { createHash } from 'node:crypto';
import { GAME_TOKEN_HEADER } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { registerAuthenticator } from '../../platform/route';
import { type PlayContext, type PlaySession, sessionOf } from './service';

/**
 * The in-house game pages' caller (`auth: 'game'`, ARCHITECTURE §3): the game session behind
 * the token in GAME_TOKEN_HEADER, proven before the body is read. Which game the session is for
 * is each game's own check, in its service.
 */
declare module '../../platform/route' {
  interface Callers {
    game: PlaySession;
  }
}

export function tokenOf(req: FastifyRequest): string | undefined {
  const v = req.headers[GAME_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
}

/** The brand a game call is made on, with the database: what every in-house service takes. */
export async function playContextOf(req: FastifyRequest): Promise<PlayContext> {
  const brand = await brandOf(req);
  return { db: req.server.db, brandId: brand.id, brand: brand.info };
}

/** Registers the `game` authenticator (the route of each game call looks it up per call). */
export function registerGameCaller() {
  registerAuthenticator('game', async (req) => {
    req.caller = await sessionOf(await playContextOf(req), tokenOf(req));
  });
}

/**
 * A rate limit per game session rather than per address: keyed by the session token (hashed,
 * since keys may be logged), so players behind one carrier NAT do not share a budget. Calls
 * with the same `prefix` share one budget.
 */
export function perSession(prefix: string, max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) =>
        `${prefix}:${createHash('sha256')
          .update(tokenOf(req) ?? '')
          .digest('base64url')}`,
    },
  };
}
