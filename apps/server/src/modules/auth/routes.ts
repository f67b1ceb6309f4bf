import {
  AffiliateBody,
  AffiliateEnvelope,
  CaptchaEnvelope,
  ErrorEnvelope,
  FreePlayBody,
  HumanChallengeEnvelope,
  LoginBody,
  LoginEnvelope,
  LoginFailure,
  LogoutEnvelope,
  NewIpResendBody,
  NewIpVerifyBody,
  ok,
  RegisterBody,
  SmsCodeEnvelope,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { failure } from '../../platform/errors';
import { createHumanChallenge } from '../../platform/human-check';
import { openSealedBody } from '../../platform/sealed-body';
import { authenticate, revokeSession } from '../../platform/sessions';
import { newCaptcha } from './captcha';
import { NewIpCheckRequired, resendNewIpCode } from './new-ip';
import * as service from './service';

const FAILURES = {
  400: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};

export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const ipKey = (req: FastifyRequest) => clientIp(req, app.config.TRUSTED_PROXY_HEADER) || req.ip;
  // Issue 3 §8: per-address throttle of the calls that try passwords or create accounts.
  const throttled = { rateLimit: { max: app.config.LOGIN_RATE_PER_MINUTE, timeWindow: 60_000, keyGenerator: ipKey } };

  app.post(
    '/wps/session/login',
    {
      config: throttled,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Log in by username and password (human check; captcha after 3 failures); body may be sealed',
        body: LoginBody,
        response: { 200: LoginEnvelope, ...FAILURES, 400: LoginFailure, 403: LoginFailure },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return ok(await service.login(req, await brandOf(req), req.body));
      } catch (err) {
        if (err instanceof NewIpCheckRequired)
          return reply.code(err.status).send({ ...failure(err.code), value: err.challenge });
        if (!(err instanceof service.LoginRefused)) throw err;
        return reply.code(err.status).send({ ...failure(err.code), value: err.captcha ? { captcha: true } : null });
      }
    },
  );

  app.post(
    '/wps/session/login/newip',
    {
      config: throttled,
      schema: {
        tags,
        summary: 'Finish a password login from a new address with the SMS code (after NEW_IP_CHECK_REQUIRED)',
        body: NewIpVerifyBody,
        response: { 200: LoginEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.newIpLogin(req, await brandOf(req), req.body));
    },
  );

  app.post(
    '/wps/session/login/newip/resend',
    {
      config: throttled,
      schema: {
        tags,
        summary: 'Another SMS code for a new-address check (60 s after the last; 5 an hour)',
        body: NewIpResendBody,
        response: { 200: SmsCodeEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await resendNewIpCode(req, await brandOf(req), req.body.challengeId));
    },
  );

  app.post(
    '/wps/member/register',
    {
      config: throttled,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Register by username (spec §3 payload) and log in; body may be sealed',
        body: RegisterBody,
        response: { 200: LoginEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.register(req, await brandOf(req), req.body));
    },
  );

  app.post(
    '/wps/member/register/mobile',
    {
      config: throttled,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary:
          'Register by mobile number (the account is the number; password required) and log in; body may be sealed',
        body: RegisterBody,
        response: { 200: LoginEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.register(req, await brandOf(req), req.body, 'mobile'));
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      config: throttled,
      // The spec's fields are informational: a call without a body is a free-play request too.
      preValidation: (req, _reply, done) => {
        req.body ??= {};
        done();
      },
      schema: {
        tags,
        summary: 'Open a trial account (isAgent 4, play money only) and log it in',
        body: FreePlayBody,
        response: { 200: LoginEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.freePlay(req, await brandOf(req)));
    },
  );

  app.post(
    '/wps/agent/affiliate',
    {
      config: throttled,
      schema: {
        tags,
        summary: "Whether a code is an agent's invitation code (INVITATION_CODE_ERROR if not)",
        body: AffiliateBody,
        response: { 200: AffiliateEnvelope, ...FAILURES },
      },
    },
    async (req) => {
      await service.checkAffiliate(app.db, await brandOf(req), req.body.code);
      return ok({ valid: true as const });
    },
  );

  app.get(
    '/wps/captcha',
    {
      schema: {
        tags,
        summary: 'A new image captcha (PNG, base64) and its id; 2 minutes, one try',
        response: { 200: CaptchaEnvelope, ...FAILURES },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await newCaptcha(app.db));
    },
  );

  app.get(
    '/wps/verification/human',
    {
      schema: {
        tags,
        summary: 'An ALTCHA proof-of-work challenge for the human check',
        response: { 200: HumanChallengeEnvelope, ...FAILURES },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await createHumanChallenge(app.db, app.config);
      return ok({ parameters: { ...challenge.parameters }, signature: challenge.signature });
    },
  );

  app.delete(
    '/wps/session/logout',
    {
      preHandler: authenticate,
      schema: { tags, summary: 'End this session', response: { 200: LogoutEnvelope, 401: ErrorEnvelope, ...FAILURES } },
    },
    async (req) => {
      const member = req.member as NonNullable<typeof req.member>;
      await revokeSession(app.db, member.sessionId);
      await audit(app.db, {
        event: 'session.logout',
        brandId: member.brandId,
        memberId: member.id,
        ip: clientIp(req, app.config.TRUSTED_PROXY_HEADER),
      });
      return ok(null);
    },
  );
}
