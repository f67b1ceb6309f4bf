import type { LoginRow, MemberSession, SecuritySummary } from '@khela/contract';
import { maskMobile, mobileOfE164 } from '@khela/contract/phone';
import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { countryOf } from '../../platform/geo';
import { revokeMemberSession, type SessionMember } from '../../platform/sessions';
import { paymentPasswordState } from '../cashier/payment-password';
import { cashierSettings } from '../cashier/settings';

/**
 * The security centre (spec §2 securityCenter, CASHIER.md): what protects the member's account
 * and money, the member's own two-factor opt-in, recent logins and live sessions with revoke.
 * The payment password and payout accounts have their own calls (modules/cashier).
 */

/** How many logins the page lists. */
export const LOGINS_LISTED = 20;
/** The browser as the list shows it: enough to recognise it, not the whole header. */
const DEVICE_MAX = 120;

/** 'ab***@example.com': enough for the member to recognise the address on a shared screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${email.slice(at)}`;
}

/** GET /wps/member/security. */
export async function securitySummary(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
): Promise<SecuritySummary> {
  const [row, settings, pp] = [
    await db.kysely
      .selectFrom('members')
      .select(['payee_name', 'email', 'mobile_num', 'new_address_check'])
      .where('id', '=', member.id)
      .executeTakeFirst(),
    await cashierSettings(db, brand.id),
    await paymentPasswordState(db, member.id),
  ];
  if (!row) throw new AppError('UNAUTHORIZED');
  return {
    paymentPasswordSet: pp.set,
    paymentPasswordLockedUntil: pp.lockedUntil,
    payeeName: row.payee_name,
    email: row.email ? maskEmail(row.email) : null,
    mobile: row.mobile_num ? maskMobile(mobileOfE164(row.mobile_num)) : null,
    newAddressCheck: row.new_address_check || brand.newIpCheck,
    newAddressCheckOffered: settings.player_two_factor_opt_in,
    newAddressCheckBrandWide: brand.newIpCheck,
  };
}

/**
 * PUT /wps/member/security/new-address-check: the member's own opt-in to a code at every login
 * from a new address (modules/auth/new-ip.ts). Switching it on needs the brand to offer it and a
 * mobile number to text the code to; switching it off is always allowed (the brand-wide setting
 * stays the floor, whatever the member's switch says).
 */
export async function setNewAddressCheck(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  enabled: boolean,
  ip: string,
): Promise<SecuritySummary> {
  if (enabled) {
    const settings = await cashierSettings(db, brand.id);
    if (!settings.player_two_factor_opt_in) throw new AppError('FEATURE_DISABLED');
    const r = await db.kysely
      .updateTable('members')
      .set({ new_address_check: true })
      .where('id', '=', member.id)
      .where('mobile_num', 'is not', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new AppError('VALIDATION_FAILED', { mobile: 'validation.required' });
  } else await db.kysely.updateTable('members').set({ new_address_check: false }).where('id', '=', member.id).execute();
  await audit(db, {
    event: 'member.new_address_check',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { enabled },
  });
  return securitySummary(db, brand, member);
}

/** GET /wps/member/security/logins: each login is a session opened (kept a week past its expiry). */
export async function recentLogins(db: Database, member: SessionMember): Promise<z.infer<typeof LoginRow>[]> {
  const rows = await db.kysely
    .selectFrom('sessions')
    .select(['created_at', 'ip', 'user_agent'])
    .where('member_id', '=', member.id)
    .orderBy('id', 'desc')
    .limit(LOGINS_LISTED)
    .execute();
  return rows.map((r) => ({
    at: r.created_at.toISOString(),
    ip: r.ip,
    device: r.user_agent.slice(0, DEVICE_MAX),
    country: countryOf(r.ip) || null,
  }));
}

/** GET /wps/member/security/sessions: the live ones, by the token check's own rules. */
export async function liveSessions(
  db: Database,
  member: SessionMember,
  idleMinutes: number,
): Promise<z.infer<typeof MemberSession>[]> {
  const r = await sql<{ id: bigint; created_at: Date; last_seen_at: Date; ip: string; user_agent: string }>`
    SELECT id, created_at, last_seen_at, ip, user_agent FROM sessions
     WHERE member_id = ${member.id} AND revoked_at IS NULL AND expires_at > now()
       AND last_seen_at > now() - make_interval(mins => ${idleMinutes})
     ORDER BY id DESC`.execute(db.kysely);
  return r.rows.map((s) => ({
    id: s.id.toString(),
    createdAt: s.created_at.toISOString(),
    lastSeenAt: s.last_seen_at.toISOString(),
    ip: s.ip,
    device: s.user_agent.slice(0, DEVICE_MAX),
    current: s.id === member.sessionId,
  }));
}

/**
 * POST /wps/member/security/sessions/:id/revoke: ends one of the member's own sessions (the
 * games it launched end with it, as when staff revoke one). Another member's session, or one
 * that does not exist, is NOT_FOUND; one already ended answers `revoked: false`.
 */
export async function revokeOwnSession(
  db: Database,
  member: SessionMember,
  sessionId: bigint,
  ip: string,
): Promise<{ revoked: boolean }> {
  const own = await db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('member_id', '=', member.id)
    .executeTakeFirst();
  if (!own) throw new AppError('NOT_FOUND');
  const revoked = await revokeMemberSession(db, member.id, sessionId);
  if (revoked)
    await audit(db, {
      event: 'member.session.revoked',
      brandId: member.brandId,
      memberId: member.id,
      ip,
      detail: { sessionId: sessionId.toString(), current: sessionId === member.sessionId },
    });
  return { revoked };
}
