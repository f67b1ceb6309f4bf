import {
  bindEmailCall,
  bindMobileCall,
  emailCodeCall,
  mobileCodeCall,
  newAddressCheckCall,
  revokeSessionCall,
  securityLoginsCall,
  securitySessionsCall,
  securitySummaryCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { createEmailSender, loadMailConfig } from '../../platform/email';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import { smsSenderOf } from '../../platform/sms';
import { bindEmail, sendEmailCode } from './email';
import { bindMobile, sendBindCode } from './mobile';
import * as service from './service';

/** The security centre's own calls (securityCenter); the payment password's are in modules/cashier. */
export async function memberSecurityRoutes(app: FastifyInstance) {
  const ip = (req: Parameters<typeof clientIp>[0]) => clientIp(req, app.config.TRUSTED_PROXY_HEADER);

  route(app, securitySummaryCall, async (req) => service.securitySummary(app.db, await brandOf(req), req.member));

  route(app, newAddressCheckCall, async (req) =>
    service.setNewAddressCheck(app.db, await brandOf(req), req.member, req.body.enabled, ip(req)),
  );

  const deps = { db: app.db, config: app.config, sms: smsSenderOf(app), log: app.log };
  // A code costs a text, and binding tries the login password: the login's per-address limit.
  const throttle = perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE);
  route(app, mobileCodeCall, async (req) => sendBindCode(deps, await brandOf(req), req.member, req.body, ip(req)), {
    config: throttle,
  });
  route(app, bindMobileCall, async (req) => bindMobile(deps, await brandOf(req), req.member, req.body, ip(req)), {
    config: throttle,
    preValidation: openSealedBody,
  });

  const mail = { db: app.db, mail: createEmailSender(loadMailConfig(app.config.dataDir), app.log), log: app.log };
  route(app, emailCodeCall, async (req) => sendEmailCode(mail, await brandOf(req), req.member, req.body, ip(req)), {
    config: throttle,
  });
  route(app, bindEmailCall, async (req) => bindEmail(mail, await brandOf(req), req.member, req.body, ip(req)), {
    config: throttle,
    preValidation: openSealedBody,
  });

  route(app, securityLoginsCall, (req) => service.recentLogins(app.db, req.member));

  route(app, securitySessionsCall, (req) => service.liveSessions(app.db, req.member, app.config.SESSION_IDLE_MINUTES));

  route(app, revokeSessionCall, (req) => service.revokeOwnSession(app.db, req.member, BigInt(req.params.id), ip(req)));
}
