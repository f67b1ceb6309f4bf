import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type Locale,
  SMS_CODE_DIGITS,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  SMS_SENDS_PER_HOUR,
  VALIDATION_KEYS,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { NEW_IP_SMS_TEXT, SMS_CODE_TEXT } from '../../platform/member-texts';
import type { DB } from '../../platform/schema';
import type { SmsSender } from '../../platform/sms';

type Db = Database | Kysely<DB>;
const k = (db: Db) => ('kysely' in db ? db.kysely : db);

export type SmsPurpose = 'login' | 'register' | 'reset' | 'newip';
export type Phone = { dialingCode: string; mobile: string };

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
  const mobile = p.mobile.trim();
  return k(db)
    .selectFrom('members')
    .select([
      'id',
      'account',
      'password_hash',
      'password_changed_at',
      'first_login',
      'is_agent',
      'member_label',
      'locked_until',
      'agent_only',
      'language',
    ])
    .where('brand_id', '=', brandId)
    .where('mobile_num', '=', mobile)
    .where('is_agent', '!=', 4)
    .where((eb) =>
      eb.or([
        eb('country_dialing_code', 'is', null),
        eb(sql<string>`regexp_replace(country_dialing_code, '[^0-9]', '', 'g')`, '=', digits(p.dialingCode)),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Issues a code: refuses a 6th request for the number within the hour (SMS_TOO_MANY) or one
 * within 60 s of the last (SMS_RESEND_TOO_SOON), stores only a salted digest, and sends the
 * text unless `deliver` is false (unknown numbers: same answer, nothing sent). A code that
 * could not be sent is not left usable.
 */
export async function issueCode(
  db: Database,
  sender: SmsSender,
  o: {
    brandId: number;
    phone: Phone;
    purpose: SmsPurpose;
    deliver: boolean;
    ip: string;
    brandName: string;
    /** The language of the text: the member's, or the brand default for a number not yet registered. */
    language: Locale;
  },
): Promise<{ expiredMinutes: number }> {
  const key = phoneKey(o.phone);
  const r = await sql<{ n: string | number; last_age: number | null }>`
    SELECT count(*) AS n,
           extract(epoch FROM now() - max(created_at))::float8 AS last_age
      FROM sms_codes
     WHERE brand_id = ${o.brandId} AND phone = ${key} AND created_at > now() - interval '1 hour'`.execute(db.kysely);
  const row = r.rows[0];
  if (Number(row?.n ?? 0) >= SMS_SENDS_PER_HOUR) throw new AppError('SMS_TOO_MANY');
  if (row?.last_age != null && Number(row.last_age) < SMS_RESEND_SECONDS) throw new AppError('SMS_RESEND_TOO_SOON');

  const code = newCode();
  const salt = randomBytes(16);
  const inserted = await db.kysely
    .insertInto('sms_codes')
    .values({
      brand_id: o.brandId,
      phone: key,
      purpose: o.purpose,
      salt,
      code_hash: hashCode(salt, code),
      sent: o.deliver,
      ip: o.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.deliver) {
    const texts = o.purpose === 'newip' ? NEW_IP_SMS_TEXT : SMS_CODE_TEXT;
    const text = texts[o.language]({ brand: o.brandName, code, minutes: SMS_CODE_TTL_MINUTES });
    try {
      await sender.send(e164(o.phone), text);
    } catch {
      await db.kysely.updateTable('sms_codes').set({ used_at: new Date() }).where('id', '=', inserted.id).execute();
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
  o: { brandId: number; phone: Phone; purpose: SmsPurpose; code: string; field: string },
): Promise<void> {
  const refused = () => new AppError('INVALID_SMS_CODE', { [o.field]: VALIDATION_KEYS.verificationCode });
  const code = o.code.trim();
  const live = await k(db)
    .selectFrom('sms_codes')
    .select(['id', 'salt', 'code_hash', 'attempts'])
    .where('brand_id', '=', o.brandId)
    .where('phone', '=', phoneKey(o.phone))
    .where('purpose', '=', o.purpose)
    .where('sent', '=', true)
    .where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SMS_CODE_TTL_MINUTES})`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) throw refused();
  const right =
    /^\d+$/.test(code) && timingSafeEqual(hashCode(Buffer.from(live.salt), code), Buffer.from(live.code_hash));
  if (!right) {
    await k(db)
      .updateTable('sms_codes')
      .set({
        attempts: sql<number>`attempts + 1`,
        used_at: sql<Date | null>`CASE WHEN attempts + 1 >= ${SMS_CODE_MAX_ATTEMPTS} THEN now() ELSE used_at END`,
      })
      .where('id', '=', live.id)
      .execute();
    throw refused();
  }
  // Single use even under parallel calls: only one update finds used_at still null.
  const used = await k(db)
    .updateTable('sms_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw refused();
}
