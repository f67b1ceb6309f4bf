import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  FIELD_ERRORS,
  type Locale,
  latinDigits,
  type Mobile,
  type MobileReading,
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
import { readMobile } from '@khela/contract/phone';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireHumanCheck } from '../../platform/human-check';
import { memberLanguage, NEW_IP_SMS_TEXT, SMS_CODE_TEXT } from '../../platform/member-texts';
import type { DB } from '../../platform/schema';
import type { SmsSender } from '../../platform/sms';
import { recordTakenAnswer, requireTakenAnswersLeft } from '../../platform/throttle';
import type { Visit } from '../../platform/visit';
import * as repo from './repo';

type Db = Database | Kysely<DB>;

export type { SmsPurpose } from './repo';
/** A member's or a caller's number: E.164, its dialling code and its national form. */
export type Phone = Mobile;

/** What sending codes works with besides the call's input (the log carries the budget alert). */
export type SmsDeps = { db: Database; config: Config; sms: SmsSender; log: FastifyBaseLogger };

/**
 * A typed number as this brand reads it: with the caller's dialling code, else the brand's
 * first, and only with one of the brand's dialling codes.
 */
export function readPhone(brand: BrandSnapshot, typed: string, dialingCode: string | undefined): MobileReading {
  return readMobile(typed, {
    dialingCode: dialingCode?.trim() || brand.mobileDialingCodes[0],
    allowed: brand.mobileDialingCodes,
  });
}

/**
 * The number of a call's `field`, else the call's refusal: a number that is none (400 with the
 * field's message) or another country's (MOBILE_COUNTRY_NOT_ALLOWED: no text goes to it).
 */
export function phoneOrRefusal(
  brand: BrandSnapshot,
  typed: string,
  dialingCode: string | undefined,
  field: string,
): Phone {
  const reading = readPhone(brand, typed, dialingCode);
  if (reading.ok) return { e164: reading.e164, dialingCode: reading.dialingCode, national: reading.national };
  throw new AppError(reading.foreign ? 'MOBILE_COUNTRY_NOT_ALLOWED' : 'VALIDATION_FAILED', { [field]: reading.key });
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
}

/** The member (not a trial account) whose mobile number this is. */
export function memberByMobile(db: Db, brandId: number, p: Phone) {
  return repo.memberByMobile(db, brandId, p.e164);
}

/**
 * POST /wps/verification/sms/noLogin (spec §7): a login or reset code for a member's number,
 * after the human check. An unknown number gets the same answer and no text.
 */
