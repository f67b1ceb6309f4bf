import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';
import { AGENT_TYPES } from '../../platform/site-kind';

type Db = Database | Kysely<DB>;
const k = (db: Db) => ('kysely' in db ? db.kysely : db);

export function memberByAccount(db: Db, brandId: number, account: string) {
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
      'mobile_num',
      'country_dialing_code',
      'status',
      'new_address_check',
    ])
    .where('brand_id', '=', brandId)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}

export function agentByCode(db: Db, brandId: number, code: string) {
  return k(db)
    .selectFrom('members')
    .select(['id', 'affiliate_code'])
    .where('brand_id', '=', brandId)
    .where(sql<string>`lower(affiliate_code)`, '=', code.toLowerCase())
    .where('is_agent', 'in', [...AGENT_TYPES])
    .executeTakeFirst();
}

export async function lockMember(db: Db, id: bigint, minutes: number) {
  await k(db)
    .updateTable('members')
    .set({ locked_until: sql<Date>`now() + make_interval(mins => ${minutes})` })
    .where('id', '=', id)
    .execute();
}

/** The first login has happened: says whether this was it. */
export async function markLoggedIn(db: Db, id: bigint): Promise<boolean> {
  const r = await k(db)
    .updateTable('members')
    .set({ first_login: false })
    .where('id', '=', id)
    .where('first_login', '=', true)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Owning the phone lifts a lockout (SMS login). */
export async function unlockMember(db: Db, id: bigint) {
  await k(db).updateTable('members').set({ locked_until: null }).where('id', '=', id).execute();
}

/** What opening a session after a new-address check needs of the member, and whether it may. */
export function sessionCandidate(db: Db, id: bigint) {
  return k(db)
    .selectFrom('members')
    .select(['id', 'account', 'is_agent', 'member_label', 'locked_until', 'agent_only', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function languageOf(db: Db, id: bigint): Promise<string | null> {
  const row = await k(db).selectFrom('members').select('language').where('id', '=', id).executeTakeFirst();
  return row?.language ?? null;
}

/** Remembers a successful login's address. */
export async function recordLoginIp(db: Db, memberId: bigint, ip: string): Promise<void> {
  await k(db)
    .insertInto('member_login_ips')
    .values({ member_id: memberId, ip })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'ip'])
        .doUpdateSet({ last_at: sql<Date>`now()`, logins: sql<number>`member_login_ips.logins + 1` }),
    )
    .execute();
}

/** How many logins the member has made, from any address. */
export async function loginCount(db: Db, memberId: bigint): Promise<number> {
  const row = await k(db)
    .selectFrom('member_login_ips')
    .select(sql<string>`coalesce(sum(logins), 0)`.as('logins'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.logins ?? 0);
}

export async function knownIp(db: Db, memberId: bigint, ip: string): Promise<boolean> {
  const row = await k(db)
    .selectFrom('member_login_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return !!row;
}

export type NewChallenge = {
  id: string;
  brand_id: number;
  member_id: bigint;
  ip: string;
  phone: string;
  password_expired: boolean;
};

/** A new-address challenge, live for `minutes`. */
export async function insertChallenge(db: Db, c: NewChallenge, minutes: number): Promise<void> {
  await k(db)
    .insertInto('login_challenges')
    .values({ ...c, expires_at: sql<Date>`now() + make_interval(mins => ${minutes})` })
    .execute();
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await k(db).deleteFrom('login_challenges').where('id', '=', id).execute();
}

/** A challenge of this brand not yet passed nor expired. */
export function liveChallenge(db: Db, brandId: number, id: string) {
  return k(db)
    .selectFrom('login_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .where('passed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function extendChallenge(db: Db, id: string, minutes: number): Promise<void> {
  await k(db)
    .updateTable('login_challenges')
    .set({ expires_at: sql<Date>`now() + make_interval(mins => ${minutes})` })
    .where('id', '=', id)
    .execute();
}

/** Marks the challenge passed; false when another call passed it first. */
export async function passChallenge(db: Db, id: string): Promise<boolean> {
  const r = await k(db)
    .updateTable('login_challenges')
    .set({ passed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('passed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores a captcha's answer digest, live for `seconds`. */
export async function insertCaptcha(db: Db, id: string, answerHash: Buffer, seconds: number): Promise<void> {
  await k(db)
    .insertInto('captchas')
    .values({ id, answer_hash: answerHash, expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .execute();
}

/** Uses a live captcha up and returns its answer digest (undefined: unknown, used or expired). */
export async function useCaptcha(db: Db, id: string): Promise<Buffer | undefined> {
  const row = await k(db)
    .updateTable('captchas')
    .set({ used: true })
    .where('id', '=', id)
    .where('used', '=', false)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer_hash')
    .executeTakeFirst();
  return row ? Buffer.from(row.answer_hash) : undefined;
}

export type NewMember = {
  brand_id: number;
  account: string;
  password_hash: string | null;
  is_agent?: number;
  /** True only for accounts someone else opened with a preset password (agent, back office). */
  first_login?: boolean;
  mobile_num?: string | null;
  country_dialing_code?: string | null;
  email?: string | null;
  upline_id?: bigint | null;
  register_ip: string;
  register_url?: string | null;
  referred_by_code?: string | null;
  language?: string | null;
  /** Registration's payee name and hashed payment password, when the brand's form asks for them. */
  payee_name?: string | null;
  payment_password_hash?: string | null;
};

export function insertMember(db: Db, m: NewMember) {
  return k(db)
    .insertInto('members')
    .values(m)
    .returning(['id', 'account', 'is_agent', 'member_label', 'first_login', 'agent_only', 'status'])
    .executeTakeFirstOrThrow();
}

/** Captchas past their expiry (used or not): they can no longer be answered. */
export async function deleteExpiredCaptchas(db: Db): Promise<number> {
  const r = await k(db).deleteFrom('captchas').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Login challenges that expired more than a day ago (kept that long for a support question). */
export async function deleteOldLoginChallenges(db: Db): Promise<number> {
  const r = await k(db)
    .deleteFrom('login_challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
