import {
  ERRORS,
  ErrorEnvelope,
  envelope,
  FavouriteIds,
  FavouriteState,
  Favourites,
  FavouritesQuery,
  FavouriteToggle,
  GameListQuery,
  GameMenus,
  GameMenusQuery,
  GamePage,
  GameVendorQuery,
  GameVendors,
  HotGames,
  HotGamesQuery,
  LAUNCH_LANGUAGE_HEADER,
  LaunchGameBody,
  LaunchGameEnvelope,
  LaunchUnavailableEnvelope,
  ok,
  RecentGames,
  RecentGamesQuery,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../platform/brand';
import { brandRead } from '../../platform/brand-read';
import { authenticate, type SessionMember } from '../../platform/sessions';
import { launchGame } from './launch';
import * as service from './service';

const MEMBER_FAILURES = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};

/**
 * The game catalog (spec §7). What every visitor reads is a brand read (GET, briefly cacheable);
 * what belongs to a member (favourites, recent games) needs the token and is never cached.
 */
export async function gameRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];

  brandRead(app, '/lgw/games/game_menus', {
    tags,
    summary: 'Game categories with their vendors, in side-menu order',
    query: GameMenusQuery,
    value: GameMenus,
    load: (brand) => service.gameMenusOf(app.db, brand),
  });

  brandRead(app, '/lgw/games/game_vendor', {
    tags,
    summary: 'Game vendors by category (value.data.lanes), with game counts and classifications',
    query: GameVendorQuery,
    value: GameVendors,
    load: (brand, q) => service.vendorLanes(app.db, brand, q),
  });

  brandRead(app, '/lgw/games/game_list', {
    tags,
    summary: 'Games filtered by category, vendor, classification, stake, lines and name; paged (42 a page)',
    query: GameListQuery,
    value: GamePage,
    load: (brand, q) => service.gameList(app.db, brand, q),
  });

  brandRead(app, '/lgw/games/hot_games', {
    tags,
    summary: 'Hot games (isPlatform 2), value.list',
    query: HotGamesQuery,
    value: HotGames,
    load: (brand, q) => service.hotGames(app.db, brand, q),
  });

  const member = (req: { member: SessionMember | null }) => (req.member as SessionMember).id;

  app.get(
    '/wps/relay/GLS_recentGames',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "The member's recently played games, latest first (value.list, totalPages)",
        querystring: RecentGamesQuery,
        response: { 200: envelope(RecentGames), ...MEMBER_FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.recentGames(app.db, await brandOf(req), member(req), req.query));
    },
  );

  app.get(
    '/wps/relay/GLS_favouriteGames',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "The member's favourite games, newest first (value.content, totalPages)",
        querystring: FavouritesQuery,
        response: { 200: envelope(Favourites), ...MEMBER_FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.favourites(app.db, await brandOf(req), member(req), req.query));
    },
  );

  app.get(
    '/wps/relay/GLS_favouriteIds',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "The nodeIds of the member's favourite games",
        response: { 200: envelope(FavouriteIds), ...MEMBER_FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.favouriteIds(app.db, await brandOf(req), member(req)));
    },
  );

  app.post(
    '/wps/game/launchGame',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Launch a game (spec §3 payload, Language header): value.game_url (and game_url2)',
        description:
          'The game is named by nodeId, or by gameId/roomId with vassalage/accountTypeName. ' +
          'A switched-off game or vendor, or a vendor without a launcher, answers 503 GAME_MAINTENANCE ' +
          'whose value (unlike every other failure) carries `suggestions`: other games to open.',
        body: LaunchGameBody,
        response: { 200: LaunchGameEnvelope, ...MEMBER_FAILURES, 503: LaunchUnavailableEnvelope },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const header = req.headers[LAUNCH_LANGUAGE_HEADER];
      const outcome = await launchGame(
        app.db,
        await brandOf(req),
        req.member as SessionMember,
        req.body,
        Array.isArray(header) ? header[0] : header,
      );
      if (outcome.kind === 'launched') return ok(outcome.value);
      const code = 'GAME_MAINTENANCE';
      return reply.code(ERRORS[code].status).send({
        success: false,
        value: outcome.value,
        message: ERRORS[code].messageKey,
        code,
      });
    },
  );

  app.post(
    '/wps/relay/GLS_favouriteToggle',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Add a favourite game if absent, remove it if present (or set `favourite`)',
        body: FavouriteToggle,
        response: { 200: envelope(FavouriteState), ...MEMBER_FAILURES },
      },
    },
    async (req) => ok(await service.toggleFavourite(app.db, await brandOf(req), member(req), req.body)),
  );
}
