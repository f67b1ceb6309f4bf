import { dashboardCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { dashboard } from './dashboard';

/** The back office's reports (decision 0032): the dashboard. */
export async function reportRoutes(app: FastifyInstance) {
  const { db, config } = app;
  route(app, dashboardCall, (req) => dashboard(db, req.caller.brandId, { idleMinutes: config.SESSION_IDLE_MINUTES }));
}
