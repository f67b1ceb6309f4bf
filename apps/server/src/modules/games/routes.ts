import {
  ERRORS,
  favouriteGamesCall,
  favouriteIdsCall,
  favouriteToggleCall,
  gameListCall,
  gameMenusCall,
  gameVendorsCall,
  hotGamesCall,
  LAUNCH_LANGUAGE_HEADER,
  launchGameCall,
  recentGamesCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { gameAddressLimit, perCredential } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { launchGame } from './launch';
import * as service from './service';

/**
 * The game catalog (spec §7). What every visitor reads is brand content (briefly cacheable);
 * what belongs to a member (favourites, recent games, a launch) needs the token.
 */
export async function gameRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, gameMenusCall, async (req) => service.gameMenusOf(db, await brandOf(req), req.query.language));
  route(app, gameVendorsCall, async (req) => service.vendorLanes(db, await brandOf(req), req.query));
  route(app, gameListCall, async (req) => service.gameList(db, await brandOf(req), req.query));
  route(app, hotGamesCall, async (req) => service.hotGames(db, await brandOf(req), req.query));

  route(app, recentGamesCall, async (req) => service.recentGames(db, await brandOf(req), req.member.id, req.query));
  route(app, favouriteGamesCall, async (req) => service.favourites(db, await brandOf(req), req.member.id, req.query));
  route(app, favouriteIdsCall, async (req) => service.favouriteIds(db, await brandOf(req), req.member.id));
  route(app, favouriteToggleCall, async (req) =>
    service.toggleFavourite(db, await brandOf(req), req.member.id, req.body),
  );

  // A launch is a game call (docs/security.md): the game bucket of its address, and one per
  // member session, so neither a fresh session nor a fresh address multiplies launches.
  const launchLimits = {
    limits: [
      gameAddressLimit(app.config),
      perCredential('launch-session', app.config.GAME_RATE_PER_SESSION_PER_MINUTE, 'authorization'),
    ],
  };
  route(
    app,
    launchGameCall,
    async (req, reply) => {
      const header = req.headers[LAUNCH_LANGUAGE_HEADER];
      const language = Array.isArray(header) ? header[0] : header;
      const outcome = await launchGame(db, await brandOf(req), req.member, req.body, language);
      if (outcome.kind === 'launched') return outcome.value;
      // The one failure that carries a value: other games to open instead (spec §8).
      const code = 'GAME_MAINTENANCE';
      return reply
        .code(ERRORS[code].status)
        .send({ success: false, value: outcome.value, message: ERRORS[code].messageKey, code });
    },
    { config: launchLimits },
  );
}
