import { type AdjustmentCategory, INHOUSE_VENDOR } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB, MemberLabel, MemberStatus } from '../../platform/schema';

/**
 * The Players desk's SQL (decision 0031). Every query is bounded by the staff member's brand
 * first: a member id of another brand finds nothing. Reads of other modules' tables are reads;
 * money moves only through modules/wallet, sessions end through platform/sessions and auth.
 */

type Db = Database | Kysely<DB>;
const k = (db: Db) => ('kysely' in db ? db.kysely : db);

export type PlayerRow = {
  id: bigint;
  account: string;
  mobile_num: string | null;
  email: string | null;
  status: MemberStatus;
  is_agent: number;
  created_at: Date;
};

const ROW = sql`m.id, m.account, m.mobile_num, m.email, m.status, m.is_agent, m.created_at`;

/**
 * Username prefix, on members_account_prefix (brand_id, lower(account) text_pattern_ops). LIKE
 * 'abc%' becomes a range on that index whatever the database's collation, and the order is the
 * index's own (~<~, byte order), so a short prefix matching half the brand still reads one page
 * of the index instead of sorting every match. Paged by the name.
 */
export async function searchByPrefix(db: Db, brandId: number, prefix: string, after: string | null, limit: number) {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const r =
    after === null
      ? await sql<PlayerRow>`
        SELECT ${ROW} FROM members m
         WHERE m.brand_id = ${brandId} AND lower(m.account) LIKE ${like}
         ORDER BY lower(m.account) USING ~<~ LIMIT ${limit}`.execute(k(db))
      : await sql<PlayerRow>`
        SELECT ${ROW} FROM members m
         WHERE m.brand_id = ${brandId} AND lower(m.account) LIKE ${like} AND lower(m.account) ~>~ ${after}
         ORDER BY lower(m.account) USING ~<~ LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

/** Exact E.164 mobile number (members_mobile_e164), paged by id. */
export async function searchByMobile(db: Db, brandId: number, e164: string, after: bigint | null, limit: number) {
  const r = await sql<PlayerRow>`
    SELECT ${ROW} FROM members m
     WHERE m.brand_id = ${brandId} AND m.mobile_num = ${e164} AND (${after}::bigint IS NULL OR m.id > ${after})
     ORDER BY m.id LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

/** Exact email, whatever its letter case (members_email_lower), paged by id. */
export async function searchByEmail(db: Db, brandId: number, email: string, after: bigint | null, limit: number) {
  const r = await sql<PlayerRow>`
    SELECT ${ROW} FROM members m
     WHERE m.brand_id = ${brandId} AND lower(m.email) = ${email.toLowerCase()}
       AND (${after}::bigint IS NULL OR m.id > ${after})
     ORDER BY m.id LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

export async function searchById(db: Db, brandId: number, id: bigint) {
  const r = await sql<PlayerRow>`
    SELECT ${ROW} FROM members m WHERE m.id = ${id} AND m.brand_id = ${brandId}`.execute(k(db));
  return r.rows;
}

export type MemberRecord = PlayerRow & {
  brand_id: number;
  nickname: string;
  upline_id: bigint | null;
  upline_account: string | null;
  member_label: MemberLabel[];
  club_label: { labelName: string; color: string; color2: string; rankLevel: number } | null;
  status_changed_at: Date | null;
  locked_until: Date | null;
  language: string | null;
  payee_name: string | null;
};

/** The member of this brand with this id, or undefined. */
export async function memberOfBrand(db: Db, brandId: number, id: bigint): Promise<MemberRecord | undefined> {
  const r = await sql<MemberRecord>`
    SELECT ${ROW}, m.brand_id, m.nickname, m.upline_id, u.account AS upline_account, m.member_label, m.club_label,
           m.status_changed_at, m.locked_until, m.language, m.payee_name
      FROM members m LEFT JOIN members u ON u.id = m.upline_id
     WHERE m.id = ${id} AND m.brand_id = ${brandId}`.execute(k(db));
  return r.rows[0];
}

/** When the member last logged in (the newest session). */
export async function lastLoginAt(db: Db, memberId: bigint): Promise<Date | null> {
  const r = await sql<{
    at: Date | null;
  }>`SELECT max(created_at) AS at FROM sessions WHERE member_id = ${memberId}`.execute(k(db));
  return r.rows[0]?.at ?? null;
}

/** The member's live payout accounts. */
export async function livePayoutAccounts(db: Db, memberId: bigint): Promise<number> {
  const r = await k(db)
    .selectFrom('payout_accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The staff member's own record for the linked-member check. */
export async function staffLinks(db: Db, staffId: bigint) {
  return k(db)
    .selectFrom('staff')
    .select(['linked_member_ids', 'mobile_num', 'email'])
    .where('id', '=', staffId)
    .executeTakeFirst();
}

/** Sets the status; the status before, or undefined when the member is not of the brand. */
/** Sets the status; with `from`, only if the status is still that one (undefined otherwise). */
export async function setStatus(
  db: Db,
  brandId: number,
  memberId: bigint,
  status: MemberStatus,
  from: MemberStatus | null = null,
) {
  const r = await sql<{ before: MemberStatus }>`
    UPDATE members m SET status = ${status}, status_changed_at = now()
      FROM (SELECT id, status FROM members WHERE id = ${memberId} AND brand_id = ${brandId} FOR UPDATE) old
     WHERE m.id = old.id AND (${from}::text IS NULL OR old.status = ${from})
    RETURNING old.status AS before`.execute(k(db));
  return r.rows[0]?.before;
}

/** Sets the labels if they are still `read` (the value the caller read); false when they changed since. */
export async function setLabels(db: Db, memberId: bigint, labels: MemberLabel[], read: MemberLabel[] | null) {
  const r = await sql`
    UPDATE members SET member_label = ${JSON.stringify(labels)}::jsonb
     WHERE id = ${memberId} AND member_label IS NOT DISTINCT FROM ${read === null ? null : JSON.stringify(read)}::jsonb`.execute(
    k(db),
  );
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function insertNote(db: Db, n: { brandId: number; memberId: bigint; staffId: bigint; body: string }) {
  return k(db)
    .insertInto('member_notes')
    .values({ brand_id: n.brandId, member_id: n.memberId, staff_id: n.staffId, body: n.body })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function notesOf(db: Db, memberId: bigint, limit: number) {
  return k(db)
    .selectFrom('member_notes as n')
    .innerJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.created_at', 'n.staff_id', 's.username', 'n.body'])
    .where('n.member_id', '=', memberId)
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** A page of the wallet's postings with their transactions, newest first. */
export async function ledgerPage(db: Db, walletId: bigint, before: bigint | null, limit: number) {
  const r = await sql<{
    tx_id: bigint;
    created_at: Date;
    kind: string;
    amount: bigint;
    balance_after: bigint | null;
    memo: string;
    category: AdjustmentCategory | null;
    round_id: string | null;
    idempotency_key: string;
  }>`
    SELECT p.tx_id, t.created_at, t.kind, p.amount, p.balance_after, t.memo, ba.category, t.round_id, t.idempotency_key
      FROM postings p JOIN ledger_transactions t ON t.id = p.tx_id
      LEFT JOIN balance_adjustments ba ON ba.tx_id = t.id
     WHERE p.account_id = ${walletId} AND (${before}::bigint IS NULL OR p.tx_id < ${before})
     ORDER BY p.tx_id DESC LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

export type RoundRecord = {
  id: bigint;
  vendor: string;
  game_code: string;
  round_id: string;
  currency: string;
  stake_total: bigint;
  win_total: bigint;
  refund_total: bigint;
  held_total: bigint;
  status: 'open' | 'completed' | 'cancelled';
  opened_at: Date;
  closed_at: Date | null;
  /** In-house rounds: what the fairness page needs (null for a provider's rounds). */
  server_seed: string | null;
  client_seed: string | null;
  nonce: bigint | null;
  inputs: Record<string, unknown> | null;
  /** Dice: whether the seed pair has been rotated (its server seed revealed to the player). */
  seed_revealed: boolean | null;
  /** Crash: the round's hash once it has busted. */
  crash_hash: string | null;
};

/**
 * A page of the player's rounds, newest first, with the in-house round behind each (same game
 * and round id) and, for crash, the bust's hash.
 */
export async function roundsPage(db: Db, brandId: number, memberId: bigint, before: bigint | null, limit: number) {
  const r = await sql<RoundRecord>`
    SELECT r.id, r.vendor, r.game_code, r.round_id, r.currency, r.stake_total, r.win_total, r.refund_total,
           r.held_total, r.status, r.opened_at, r.closed_at,
           i.server_seed, i.client_seed, i.nonce, i.inputs,
           (SELECT ds.rotated_at IS NOT NULL FROM dice_seeds ds
             WHERE ds.brand_id = r.brand_id AND ds.member_id = r.member_id AND ds.server_seed = i.server_seed
             LIMIT 1) AS seed_revealed,
           -- a crash bet's provider round is 'crash-<round no>-<member>-<slot>' (inhouse/crash/money.ts):
           -- its round found by the brand's unique round number, not by a scan of the bets
           (SELECT cr.hash FROM crash_rounds cr
             WHERE r.vendor = ${INHOUSE_VENDOR} AND r.game_code = 'crash' AND cr.brand_id = r.brand_id
               AND cr.round_no = CASE WHEN r.round_id ~ '^crash-[0-9]{1,18}-'
                                      THEN split_part(r.round_id, '-', 2)::bigint END
               AND cr.status = 'busted') AS crash_hash
      FROM provider_rounds r
      LEFT JOIN inhouse_rounds i ON i.brand_id = r.brand_id AND i.game_code = r.game_code AND i.round_id = r.round_id
     WHERE r.brand_id = ${brandId} AND r.member_id = ${memberId} AND (${before}::bigint IS NULL OR r.id < ${before})
     ORDER BY r.id DESC LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

/** Logins (and refused ones) from the audit trail, newest first. */
export async function loginEvents(db: Db, brandId: number, memberId: bigint, limit: number) {
  const r = await sql<{ at: Date; event: string; ip: string; type: string | null }>`
    SELECT at, event, ip, detail->>'type' AS type FROM audit_log
     WHERE member_id = ${memberId} AND brand_id = ${brandId}
       AND event IN ('login.ok', 'login.failed', 'login.refused', 'login.freeplay', 'login.lockout')
     ORDER BY at DESC, id DESC LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

/** Each address and browser the member's sessions came from (the sessions kept, decision 0028). */
export async function devicesOf(db: Db, memberId: bigint, limit: number) {
  const r = await sql<{ ip: string; user_agent: string; first_at: Date; last_at: Date; sessions: string }>`
    SELECT ip, user_agent, min(created_at) AS first_at, max(last_seen_at) AS last_at, count(*)::text AS sessions
      FROM sessions WHERE member_id = ${memberId}
     GROUP BY ip, user_agent ORDER BY max(last_seen_at) DESC LIMIT ${limit}`.execute(k(db));
  return r.rows;
}

export async function liveSessionsOf(db: Db, memberId: bigint, idleMinutes: number) {
  const r = await sql<{
    id: bigint;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    ip: string;
    user_agent: string;
    login_type: string;
  }>`
    SELECT id, created_at, last_seen_at, expires_at, ip, user_agent, login_type FROM sessions
     WHERE member_id = ${memberId} AND revoked_at IS NULL AND expires_at > now()
       AND last_seen_at > now() - make_interval(mins => ${idleMinutes})
     ORDER BY id DESC`.execute(k(db));
  return r.rows;
}

// ---- balance adjustments -------------------------------------------------------------------

export type AdjustmentRecord = {
  id: bigint;
  brand_id: number;
  member_id: bigint;
  account: string;
  amount: bigint;
  currency: string;
  category: AdjustmentCategory;
  reason: string;
  request_key: string;
  requested_by: bigint;
  requested_at: Date;
  status: 'pending' | 'posted' | 'rejected';
  decided_by: bigint | null;
  decided_at: Date | null;
  decision_reason: string | null;
  tx_id: bigint | null;
};

const ADJ = sql`a.id, a.brand_id, a.member_id, m.account, a.amount, a.currency, a.category, a.reason, a.request_key,
  a.requested_by, a.requested_at, a.status, a.decided_by, a.decided_at, a.decision_reason, a.tx_id`;

export async function fourEyesThreshold(db: Db, brandId: number): Promise<bigint> {
  const b = await k(db)
    .selectFrom('brands')
    .select('adjust_four_eyes_minor')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return BigInt(b.adjust_four_eyes_minor);
}

/**
 * Records a request once per (brand, requester, key): a second call with the same key gets the
 * row the first made (`created` false), whatever it asked.
 */
export async function insertAdjustment(
  db: Db,
  a: {
    brandId: number;
    memberId: bigint;
    amount: bigint;
    currency: string;
    category: AdjustmentCategory;
    reason: string;
    key: string;
    staffId: bigint;
    status: 'pending' | 'posted';
  },
): Promise<{ row: AdjustmentRecord; created: boolean }> {
  const inserted = await sql<{ id: bigint }>`
    INSERT INTO balance_adjustments (brand_id, member_id, amount, currency, category, reason, request_key, requested_by, status)
    VALUES (${a.brandId}, ${a.memberId}, ${a.amount}, ${a.currency}, ${a.category}, ${a.reason}, ${a.key}, ${a.staffId}, ${a.status})
    ON CONFLICT (brand_id, requested_by, request_key) DO NOTHING RETURNING id`.execute(k(db));
  const id = inserted.rows[0]?.id;
  if (id !== undefined) return { row: (await adjustmentById(db, a.brandId, id)) as AdjustmentRecord, created: true };
  const found = await sql<AdjustmentRecord>`
    SELECT ${ADJ} FROM balance_adjustments a JOIN members m ON m.id = a.member_id
     WHERE a.brand_id = ${a.brandId} AND a.requested_by = ${a.staffId} AND a.request_key = ${a.key}`.execute(k(db));
  return { row: found.rows[0] as AdjustmentRecord, created: false };
}

export async function adjustmentById(db: Db, brandId: number, id: bigint): Promise<AdjustmentRecord | undefined> {
  const r = await sql<AdjustmentRecord>`
    SELECT ${ADJ} FROM balance_adjustments a JOIN members m ON m.id = a.member_id
     WHERE a.id = ${id} AND a.brand_id = ${brandId}`.execute(k(db));
  return r.rows[0];
}

/**
 * Claims a pending adjustment for its decision: one conditional update, so of two approvals at
 * once (a double click, two staff members) exactly one gets the row and the other nothing.
 */
export async function claimPending(
  db: Db,
  o: {
    brandId: number;
    id: bigint;
    staffId: bigint;
    to: 'posted' | 'rejected';
    reason: string | null;
    /** A requester may withdraw (reject) their own request, never approve it. */
    requesterMay: boolean;
  },
) {
  const r = await sql<{ id: bigint }>`
    UPDATE balance_adjustments
       SET status = ${o.to}, decided_by = ${o.staffId}, decided_at = now(), decision_reason = ${o.reason}
     WHERE id = ${o.id} AND brand_id = ${o.brandId} AND status = 'pending'
       AND (${o.requesterMay} OR requested_by <> ${o.staffId})
    RETURNING id`.execute(k(db));
  return r.rows.length > 0;
}

export async function setTxId(db: Db, id: bigint, txId: bigint) {
  await k(db).updateTable('balance_adjustments').set({ tx_id: txId }).where('id', '=', id).execute();
}

export async function adjustments(
  db: Db,
  brandId: number,
  q: { status: 'pending' | 'posted' | 'rejected'; memberId?: number; before?: number; pageSize: number },
) {
  const r = await sql<AdjustmentRecord>`
    SELECT ${ADJ} FROM balance_adjustments a JOIN members m ON m.id = a.member_id
     WHERE a.brand_id = ${brandId} AND a.status = ${q.status}
       AND (${q.memberId ?? null}::bigint IS NULL OR a.member_id = ${q.memberId ?? null})
       AND (${q.before ?? null}::bigint IS NULL OR a.id < ${q.before ?? null})
     ORDER BY a.id DESC LIMIT ${q.pageSize}`.execute(k(db));
  return r.rows;
}