export async function sendMemberCode(deps: SmsDeps, visit: Visit, body: SmsNoLoginBody): Promise<SmsCodeSent> {
  const { db, config } = deps;
  const { brand, ip } = visit;
  if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  const phone = phoneOrRefusal(brand, body.mobileNum, body.countryDialingCode, 'mobileNum');
  await requireHumanCheck(db, config, body.altcha);
  const member = await memberByMobile(db, brand.id, phone);
  const purpose = body.purpose ?? 'login';
  const value = await issueCode(deps, {
    brand,
    phone,
    purpose,
    deliver: !!member,
    ip,
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
  const phone = phoneOrRefusal(brand, body.mobileNo, body.countryDialingCode, 'mobileNo');
  await requireTakenAnswersLeft(db, brand.id, ip, config.REGISTER_TAKEN_PER_HOUR);
  await requireHumanCheck(db, config, body.altcha);
  // Registration would refuse the number anyway; no SMS is spent on it. Registration's own
  // "taken" answer, counted per address like the form's (decision 0028).
  if (await memberByMobile(db, brand.id, phone)) {
    await recordTakenAnswer(db, brand.id, ip);
    throw new AppError('ACCOUNT_EXISTS', { mobileNo: FIELD_ERRORS.mobileTaken });
  }
  const value = await issueCode(deps, {
    brand,
    phone,
    purpose: 'register',
    deliver: true,
    ip,
    // Nobody to ask yet: the brand's default language.
    language: memberLanguage(null, brand),
  });
  await audit(db, { event: 'sms.sent', brandId: brand.id, ip, detail: { purpose: 'register' } });
  return value;
}

/**
 * Issues a code. Refuses a number of another country than the brand's (no text leaves for it),
 * any code once the brand's texts of the last 24 hours reach its budget (SMS_DAILY_LIMIT, also
 * for unknown numbers, so the refusal tells nothing), a 6th request for the number within the
 * hour (SMS_TOO_MANY) or one within 60 s of the last (SMS_RESEND_TOO_SOON) — counted on the
 * number in E.164, so no spelling of it gets more. Stores only a salted digest, and sends the
 * text unless `deliver` is false (unknown numbers: same answer, nothing sent). A code that could
 * not be sent is not left usable.
 */
export async function issueCode(
  deps: Pick<SmsDeps, 'db' | 'sms' | 'log'>,
  o: {
    brand: BrandSnapshot;
    phone: Phone;
    purpose: repo.SmsPurpose;
    deliver: boolean;
    ip: string;
    /** The language of the text: the member's, or the brand default for a number not yet registered. */
    language: Locale;
  },
): Promise<SmsCodeSent> {
  const { db, sms } = deps;
  const { brand, phone } = o;
  if (!brand.mobileDialingCodes.includes(phone.dialingCode)) throw new AppError('MOBILE_COUNTRY_NOT_ALLOWED');
  await requireBudget(deps, brand, o.ip);
  const recent = await repo.sendsLastHour(db, brand.id, phone.e164);
  if (recent.count >= SMS_SENDS_PER_HOUR) throw new AppError('SMS_TOO_MANY');
  if (recent.lastAgeSeconds !== null && recent.lastAgeSeconds < SMS_RESEND_SECONDS)
    throw new AppError('SMS_RESEND_TOO_SOON');

  const code = newCode();
  const salt = randomBytes(16);
  const id = await repo.insertCode(db, {
    brand_id: brand.id,
    phone: phone.e164,
    purpose: o.purpose,
    salt,
    code_hash: hashCode(salt, code),
    sent: o.deliver,
    ip: o.ip,
  });
  if (o.deliver) {
    const texts = o.purpose === 'newip' ? NEW_IP_SMS_TEXT : SMS_CODE_TEXT;
    const text = texts[o.language]({ brand: brand.info.name, code, minutes: SMS_CODE_TTL_MINUTES });
    try {
      await sms.send(phone.e164, text);
    } catch {
      await repo.useCode(db, id);
      throw new AppError('SMS_SEND_FAILED');
    }
  }
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/**
 * The brand's SMS budget: texts sent in the last 24 hours against brands.sms_daily_budget. The
 * first refusal in 24 hours alerts — a warn log line and the audit event sms.budget.reached —
 * from whichever process marks the brand first.
 */
async function requireBudget(deps: Pick<SmsDeps, 'db' | 'log'>, brand: BrandSnapshot, ip: string): Promise<void> {
  const sent = await repo.sentLastDay(deps.db, brand.id);
  if (sent < brand.smsDailyBudget) return;
  if (await repo.markBudgetAlerted(deps.db, brand.id)) {
    deps.log.warn(
      { brandId: brand.id, merchantCode: brand.info.merchantCode, budget: brand.smsDailyBudget, sent },
      'SMS budget reached: no more codes are sent for this brand until texts of the last 24 hours age out (brands.sms_daily_budget)',
    );
    await audit(deps.db, {
      event: 'sms.budget.reached',
      brandId: brand.id,
      ip,
      detail: { budget: brand.smsDailyBudget, sentLast24h: sent },
    });
  }
  throw new AppError('SMS_DAILY_LIMIT');
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
  // Typed on a Bangla keyboard, ৪৮২১৯৩ is the code 482193.
  const code = latinDigits(o.code).trim();
  const live = await repo.liveCode(db, {
    brandId: o.brandId,
    phone: o.phone.e164,
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
