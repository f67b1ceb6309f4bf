import { sendRegisterSmsCodeCall, sendSmsCodeCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { smsSenderOf } from '../../platform/sms';
import { visitOf } from '../../platform/visit';
import * as service from './service';

/** SMS verification codes (spec §7 /wps/verification/sms/…). */
export async function verificationRoutes(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config, sms: smsSenderOf(app), log: app.log };
  // Each code costs a text: the per-address throttle of the account calls applies.
  const throttled = { config: perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE) };

  route(app, sendSmsCodeCall, async (req) => service.sendMemberCode(deps, await visitOf(req), req.body), throttled);

  route(
    app,
    sendRegisterSmsCodeCall,
    async (req) => service.sendRegisterCode(deps, await visitOf(req), req.body),
    throttled,
  );
}
