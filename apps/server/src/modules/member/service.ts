import { FIELD_ERRORS, type MemberInfo, validateChangePassword } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, isBreached, isWeak, verifyPassword } from '../../platform/passwords';
import type { SessionMember } from '../../platform/sessions';
import { countWrongPassword, endEverySession, hasLoggedInBefore, isLocked } from '../auth/service';
import * as repo from './repo';

export async function infoOf(db: Database, member: SessionMember): Promise<MemberInfo> {
  const m = await repo.memberInfo(db, member.id);
  if (!m) throw new AppError('UNAUTHORIZED');
  return {
    id: Number(m.id),
    account: m.account,
    nickname: m.nickname,
    type: m.is_agent,
    isAgent: m.is_agent,
    toUpline: m.upline_account ?? null,
    clubLabel: m.club_label,
    memberLabel: m.member_label,
    avatar: m.avatar,
    language: m.language,
    returning: await hasLoggedInBefore(db, member.id),
  };
}

/**
 * PUT /wps/member/language (spec §1 'Language change … notifies the server', §7 'update
 * language'): one of the brand's languages, kept on the member. The site switches to it when
 * the member logs in on a browser with no language chosen, and the server's own texts to the
 * member (reset email, SMS codes) use it.
 */
export async function setLanguage(brand: BrandSnapshot, db: Database, member: SessionMember, language: string) {
  if (!(brand.info.languages as readonly string[]).includes(language))
    throw new AppError('VALIDATION_FAILED', { language: FIELD_ERRORS.invalid });
  await repo.setLanguage(db, member.id, language);
  return { language };
}

type ChangePassword = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/**
 * PUT /wps/member/password (spec §2, §5): the old password, a new one by the brand's password
 * rule that is neither the old one, '123456' nor a common breached password, and its
 * confirmation. Success ends every session of the member, this one included (decision 0028):
 * the player logs in again with the new password (spec §2: the login form opens).
 */
export async function changePassword(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  body: ChangePassword,
  ip: string,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [f, m] of Object.entries(validateChangePassword(brand.registerRules.password, body))) errors[f] = m.key;
  if (!errors.newPassword) {
    if (isWeak(body.newPassword)) errors.newPassword = FIELD_ERRORS.weakPassword;
    else if (isBreached(body.newPassword)) errors.newPassword = FIELD_ERRORS.breachedPassword;
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  const row = await repo.passwordOf(db, member.id);
  // A guess at the old password counts as a failed login does (decision 0028): a stolen session
  // cannot try passwords the login would lock out, and a locked account changes nothing.
  const locked = isLocked(row);
  if (locked || !row?.password_hash || !(await verifyPassword(row.password_hash, body.oldPassword))) {
    const { lockedNow } = await countWrongPassword(db, {
      brandId: member.brandId,
      ip,
      account: member.account,
      member: { id: member.id, locked },
      event: 'password.change.failed',
    });
    if (locked || lockedNow) throw new AppError('ACCOUNT_LOCKED');
    throw new AppError('VALIDATION_FAILED', { oldPassword: FIELD_ERRORS.wrongOldPassword });
  }
  await repo.setPassword(db, member.id, await hashPassword(body.newPassword));
  const ended = await endEverySession(db, member.id);
  await audit(db, { event: 'password.change', brandId: member.brandId, memberId: member.id, ip, detail: ended });
}
