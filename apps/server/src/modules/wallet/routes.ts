import {
  ConsolidatedFundsEnvelope,
  ErrorEnvelope,
  fromMinor,
  MerchantWalletEnvelope,
  ok,
  WalletBalanceEnvelope,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf, brandStore } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { authenticate, type SessionMember } from '../../platform/sessions';
import { onBalance } from './events';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 503: ErrorEnvelope };

function holderOf(m: SessionMember): service.Holder {
  return { id: m.id, brandId: m.brandId, isAgent: m.isAgent };
}

export async function walletRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];

  // Every committed balance change goes to the member's open sockets (the header updates live).
  const off = onBalance(app.db, async (c) => {
    try {
      const brand = await brandStore(app.db).byId(c.brandId);
      const sumBalance = fromMinor(c.balance, brand.info.currencyDecimals);
      app.realtime.toMember(c.memberId, { type: 'balance', sumBalance, currency: c.currency });
    } catch (err) {
      app.log.warn({ err }, 'wallet: balance push failed');
    }
  });
  app.addHook('onClose', async () => off());

  // The web app GETs it; the spec's clients also POST it. Both answer the same.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/wps/v2/wallets/balance',
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'The wallet balance (value.sumBalance)',
        response: { 200: WalletBalanceEnvelope, ...FAILURES },
      },
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const brand = await brandOf(req);
        return ok(await service.balance(app.db, holderOf(req.member as SessionMember), brand.info));
      },
    });
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/wps/relay/GCS_merchantWallet',
    preHandler: authenticate,
    schema: {
      tags,
      summary: 'Whether the brand runs one wallet for every game (value.isSingle)',
      response: { 200: MerchantWalletEnvelope, ...FAILURES },
    },
    handler: async () => ok({ isSingle: true }),
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/wps/member/info/funds/consolidated',
    preHandler: authenticate,
    schema: {
      tags,
      summary: 'The total balance and its wallets',
      response: { 200: ConsolidatedFundsEnvelope, ...FAILURES },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      return ok(await service.consolidated(app.db, holderOf(req.member as SessionMember), brand.info));
    },
  });

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Move money between game wallets (brands with separate wallets only)',
        response: FAILURES,
      },
    },
    async (req) => {
      if ((req.member as SessionMember).isAgent === 4) throw new AppError('TRIAL_ACCOUNT');
      // Every brand runs a single wallet today (GCS_merchantWallet answers isSingle): every game
      // plays from the one balance, so there is nothing to move between.
      throw new AppError('SINGLE_WALLET');
    },
  );
}
