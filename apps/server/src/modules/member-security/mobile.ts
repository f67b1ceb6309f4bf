import type { SecuritySummary, SmsCodeSent } from '@khela/contract';
import { FIELD_ERRORS } from '@khela/contract';
import { maskMobile, mobileOfE164 } from '@khela/contract/phone';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
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

/**
 * The login password, proven before a contact detail moves; a wrong one counts toward the
 * login's lock as at a password change. Returns the member's contact details before the change.
 */
export async function requireLoginPassword(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  password: string,
  ip: string,
  via: string,
): Promise<{ mobile_num: string | null; email: string | null }> {
  const row = await db.kysely
    .selectFrom('members')
    .select(['password_hash', 'locked_until', 'mobile_num', 'email'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  const locked = isLocked(row);
  if (locked || !row.password_hash || !(await verifyPassword(row.password_hash, password))) {
    const { lockedNow } = await countWrongPassword(db, {
      brandId: brand.id,
      ip,
      account: member.account,
      member: { id: member.id, locked },
      event: 'password.change.failed',
      detail: { via },
    });
    if (locked || lockedNow) throw new AppError('ACCOUNT_LOCKED');
    throw new AppError('VALIDATION_FAILED', { password: FIELD_ERRORS.wrongOldPassword });
  }
  return { mobile_num: row.mobile_num, email: row.email };
}

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
  const before = await requireLoginPassword(db, brand, member, body.password, ip, 'mobile.bind');
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
    before: { mobile: before.mobile_num ? maskMobile(mobileOfE164(before.mobile_num)) : null },
    after: { mobile: maskMobile(phone) },
  });
  return securitySummary(db, brand, member);
}
