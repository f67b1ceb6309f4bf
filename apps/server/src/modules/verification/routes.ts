import {
  ErrorEnvelope,
  LoginEnvelope,
  ok,
  PhoneResetBody,
  SmsCodeEnvelope,
  SmsNoLoginBody,
  SmsRegisterBody,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { requireHumanCheck } from '../../platform/human-check';
import { memberLanguage } from '../../platform/member-texts';
import { openSealedBody } from '../../platform/sealed-body';
import { smsSenderOf } from '../../platform/sms';
import { resetByPhone } from './reset';
import { issueCode, memberByMobile } from './service';

const FAILURES = {
  400: ErrorEnvelope,
  403: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};

/** SMS verification codes (issue 3 §8) and the password reset by phone (spec §2). */
export async function verificationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const sender = smsSenderOf(app);
  const ipOf = (req: FastifyRequest) => clientIp(req, app.config.TRUSTED_PROXY_HEADER);
  const throttled = {
    rateLimit: {
      max: app.config.LOGIN_RATE_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (r: FastifyRequest) => ipOf(r) || r.ip,
    },
  };
  const blank = (field: string) => new AppError('VALIDATION_FAILED', { [field]: 'validation.mobileNum' });

  app.post(
    '/wps/verification/sms/noLogin',
    {
      config: throttled,
      schema: {
        tags,
        summary: "A login (or reset) code for a member's number; the same answer for unknown numbers",
        body: SmsNoLoginBody,
        response: { 200: SmsCodeEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
      if (!/^\+?\d{6,15}$/.test(req.body.mobileNum.trim())) throw blank('mobileNum');
      await requireHumanCheck(app.db, app.config, req.body.altcha);
      const phone = { dialingCode: req.body.countryDialingCode ?? '', mobile: req.body.mobileNum };
      const member = await memberByMobile(app.db, brand.id, phone);
      const purpose = req.body.purpose ?? 'login';
      const ip = ipOf(req);
      const value = await issueCode(app.db, sender, {
        brandId: brand.id,
        phone,
        purpose,
        deliver: !!member,
        ip,
        brandName: brand.info.name,
        language: memberLanguage(member?.language, brand),
      });
      if (member)
        await audit(app.db, { event: 'sms.sent', brandId: brand.id, memberId: member.id, ip, detail: { purpose } });
      return ok(value);
    },
  );

  app.post(
    '/wps/verification/sms/register',
    {
      config: throttled,
      schema: {
        tags,
        summary: 'A registration code for a number not yet registered (REGMOBVERF3)',
        body: SmsRegisterBody,
        response: { 200: SmsCodeEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await brandOf(req);
      if (!brand.flags.REGMOBVERF3) throw new AppError('FEATURE_DISABLED');
      if (!/^\+?\d{6,15}$/.test(req.body.mobileNo.trim())) throw blank('mobileNo');
      await requireHumanCheck(app.db, app.config, req.body.altcha);
      const phone = { dialingCode: req.body.countryDialingCode ?? '', mobile: req.body.mobileNo };
      // Registration would refuse the number anyway; no SMS is spent on it.
      if (await memberByMobile(app.db, brand.id, phone))
        throw new AppError('ACCOUNT_EXISTS', { mobileNo: 'validation.mobileTaken' });
      const ip = ipOf(req);
      const value = await issueCode(app.db, sender, {
        brandId: brand.id,
        phone,
        purpose: 'register',
        deliver: true,
        ip,
        brandName: brand.info.name,
        // Nobody to ask yet: the brand's default language.
        language: memberLanguage(null, brand),
      });
      await audit(app.db, { event: 'sms.sent', brandId: brand.id, ip, detail: { purpose: 'register' } });
      return ok(value);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      config: throttled,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Set a new password with an SMS reset code; ends all sessions and logs in; body may be sealed',
        body: PhoneResetBody,
        response: { 200: LoginEnvelope, ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await resetByPhone(req, await brandOf(req), req.body));
    },
  );
}
