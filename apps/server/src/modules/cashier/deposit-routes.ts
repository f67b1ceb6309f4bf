import { cashierMethodsCall, depositCall, depositReferenceCall, depositStatusCall } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { route } from '../../platform/route';
import type { SessionMember } from '../../platform/sessions';
import { depositStatus, listMethods, orderDeposit, type Player, submitReference } from './deposits';
import { readerLanguage } from './views';

/** This server's public origin for a request: where the checkout returns the player. */
export function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

async function playerOf(req: FastifyRequest & { member: SessionMember }): Promise<Player> {
  return { id: req.member.id, brand: await brandOf(req), lang: readerLanguage(req), origin: originOf(req) };
}

/** The player's deposit calls (contract cashier.ts); every one refuses a trial account (`member:real`). */
export async function depositRoutes(app: FastifyInstance) {
  route(app, cashierMethodsCall, async (req) => listMethods(app.db, await playerOf(req), req.query.type));
  route(app, depositCall, async (req) => orderDeposit(app.db, await playerOf(req), req.body));
  route(app, depositStatusCall, async (req) => depositStatus(app.db, await playerOf(req), req.params.id));
  route(app, depositReferenceCall, async (req) =>
    submitReference(app.db, await playerOf(req), req.params.id, req.body.reference),
  );
}
