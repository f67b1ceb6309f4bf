import {
  adjustmentsCall,
  approveAdjustmentCall,
  playerAddNoteCall,
  playerAdjustCall,
  playerLabelsCall,
  playerLedgerCall,
  playerLoginsCall,
  playerNotesCall,
  playerProfileCall,
  playerRevokeSessionCall,
  playerRoundsCall,
  playerSearchCall,
  playerSessionsCall,
  playerStatusCall,
  rejectAdjustmentCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { route } from '../../platform/route';
import type { StaffCaller } from '../staff/sessions';
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from './adjustments';
import type { Desk } from './guard';
import { playerLedger, playerLogins, playerProfile, playerRounds, playerSessions } from './profile';
import { searchPlayers } from './search';
import { addNote, listNotes, revokeSession, setLabels, setStatus } from './writes';

/**
 * The Players desk under /bo/players and /bo/adjustments (decision 0031). The staff
 * authenticator (modules/staff) proves the session and the call's permission before anything
 * here runs, and binds the session to the host's brand, so `brandOf` is the staff member's brand.
 */
export async function staffPlayersRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const desk = (req: FastifyRequest & { caller: StaffCaller }): Desk => ({
    db,
    staff: req.caller,
    ip: clientIp(req, config.TRUSTED_PROXY_HEADER),
  });

  route(app, playerSearchCall, async (req) => searchPlayers(db, await brandOf(req), req.query));
  route(app, playerProfileCall, async (req) => playerProfile(desk(req), await brandOf(req), req.params.id));
  route(app, playerLedgerCall, async (req) => playerLedger(desk(req), await brandOf(req), req.params.id, req.query));
  route(app, playerRoundsCall, async (req) => playerRounds(desk(req), await brandOf(req), req.params.id, req.query));
  route(app, playerLoginsCall, (req) => playerLogins(desk(req), req.params.id));
  route(app, playerSessionsCall, (req) => playerSessions(desk(req), config, req.params.id));
  route(app, playerRevokeSessionCall, (req) => revokeSession(desk(req), req.params.id, req.params.sessionId, req.body));
  route(app, playerNotesCall, (req) => listNotes(desk(req), req.params.id));
  route(app, playerAddNoteCall, (req) => addNote(desk(req), req.params.id, req.body));
  route(app, playerLabelsCall, (req) => setLabels(desk(req), req.params.id, req.body));
  route(app, playerStatusCall, (req) => setStatus(desk(req), req.params.id, req.body));

  route(app, playerAdjustCall, async (req) =>
    requestAdjustment(desk(req), await brandOf(req), req.params.id, req.body),
  );
  route(app, adjustmentsCall, async (req) => listAdjustments(desk(req), await brandOf(req), req.query));
  route(app, approveAdjustmentCall, async (req) =>
    approveAdjustment(desk(req), await brandOf(req), req.params.id, req.body),
  );
  route(app, rejectAdjustmentCall, async (req) =>
    rejectAdjustment(desk(req), await brandOf(req), req.params.id, req.body),
  );
}
