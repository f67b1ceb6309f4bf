import { dashboardCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { dashboard } from './service';

/** The back office's dashboard (decision 0034). */
export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboardCall, (req) => dashboard(app.db, req.caller.brandId));
}
