import {
  AVATAR_MAX_BYTES,
  AVATAR_PATH_PREFIX,
  ErrorEnvelope,
  ok,
  PlayerAvatarsEnvelope,
  SetAvatarBody,
  SetAvatarEnvelope,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { authenticate, type SessionMember } from '../../platform/sessions';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 503: ErrorEnvelope };
/** Avatar changes per visitor address per minute (each member also has AVATAR_UPLOADS_PER_HOUR). */
const CHANGES_PER_MINUTE = 20;
/**
 * Room for a picture of twice the allowed size in base64: one a little over 2 MB is refused
 * as AVATAR_TOO_LARGE; a far larger body as BODY_TOO_LARGE before it is read.
 */
const UPLOAD_BODY_LIMIT = Math.ceil((2 * AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

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
export async function avatarRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const ipKey = (req: FastifyRequest) => clientIp(req, app.config.TRUSTED_PROXY_HEADER) || req.ip;

  app.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "The member's avatar, the built-in avatars to choose from and the upload rules",
        response: { 200: PlayerAvatarsEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.playerAvatars(app.db, req.member as SessionMember));
    },
  );

  app.put(
    '/wps/member/info/icon',
    {
      preHandler: authenticate,
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { rateLimit: { max: CHANGES_PER_MINUTE, timeWindow: 60_000, keyGenerator: ipKey } },
      schema: {
        tags,
        summary:
          'Change the avatar: { builtin } for a built-in one, or { image } — a PNG, JPEG or WebP picture in base64, ≤ 2 MB, ≤ 2048 × 2048',
        body: SetAvatarBody,
        response: { 200: SetAvatarEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      return ok({ avatar: await service.setAvatar(app.db, req.member as SessionMember, req.body, ip) });
    },
  );

  app.get(
    `${AVATAR_PATH_PREFIX}:key`,
    {
      schema: {
        tags,
        summary: 'An uploaded avatar picture (its address changes with every upload)',
        params: z.object({ key: z.string().max(64) }),
        // Sent as the picture's bytes (image/png, image/jpeg or image/webp), never serialised.
        response: { 200: z.any(), 404: ErrorEnvelope },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      const found = await service.picture(app.db, brand.id, req.params.key);
      if (!found) throw new AppError('NOT_FOUND');
      return reply.headers(PICTURE_HEADERS).type(found.type).send(found.bytes);
    },
  );
}
