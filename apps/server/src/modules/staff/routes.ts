import {
  auditLogCall,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffRevokeSessionCall,
  staffSessionsCall,
  staffSetupConfirmCall,
  staffSetupPasswordCall,
  staffVerifyCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { secretsKeyWarning } from '../../platform/secrets-key';
import { visitOf } from '../../platform/visit';
import { setupConfirm, setupPassword } from './accounts';
import { auditTrail } from './audit-trail';
import { staffLogin, staffVerify } from './login';
import { me, ownSessions, registerStaffCaller, revokeOwnSession } from './sessions';

/** The back office's own calls under /bo/ (decision 0030): set-up, login, own sessions, audit. */
export async function staffRoutes(app: FastifyInstance) {
  const { db, config } = app;
  registerStaffCaller();
  const warning = secretsKeyWarning(config);
  if (warning) app.log.warn(warning);
  // Every call that tries a password, a code or a set-up token counts in one budget per address.
  const throttled = { config: perAddressPerMinute(config, config.STAFF_LOGIN_RATE_PER_MINUTE) };
  const ipOf = (req: Parameters<typeof clientIp>[0]) => clientIp(req, config.TRUSTED_PROXY_HEADER);

  route(app, staffSetupPasswordCall, (req) => setupPassword(db, config, ipOf(req), req.body), throttled);
  route(app, staffSetupConfirmCall, (req) => setupConfirm(db, config, ipOf(req), req.body), throttled);
  route(app, staffLoginCall, async (req) => staffLogin({ db, config }, await visitOf(req), req.body), throttled);
  route(app, staffVerifyCall, async (req) => staffVerify({ db, config }, await visitOf(req), req.body), throttled);

  route(app, staffLogoutCall, async (req) => {
    await revokeOwnSession(db, req.caller, req.caller.sessionId, ipOf(req));
    return null;
  });
  route(app, staffMeCall, (req) => me(req.caller));
  route(app, staffSessionsCall, (req) => ownSessions(db, config, req.caller));
  route(app, staffRevokeSessionCall, (req) => revokeOwnSession(db, req.caller, BigInt(req.params.id), ipOf(req)));

  route(app, auditLogCall, (req) => auditTrail(db, req.caller, req.query));
}
