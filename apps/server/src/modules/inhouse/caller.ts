import { GAME_TOKEN_HEADER } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import type { Config } from '../../platform/config';
import { gameAddressLimit, type Limit, perCredential } from '../../platform/rate-limit';
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
 * The buckets of a game call (docs/security.md): per visitor address across every game call
 * (GAME_RATE_PER_ADDRESS_PER_MINUTE, large enough for a carrier's shared address), per game
 * session across its calls (GAME_RATE_PER_SESSION_PER_MINUTE), and, for a call that has one, its
 * own budget per session (`budget`: calls with the same name share it).
 */
export function gameLimits(config: Config, budget?: { name: string; max: number }): { limits: Limit[] } {
  const limits = [
    gameAddressLimit(config),
    perCredential('game-session', config.GAME_RATE_PER_SESSION_PER_MINUTE, GAME_TOKEN_HEADER),
  ];
  if (budget) limits.push(perCredential(budget.name, budget.max, GAME_TOKEN_HEADER));
  return { limits };
}
