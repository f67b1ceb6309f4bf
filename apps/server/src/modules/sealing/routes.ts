import { sealingKeyCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { publishedKey } from '../../platform/sealed-body';

/** The key clients seal the spec §7 'encrypted' bodies to (platform/sealed-body.ts). */
export async function sealingRoutes(app: FastifyInstance) {
  // The answer carries the server's clock; route() marks every answer no-store.
  route(app, sealingKeyCall, () => publishedKey(app.db, app.config));
}
