import {
  approveHeldWinCall,
  declineHeldWinCall,
  heldWinCountCall,
  heldWinsCall,
  releaseHeldWinCall,
  voidHeldWinCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { route } from '../../platform/route';
import type { StaffCaller } from '../staff/sessions';
import type { Desk } from '../staff-players/guard';
import { approveHeldWin, decideHeldWin, declineHeldWin, heldWinBadge, listHeldWins } from './service';

/**
 * The Risk desk under /bo/risk (decision 0038). The staff authenticator proves the session and
 * `risk.read` / `risk.write` before anything here runs, and binds the session to the host's
 * brand, so `brandOf` is the staff member's brand.
 */
export async function riskRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const desk = (req: FastifyRequest & { caller: StaffCaller }): Desk => ({
    db,
    staff: req.caller,
    ip: clientIp(req, config.TRUSTED_PROXY_HEADER),
  });

  route(app, heldWinsCall, async (req) => listHeldWins(desk(req), await brandOf(req), req.query));
  route(app, heldWinCountCall, (req) => heldWinBadge(desk(req)));
  route(app, releaseHeldWinCall, async (req) =>
    decideHeldWin(desk(req), await brandOf(req), req.params.id, 'release', req.body.reason),
  );
  route(app, voidHeldWinCall, async (req) =>
    decideHeldWin(desk(req), await brandOf(req), req.params.id, 'void', req.body.reason),
  );
  route(app, approveHeldWinCall, async (req) =>
    approveHeldWin(desk(req), await brandOf(req), req.params.id, req.body.reason),
  );
  route(app, declineHeldWinCall, async (req) =>
    declineHeldWin(desk(req), await brandOf(req), req.params.id, req.body.reason),
  );
}
