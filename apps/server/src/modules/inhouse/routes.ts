import { playBalanceCall, playOpenCall, slotSpinCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { gameAddressLimit } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { gameLimits, playContextOf, registerGameCaller } from './caller';
import * as service from './service';

/**
 * A person spins at most a few times a second, autoplay included; more from one session is a
 * script (a budget per session, see gameLimits).
 */
export const SPINS_PER_MINUTE = 240;

/** The in-house game pages' calls (contract inhouse.ts); `GET /play/:game` itself is page.ts. */
export async function inhouseRoutes(app: FastifyInstance) {
  // The `game` caller of every in-house call: this one's, the dice's and the crash game's.
  registerGameCaller();

  // Opening carries no session yet (its ticket is in the body, single-use): the address bucket only.
  route(app, playOpenCall, async (req) => service.open(await playContextOf(req), req.body.ticket), {
    config: { limits: [gameAddressLimit(app.config)] },
  });

  route(app, playBalanceCall, async (req) => service.balance(await playContextOf(req), req.caller), {
    config: gameLimits(app.config),
  });

  route(app, slotSpinCall, async (req) => service.spin(await playContextOf(req), req.caller, req.body), {
    config: gameLimits(app.config, { name: 'spin', max: SPINS_PER_MINUTE }),
  });
}
