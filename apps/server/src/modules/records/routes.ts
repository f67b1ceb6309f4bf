import { bettingHistoryCall, profitCall, transactionHistoryCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { route } from '../../platform/route';
import * as service from './service';

/** The member centre's records (spec §2 'Member centre pages', §7): the player's own only. */
export async function recordRoutes(app: FastifyInstance) {
  route(app, transactionHistoryCall, async (req) =>
    service.transactionHistory(app.db, req.member, (await brandOf(req)).info, req.body),
  );
  route(app, bettingHistoryCall, async (req) =>
    service.bettingHistory(app.db, req.member, (await brandOf(req)).info, req.body),
  );
  route(app, profitCall, async (req) => service.profit(app.db, req.member, (await brandOf(req)).info, req.body));
}
