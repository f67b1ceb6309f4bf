import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  FIELD_ERRORS,
  type Locale,
  SMS_CODE_DIGITS,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  SMS_SENDS_PER_HOUR,
  type SmsCodeSent,
  type SmsNoLoginBody,
  type SmsRegisterBody,
  VALIDATION_KEYS,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireHumanCheck } from '../../platform/human-check';
import { memberLanguage, NEW_IP_SMS_TEXT, SMS_CODE_TEXT } from '../../platform/member-texts';
import type { DB } from '../../platform/schema';
import type { SmsSender } from '../../platform/sms';
import type { Visit } from '../../platform/visit';
import * as repo from './repo';

type Db = Database | Kysely<DB>;

export type { SmsPurpose } from './repo';
export type Phone = { dialingCode: string; mobile: string };

/** What sending codes works with besides the call's input. */
export type SmsDeps = { db: Database; config: Config; sms: SmsSender };

const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');

/** The stored key of a number: dialling code and number as digits, '880:01712345678'. */
export function phoneKey(p: Phone): string {
  return `${digits(p.dialingCode)}:${digits(p.mobile)}`;
}

/** The number in international form for the gateway: +880 1712345678 → '+8801712345678'. */
export function e164(p: Phone): string {
  const cc = digits(p.dialingCode);
  let n = digits(p.mobile);
  // A national trunk 0 is dropped after a country code (Bangladesh 017… → +88017…).
  if (cc && n.startsWith('0')) n = n.slice(1);
  return cc ? `+${cc}${n}` : n;
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
}

/** The member whose mobile number this is (any dialling code when the member has none stored). */
export function memberByMobile(db: Db, brandId: number, p: Phone) {
  return repo.memberByMobile(db, brandId, p.mobile.trim(), digits(p.dialingCode));
}

/** A number as the SMS calls take it: 6 to 15 digits, a leading + allowed. */
const MOBILE = /^\+?\d{6,15}$/;
const badMobile = (field: string) => new AppError('VALIDATION_FAILED', { [field]: VALIDATION_KEYS.mobileNum });

/**
 * POST /wps/verification/sms/noLogin (spec §7): a login or reset code for a member's number,
 * after the human check. An unknown number gets the same answer and no text.
 */
export async function sendMemberCode(deps: SmsDeps, visit: Visit, body: SmsNoLoginBody): Promise<SmsCodeSent> {
  const { db, config } = deps;
  const { brand, ip } = visit;
  if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  if (!MOBILE.test(body.mobileNum.trim())) throw badMobile('mobileNum');
  await requireHumanCheck(db, config, body.altcha);
  const phone = { dialingCode: body.countryDialingCode ?? '', mobile: body.mobileNum };
  const member = await memberByMobile(db, brand.id, phone);
  const purpose = body.purpose ?? 'login';
  const value = await issueCode(deps, {
    brandId: brand.id,
    phone,
    purpose,
    deliver: !!member,
    ip,
    brandName: brand.info.name,
    language: memberLanguage(member?.language, brand),
  });
  if (member) await audit(db, { event: 'sms.sent', brandId: brand.id, memberId: member.id, ip, detail: { purpose } });
  return value;
}

/** POST /wps/verification/sms/register (spec §7, REGMOBVERF3): a code for a number not yet registered. */
export async function sendRegisterCode(deps: SmsDeps, visit: Visit, body: SmsRegisterBody): Promise<SmsCodeSent> {
  const { db, config } = deps;
  const { brand, ip } = visit;
  if (!brand.flags.REGMOBVERF3) throw new AppError('FEATURE_DISABLED');
  if (!MOBILE.test(body.mobileNo.trim())) throw badMobile('mobileNo');
  await requireHumanCheck(db, config, body.altcha);
  const phone = { dialingCode: body.countryDialingCode ?? '', mobile: body.mobileNo };
  // Registration would refuse the number anyway; no SMS is spent on it.
  if (await memberByMobile(db, brand.id, phone))
    throw new AppError('ACCOUNT_EXISTS', { mobileNo: FIELD_ERRORS.mobileTaken });
  const value = await issueCode(deps, {
    brandId: brand.id,
    phone,
    purpose: 'register',
    deliver: true,
    ip,
    brandName: brand.info.name,
    // Nobody to ask yet: the brand's default language.
    language: memberLanguage(null, brand),
  });
  await audit(db, { event: 'sms.sent', brandId: brand.id, ip, detail: { purpose: 'register' } });
  return value;
}

/**
 * Issues a code: refuses a 6th request for the number within the hour (SMS_TOO_MANY) or one
 * within 60 s of the last (SMS_RESEND_TOO_SOON), stores only a salted digest, and sends the
 * text unless `deliver` is false (unknown numbers: same answer, nothing sent). A code that
 * could not be sent is not left usable.
 */
export async function issueCode(
  deps: Pick<SmsDeps, 'db' | 'sms'>,
  o: {
    brandId: number;
    phone: Phone;
    purpose: repo.SmsPurpose;
    deliver: boolean;
    ip: string;
    brandName: string;
    /** The language of the text: the member's, or the brand default for a number not yet registered. */
    language: Locale;
  },
): Promise<SmsCodeSent> {
  const { db, sms } = deps;
  const key = phoneKey(o.phone);
  const recent = await repo.sendsLastHour(db, o.brandId, key);
  if (recent.count >= SMS_SENDS_PER_HOUR) throw new AppError('SMS_TOO_MANY');
  if (recent.lastAgeSeconds !== null && recent.lastAgeSeconds < SMS_RESEND_SECONDS)
    throw new AppError('SMS_RESEND_TOO_SOON');

  const code = newCode();
  const salt = randomBytes(16);
  const id = await repo.insertCode(db, {
    brand_id: o.brandId,
    phone: key,
    purpose: o.purpose,
    salt,
    code_hash: hashCode(salt, code),
    sent: o.deliver,
    ip: o.ip,
  });
  if (o.deliver) {
    const texts = o.purpose === 'newip' ? NEW_IP_SMS_TEXT : SMS_CODE_TEXT;
    const text = texts[o.language]({ brand: o.brandName, code, minutes: SMS_CODE_TTL_MINUTES });
    try {
      await sms.send(e164(o.phone), text);
    } catch {
      await repo.useCode(db, id);
      throw new AppError('SMS_SEND_FAILED');
    }
  }
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/**
 * Uses up the number's newest live code of this purpose when `code` matches. Wrong, expired,
 * used or missing codes throw INVALID_SMS_CODE with a field error on `field`; each wrong try
 * counts, and the 5th burns the code.
 */
export async function consumeCode(
  db: Db,
  o: { brandId: number; phone: Phone; purpose: repo.SmsPurpose; code: string; field: string },
): Promise<void> {
  const refused = () => new AppError('INVALID_SMS_CODE', { [o.field]: VALIDATION_KEYS.verificationCode });
  const code = o.code.trim();
  const live = await repo.liveCode(db, {
    brandId: o.brandId,
    phone: phoneKey(o.phone),
    purpose: o.purpose,
    minutes: SMS_CODE_TTL_MINUTES,
  });
  if (!live) throw refused();
  const right =
    /^\d+$/.test(code) && timingSafeEqual(hashCode(Buffer.from(live.salt), code), Buffer.from(live.code_hash));
  if (!right) {
    await repo.countWrongTry(db, BigInt(live.id), SMS_CODE_MAX_ATTEMPTS);
    throw refused();
  }
  // Single use even under parallel calls: only one update finds used_at still null.
  if (!(await repo.useCode(db, BigInt(live.id)))) throw refused();
}
