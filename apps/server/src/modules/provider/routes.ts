import { providerBalanceCall, providerBetCall, providerRollbackCall, providerWinCall } from '@khela/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type RouteExtras, route } from '../../platform/route';
import type { Answer } from './answers';
import { balance } from './balance';
import { bet } from './bet';
import { registerProviderCaller } from './caller';
import { onHeldWin } from './events';
import { allowedAddresses, vendorCeiling } from './limits';
import { rollback } from './rollback';
import { win } from './win';

/** Sends an answer's stored bytes as they are: a replay must be the first answer byte for byte. */
async function send(reply: FastifyReply, answer: Promise<Answer>) {
  const { status, body } = await answer;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The seamless-wallet provider API (contract provider.ts, docs/provider-api.md):
 * `POST /provider/<vendor>/balance|bet|win|rollback`, signed per vendor. This plugin keeps
 * request bodies as raw bytes, so the signature is checked over exactly what was sent; route()
 * parses them only once the signature holds.
 */
export async function providerRoutes(app: FastifyInstance) {
  registerProviderCaller();
  // Staff's alert for a win held over the brand's caps, whoever paid it (a vendor's call or an
  // in-house game in this process); the back office counts them with heldWinCounts().
  const unsubscribe = onHeldWin(app.db, (h) =>
    app.log.warn(
      {
        brandId: h.brandId,
        vendor: h.vendor,
        heldId: h.heldId.toString(),
        txId: h.txId,
        memberId: h.memberId.toString(),
        roundId: h.roundId,
        amount: h.amount.toString(),
        stakeTotal: h.stakeTotal.toString(),
        currency: h.currency,
        reason: h.reason,
      },
      'provider: win over the brand caps held in suspense for staff to release or void',
    ),
  );
  app.addHook('onClose', async () => unsubscribe());
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Aggregators call from a few addresses at high rates: a ceiling per vendor, and the vendor's
  // addresses when it has a list — both before the signature is checked (limits.ts).
  const allowList = allowedAddresses(app.config);
  const extras: RouteExtras = {
    config: { limits: [vendorCeiling(app.config)] },
    ...(allowList ? { onRequest: allowList } : {}),
  };
  route(app, providerBalanceCall, (req, reply) => send(reply, balance(req.caller, req.body)), extras);
  route(app, providerBetCall, (req, reply) => send(reply, bet(req.caller, req.body)), extras);
  route(app, providerWinCall, (req, reply) => send(reply, win(req.caller, req.body)), extras);
  route(app, providerRollbackCall, (req, reply) => send(reply, rollback(req.caller, req.body)), extras);
}
