import {
  ChangePasswordBody,
  ChangePasswordEnvelope,
  ErrorEnvelope,
  MemberInfoEnvelope,
  ok,
  UpdateLanguageBody,
  UpdateLanguageEnvelope,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { openSealedBody } from '../../platform/sealed-body';
import { authenticate, type SessionMember } from '../../platform/sessions';
import * as service from './service';

const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 503: ErrorEnvelope };

export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];

  app.get(
    '/wps/member/info',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'The logged-in member (spec §3 member info)',
        response: { 200: MemberInfoEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.infoOf(app.db, req.member as SessionMember));
    },
  );

  app.put(
    '/wps/member/password',
    {
      preValidation: openSealedBody,
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Change the password; ends the other sessions; body may be sealed',
        body: ChangePasswordBody,
        response: { 200: ChangePasswordEnvelope, ...FAILURES },
      },
    },
    async (req) => {
      const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
      await service.changePassword(app.db, await brandOf(req), req.member as SessionMember, req.body, ip);
      return ok(null);
    },
  );

  app.put(
    '/wps/member/language',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "Keep the member's language (one of the brand's languages; spec §7 'update language')",
        body: UpdateLanguageBody,
        response: { 200: UpdateLanguageEnvelope, ...FAILURES },
      },
    },
    async (req) =>
      ok(await service.setLanguage(await brandOf(req), app.db, req.member as SessionMember, req.body.language)),
  );
}
