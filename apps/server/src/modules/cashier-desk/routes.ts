import {
  addMethodCall,
  cashierApproveCall,
  cashierCaseCloseCall,
  cashierCaseProofCall,
  cashierCasesCall,
  cashierMarkPaidCall,
  cashierQueueCall,
  cashierReconcileCall,
  cashierRejectCall,
  cashierRequestCall,
  cashierSettingsCall,
  cashierSettingsSaveCall,
  cashierTotalsCall,
  editMethodCall,
  methodLogoCall,
  methodLogoImageCall,
  playerCashierCall,
  playerPayeeNameCall,
  rejectionOf,
  staffMethodsCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { setPayeeName } from '../cashier/payee-name';
import { readerLanguage } from '../cashier/views';
import type { StaffCaller } from '../staff/sessions';
import type { Desk } from '../staff-players/guard';
import { caseProof, closeCaseCall, listCases } from './cases';
import { addMethod, editMethod, listMethods, logoImage, uploadLogo } from './methods';
import { approve, markPaid, playerCashier, queue, reject, requestDetail } from './queue';
import { reconcile, totals } from './reports';
import { readSettings, saveSettings } from './settings';

/**
 * An uploaded image is shown as an image and nothing else (as avatars are): its own type, no
 * sniffing, a policy under which it could run nothing even if opened as a page.
 */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
};

/**
 * The finance desk under /bo/cashier (CASHIER.md "The finance desk"). The staff authenticator
 * proves the session and the call's permission (cashier.read, cashier.approve,
 * cashier.configure) before anything here runs, and binds the session to the host's brand.
 */
export async function cashierDeskRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const desk = (req: FastifyRequest & { caller: StaffCaller }): Desk => ({
    db,
    staff: req.caller,
    ip: clientIp(req, config.TRUSTED_PROXY_HEADER),
  });

  route(app, cashierSettingsCall, async (req) => readSettings(desk(req), await brandOf(req)));
  route(app, cashierSettingsSaveCall, async (req) => saveSettings(desk(req), await brandOf(req), req.body));

  route(app, staffMethodsCall, async (req) => listMethods(desk(req), await brandOf(req)));
  route(app, addMethodCall, async (req) => addMethod(desk(req), await brandOf(req), req.body));
  route(app, editMethodCall, async (req) => editMethod(desk(req), await brandOf(req), req.params.id, req.body));
  route(app, methodLogoCall, async (req) => uploadLogo(desk(req), await brandOf(req), req.params.id, req.body.image));
  route(app, methodLogoImageCall, async (req, reply) => {
    const brand = await brandOf(req);
    const found = await logoImage(db, brand.id, req.params.key);
    if (!found) throw new AppError('NOT_FOUND');
    // Each upload has a new address: this one never changes.
    return reply
      .headers({ ...IMAGE_HEADERS, 'cache-control': 'public, max-age=31536000, immutable' })
      .type(found.type)
      .send(found.bytes);
  });

  route(app, cashierQueueCall, async (req) => queue(desk(req), await brandOf(req), req.query, readerLanguage(req)));
  route(app, cashierRequestCall, async (req) =>
    requestDetail(desk(req), await brandOf(req), req.params.id, readerLanguage(req)),
  );
  route(app, cashierApproveCall, async (req) =>
    approve(desk(req), await brandOf(req), req.params.id, rejectionOf(req.body), readerLanguage(req)),
  );
  route(app, cashierRejectCall, async (req) =>
    reject(desk(req), await brandOf(req), req.params.id, rejectionOf(req.body), readerLanguage(req)),
  );
  route(app, cashierMarkPaidCall, async (req) =>
    markPaid(desk(req), await brandOf(req), req.params.id, req.body.providerReference, readerLanguage(req)),
  );

  route(app, cashierCasesCall, async (req) => listCases(desk(req), await brandOf(req), req.query));
  route(app, cashierCaseProofCall, async (req, reply) => {
    const proof = await caseProof(desk(req), req.params.id);
    return reply
      .headers({ ...IMAGE_HEADERS, 'cache-control': 'private, no-store' })
      .type(proof.type)
      .send(proof.bytes);
  });
  route(app, cashierCaseCloseCall, async (req) =>
    closeCaseCall(desk(req), await brandOf(req), req.params.id, req.body.note),
  );

  route(app, cashierTotalsCall, async (req) => totals(desk(req), await brandOf(req), req.query, readerLanguage(req)));
  route(app, cashierReconcileCall, async (req) =>
    reconcile(desk(req), await brandOf(req), req.query, { origin: `${req.protocol}://${req.host}` }),
  );

  route(app, playerCashierCall, async (req) =>
    playerCashier(desk(req), await brandOf(req), req.params.id, req.query, readerLanguage(req)),
  );
  // A Players desk call (players.write) on the cashier's payout accounts: routed here, where
  // both modules may be named.
  route(app, playerPayeeNameCall, async (req) => setPayeeName(desk(req), await brandOf(req), req.params.id, req.body));
}
