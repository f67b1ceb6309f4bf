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
};

export function insertMember(db: Db, m: NewMember) {
  return k(db)
    .insertInto('members')
    .values(m)
    .returning(['id', 'account', 'is_agent', 'member_label', 'first_login', 'agent_only'])
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
