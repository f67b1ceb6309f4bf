import {
  ErrorEnvelope,
  ForgotByEmailBody,
  ForgotByEmailEnvelope,
  ok,
  ResetPasswordBody,
  ResetPasswordEnvelope,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type BrandSnapshot, brandOf, hostOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { createEmailSender, loadMailConfig, type MailConfig } from '../../platform/email';
import { AppError } from '../../platform/errors';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 503: ErrorEnvelope };
const FORM = 'application/x-www-form-urlencoded';

/**
 * Password reset by email (issue 3 §6). The routes of this plugin also read form-encoded
 * bodies (spec §3 'Forgot by email … (form-encoded)'); the parser is scoped to this plugin.
 */
export async function passwordResetRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const mailConfig = loadMailConfig(app.config.dataDir);
  const mail = createEmailSender(mailConfig, app.log);
  const ipKey = (req: FastifyRequest) => clientIp(req, app.config.TRUSTED_PROXY_HEADER) || req.ip;
  const throttled = { rateLimit: { max: app.config.LOGIN_RATE_PER_MINUTE, timeWindow: 60_000, keyGenerator: ipKey } };

  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      // A repeated field is ambiguous: refuse rather than pick one.
      if (Object.hasOwn(fields, k)) return done(new AppError('BAD_REQUEST'), undefined);
      Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    done(null, fields);
  });

  app.post(
    '/wps/member/password/email',
    {
      config: throttled,
      schema: {
        tags,
        summary:
          'Forgot password: email a single-use 30-minute reset link (form-encoded or JSON; same answer for any name)',
        consumes: [FORM, 'application/json'],
        body: ForgotByEmailBody,
        response: { 200: ForgotByEmailEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      // The email goes out after the answer (not awaited), so a match does not answer later.
      await service.requestReset(
        { db: app.db, brand, ip, origin: await originOf(req, brand, mailConfig), mail, log: req.log },
        req.body,
      );
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/reset',
    {
      config: throttled,
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; ends every session',
        body: ResetPasswordBody,
        response: { 200: ResetPasswordEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      await service.resetPassword(app.db, await brandOf(req), req.body, ip);
      return ok(null);
    },
  );
}

/**
 * Where reset links point. PUBLIC_URL when configured; else the request's host, but only when
 * it is one of this brand's domains (or outside production): a link built from any Host header
 * would let an attacker have the victim's token mailed to a site of theirs (reset poisoning).
 */
async function originOf(req: FastifyRequest, brand: BrandSnapshot, mail: MailConfig): Promise<string | null> {
  if (mail.PUBLIC_URL) return mail.PUBLIC_URL;
  const host = req.headers.host ?? '';
  if (!/^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) return null;
  const origin = `${req.protocol}://${host}`;
  if (req.server.config.NODE_ENV !== 'production') return origin;
  const known = await req.server.db.kysely
    .selectFrom('brand_domains')
    .select('domain')
    .where('brand_id', '=', brand.id)
    .where('domain', '=', hostOf(req))
    .executeTakeFirst();
  return known ? origin : null;
}
