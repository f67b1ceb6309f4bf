import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashToken } from '../../apps/server/src/platform/sessions';
import type { Khela } from './harness';

/**
 * Opens a session for an existing account straight in the database, as a login would, and
 * returns its token. For tests about what a logged-in player sees (the login flows themselves
 * have their own tests); the page then carries it in sessionStorage as a login leaves it.
 */
export async function sessionFor(khela: Khela, account: string): Promise<{ token: string; memberId: bigint }> {
  const m = await khela.db.kysely
    .selectFrom('members')
    .select(['id'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await khela.db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: m.id,
      expires_at: sql<Date>`now() + interval '1 hour'`,
    })
    .execute();
  return { token, memberId: BigInt(m.id) };
}
