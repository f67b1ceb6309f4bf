import { randomBytes } from 'node:crypto';
import {
  type Locale,
  type NewIpChallenge,
  type NewIpVerifyBody,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  type SmsCodeSent,
} from '@khela/contract';
import { maskMobile, mobileOfE164 } from '@khela/contract/phone';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { memberLanguage } from '../../platform/member-texts';
import { requireSiteAdmits } from '../../platform/site-kind';
import type { SmsSender } from '../../platform/sms';
import { clearFailures } from '../../platform/throttle';
import type { Visit } from '../../platform/visit';
import { consumeCode, issueCode } from '../verification/service';
import * as repo from './repo';

/**
 * The two-factor check of spec §2 'two-factor login check for unrecognised IPs', on brands that
 * switch it on (brands.new_ip_check). A right password from an address the member has never
 * logged in from opens no session: the member's mobile gets an SMS code (the verification
 * service's rules: 6 digits, hashed, single use, 10 minutes, 5 an hour, 60 s between sends) and
 * the login finishes at POST /wps/session/login/newip from the same address. A member may ask
 * for the check on a brand that does not (members.new_address_check, the security centre).
 * Accounts without a mobile number cannot be asked, so they log in and the skip is audited
 * (decision note 0006).
 */

type Deps = { db: Database; config: Config; sms: SmsSender; log: FastifyBaseLogger };

/** The password login found the password right but the address new: carries the challenge. */
export class NewIpCheckRequired extends AppError {
  override readonly value: NewIpChallenge;
  constructor(challenge: NewIpChallenge) {
    super('NEW_IP_CHECK_REQUIRED');
    this.value = challenge;
  }
}

type PasswordMember = {
  id: bigint;
  mobile_num: string | null;
  country_dialing_code: string | null;
  /** The member's own opt-in from the security centre: asked even where the brand does not ask everyone. */
  new_address_check?: boolean;
};

/**
 * Called by the password login once the password is right: returns when the login may go on,
 * throws NewIpCheckRequired (code sent) when the brand asks and the address is new.
 */
export async function requireKnownIp(
  deps: Deps,
  visit: Visit,
  member: PasswordMember,
  passwordExpired: boolean,
): Promise<void> {
  const { db } = deps;
  const { brand, ip } = visit;
  // The brand's setting is the floor; a member who opted in is asked on top of it.
  if (!brand.newIpCheck && !member.new_address_check) return;
  if (await repo.knownIp(db, member.id, ip)) return;
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
  const phone = mobileOfE164(member.mobile_num);
  const challengeId = randomBytes(16).toString('base64url');
  await repo.insertChallenge(
    db,
    {
      id: challengeId,
      brand_id: brand.id,
      member_id: member.id,
      ip,
      phone: phone.e164,
      password_expired: passwordExpired,
    },
    SMS_CODE_TTL_MINUTES,
  );
  let sent = true;
  try {
    await issueCode(deps, {
      brand,
      phone,
      purpose: 'newip',
      deliver: true,
      ip,
      language: await languageOf(db, member.id, brand),
    });
  } catch (err) {
    // A code sent under a minute ago is still good; any other failure ends this attempt.
    if (!(err instanceof AppError && err.code === 'SMS_RESEND_TOO_SOON')) {
      await repo.deleteChallenge(db, challengeId);
      // A number of a country the brand does not text: the member cannot pass the check here.
      if (err instanceof AppError && err.code === 'MOBILE_COUNTRY_NOT_ALLOWED')
        await audit(db, {
          event: 'login.newip.refused',
          brandId: brand.id,
          memberId: member.id,
          ip,
          detail: { reason: 'mobile_country', dialingCode: phone.dialingCode },
        });
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
async function liveChallenge(db: Database, visit: Visit, id: string) {
  const row = await repo.liveChallenge(db, visit.brand.id, id);
  if (!row || row.ip !== visit.ip) throw new AppError('LOGIN_CHALLENGE_INVALID');
  return { ...row, phone: mobileOfE164(row.phone) };
}

/** POST /wps/session/login/newip/resend: another code for a live challenge (the SMS limits apply). */
export async function resendNewIpCode(deps: Deps, visit: Visit, challengeId: string): Promise<SmsCodeSent> {
  const { db } = deps;
  const { brand, ip } = visit;
  const ch = await liveChallenge(db, visit, challengeId);
  const value = await issueCode(deps, {
    brand,
    phone: ch.phone,
    purpose: 'newip',
    deliver: true,
    ip,
    language: await languageOf(db, ch.member_id, brand),
  });
  // The challenge lives as long as its newest code.
  await repo.extendChallenge(db, ch.id, SMS_CODE_TTL_MINUTES);
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
 * POST /wps/session/login/newip: the code passes the check, and the member whose login the
 * challenge held back may now have a session. Wrong codes count against the code (5 tries); the
 * challenge is single use and bound to its address.
 */
export async function passNewIpCheck(deps: Deps, visit: Visit, body: NewIpVerifyBody) {
  const { db, config } = deps;
  const { brand, ip } = visit;
  const ch = await liveChallenge(db, visit, body.challengeId);
  try {
    await consumeCode(db, { brandId: brand.id, phone: ch.phone, purpose: 'newip', code: body.code, field: 'code' });
  } catch (err) {
    await audit(db, { event: 'login.newip.failed', brandId: brand.id, memberId: ch.member_id, ip });
    throw err;
  }
  if (!(await repo.passChallenge(db, ch.id))) throw new AppError('LOGIN_CHALLENGE_INVALID');
  const member = await repo.sessionCandidate(db, ch.member_id);
  if (!member) throw new AppError('LOGIN_CHALLENGE_INVALID');
  // Locked or turned away meanwhile: the code does not get round either.
  if (member.locked_until && new Date(member.locked_until).getTime() > Date.now()) throw new AppError('ACCOUNT_LOCKED');
  requireSiteAdmits(config, member);
  await audit(db, { event: 'login.newip.passed', brandId: brand.id, memberId: member.id, ip });
  await clearFailures(db, brand.id, member.account);
  return { member, passwordExpired: ch.password_expired };
}

/** The language the member's texts go out in: their own, else the brand's default. */
async function languageOf(db: Database, memberId: bigint, brand: BrandSnapshot): Promise<Locale> {
  return memberLanguage(await repo.languageOf(db, memberId), brand);
}
