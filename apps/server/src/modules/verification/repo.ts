import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB, SmsCodesTable } from '../../platform/schema';
import { TRIAL_TYPE } from '../../platform/site-kind';

type Db = Database | Kysely<DB>;
export type SmsPurpose = SmsCodesTable['purpose'];
const k = (db: Db) => ('kysely' in db ? db.kysely : db);

/** The member (not a trial account) whose mobile number this is (E.164, as stored). */
export function memberByMobile(db: Db, brandId: number, e164: string) {
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
      'status',
    ])
    .where('brand_id', '=', brandId)
    .where('mobile_num', '=', e164)
    .where('is_agent', '!=', TRIAL_TYPE)
    .executeTakeFirst();
}

/** Texts the brand sent in the last 24 hours (codes for unknown numbers were not sent). */
export async function sentLastDay(db: Db, brandId: number): Promise<number> {
  const r = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM sms_codes
     WHERE brand_id = ${brandId} AND sent AND created_at > now() - interval '1 day'`.execute(k(db));
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Marks the brand's SMS budget as run out, unless it was within the last 24 hours: true for the
 * one call (of any process) that marks it, which then raises the alert.
 */
export async function markBudgetAlerted(db: Db, brandId: number): Promise<boolean> {
  const r = await k(db)
    .updateTable('brands')
    .set({ sms_budget_alerted_at: sql<Date>`now()` })
    .where('id', '=', brandId)
    .where((eb) =>
      eb.or([
        eb('sms_budget_alerted_at', 'is', null),
        eb('sms_budget_alerted_at', '<', sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Codes asked for the number within the hour, and the age in seconds of the newest. */
export async function sendsLastHour(
  db: Db,
  brandId: number,
  phone: string,
): Promise<{ count: number; lastAgeSeconds: number | null }> {
  const r = await sql<{ n: string | number; last_age: number | null }>`
    SELECT count(*) AS n,
           extract(epoch FROM now() - max(created_at))::float8 AS last_age
      FROM sms_codes
     WHERE brand_id = ${brandId} AND phone = ${phone} AND created_at > now() - interval '1 hour'`.execute(k(db));
  const row = r.rows[0];
  return { count: Number(row?.n ?? 0), lastAgeSeconds: row?.last_age == null ? null : Number(row.last_age) };
}

export type NewCode = {
  brand_id: number;
  phone: string;
  purpose: SmsPurpose;
  salt: Buffer;
  code_hash: Buffer;
  sent: boolean;
  ip: string;
};

export async function insertCode(db: Db, c: NewCode): Promise<bigint> {
  const row = await k(db).insertInto('sms_codes').values(c).returning('id').executeTakeFirstOrThrow();
  return BigInt(row.id);
}

/** The number's newest code of this purpose that was sent, is unused and younger than `minutes`. */
export function liveCode(db: Db, o: { brandId: number; phone: string; purpose: SmsPurpose; minutes: number }) {
  return k(db)
    .selectFrom('sms_codes')
    .select(['id', 'salt', 'code_hash', 'attempts'])
    .where('brand_id', '=', o.brandId)
    .where('phone', '=', o.phone)
    .where('purpose', '=', o.purpose)
    .where('sent', '=', true)
    .where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${o.minutes})`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Counts a wrong try; the `maxAttempts`-th burns the code. */
export async function countWrongTry(db: Db, id: bigint, maxAttempts: number): Promise<void> {
  await k(db)
    .updateTable('sms_codes')
    .set({
      attempts: sql<number>`attempts + 1`,
      used_at: sql<Date | null>`CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE used_at END`,
    })
    .where('id', '=', id)
    .execute();
}

/** Uses the code up; false when a parallel call used it first. */
export async function useCode(db: Db, id: bigint): Promise<boolean> {
  const r = await k(db)
    .updateTable('sms_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
