import { forgotPasswordByEmailCall, resetPasswordByPhoneCall, resetPasswordCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { createEmailSender, loadMailConfig } from '../../platform/email';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import { visitOf } from '../../platform/visit';
import { resetByPhone } from './phone';
import * as service from './service';

/** A forgotten password (spec §2, §3 'Forgot password'): reset by an emailed link or by an SMS code. */
export async function passwordResetRoutes(app: FastifyInstance) {
  const mailConfig = loadMailConfig(app.config.dataDir);
  const deps = {
    db: app.db,
    config: app.config,
    mailConfig,
    mail: createEmailSender(mailConfig, app.log),
    log: app.log,
  };
  const throttle = perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE);

  route(
    app,
    forgotPasswordByEmailCall,
    async (req) => {
      const site = { protocol: req.protocol, host: req.headers.host ?? '' };
      return service.requestReset(deps, await visitOf(req), site, req.body);
    },
    { config: throttle },
  );

  route(app, resetPasswordCall, async (req) => service.resetPassword(app.db, await visitOf(req), req.body), {
    config: throttle,
  });

  route(app, resetPasswordByPhoneCall, async (req) => resetByPhone(deps, await visitOf(req), req.body), {
    config: throttle,
    preValidation: openSealedBody,
  });
}
