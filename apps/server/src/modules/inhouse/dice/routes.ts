import { createHash } from 'node:crypto';
import {
  DiceBetRequest,
  DiceBetValue,
  DiceRotateRequest,
  DiceSeedsValue,
  ErrorEnvelope,
  envelope,
  GAME_TOKEN_HEADER,
  ok,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../../platform/brand';
import { SPINS_PER_MINUTE } from '../routes';
import * as inhouse from '../service';
import * as dice from './service';

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };

function tokenOf(req: FastifyRequest): string | undefined {
  const v = req.headers[GAME_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
}

/** The dice session behind the request's game token (a slot token is refused). */
async function sessionOf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  const brand = await brandOf(req);
  const ctx: inhouse.PlayContext = { db: app.db, brandId: brand.id, brand: brand.info };
  return { ctx, session: await inhouse.sessionOf(ctx, tokenOf(req), dice.DICE_GAME) };
}

/**
 * Bets and rotations per session and minute: auto-bet included, a person stays far below the
 * slot's budget; keyed by the hashed token like the slot, so a carrier NAT is not one budget.
 */
const perSession = (prefix: string) => ({
  rateLimit: {
    max: SPINS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) =>
      `${prefix}:${createHash('sha256')
        .update(tokenOf(req) ?? '')
        .digest('base64url')}`,
  },
});

/** The dice page's calls (contract dice.ts), beside the in-house routes of ../routes.ts. */
export async function diceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['in-house games'];

  app.get(
    '/play/api/dice/seeds',
    {
      schema: {
        tags,
        summary: "The player's dice seeds: the pair in play (server seed hashed) and the last revealed pair",
        response: { 200: envelope(DiceSeedsValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      const { ctx, session } = await sessionOf(app, req, reply);
      return ok(await dice.seeds(ctx, session));
    },
  );

  app.post(
    '/play/api/dice/seeds/rotate',
    {
      config: perSession('dice-rotate'),
      schema: {
        tags,
        summary:
          'Reveal the server seed in play and start a new pair at nonce 0 (optionally with a chosen client seed)',
        body: DiceRotateRequest,
        response: { 200: envelope(DiceSeedsValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      const { ctx, session } = await sessionOf(app, req, reply);
      return ok(await dice.rotate(ctx, session, req.body));
    },
  );

  app.post(
    '/play/api/dice/bet',
    {
      config: perSession('dice-bet'),
      schema: {
        tags,
        summary: 'Roll the dice once (a retried requestId answers its first bet)',
        body: DiceBetRequest,
        response: { 200: envelope(DiceBetValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      const { ctx, session } = await sessionOf(app, req, reply);
      return ok(await dice.bet(ctx, session, req.body));
    },
  );
}
