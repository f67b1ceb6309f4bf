import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../src/platform/db';
import { hashToken } from '../src/platform/sessions';

/**
 * A member of the brand with an open session, as a login leaves it, without the cost of a real
 * registration and argon2 login. isAgent 4 is a trial account (spec §4).
 */
export async function memberWithSession(
  db: Database,
  brandId: number,
  opts: { isAgent?: number; prefix?: string } = {},
): Promise<{ id: bigint; token: string }> {
  const m = await db.kysely
    .insertInto('members')
    .values({
      brand_id: brandId,
      account: `${opts.prefix ?? 'm'}${randomBytes(5).toString('hex')}`,
      is_agent: opts.isAgent ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), member_id: m.id, expires_at: sql<Date>`now() + interval '1 hour'` })
    .execute();
  return { id: BigInt(m.id), token };
}
