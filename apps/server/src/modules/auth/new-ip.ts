import { randomBytes } from 'node:crypto';
import {
  type Locale,
  type LoginResult,
  type NewIpChallenge,
  type NewIpVerifyBody,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { memberLanguage } from '../../platform/member-texts';
import type { MemberLabel } from '../../platform/schema';
import { requireSiteAdmits } from '../../platform/site-kind';
import { smsSenderOf } from '../../platform/sms';
import { clearFailures } from '../../platform/throttle';
import { consumeCode, issueCode, type Phone, phoneKey } from '../verification/service';

/**
 * The two-factor check of spec §2 'two-factor login check for unrecognised IPs', on brands that
 * switch it on (brands.new_ip_check). A right password from an address the member has never
 * logged in from opens no session: the member's mobile gets an SMS code (the verification
 * service's rules: 6 digits, hashed, single use, 10 minutes, 5 an hour, 60 s between sends) and
 * the login finishes at POST /wps/session/login/newip from the same address. Accounts without a
 * mobile number cannot be asked, so they log in and the skip is audited (decision note 0006).
 */

/** What opening a session needs of a member (auth/service.ts sessionResult). */
export type SessionCandidate = { id: bigint; account: string; is_agent: number; member_label: MemberLabel[] };

/** The password login found the password right but the address new: carries the challenge. */
export class NewIpCheckRequired extends AppError {
  constructor(readonly challenge: NewIpChallenge) {
    super('NEW_IP_CHECK_REQUIRED');
  }
}

const ipOf = (req: FastifyRequest) => clientIp(req, req.server.config.TRUSTED_PROXY_HEADER);

/** '+880 017******78': enough for the member to recognise the number, too little to learn it. */
export function maskMobile(p: Phone): string {
  const d = p.mobile.replace(/\D/g, '');
  const masked = d.length <= 5 ? '*'.repeat(d.length) : `${d.slice(0, 3)}${'*'.repeat(d.length - 5)}${d.slice(-2)}`;
  const cc = p.dialingCode.replace(/\D/g, '');
  return cc ? `+${cc} ${masked}` : masked;
}

/** Remembers a successful login's address (every login type; registration counts). */
export async function recordLoginIp(db: Database, memberId: bigint, ip: string): Promise<void> {
  await db.kysely
    .insertInto('member_login_ips')
    .values({ member_id: memberId, ip })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'ip'])
        .doUpdateSet({ last_at: sql<Date>`now()`, logins: sql<number>`member_login_ips.logins + 1` }),
    )
    .execute();
}

