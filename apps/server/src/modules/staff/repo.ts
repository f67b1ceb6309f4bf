import { sql } from 'kysely';
import type { Database } from '../../platform/db';

/** The SQL of the back office's staff accounts (decision 0030). */

export type StaffRow = {
  id: bigint;
  brand_id: number;
  username: string;
  password_hash: string | null;
  totp_secret_sealed: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: bigint;
  roles: string[];
  locked_until: Date | null;
  disabled_at: Date | null;
};

const STAFF_COLUMNS = [
  'id',
  'brand_id',
  'username',
  'password_hash',
  'totp_secret_sealed',
  'totp_enrolled_at',
  'totp_last_step',
  'roles',
  'locked_until',
  'disabled_at',
] as const;

export function staffByUsername(db: Database, brandId: number, username: string): Promise<StaffRow | undefined> {
  return db.kysely
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('brand_id', '=', brandId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export function staffById(db: Database, id: bigint): Promise<StaffRow | undefined> {
  return db.kysely.selectFrom('staff').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(
  db: Database,
  s: {
    brandId: number;
    username: string;
    roles: string[];
    createdBy: string;
    linkedMemberIds: bigint[];
    mobileNum: string | null;
    email: string | null;
  },
): Promise<bigint | null> {
  const row = await db.kysely
    .insertInto('staff')
    .values({
      brand_id: s.brandId,
      username: s.username,
      roles: s.roles,
      created_by: s.createdBy,
      linked_member_ids: s.linkedMemberIds,
      mobile_num: s.mobileNum,
      email: s.email,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * One more failure; at `lockAfter` the account locks for `lockMinutes` and the count starts
 * again. Answers whether this failure locked it.
 */
export async function countFailure(
  db: Database,
  id: bigint,
  lockAfter: number,
  lockMinutes: number,
): Promise<{ lockedNow: boolean; failures: number }> {
  const r = await sql<{ locked_now: boolean; failures: number }>`
    UPDATE staff SET
      failed_logins = CASE WHEN failed_logins + 1 >= ${lockAfter} THEN 0 ELSE failed_logins + 1 END,
      locked_until = CASE WHEN failed_logins + 1 >= ${lockAfter}
                          THEN now() + make_interval(mins => ${lockMinutes}) ELSE locked_until END
     WHERE id = ${id}
     RETURNING locked_until > now() AND failed_logins = 0 AS locked_now, failed_logins AS failures`.execute(db.kysely);
  const row = r.rows[0];
  return { lockedNow: !!row?.locked_now, failures: Number(row?.failures ?? 0) };
}

export async function clearFailures(db: Database, id: bigint) {
  await db.kysely.updateTable('staff').set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
}

/** Takes `step` as the last accepted TOTP step unless it is not newer: false for a replay. */
export async function acceptTotpStep(db: Database, id: bigint, step: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('staff')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', id)
    .where('totp_last_step', '<', BigInt(step))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Spends one unused recovery code; false when it is not one of the staff member's or was used. */
export async function spendRecoveryCode(db: Database, staffId: bigint, codeHash: Buffer): Promise<boolean> {
  const r = await db.kysely
    .updateTable('staff_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function recoveryCodesLeft(db: Database, staffId: bigint): Promise<number> {
  const r = await db.kysely
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertSetupLink(db: Database, staffId: bigint, tokenHash: Buffer, hours: number) {
  await db.kysely
    .insertInto('staff_setup_links')
    .values({
      token_hash: tokenHash,
      staff_id: staffId,
      expires_at: sql<Date>`now() + make_interval(hours => ${hours})`,
    })
    .execute();
}

/** The staff member a set-up link is for, while it is unused and unexpired. */
export function liveSetupLink(db: Database, tokenHash: Buffer) {
  return db.kysely
    .selectFrom('staff_setup_links as l')
    .innerJoin('staff as s', 's.id', 'l.staff_id')
    .innerJoin('brands as b', 'b.id', 's.brand_id')
    .select(['s.id', 's.brand_id', 's.username', 's.totp_secret_sealed', 's.totp_enrolled_at', 'b.name as brand_name'])
    .where('l.token_hash', '=', tokenHash)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .where('s.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function setPasswordAndSecret(db: Database, id: bigint, passwordHash: string, sealedSecret: string) {
  await db.kysely
    .updateTable('staff')
    .set({ password_hash: passwordHash, totp_secret_sealed: sealedSecret, totp_enrolled_at: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends the set-up: the link is spent, the TOTP enrolled from `step` on, and the recovery codes
 * replaced by `codeHashes` — all or nothing. False when the link was spent meanwhile.
 */
export function completeEnrolment(
  db: Database,
  o: { tokenHash: Buffer; staffId: bigint; step: number; codeHashes: Buffer[] },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('staff_setup_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', o.tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) return false;
    await trx
      .updateTable('staff')
      .set({ totp_enrolled_at: sql<Date>`now()`, totp_last_step: BigInt(o.step), failed_logins: 0, locked_until: null })
      .where('id', '=', o.staffId)
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', o.staffId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(o.codeHashes.map((code_hash) => ({ staff_id: o.staffId, code_hash })))
      .execute();
    return true;
  });
}

export async function insertLoginChallenge(
  db: Database,
  o: { tokenHash: Buffer; staffId: bigint; ip: string; seconds: number },
) {
  await db.kysely
    .insertInto('staff_login_challenges')
    .values({
      token_hash: o.tokenHash,
      staff_id: o.staffId,
      ip: o.ip,
      expires_at: sql<Date>`now() + make_interval(secs => ${o.seconds})`,
    })
    .execute();
}

export function liveLoginChallenge(db: Database, tokenHash: Buffer) {
  return db.kysely
    .selectFrom('staff_login_challenges')
    .select(['staff_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function spendLoginChallenge(db: Database, tokenHash: Buffer): Promise<boolean> {
  const r = await db.kysely
    .updateTable('staff_login_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export function insertSession(
  db: Database,
  o: { tokenHash: Buffer; staffId: bigint; ip: string; userAgent: string; seconds: number },
) {
  return db.kysely
    .insertInto('staff_sessions')
    .values({
      token_hash: o.tokenHash,
      staff_id: o.staffId,
      ip: o.ip,
      user_agent: o.userAgent,
      expires_at: sql<Date>`now() + make_interval(secs => ${o.seconds})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export type LiveStaffSession = {
  session_id: bigint;
  expires_at: Date;
  staff_id: bigint;
  brand_id: number;
  merchant_code: string;
  username: string;
  roles: string[];
  staff_allowed_addresses: string[];
};

/**
 * The staff session of a token hash if it is live (not revoked, within its absolute lifetime,
 * used within `idleSeconds`, of an account not disabled), marked used now.
 */
export async function touchLiveSession(
  db: Database,
  tokenHash: Buffer,
  idleSeconds: number,
): Promise<LiveStaffSession | undefined> {
  const r = await sql<LiveStaffSession>`
    WITH s AS (
      SELECT id, staff_id, expires_at FROM staff_sessions
       WHERE token_hash = ${tokenHash}
         AND revoked_at IS NULL
         AND expires_at > now()
         AND last_seen_at > now() - make_interval(secs => ${idleSeconds})
    ), touched AS (
      UPDATE staff_sessions SET last_seen_at = now() FROM s WHERE staff_sessions.id = s.id
    )
    SELECT s.id AS session_id, s.expires_at, st.id AS staff_id, st.brand_id, b.merchant_code, st.username, st.roles,
           b.staff_allowed_addresses
      FROM s JOIN staff st ON st.id = s.staff_id JOIN brands b ON b.id = st.brand_id
     WHERE st.disabled_at IS NULL`.execute(db.kysely);
  return r.rows[0];
}

export function liveSessionsOf(db: Database, staffId: bigint, idleSeconds: number) {
  return db.kysely
    .selectFrom('staff_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the staff member's sessions; false when it is not theirs or had ended. */
export async function revokeSession(db: Database, staffId: bigint, sessionId: bigint): Promise<boolean> {
  const r = await db.kysely
    .updateTable('staff_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** The audit viewer's filters (contract AuditFilter); `from`/`to` are already instants. */
export type AuditFilter = {
  staffId?: number;
  event?: string;
  memberId?: number;
  target?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  text?: string;
};

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function auditQuery(db: Database, brandId: number, f: AuditFilter) {
  let q = db.kysely
    .selectFrom('audit_log')
    .select(['id', 'at', 'event', 'staff_id', 'member_id', 'ip', 'reason', 'target', 'before', 'after', 'detail'])
    .where('brand_id', '=', brandId);
  if (f.event)
    q = f.event.endsWith('.') ? q.where('event', 'like', `${likeEscaped(f.event)}%`) : q.where('event', '=', f.event);
  if (f.staffId) q = q.where('staff_id', '=', BigInt(f.staffId));
  if (f.memberId) q = q.where('member_id', '=', BigInt(f.memberId));
  if (f.target) q = q.where('target', '=', f.target);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  if (f.text) {
    const pattern = `%${likeEscaped(f.text)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('reason', 'ilike', pattern),
        eb(sql`detail::text`, 'ilike', pattern),
        eb(sql`before::text`, 'ilike', pattern),
        eb(sql`after::text`, 'ilike', pattern),
      ]),
    );
  }
  return q;
}

export function auditRows(db: Database, brandId: number, f: AuditFilter & { before?: number; pageSize: number }) {
  let q = auditQuery(db, brandId, f);
  if (f.before) q = q.where('id', '<', BigInt(f.before));
  return q.orderBy('id', 'desc').limit(f.pageSize).execute();
}

/** One page of the filtered trail older than `beforeId`, for the export's stream. */
export function auditPage(db: Database, brandId: number, f: AuditFilter, beforeId: bigint | null, size: number) {
  let q = auditQuery(db, brandId, f);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(size).execute();
}

/** The staff list's rows: each account with its last login (its newest session). */
export function staffList(db: Database, brandId: number, id?: bigint) {
  let q = db.kysely
    .selectFrom('staff as s')
    .select([
      's.id',
      's.username',
      's.roles',
      's.password_hash',
      's.totp_enrolled_at',
      's.locked_until',
      's.disabled_at',
      's.linked_member_ids',
      's.mobile_num',
      's.email',
      's.created_at',
      's.created_by',
      's.updated_at',
      (eb) =>
        eb
          .selectFrom('staff_sessions as ss')
          .select((e) => e.fn.max('ss.created_at').as('at'))
          .whereRef('ss.staff_id', '=', 's.id')
          .as('last_login_at'),
    ])
    .where('s.brand_id', '=', brandId);
  if (id !== undefined) q = q.where('s.id', '=', id);
  return q.orderBy((eb) => eb.fn('lower', ['s.username'])).execute();
}
export type StaffListRow = Awaited<ReturnType<typeof staffList>>[number];

/** Ends every live session of a staff member; how many it ended. */
export async function revokeAllSessions(db: Database, staffId: bigint): Promise<number> {
  const r = await db.kysely
    .updateTable('staff_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Unused set-up links of a staff member stop working (a newer one replaces them). */
export async function expireSetupLinks(db: Database, staffId: bigint) {
  await db.kysely
    .updateTable('staff_setup_links')
    .set({ expires_at: sql<Date>`now()` })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

/**
 * Back to before the set-up: no password, no TOTP secret, no recovery codes, no lock — the
 * staff member can log in again only through a new set-up link.
 */
export async function clearCredentials(db: Database, staffId: bigint) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({
        password_hash: null,
        totp_secret_sealed: null,
        totp_enrolled_at: null,
        failed_logins: 0,
        locked_until: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', staffId)
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  });
}

/**
 * A staff write's change of the record; it becomes the record's new version (`updated_at`).
 * With `readAt` (the version the form read), nothing is written when the record changed since:
 * answers false. Versions compare at the millisecond a client holds.
 */
export async function setStaffFields(
  db: Database,
  staffId: bigint,
  set: {
    roles?: string[];
    linked_member_ids?: bigint[];
    disabled_at?: Date | null;
    mobile_num?: string | null;
    email?: string | null;
  },
  readAt?: string,
): Promise<boolean> {
  let q = db.kysely
    .updateTable('staff')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', staffId);
  if (readAt !== undefined) q = q.where(sql`date_trunc('milliseconds', updated_at)`, '=', new Date(readAt));
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function storedRoles(db: Database, brandId: number) {
  return db.kysely
    .selectFrom('staff_roles')
    .select(['role', 'permissions', 'updated_at', 'updated_by'])
    .where('brand_id', '=', brandId)
    .execute();
}

export async function upsertRole(db: Database, brandId: number, role: string, permissions: string[], by: string) {
  await db.kysely
    .insertInto('staff_roles')
    .values({ brand_id: brandId, role, permissions, updated_by: by })
    .onConflict((oc) =>
      oc.columns(['brand_id', 'role']).doUpdateSet({ permissions, updated_by: by, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export function brandStaffAddresses(db: Database, brandId: number) {
  return db.kysely
    .selectFrom('brands')
    .select('staff_allowed_addresses')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow()
    .then((r) => r.staff_allowed_addresses);
}

export async function setBrandStaffAddresses(db: Database, brandId: number, addresses: string[]) {
  await db.kysely.updateTable('brands').set({ staff_allowed_addresses: addresses }).where('id', '=', brandId).execute();
}
