import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB, MemberAvatarsTable } from '../../platform/schema';

export function currentAvatar(db: Database, memberId: bigint) {
  return db.kysely.selectFrom('members').select('avatar').where('id', '=', memberId).executeTakeFirst();
}

/** Uploads of the member within the last hour (the audit trail counts across every process). */
export async function uploadsLastHour(db: Database, memberId: bigint): Promise<number> {
  const r = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM audit_log
     WHERE member_id = ${memberId} AND event = 'avatar.upload' AND at > now() - interval '1 hour'`.execute(db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

type Picture = Pick<MemberAvatarsTable, 'key' | 'content_type' | 'bytes' | 'width' | 'height'>;

/** The member's one uploaded picture, replaced when there is one already. */
export async function savePicture(trx: Kysely<DB>, memberId: bigint, p: Picture): Promise<void> {
  await trx
    .insertInto('member_avatars')
    .values({ member_id: memberId, ...p })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        key: p.key,
        content_type: p.content_type,
        bytes: p.bytes,
        width: p.width,
        height: p.height,
        created_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function dropPicture(trx: Kysely<DB>, memberId: bigint): Promise<void> {
  await trx.deleteFrom('member_avatars').where('member_id', '=', memberId).execute();
}

export async function setAvatarUrl(trx: Kysely<DB>, memberId: bigint, url: string): Promise<void> {
  await trx.updateTable('members').set({ avatar: url }).where('id', '=', memberId).execute();
}

/** An uploaded picture by its key, only when its member belongs to the brand asked. */
export function pictureByKey(db: Database, brandId: number, key: string) {
  return db.kysely
    .selectFrom('member_avatars as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .select(['a.bytes', 'a.content_type'])
    .where('a.key', '=', key)
    .where('m.brand_id', '=', brandId)
    .executeTakeFirst();
}
