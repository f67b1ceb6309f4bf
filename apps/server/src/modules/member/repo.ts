import type { Database } from '../../platform/db';

export function memberInfo(db: Database, id: bigint) {
  return db.kysely
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select([
      'm.id',
      'm.account',
      'm.nickname',
      'm.is_agent',
      'm.club_label',
      'm.member_label',
      'm.avatar',
      'm.language',
      'u.account as upline_account',
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export function passwordOf(db: Database, id: bigint) {
  return db.kysely
    .selectFrom('members')
    .select(['password_hash', 'locked_until'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setPassword(db: Database, id: bigint, hash: string) {
  await db.kysely
    .updateTable('members')
    .set({ password_hash: hash, password_changed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setLanguage(db: Database, id: bigint, language: string) {
  await db.kysely.updateTable('members').set({ language }).where('id', '=', id).execute();
}
