import {
  captchaCall,
  checkAffiliateCall,
  freePlayCall,
  humanChallengeCall,
  loginCall,
  loginFromNewIpCall,
  logoutCall,
  registerByMobileCall,
  registerCall,
  resendNewIpCodeCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { primeDummyHash } from '../../platform/passwords';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import { smsSenderOf } from '../../platform/sms';
import { visitOf } from '../../platform/visit';
import { newCaptcha } from './captcha';
import { resendNewIpCode } from './new-ip';
import * as service from './service';

/** Login, registration, free play and logout (spec §2, §4, §7). */
export async function authRoutes(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config, sms: smsSenderOf(app), log: app.log };
  // Made before the first login, so the first unknown name does not cost an extra argon2 hash.
  await primeDummyHash();
  // Per-address throttle of the calls that try passwords or create accounts.
  const throttle = perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE);
  const throttled = { config: throttle };
  const sealed = { config: throttle, preValidation: openSealedBody };

  route(app, loginCall, async (req) => service.login(deps, await visitOf(req), req.body), sealed);

  route(app, loginFromNewIpCall, async (req) => service.loginFromNewIp(deps, await visitOf(req), req.body), throttled);

  route(
    app,
    resendNewIpCodeCall,
    async (req) => resendNewIpCode(deps, await visitOf(req), req.body.challengeId),
    throttled,
  );

  route(app, registerCall, async (req) => service.register(deps, await visitOf(req), req.body), sealed);

  route(
    app,
    registerByMobileCall,
    async (req) => service.register(deps, await visitOf(req), req.body, 'mobile'),
    sealed,
  );

  route(app, freePlayCall, async (req) => service.freePlay(deps, await visitOf(req), req.body), {
    config: throttle,
    // The spec's fields are informational: a call without a body is a free-play request too
    // (and is refused for its missing human check, not as malformed).
    preValidation: async (req) => {
      req.body ??= {};
    },
  });

  route(
    app,
    checkAffiliateCall,
    async (req) => service.checkAffiliate(app.db, await brandOf(req), req.body.code),
    throttled,
  );

  route(app, captchaCall, () => newCaptcha(app.db));

  route(app, humanChallengeCall, () => service.humanChallenge(app.db, app.config));

  route(app, logoutCall, (req) => service.logout(app.db, req.member, clientIp(req, app.config.TRUSTED_PROXY_HEADER)));
}
