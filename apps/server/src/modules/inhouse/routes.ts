import { createHash } from 'node:crypto';
import {
  ErrorEnvelope,
  envelope,
  GAME_TOKEN_HEADER,
  ok,
  PlayBalanceValue,
  PlayOpenRequest,
  PlayOpenValue,
  SlotSpinRequest,
  SlotSpinValue,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../platform/brand';
import * as service from './service';

/**
 * A person spins at most a few times a second, autoplay included; more from one session is a
 * script. Keyed by the session token (hashed: keys may be logged), not the address, so players
 * behind one carrier NAT do not share a budget.
 */
export const SPINS_PER_MINUTE = 240;

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

function tokenOf(req: FastifyRequest): string | undefined {
  const v = req.headers[GAME_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
}

async function contextOf(app: FastifyInstance, req: FastifyRequest): Promise<service.PlayContext> {
  const brand = await brandOf(req);
  return { db: app.db, brandId: brand.id, brand: brand.info };
}

/** The in-house game pages' calls (contract inhouse.ts); `GET /play/:game` itself is page.ts. */
export async function inhouseRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['in-house games'];

  app.post(
    '/play/api/open',
    {
      schema: {
        tags,
        summary: 'Redeem a launch ticket for the game session and the game',
        body: PlayOpenRequest,
        response: { 200: envelope(PlayOpenValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.open(await contextOf(app, req), req.body.ticket));
    },
  );

  app.get(
    '/play/api/balance',
    {
      schema: {
        tags,
        summary: "The session player's balance",
        response: { 200: envelope(PlayBalanceValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextOf(app, req);
      return ok(await service.balance(ctx, await service.sessionOf(ctx, tokenOf(req))));
    },
  );

  app.post(
    '/play/api/slot/spin',
    {
      config: {
        rateLimit: {
          max: SPINS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) =>
            `spin:${createHash('sha256')
              .update(tokenOf(req) ?? '')
              .digest('base64url')}`,
        },
      },
      schema: {
        tags,
        summary: 'Spin the slot once (a retried requestId answers its first round)',
        body: SlotSpinRequest,
        response: { 200: envelope(SlotSpinValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextOf(app, req);
      const session = await service.sessionOf(ctx, tokenOf(req), service.SLOT_GAME);
      return ok(await service.spin(ctx, session, req.body));
    },
  );
}
