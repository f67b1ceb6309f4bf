import { createHash, randomBytes } from 'node:crypto';
import {
  FIELD_ERRORS,
  type ForgotByEmailBody,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PATH,
  type ResetPasswordBody,
  validateChangePassword,
  validateForgotByEmail,
} from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { type EmailSender, mailFailure } from '../../platform/email';
import { AppError } from '../../platform/errors';
import { memberLanguage, RESET_EMAIL } from '../../platform/member-texts';
import { hashPassword, isBreached, isWeak } from '../../platform/passwords';

/** 32 random bytes (256 bits) per link; only the SHA-256 is stored. */
export const RESET_TOKEN_BYTES = 32;
/** Reset requests allowed per hour: from one visitor address, for one typed account name, for one email. */
export const RESETS_PER_IP_PER_HOUR = 10;
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
export const RESETS_PER_EMAIL_PER_HOUR = 3;

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export type ForgotContext = {
  db: Database;
  brand: BrandSnapshot;
  ip: string;
  /** Where the site answers, e.g. https://khela.example (no trailing slash); null: no link can be made. */
  origin: string | null;
  mail: EmailSender;
  log: FastifyBaseLogger;
};

/**
 * POST /wps/member/password/email. Validates, throttles (by address, typed account and typed
 * email, counted whether or not they match, so a 429 tells nothing about accounts), and when
 * username and email name a member of this brand with a password, emails a single-use link
 * good for 30 minutes. The caller answers the same success either way. The email is sent
 * after the answer (returned promise) so its time does not tell either.
 */
export async function requestReset(ctx: ForgotContext, body: ForgotByEmailBody): Promise<Promise<void> | null> {
  const { db, brand, ip } = ctx;
  const errors = validateForgotByEmail(brand.registerRules, body);
  if (Object.keys(errors).length > 0)
    throw new AppError('VALIDATION_FAILED', Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, m.key])));
  const account = body.username.trim().toLowerCase();
  const email = body.email.trim().toLowerCase();

  const counts = await sql<{ by_ip: string | number; by_account: string | number; by_email: string | number }>`
    SELECT count(*) FILTER (WHERE ip = ${ip}) AS by_ip,
           count(*) FILTER (WHERE account = ${account}) AS by_account,
           count(*) FILTER (WHERE email = ${email}) AS by_email
      FROM password_reset_requests
     WHERE brand_id = ${brand.id} AND at > now() - interval '1 hour'
       AND (ip = ${ip} OR account = ${account} OR email = ${email})`.execute(db.kysely);
  const c = counts.rows[0];
  if (
    Number(c?.by_ip ?? 0) >= RESETS_PER_IP_PER_HOUR ||
    Number(c?.by_account ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR ||
    Number(c?.by_email ?? 0) >= RESETS_PER_EMAIL_PER_HOUR
  )
    throw new AppError('TOO_MANY_REQUESTS');
  await sql`INSERT INTO password_reset_requests (brand_id, account, email, ip)
            VALUES (${brand.id}, ${account}, ${email}, ${ip})`.execute(db.kysely);

  const found = await sql<{ id: bigint; account: string; email: string; language: string | null }>`
    SELECT id, account, email, language FROM members
     WHERE brand_id = ${brand.id} AND lower(account) = ${account} AND lower(email) = ${email}
       AND is_agent <> 4 AND password_hash IS NOT NULL`.execute(db.kysely);
  const member = found.rows[0];
  if (!member) return null;
  if (!ctx.origin) {
    ctx.log.error('password reset: no PUBLIC_URL and the request host is not a brand domain; no email sent');
    return null;
  }

  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  await db.kysely.transaction().execute(async (trx) => {
    // One live link per member: asking again retires the earlier ones.
    await sql`UPDATE password_reset_tokens SET used_at = now()
               WHERE member_id = ${member.id} AND used_at IS NULL`.execute(trx);
    await sql`INSERT INTO password_reset_tokens (token_hash, member_id, ip)
              VALUES (${digest(token)}, ${member.id}, ${ip})`.execute(trx);
  });
  const link = `${ctx.origin}${RESET_PASSWORD_PATH}?token=${token}`;
  // In the language the member last chose on the site, else the brand's default.
  const texts = RESET_EMAIL[memberLanguage(member.language, brand)];
  return ctx.mail
    .send({
      to: member.email,
      subject: texts.subject(brand.info.name || 'Khela'),
      text: texts.text({ account: member.account, link, minutes: RESET_LINK_MINUTES }),
    })
    .catch((err) =>
      ctx.log.error({ mail: mailFailure(err), to: member.email }, 'password reset email could not be sent'),
    );
}

/**
 * POST /wps/member/password/reset: a new password by the brand's rule (not '123456', not a
 * common breached password) and its confirmation, then the link's token is consumed — only a
 * valid request uses it up — the password set, every session ended, the lock lifted.
 */
export async function resetPassword(db: Database, brand: BrandSnapshot, body: ResetPasswordBody, ip: string) {
  const errors: Record<string, string> = {};
  const checks = validateChangePassword(brand.registerRules.password, body, { oldKnown: true });
  for (const [f, m] of Object.entries(checks)) errors[f] = m.key;
  if (!errors.newPassword) {
    if (isWeak(body.newPassword)) errors.newPassword = FIELD_ERRORS.weakPassword;
    else if (isBreached(body.newPassword)) errors.newPassword = FIELD_ERRORS.breachedPassword;
  }
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(body.token)) throw new AppError('RESET_LINK_INVALID');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  const hash = await hashPassword(body.newPassword);

  const result = await db.kysely.transaction().execute(async (trx) => {
    // Consumed atomically: of two requests racing with one token, only one gets the row.
    const used = await sql<{ member_id: bigint }>`
      UPDATE password_reset_tokens t SET used_at = now()
        FROM members m
       WHERE t.token_hash = ${digest(body.token)} AND t.used_at IS NULL
         AND t.created_at > now() - make_interval(mins => ${RESET_LINK_MINUTES})
         AND m.id = t.member_id AND m.brand_id = ${brand.id}
      RETURNING t.member_id`.execute(trx);
    const row = used.rows[0];
    if (!row) return null;
    const memberId = BigInt(row.member_id);
    await sql`UPDATE password_reset_tokens SET used_at = now() WHERE member_id = ${memberId} AND used_at IS NULL`.execute(
      trx,
    );
    await sql`UPDATE members SET password_hash = ${hash}, password_changed_at = now(), locked_until = NULL
               WHERE id = ${memberId}`.execute(trx);
    const revoked = await sql`UPDATE sessions SET revoked_at = now()
                               WHERE member_id = ${memberId} AND revoked_at IS NULL`.execute(trx);
    const account = await sql<{ account: string }>`SELECT account FROM members WHERE id = ${memberId}`.execute(trx);
    await sql`DELETE FROM login_failures WHERE brand_id = ${brand.id} AND account = ${(account.rows[0]?.account ?? '').toLowerCase()}`.execute(
      trx,
    );
    await audit(trx, {
      event: 'password.change',
      brandId: brand.id,
      memberId,
      ip,
      detail: { via: 'email-reset', revokedSessions: Number(revoked.numAffectedRows ?? 0) },
    });
    return memberId;
  });
  if (result === null) throw new AppError('RESET_LINK_INVALID');
}
