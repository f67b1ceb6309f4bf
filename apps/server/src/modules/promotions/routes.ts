import { promotionCall, promotionListCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { route } from '../../platform/route';
import * as service from './service';

/** Promotions (spec §2 'Registration form', §3 'Promotion'): brand content, briefly cacheable. */
export async function promotionRoutes(app: FastifyInstance) {
  route(app, promotionListCall, async (req) =>
    service.promotionList(app.db, await brandOf(req), req.query, new Date()),
  );
  route(app, promotionCall, async (req) =>
    service.promotionById(app.db, await brandOf(req), req.params.id, req.query.language, new Date()),
  );
}
