import { playBalanceCall, playOpenCall, slotSpinCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { perSession, playContextOf, registerGameCaller } from './caller';
import * as service from './service';

/**
 * A person spins at most a few times a second, autoplay included; more from one session is a
 * script (a budget per session, see perSession).
 */
export const SPINS_PER_MINUTE = 240;

/** The in-house game pages' calls (contract inhouse.ts); `GET /play/:game` itself is page.ts. */
export async function inhouseRoutes(app: FastifyInstance) {
  // The `game` caller of every in-house call: this one's, the dice's and the crash game's.
  registerGameCaller();

  route(app, playOpenCall, async (req) => service.open(await playContextOf(req), req.body.ticket));

  route(app, playBalanceCall, async (req) => service.balance(await playContextOf(req), req.caller));

  route(app, slotSpinCall, async (req) => service.spin(await playContextOf(req), req.caller, req.body), {
    config: perSession('spin', SPINS_PER_MINUTE),
  });
}
