import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FIELD_ERRORS,
  type SecuritySummary,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  SMS_SENDS_PER_HOUR,
  type SmsCodeSent,
  VALIDATION_KEYS,
  validateField,
} from '@khela/contract';
import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { type EmailSender, mailFailure } from '../../platform/email';
import { AppError } from '../../platform/errors';
import { memberLanguage, SMS_CODE_TEXT } from '../../platform/member-texts';
import type { SessionMember } from '../../platform/sessions';
import { newCode } from '../verification/service';
import { requireLoginPassword } from './mobile';
import { maskEmail, securitySummary } from './service';

/**
 * Binding or changing the member's email address (spec §2 securityCenter): a code mailed to the
 * new address, under the SMS codes' rules (6 digits, a salted digest kept, single use, 10
 * minutes, 5 wrong tries, 5 an hour per member, 60 s apart), and the login password.
 */

export type MailDeps = { db: Database; mail: EmailSender; log: { error: (o: object, m: string) => void } };

/** A plain address shape, used when the brand's form offers no email rule of its own. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function addressOrRefusal(brand: BrandSnapshot, typed: string): string {
  const email = typed.trim();
  const rule = brand.registerRules.email;
  const bad = rule.enabled
    ? validateField(rule, email, { required: true, field: 'email' }) !== null
    : !EMAIL_SHAPE.test(email);
  if (bad || email.length > 254) throw new AppError('VALIDATION_FAILED', { email: FIELD_ERRORS.invalid });
  return email;
}

const digest = (salt: Buffer, code: string) => createHash('sha256').update(salt).update(code, 'utf8').digest();

/** POST /wps/member/security/email/code. */
export async function sendEmailCode(
  deps: MailDeps,
  brand: BrandSnapshot,
  member: SessionMember,
  body: { email: string },
  ip: string,
): Promise<SmsCodeSent> {
  const { db } = deps;
  const email = addressOrRefusal(brand, body.email);
  const recent = await sql<{ n: string; last_age: number | null }>`
    SELECT count(*)::text AS n, extract(epoch FROM now() - max(created_at))::float8 AS last_age
      FROM email_codes WHERE member_id = ${member.id} AND created_at > now() - interval '1 hour'`.execute(db.kysely);
  const r = recent.rows[0];
  if (Number(r?.n ?? 0) >= SMS_SENDS_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS');
  if (r?.last_age != null && r.last_age < SMS_RESEND_SECONDS) throw new AppError('TOO_MANY_REQUESTS');
  const code = newCode();
  const salt = randomBytes(16);
  const row = await db.kysely
    .insertInto('email_codes')
    .values({ brand_id: brand.id, member_id: member.id, email, salt, code_hash: digest(salt, code) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lang = await db.kysely.selectFrom('members').select('language').where('id', '=', member.id).executeTakeFirst();
  const text = SMS_CODE_TEXT[memberLanguage(lang?.language, brand)]({
    brand: brand.info.name || 'Khela',
    code,
    minutes: SMS_CODE_TTL_MINUTES,
  });
  try {
    // The code's own line is the subject too: short, and readable in a notification.
    await deps.mail.send({ to: email, subject: text, text });
  } catch (err) {
    // A code that could not be sent is not left usable.
    await db.kysely.updateTable('email_codes').set({ used_at: new Date() }).where('id', '=', row.id).execute();
    deps.log.error({ mail: mailFailure(err) }, 'email bind code could not be sent');
    throw new AppError('MAIL_SEND_FAILED');
  }
  await audit(db, {
    event: 'member.email.code',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { email: maskEmail(email) },
  });
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/**
 * Uses up the member's newest live code for this address when `code` matches; a wrong one
 * counts (the 5th burns it). Single use under parallel calls: one conditional update wins.
 */
async function consumeEmailCode(db: Database, memberId: bigint, email: string, typed: string): Promise<void> {
  const refused = () => new AppError('VALIDATION_FAILED', { code: VALIDATION_KEYS.verificationCode });
  const live = await db.kysely
    .selectFrom('email_codes')
    .select(['id', 'salt', 'code_hash'])
    .where('member_id', '=', memberId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SMS_CODE_TTL_MINUTES})`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) throw refused();
  const code = typed.trim();
  const right =
    /^\d+$/.test(code) && timingSafeEqual(digest(Buffer.from(live.salt), code), Buffer.from(live.code_hash));
  if (!right) {
    await db.kysely
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    throw refused();
  }
  const used = await db.kysely
    .updateTable('email_codes')
    .set({ used_at: new Date() })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) throw refused();
}

/** PUT /wps/member/security/email. */
export async function bindEmail(
  deps: MailDeps,
  brand: BrandSnapshot,
  member: SessionMember,
  body: { email: string; code: string; password: string },
  ip: string,
): Promise<SecuritySummary> {
  const { db } = deps;
  const email = addressOrRefusal(brand, body.email);
  const before = await requireLoginPassword(db, brand, member, body.password, ip, 'email.bind');
  await consumeEmailCode(db, member.id, email, body.code);
  await db.kysely.updateTable('members').set({ email }).where('id', '=', member.id).execute();
  await audit(db, {
    event: 'member.email.bound',
    brandId: brand.id,
    memberId: member.id,
    ip,
    before: { email: before.email ? maskEmail(before.email) : null },
    after: { email: maskEmail(email) },
  });
  return securitySummary(db, brand, member);
}
