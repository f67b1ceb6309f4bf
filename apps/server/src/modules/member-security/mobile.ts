import type { SecuritySummary, SmsCodeSent } from '@khela/contract';
import { FIELD_ERRORS } from '@khela/contract';
import { maskMobile, mobileOfE164 } from '@khela/contract/phone';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { memberLanguage } from '../../platform/member-texts';
import { verifyPassword } from '../../platform/passwords';
import type { SessionMember } from '../../platform/sessions';
import { countWrongPassword, isLocked } from '../auth/service';
import { consumeCode, issueCode, phoneOrRefusal, type SmsDeps } from '../verification/service';
import { securitySummary } from './service';

/**
 * Binding or changing the member's mobile number (spec §2 securityCenter): a code texted to the
 * new number proves the member holds it, and the login password proves the member is at the
 * keyboard — the number receives the new-address codes, so a stolen session alone must not move
 * it. A wrong password counts toward the login's lock, as at a password change (decision 0028).
 */

type MobileInput = { mobileNum: string; countryDialingCode?: string | undefined };

/** POST /wps/member/security/mobile/code. */
export async function sendBindCode(
  deps: SmsDeps,
  brand: BrandSnapshot,
  member: SessionMember,
  body: MobileInput,
  ip: string,
): Promise<SmsCodeSent> {
  const phone = phoneOrRefusal(brand, body.mobileNum, body.countryDialingCode, 'mobileNum');
  const row = await deps.db.kysely
    .selectFrom('members')
    .select('language')
    .where('id', '=', member.id)
    .executeTakeFirst();
  const value = await issueCode(deps, {
    brand,
    phone,
    purpose: 'bind',
    deliver: true,
    ip,
    language: memberLanguage(row?.language, brand),
  });
  await audit(deps.db, { event: 'sms.sent', brandId: brand.id, memberId: member.id, ip, detail: { purpose: 'bind' } });
  return value;
}

/** PUT /wps/member/security/mobile. */
export async function bindMobile(
  deps: SmsDeps,
  brand: BrandSnapshot,
  member: SessionMember,
  body: MobileInput & { code: string; password: string },
  ip: string,
): Promise<SecuritySummary> {
  const { db } = deps;
  const phone = phoneOrRefusal(brand, body.mobileNum, body.countryDialingCode, 'mobileNum');
  const row = await db.kysely
    .selectFrom('members')
    .select(['password_hash', 'locked_until', 'mobile_num'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  const locked = isLocked(row);
  if (locked || !row.password_hash || !(await verifyPassword(row.password_hash, body.password))) {
    const { lockedNow } = await countWrongPassword(db, {
      brandId: brand.id,
      ip,
      account: member.account,
      member: { id: member.id, locked },
      event: 'password.change.failed',
      detail: { via: 'mobile.bind' },
    });
    if (locked || lockedNow) throw new AppError('ACCOUNT_LOCKED');
    throw new AppError('VALIDATION_FAILED', { password: FIELD_ERRORS.wrongOldPassword });
  }
  await consumeCode(db, { brandId: brand.id, phone, purpose: 'bind', code: body.code, field: 'code' });
  try {
    await db.kysely
      .updateTable('members')
      .set({ mobile_num: phone.e164, country_dialing_code: phone.dialingCode })
      .where('id', '=', member.id)
      .execute();
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || /duplicate key/.test(String((err as Error).message)))
      throw new AppError('ACCOUNT_EXISTS', { mobileNum: FIELD_ERRORS.mobileTaken });
    throw err;
  }
  await audit(db, {
    event: 'member.mobile.bound',
    brandId: brand.id,
    memberId: member.id,
    ip,
    before: { mobile: row.mobile_num ? maskMobile(mobileOfE164(row.mobile_num)) : null },
    after: { mobile: maskMobile(phone) },
  });
  return securitySummary(db, brand, member);
}
