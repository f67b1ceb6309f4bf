import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB, MemberStatus } from '../../platform/schema';
import { TRIAL_TYPE } from '../../platform/site-kind';

type Db = Database | Kysely<DB>;
const k = (db: Db) => ('kysely' in db ? db.kysely : db);

/** Reset requests of the last hour from this address, for this account name and this email (as typed). */
export async function requestsLastHour(db: Db, brandId: number, r: { ip: string; account: string; email: string }) {
  const counts = await sql<{ by_ip: string | number; by_account: string | number; by_email: string | number }>`
    SELECT count(*) FILTER (WHERE ip = ${r.ip}) AS by_ip,
           count(*) FILTER (WHERE account = ${r.account}) AS by_account,
           count(*) FILTER (WHERE email = ${r.email}) AS by_email
      FROM password_reset_requests
     WHERE brand_id = ${brandId} AND at > now() - interval '1 hour'
       AND (ip = ${r.ip} OR account = ${r.account} OR email = ${r.email})`.execute(k(db));
  const c = counts.rows[0];
  return { byIp: Number(c?.by_ip ?? 0), byAccount: Number(c?.by_account ?? 0), byEmail: Number(c?.by_email ?? 0) };
}

export async function recordRequest(db: Db, brandId: number, r: { ip: string; account: string; email: string }) {
  await sql`INSERT INTO password_reset_requests (brand_id, account, email, ip)
            VALUES (${brandId}, ${r.account}, ${r.email}, ${r.ip})`.execute(k(db));
}

/** The member with a password (no trial account) whose account and email these are, any case. */
export async function memberByAccountAndEmail(db: Db, brandId: number, account: string, email: string) {
  const found = await sql<{ id: bigint; account: string; email: string; language: string | null }>`
    SELECT id, account, email, language FROM members
     WHERE brand_id = ${brandId} AND lower(account) = ${account} AND lower(email) = ${email}
       AND is_agent <> ${TRIAL_TYPE} AND password_hash IS NOT NULL
       -- a locked, suspended or closed account gets no link (decision 0031); the answer is the same
       AND status = 'active'`.execute(k(db));
  return found.rows[0];
}

/** The member's one live reset link: asking again retires the earlier ones. */
export async function replaceToken(db: Database, memberId: bigint, tokenHash: Buffer, ip: string) {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`UPDATE password_reset_tokens SET used_at = now()
               WHERE member_id = ${memberId} AND used_at IS NULL`.execute(trx);
    await sql`INSERT INTO password_reset_tokens (token_hash, member_id, ip)
              VALUES (${tokenHash}, ${memberId}, ${ip})`.execute(trx);
  });
}

/**
 * In one transaction: consumes the live link of this token (of a member of this brand, younger
 * than `minutes`) — of two requests racing with one token only one gets it — retires the
 * member's other links, sets the password, lifts the lock, ends every session and forgets the
 * failed logins. Null when the token opens nothing.
 */
export async function resetWithToken(
  db: Database,
  o: { brandId: number; tokenHash: Buffer; minutes: number; passwordHash: string },
): Promise<{ memberId: bigint; revokedSessions: number } | null> {
  return db.kysely.transaction().execute(async (trx) => {
    const used = await sql<{ member_id: bigint }>`
      UPDATE password_reset_tokens t SET used_at = now()
        FROM members m
       WHERE t.token_hash = ${o.tokenHash} AND t.used_at IS NULL
         AND t.created_at > now() - make_interval(mins => ${o.minutes})
         AND m.id = t.member_id AND m.brand_id = ${o.brandId} AND m.status = 'active'
      RETURNING t.member_id`.execute(trx);
    const row = used.rows[0];
    if (!row) return null;
    const memberId = BigInt(row.member_id);
    await sql`UPDATE password_reset_tokens SET used_at = now() WHERE member_id = ${memberId} AND used_at IS NULL`.execute(
      trx,
    );
    await sql`UPDATE members SET password_hash = ${o.passwordHash}, password_changed_at = now(), locked_until = NULL
               WHERE id = ${memberId}`.execute(trx);
    const revoked = await sql`UPDATE sessions SET revoked_at = now()
                               WHERE member_id = ${memberId} AND revoked_at IS NULL`.execute(trx);
    const account = await sql<{ account: string }>`SELECT account FROM members WHERE id = ${memberId}`.execute(trx);
    await sql`DELETE FROM login_failures WHERE brand_id = ${o.brandId} AND account = ${(account.rows[0]?.account ?? '').toLowerCase()}`.execute(
      trx,
    );
    return { memberId, revokedSessions: Number(revoked.numAffectedRows ?? 0) };
  });
}

/**
 * The member status behind an unused, unexpired link: a link sent before the operator locked,
 * suspended or closed the account is refused with that status, and stays unused.
 */
export async function statusOfLink(
  db: Database,
  o: { brandId: number; tokenHash: Buffer; minutes: number },
): Promise<MemberStatus | null> {
  const r = await sql<{ status: MemberStatus }>`
    SELECT m.status FROM password_reset_tokens t JOIN members m ON m.id = t.member_id
     WHERE t.token_hash = ${o.tokenHash} AND t.used_at IS NULL
       AND t.created_at > now() - make_interval(mins => ${o.minutes}) AND m.brand_id = ${o.brandId}`.execute(db.kysely);
  return r.rows[0]?.status ?? null;
}

/**
 * In one transaction: sets the member's password, lifts the lock, ends every session and forgets
 * the member's failed logins. Returns how many sessions it ended.
 */
export async function resetMemberPassword(db: Database, memberId: bigint, passwordHash: string): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set({ password_hash: passwordHash, password_changed_at: new Date(), locked_until: null })
      .where('id', '=', memberId)
      .execute();
    const r = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await trx.deleteFrom('login_failures').where('member_id', '=', memberId).execute();
    return Number(r.numUpdatedRows);
  });
}

/** Whether `host` is one of the brand's domains. */
export async function isBrandDomain(db: Db, brandId: number, host: string): Promise<boolean> {
  const known = await k(db)
    .selectFrom('brand_domains')
    .select('domain')
    .where('brand_id', '=', brandId)
    .where('domain', '=', host)
    .executeTakeFirst();
  return !!known;
}
