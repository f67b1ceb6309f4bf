import {
  BettingHistoryBody,
  BettingHistoryEnvelope,
  ErrorEnvelope,
  ok,
  ProfitBody,
  ProfitEnvelope,
  TransactionHistoryBody,
  TransactionHistoryEnvelope,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../platform/brand';
import { authenticate, type SessionMember } from '../../platform/sessions';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 503: ErrorEnvelope };

function holderOf(m: SessionMember) {
  return { id: m.id, brandId: m.brandId, isAgent: m.isAgent };
}

/**
 * The member centre's records (spec §2 'Member centre pages', §7). The account record's path is
 * the spec's; the betting record and P&L follow its /wps/relay/ODSFE2_Mem… naming. Each reads
 * the logged-in player's own records only; trial accounts read their play money (playMoney).
 */
export async function recordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  app.post(
    '/wps/relay/ODSFE2_MemTransDet',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Account record (transactionHistory): wallet movements in [startTime, endTime), newest first',
        body: TransactionHistoryBody,
        response: { 200: TransactionHistoryEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      const holder = holderOf(req.member as SessionMember);
      return ok(await service.transactionHistory(app.db, holder, brand.info, req.body));
    },
  );

  app.post(
    '/wps/relay/ODSFE2_MemBetDet',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Betting record (personalHistoryCopy): game rounds opened in [startTime, endTime), newest first',
        body: BettingHistoryBody,
        response: { 200: BettingHistoryEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      const holder = holderOf(req.member as SessionMember);
      return ok(await service.bettingHistory(app.db, holder, brand.info, req.body));
    },
  );

  app.post(
    '/wps/relay/ODSFE2_MemProfit',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Personal P&L (personalProfit): stake, win and net in [startTime, endTime), by vendor or by day',
        body: ProfitBody,
        response: { 200: ProfitEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      const holder = holderOf(req.member as SessionMember);
      return ok(await service.profit(app.db, holder, brand.info, req.body));
    },
  );
}
