import { changePasswordCall, memberInfoCall, updateLanguageCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import * as service from './service';

export async function memberRoutes(app: FastifyInstance) {
  route(app, memberInfoCall, (req) => service.infoOf(app.db, req.member));

  route(
    app,
    changePasswordCall,
    async (req) => {
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      await service.changePassword(app.db, await brandOf(req), req.member, req.body, ip);
      return null;
    },
    // Each try is a guess at the password: the login's per-address limit.
    { config: perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE), preValidation: openSealedBody },
  );

  route(app, updateLanguageCall, async (req) =>
    service.setLanguage(await brandOf(req), app.db, req.member, req.body.language),
  );
}
