import {
  auditExportCall,
  auditLogCall,
  jobRerunCall,
  jobsListCall,
  roleEditCall,
  rolesListCall,
  staffAddressesCall,
  staffAddressesEditCall,
  staffContactCall,
  staffCreateCall,
  staffDisableCall,
  staffEnableCall,
  staffLinkedMembersCall,
  staffListCall,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffResetCall,
  staffRevokeSessionCall,
  staffRolesCall,
  staffSessionsCall,
  staffSetupConfirmCall,
  staffSetupPasswordCall,
  staffVerifyCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { loadMailConfig } from '../../platform/email';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { secretsKeyWarning } from '../../platform/secrets-key';
import { visitOf } from '../../platform/visit';
import { linkBaseOf, setupConfirm, setupPassword } from './accounts';
import { setStaffAddresses, staffAddresses } from './addresses';
import { auditCsv, auditTrail } from './audit-trail';
import { jobsList, rerunJob } from './jobs-desk';
import { staffLogin, staffVerify } from './login';
import * as management from './management';
import { editRole, listRoles } from './roles';
import { me, ownSessions, registerStaffCaller, revokeOwnSession } from './sessions';

/**
 * The back office's own calls under /bo/ (decisions 0030, 0032): set-up, login, own sessions,
 * staff and roles, the staff address allow-list, the audit trail and the jobs.
 */
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
  route(app, auditExportCall, (req, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${req.caller.merchantCode}-${day}.csv"`)
      .send(auditCsv(db, req.caller, req.query));
  });

  // Set-up links point where the password-reset emails do: PUBLIC_URL, else this machine.
  const linkBase = linkBaseOf(loadMailConfig(config.dataDir).PUBLIC_URL, config);
  // The session is bound to the host's brand, so the host's brand is the staff member's.
  const actorOf = async (req: FastifyRequest & { caller: management.Actor['staff'] }) => ({
    staff: req.caller,
    ip: ipOf(req),
    linkBase,
    dialingCode: (await brandOf(req)).mobileDialingCodes[0],
  });
  route(app, staffListCall, (req) => management.listStaff(db, req.caller.brandId, req.query.status));
  route(app, staffCreateCall, async (req) => management.createByStaff(db, await actorOf(req), req.body));
  route(app, staffRolesCall, async (req) => management.setRoles(db, await actorOf(req), req.params.id, req.body));
  route(app, staffLinkedMembersCall, async (req) =>
    management.setLinkedMembers(db, await actorOf(req), req.params.id, req.body),
  );
  route(app, staffContactCall, async (req) => management.setContact(db, await actorOf(req), req.params.id, req.body));
  route(app, staffDisableCall, async (req) =>
    management.disable(db, await actorOf(req), req.params.id, req.body.reason),
  );
  route(app, staffEnableCall, async (req) => management.enable(db, await actorOf(req), req.params.id, req.body.reason));
  route(app, staffResetCall, async (req) => management.reset(db, await actorOf(req), req.params.id, req.body));

  route(app, rolesListCall, (req) => listRoles(db, req.caller.brandId));
  route(app, roleEditCall, (req) => editRole(db, req.caller, ipOf(req), { role: req.params.role, ...req.body }));

  route(app, staffAddressesCall, (req) => staffAddresses(db, req.caller.brandId));
  route(app, staffAddressesEditCall, (req) => setStaffAddresses(db, req.caller, ipOf(req), req.body));

  route(app, jobsListCall, (req) => jobsList(db, req.server.jobs));
  route(app, jobRerunCall, (req) =>
    rerunJob(db, req.server.jobs, req.caller, ipOf(req), { ...req.params, ...req.body }),
  );
}
