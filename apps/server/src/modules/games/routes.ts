import { ErrorEnvelope, envelope, GameMenus, GameMenusQuery, ok } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../platform/brand';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 503: ErrorEnvelope } as const;

export async function gameRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['games'],
        summary: 'Game categories with their vendors, in side-menu order',
        querystring: GameMenusQuery,
        response: { 200: envelope(GameMenus), ...FAILURES },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      reply.header('cache-control', 'public, max-age=30');
      return ok(await service.gameMenusOf(app.db, brand));
    },
  );
}
