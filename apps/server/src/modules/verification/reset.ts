import {
  FIELD_ERRORS,
  type LoginResult,
  type PhoneResetBody,
  VALIDATION_KEYS,
  validateField,
  validateVerificationCode,
} from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { hashPassword, isBreached, isWeak } from '../../platform/passwords';
import { refuseOffSite, sessionResult } from '../auth/service';
import { consumeCode, memberByMobile } from './service';

/**
 * POST /wps/member/password/verification (spec §2 forgot by phone): the number's reset code
 * sets a new password (brand rule, not weak, not breached), ends every session of the member,
 * lifts a lockout and logs in. An unknown number is refused like a wrong code.
 */
export async function resetByPhone(
  req: FastifyRequest,
  brand: BrandSnapshot,
  body: PhoneResetBody,
): Promise<LoginResult> {
  if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  const db = req.server.db;
  const ip = clientIp(req, req.server.config.TRUSTED_PROXY_HEADER);
  const errors: Record<string, string> = {};
  if (body.mobileNum.trim() === '') errors.mobileNum = VALIDATION_KEYS.notEmpty;
  const codeError = validateVerificationCode(body.verificationCode);
  if (codeError) errors.verificationCode = codeError.key;
  const pw = validateField(brand.registerRules.password, body.newPassword, { required: true, field: 'newPassword' });
  if (pw) errors.newPassword = pw.key;
  else if (isWeak(body.newPassword)) errors.newPassword = FIELD_ERRORS.weakPassword;
  else if (isBreached(body.newPassword)) errors.newPassword = FIELD_ERRORS.breachedPassword;
  if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== body.newPassword)
    errors.confirmNewPassword = VALIDATION_KEYS.inconsistentTwice;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);

  const phone = { dialingCode: body.countryDialingCode ?? '', mobile: body.mobileNum };
  await consumeCode(db, {
    brandId: brand.id,
    phone,
    purpose: 'reset',
    code: body.verificationCode,
    field: 'verificationCode',
  });
  const member = await memberByMobile(db, brand.id, phone);
  if (!member) throw new AppError('INVALID_SMS_CODE', { verificationCode: VALIDATION_KEYS.verificationCode });
  await refuseOffSite(req, brand, member, 'reset');

  const hash = await hashPassword(body.newPassword);
  const revoked = await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set({ password_hash: hash, password_changed_at: new Date(), locked_until: null })
      .where('id', '=', member.id)
      .execute();
    const r = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('member_id', '=', member.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await trx.deleteFrom('login_failures').where('member_id', '=', member.id).execute();
    return Number(r.numUpdatedRows);
  });
  await audit(db, {
    event: 'password.reset',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { via: 'sms', revokedSessions: revoked },
  });
  const result = await sessionResult(req, member, 'sms', false);
  await audit(db, { event: 'login.ok', brandId: brand.id, memberId: member.id, ip, detail: { type: 'reset' } });
  return result;
}
