import {
  FIELD_ERRORS,
  type LoginResult,
  type PhoneResetBody,
  VALIDATION_KEYS,
  validateField,
  validateVerificationCode,
} from '@khela/contract';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { hashPassword, isBreached, isWeak } from '../../platform/passwords';
import type { Visit } from '../../platform/visit';
import { openSession, refuseInactive, refuseOffSite, type SessionDeps } from '../auth/service';
import { consumeCode, memberByMobile, readPhone } from '../verification/service';
import * as repo from './repo';

/**
 * POST /wps/member/password/verification (spec §2 forgot by phone): the number's reset code
 * sets a new password (brand rule, not weak, not breached), ends every session of the member,
 * lifts a lockout and logs in. An unknown number is refused like a wrong code.
 */
export async function resetByPhone(deps: SessionDeps, visit: Visit, body: PhoneResetBody): Promise<LoginResult> {
  const { db } = deps;
  const { brand, ip } = visit;
  if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  const errors: Record<string, string> = {};
  const reading = readPhone(brand, body.mobileNum, body.countryDialingCode);
  if (body.mobileNum.trim() === '') errors.mobileNum = VALIDATION_KEYS.notEmpty;
  else if (!reading.ok) {
    // No code was ever sent to another country's number: said as such, before anything else.
    if (reading.foreign) throw new AppError('MOBILE_COUNTRY_NOT_ALLOWED', { mobileNum: reading.key });
    errors.mobileNum = reading.key;
  }
  const codeError = validateVerificationCode(body.verificationCode);
  if (codeError) errors.verificationCode = codeError.key;
  const pw = validateField(brand.registerRules.password, body.newPassword, { required: true, field: 'newPassword' });
  if (pw) errors.newPassword = pw.key;
  else if (isWeak(body.newPassword)) errors.newPassword = FIELD_ERRORS.weakPassword;
  else if (isBreached(body.newPassword)) errors.newPassword = FIELD_ERRORS.breachedPassword;
  if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== body.newPassword)
    errors.confirmNewPassword = VALIDATION_KEYS.inconsistentTwice;
  if (Object.keys(errors).length > 0 || !reading.ok) throw new AppError('VALIDATION_FAILED', errors);

  const phone = reading;
  await consumeCode(db, {
    brandId: brand.id,
    phone,
    purpose: 'reset',
    code: body.verificationCode,
    field: 'verificationCode',
  });
  const member = await memberByMobile(db, brand.id, phone);
  if (!member) throw new AppError('INVALID_SMS_CODE', { verificationCode: VALIDATION_KEYS.verificationCode });
  // Before the password changes: a reset lifts the failed-login lock, never the member status.
  await refuseInactive(db, visit, member, 'reset');
  await refuseOffSite(deps, visit, member, 'reset');

  const revoked = await repo.resetMemberPassword(db, member.id, await hashPassword(body.newPassword));
  await audit(db, {
    event: 'password.reset',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { via: 'sms', revokedSessions: revoked },
  });
  const result = await openSession(deps, visit, member, 'sms', false);
  await audit(db, { event: 'login.ok', brandId: brand.id, memberId: member.id, ip, detail: { type: 'reset' } });
  return result;
}
