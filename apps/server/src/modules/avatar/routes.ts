import { avatarPictureCall, playerAvatarsCall, setAvatarCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import * as service from './service';

/** Avatar changes per visitor address per minute (each member also has AVATAR_UPLOADS_PER_HOUR). */
const CHANGES_PER_MINUTE = 20;

/**
 * An uploaded picture is shown as an image and nothing else: its own type, no sniffing, a
 * policy under which it could run nothing even if opened as a page, and cached for a year —
 * its address changes with every upload, so a new avatar shows at once.
 */
const PICTURE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
  'cache-control': 'public, max-age=31536000, immutable',
  'content-disposition': 'inline; filename="avatar"',
};

/** Avatars (spec §2 avatar menu, §7 /wps/member/info/icon and /wps/relay/MCSFE_getPlayerAvatar). */
export async function avatarRoutes(app: FastifyInstance) {
  route(app, playerAvatarsCall, (req) => service.playerAvatars(app.db, req.member));

  route(
    app,
    setAvatarCall,
    async (req) => {
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      return { avatar: await service.setAvatar(app.db, req.member, req.body, ip) };
    },
    { config: perAddressPerMinute(app.config, CHANGES_PER_MINUTE) },
  );

  route(app, avatarPictureCall, async (req, reply) => {
    const brand = await brandOf(req);
    const found = await service.picture(app.db, brand.id, req.params.key);
    if (!found) throw new AppError('NOT_FOUND');
    return reply.headers(PICTURE_HEADERS).type(found.type).send(found.bytes);
  });
}
