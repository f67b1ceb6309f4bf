import { diceBetCall, diceRotateCall, diceSeedsCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route';
import { gameLimits, playContextOf } from '../caller';
import { SPINS_PER_MINUTE } from '../routes';
import * as dice from './service';

/** The dice page's calls (contract dice.ts), beside the in-house routes of ../routes.ts. */
export async function diceRoutes(app: FastifyInstance) {
  route(app, diceSeedsCall, async (req) => dice.seeds(await playContextOf(req), req.caller), {
    config: gameLimits(app.config),
  });

  // Bets and rotations per session and minute: auto-bet included, a person stays far below
  // the slot's budget, so the dice share its number.
  route(app, diceRotateCall, async (req) => dice.rotate(await playContextOf(req), req.caller, req.body), {
    config: gameLimits(app.config, { name: 'dice-rotate', max: SPINS_PER_MINUTE }),
  });

  route(app, diceBetCall, async (req) => dice.bet(await playContextOf(req), req.caller, req.body), {
    config: gameLimits(app.config, { name: 'dice-bet', max: SPINS_PER_MINUTE }),
  });
}
