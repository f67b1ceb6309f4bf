import { sql } from 'kysely';
import type { Database } from './db';
import { AppError } from './errors';
import { defineJob, every } from './jobs';

/**
 * A captcha after 3 failed logins, a 15-minute lock after 10, both within an hour
 * (docs/decisions/0004-account-security.md, 'Throttles').
 */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;
export const FAILURE_WINDOW_MINUTES = 60;
/**
 * Failures from one address before it too must answer captchas. Higher than the account's 3:
 * Bangladeshi mobile carriers put many players behind one address (CGNAT).
 */
export const IP_CAPTCHA_AFTER_FAILURES = 10;

export type FailureCounts = { byAccount: number; byIp: number; lastByAccount: Date | null };

/** Failed logins of the last hour for this account name (as typed, any case) and this address. */
export async function recentFailures(
  db: Database,
  brandId: number,
  account: string,
  ip: string,
): Promise<FailureCounts> {
  const r = await sql<{ by_account: string | number; by_ip: string | number; last_by_account: Date | null }>`
    SELECT count(*) FILTER (WHERE account = ${account.toLowerCase()}) AS by_account,
           count(*) FILTER (WHERE ip = ${ip}) AS by_ip,
           max(at) FILTER (WHERE account = ${account.toLowerCase()}) AS last_by_account
      FROM login_failures
     WHERE brand_id = ${brandId}
       AND at > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
       AND (account = ${account.toLowerCase()} OR ip = ${ip})`.execute(db.kysely);
  const row = r.rows[0];
  return {
    byAccount: Number(row?.by_account ?? 0),
    byIp: Number(row?.by_ip ?? 0),
    lastByAccount: row?.last_by_account ? new Date(row.last_by_account) : null,
  };
}

export function captchaRequired(c: FailureCounts): boolean {
  return c.byAccount >= CAPTCHA_AFTER_FAILURES || c.byIp >= IP_CAPTCHA_AFTER_FAILURES;
}

export async function recordFailure(
  db: Database,
  f: { brandId: number; memberId: bigint | null; account: string; ip: string },
): Promise<void> {
  await db.kysely
    .insertInto('login_failures')
    .values({ brand_id: f.brandId, member_id: f.memberId, account: f.account.toLowerCase(), ip: f.ip })
    .execute();
}

/** A successful login forgets the account's failures (the address keeps its own). */
export async function clearFailures(db: Database, brandId: number, account: string): Promise<void> {
  await db.kysely
    .deleteFrom('login_failures')
    .where('brand_id', '=', brandId)
    .where('account', '=', account.toLowerCase())
    .execute();
}

/** Failures count for FAILURE_WINDOW_MINUTES; a day later they are forgotten (the audit log keeps the logins). */
export const loginFailuresSweep = defineJob({
  name: 'login-failures-sweep',
  description: 'forgets failed logins older than a day',
  schedule: every({ hours: 1 }),
  catchUp: 'latest',
  async run({ db }) {
    const r = await db.kysely
      .deleteFrom('login_failures')
      .where('at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});

/**
 * Registration's "name taken" (or "number taken") is the one answer that tells an outsider an
 * account exists (decision 0028): an address that has had `max` of them in the last hour gets
 * 429 TOO_MANY_REQUESTS from registration, whatever name it tries next, until the hour passes.
 */
export async function requireTakenAnswersLeft(db: Database, brandId: number, ip: string, max: number): Promise<void> {
  const r = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM registration_taken
     WHERE brand_id = ${brandId} AND ip = ${ip} AND at > now() - interval '1 hour'`.execute(db.kysely);
  if (Number(r.rows[0]?.n ?? 0) >= max) throw new AppError('TOO_MANY_REQUESTS');
}

/** Counts one "name taken" answer against the address. */
export async function recordTakenAnswer(db: Database, brandId: number, ip: string): Promise<void> {
  await db.kysely.insertInto('registration_taken').values({ brand_id: brandId, ip }).execute();
}

/** "Taken" answers count for an hour; a day later they are forgotten. */
export const takenAnswersSweep = defineJob({
  name: 'taken-answers-sweep',
  description: "forgets registration's 'name taken' answers older than a day",
  schedule: every({ hours: 1 }),
  catchUp: 'latest',
  async run({ db }) {
    const r = await db.kysely
      .deleteFrom('registration_taken')
      .where('at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});