async function knownIp(db: Database, memberId: bigint, ip: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('member_login_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return !!row;
}

type PasswordMember = { id: bigint; mobile_num: string | null; country_dialing_code: string | null };

/**
 * Called by the password login once the password is right: returns when the login may go on,
 * throws NewIpCheckRequired (code sent) when the brand asks and the address is new.
 */
export async function requireKnownIp(
  req: FastifyRequest,
  brand: BrandSnapshot,
  member: PasswordMember,
  passwordExpired: boolean,
): Promise<void> {
  if (!brand.newIpCheck) return;
  const db = req.server.db;
  const ip = ipOf(req);
  if (await knownIp(db, member.id, ip)) return;
  if (!member.mobile_num) {
    await audit(db, {
      event: 'login.newip.skipped',
      brandId: brand.id,
      memberId: member.id,
      ip,
      detail: { reason: 'no_mobile' },
    });
    return;
  }
  const phone: Phone = { dialingCode: member.country_dialing_code ?? '', mobile: member.mobile_num };
  const challengeId = randomBytes(16).toString('base64url');
  await db.kysely
    .insertInto('login_challenges')
    .values({
      id: challengeId,
      brand_id: brand.id,
      member_id: member.id,
      ip,
      phone: phoneKey(phone),
      password_expired: passwordExpired,
      expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_TTL_MINUTES})`,
    })
    .execute();
  let sent = true;
  try {
    await issueCode(db, smsSenderOf(req.server), {
      brandId: brand.id,
      phone,
      purpose: 'newip',
      deliver: true,
      ip,
      brandName: brand.info.name,
      language: await languageOf(db, member.id, brand),
    });
  } catch (err) {
    // A code sent under a minute ago is still good; any other failure ends this attempt.
    if (!(err instanceof AppError && err.code === 'SMS_RESEND_TOO_SOON')) {
      await db.kysely.deleteFrom('login_challenges').where('id', '=', challengeId).execute();
      throw err;
    }
    sent = false;
  }
  await audit(db, {
    event: 'login.newip.sent',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { sent },
  });
  throw new NewIpCheckRequired({
    challengeId,
    mobile: maskMobile(phone),
    expiredMinutes: SMS_CODE_TTL_MINUTES,
    resendSeconds: SMS_RESEND_SECONDS,
  });
}

/** The live challenge asked from this address, else LOGIN_CHALLENGE_INVALID. */
async function liveChallenge(req: FastifyRequest, brand: BrandSnapshot, id: string) {
  const row = await req.server.db.kysely
    .selectFrom('login_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', brand.id)
    .where('passed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || row.ip !== ipOf(req)) throw new AppError('LOGIN_CHALLENGE_INVALID');
  const [dialingCode = '', mobile = ''] = row.phone.split(':');
  return { ...row, phone: { dialingCode, mobile } satisfies Phone };
}

/** POST /wps/session/login/newip/resend: another code for a live challenge (the SMS limits apply). */
export async function resendNewIpCode(
  req: FastifyRequest,
  brand: BrandSnapshot,
  challengeId: string,
): Promise<{ expiredMinutes: number }> {
  const db = req.server.db;
  const ch = await liveChallenge(req, brand, challengeId);
  const ip = ipOf(req);
  const value = await issueCode(db, smsSenderOf(req.server), {
    brandId: brand.id,
    phone: ch.phone,
    purpose: 'newip',
    deliver: true,
    ip,
    brandName: brand.info.name,
    language: await languageOf(db, ch.member_id, brand),
  });
  // The challenge lives as long as its newest code.
  await db.kysely
    .updateTable('login_challenges')
    .set({ expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_TTL_MINUTES})` })
    .where('id', '=', ch.id)
    .execute();
  await audit(db, {
    event: 'login.newip.sent',
    brandId: brand.id,
    memberId: ch.member_id,
    ip,
    detail: { sent: true, resend: true },
  });
  return value;
}

/**
 * POST /wps/session/login/newip: the code finishes the login the challenge held back. Wrong
 * codes count against the code (5 tries); the challenge is single use and bound to its address.
 */
export async function passNewIpCheck(
  req: FastifyRequest,
  brand: BrandSnapshot,
  body: NewIpVerifyBody,
  openSession: (member: SessionCandidate, passwordExpired: boolean) => Promise<LoginResult>,
): Promise<LoginResult> {
  const db = req.server.db;
  const ip = ipOf(req);
  const ch = await liveChallenge(req, brand, body.challengeId);
  try {
    await consumeCode(db, { brandId: brand.id, phone: ch.phone, purpose: 'newip', code: body.code, field: 'code' });
  } catch (err) {
    await audit(db, { event: 'login.newip.failed', brandId: brand.id, memberId: ch.member_id, ip });
    throw err;
  }
  const passed = await db.kysely
    .updateTable('login_challenges')
    .set({ passed_at: sql<Date>`now()` })
    .where('id', '=', ch.id)
    .where('passed_at', 'is', null)
    .executeTakeFirst();
  if (Number(passed.numUpdatedRows) !== 1) throw new AppError('LOGIN_CHALLENGE_INVALID');
  const member = await db.kysely
    .selectFrom('members')
    .select(['id', 'account', 'is_agent', 'member_label', 'locked_until', 'agent_only'])
    .where('id', '=', ch.member_id)
    .executeTakeFirst();
  if (!member) throw new AppError('LOGIN_CHALLENGE_INVALID');
  // Locked or turned away meanwhile: the code does not get round either.
  if (member.locked_until && new Date(member.locked_until).getTime() > Date.now()) throw new AppError('ACCOUNT_LOCKED');
  requireSiteAdmits(req.server.config, member);
  await audit(db, { event: 'login.newip.passed', brandId: brand.id, memberId: member.id, ip });
  await clearFailures(db, brand.id, member.account);
  return openSession(member, ch.password_expired);
}

/** The language the member's texts go out in: their own, else the brand's default. */
async function languageOf(db: Database, memberId: bigint, brand: BrandSnapshot): Promise<Locale> {
  const row = await db.kysely.selectFrom('members').select('language').where('id', '=', memberId).executeTakeFirst();
  return memberLanguage(row?.language, brand);
}
