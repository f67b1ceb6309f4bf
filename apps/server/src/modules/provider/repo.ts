import { createHash, randomBytes } from 'node:crypto';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB, ProviderTransactionsTable } from '../../platform/schema';

/**
 * The provider module's SQL: vendors, game sessions and their launch tickets, the provider's
 * transactions (claims, stored answers, tombstones) and rounds. Functions that may run inside a
 * call's transaction take a `Kysely<DB>` (the database's or the transaction's).
 */

export type VendorWallets = 'real' | 'play' | 'both';

/**
 * The brand's caps on a provider win (decision 0025): a round's wins above `ratio` times its
 * stakes, or one win above `amount` minor units, are held in the vendor's suspense account.
 */
export type WinCaps = { ratio: number; amount: bigint };

export type Vendor = {
  brandId: number;
  code: string;
  name: string;
  /** PROVIDER_SECRETS' secret, or the plain one stored before rotation existed ('' after one). */
  secret: string;
  /** The stored secrets (sealed, and the previous within its overlap); null when the env's wins. */
  stored?: {
    secret: string;
    secret_sealed: string | null;
    previous_secret_sealed: string | null;
    previous_secret_until: Date | string | null;
  } | null;
  wallets: VendorWallets;
  /** The brand's win caps, read with the vendor (no second query per call). */
  caps: WinCaps;
};

/** A vendor within its brand: what every provider transaction and round is keyed by. */
export type Scope = { brandId: number; vendor: string };

// ---- vendors -----------------------------------------------------------------------------

/** The vendor's row, or null when unknown or disabled; an env secret (PROVIDER_SECRETS) wins. */
export async function vendorOf(
  db: Database,
  brandId: number,
  code: string,
  envSecrets?: ReadonlyMap<string, string>,
): Promise<Vendor | null> {
  const row = await db.kysely
    .selectFrom('provider_vendors as v')
    .innerJoin('brands as b', 'b.id', 'v.brand_id')
    .select([
      'v.brand_id',
      'v.code',
      'v.name',
      'v.secret',
      'v.secret_sealed',
      'v.previous_secret_sealed',
      'v.previous_secret_until',
      'v.wallets',
      'b.provider_win_ratio_cap',
      'b.provider_win_amount_cap',
    ])
    .where('v.brand_id', '=', brandId)
    .where('v.code', '=', code)
    .where('v.enabled', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const env = envSecrets?.get(row.code);
  return {
    brandId: row.brand_id,
    code: row.code,
    name: row.name,
    secret: env ?? row.secret,
    ...(env === undefined ? { stored: row } : {}),
    wallets: row.wallets,
    caps: { ratio: row.provider_win_ratio_cap, amount: row.provider_win_amount_cap },
  };
}

/** The vendor's name and money, enabled or not (the resolver closes a disabled vendor's rounds too). */
export function vendorWallets(db: Database, brandId: number, code: string) {
  return db.kysely
    .selectFrom('provider_vendors')
    .select(['name', 'wallets'])
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * Adds a vendor (or leaves an existing one as it is) and returns its stored secret; a fresh
 * random secret when none is given.
 */
export async function ensureVendor(
  db: Database,
  v: { brandId: number; code: string; name: string; wallets: VendorWallets; secret?: string },
): Promise<string> {
  await db.kysely
    .insertInto('provider_vendors')
    .values({
      brand_id: v.brandId,
      code: v.code,
      name: v.name,
      wallets: v.wallets,
      secret: v.secret ?? randomBytes(32).toString('base64url'),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('provider_vendors')
    .select('secret')
    .where('brand_id', '=', v.brandId)
    .where('code', '=', v.code)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Adds a vendor whose secret is kept only sealed; false when the brand has that vendor already. */
export async function insertSealedVendor(
  db: Database,
  v: { brandId: number; code: string; name: string; wallets: VendorWallets; sealed: string },
): Promise<boolean> {
  const r = await db.kysely
    .insertInto('provider_vendors')
    .values({
      brand_id: v.brandId,
      code: v.code,
      name: v.name,
      wallets: v.wallets,
      secret: '',
      secret_sealed: v.sealed,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return r !== undefined;
}

/** The secret columns of a vendor's row, for a rotation. */
export function vendorSecrets(db: Database, brandId: number, code: string) {
  return db.kysely
    .selectFrom('provider_vendors')
    .select(['secret', 'secret_sealed', 'previous_secret_sealed', 'previous_secret_until'])
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Stores a rotation: the new sealed secret, the previous one and its end; the plain column blanked. */
export async function storeRotatedSecret(
  db: Database,
  brandId: number,
  code: string,
  r: { sealed: string; previousSealed: string | null; previousUntil: Date | null; rotatedAt: Date },
) {
  await db.kysely
    .updateTable('provider_vendors')
    .set((eb) => ({
      secret: '',
      secret_sealed: r.sealed,
      previous_secret_sealed: r.previousSealed,
      previous_secret_until: r.previousUntil,
      rotated_at: r.rotatedAt,
      version: eb('version', '+', 1),
    }))
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .execute();
}

export function vendorSecretStates(db: Database, brandId: number) {
  return db.kysely
    .selectFrom('provider_vendors')
    .select(['code', 'secret', 'secret_sealed', 'previous_secret_until', 'rotated_at'])
    .where('brand_id', '=', brandId)
    .execute();
}

// ---- brands and members, as a call needs them ----------------------------------------------

/** The brand's currency, its precision and its win caps. */
export function brandMoney(db: Database, brandId: number) {
  return db.kysely
    .selectFrom('brands')
    .select(['currency', 'currency_decimals', 'provider_win_ratio_cap', 'provider_win_amount_cap'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
}

/** A member of this brand with their kind (isAgent), or undefined. */
export function memberInBrand(db: Database, brandId: number, id: bigint) {
  return db.kysely
    .selectFrom('members')
    .select(['id', 'is_agent'])
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
}

/** A member's kind (isAgent); throws when the member is gone (a round's player always exists). */
export async function memberKind(db: Database, id: bigint): Promise<number> {
  const row = await db.kysely.selectFrom('members').select('is_agent').where('id', '=', id).executeTakeFirstOrThrow();
  return row.is_agent;
}

// ---- game sessions and launch tickets -------------------------------------------------------

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export type GameSession = {
  memberId: bigint;
  vendor: string;
  gameCode: string;
  currency: string;
  expiresAt: Date;
};

export async function insertGameSession(
  db: Database,
  s: GameSession & { brandId: number; language?: string; sessionId?: bigint },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('game_sessions')
    .values({
      token_hash: tokenHash(token),
      brand_id: s.brandId,
      member_id: s.memberId,
      vendor: s.vendor,
      game_code: s.gameCode,
      currency: s.currency,
      expires_at: s.expiresAt,
      ...(s.language ? { language: s.language } : {}),
      ...(s.sessionId !== undefined ? { session_id: s.sessionId } : {}),
    })
    .execute();
  return token;
}

/**
 * A game session not ended: neither by itself (revoked_at) nor by the login it was launched
 * from (a game session opened without a login has only its own end).
 */
const notEnded = sql<boolean>`game_sessions.revoked_at IS NULL AND NOT EXISTS (
  SELECT 1 FROM sessions s WHERE s.id = game_sessions.session_id AND s.revoked_at IS NOT NULL)`;

/** The live (unexpired, not ended) session of this token in this brand, or null. */
export async function liveGameSession(db: Database, brandId: number, token: string): Promise<GameSession | null> {
  const row = await db.kysely
    .selectFrom('game_sessions')
    .select(['member_id', 'vendor', 'game_code', 'currency', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .where('brand_id', '=', brandId)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(notEnded)
    .executeTakeFirst();
  if (!row) return null;
  return {
    memberId: row.member_id,
    vendor: row.vendor,
    gameCode: row.game_code,
    currency: row.currency,
    expiresAt: row.expires_at,
  };
}

/** Sets the session's launch ticket (a fresh one, unused); false when there is no such session. */
export async function setLaunchTicket(
  db: Database,
  brandId: number,
  sessionToken: string,
  ticket: string,
  ttlSeconds: number,
): Promise<boolean> {
  const updated = await db.kysely
    .updateTable('game_sessions')
    .set({
      ticket_hash: tokenHash(ticket),
      ticket_expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      ticket_used_at: null,
    })
    .where('token_hash', '=', tokenHash(sessionToken))
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/**
 * Marks an unused, unexpired ticket of a live session used and gives the session `newToken`, in
 * one statement (so only one caller can win); the session, or undefined.
 */
export function useLaunchTicket(db: Database, brandId: number, ticket: string, newToken: string) {
  return db.kysely
    .updateTable('game_sessions')
    .set({ ticket_used_at: sql<Date>`now()`, token_hash: tokenHash(newToken) })
    .where('ticket_hash', '=', tokenHash(ticket))
    .where('brand_id', '=', brandId)
    .where('ticket_used_at', 'is', null)
    .where('ticket_expires_at', '>', sql<Date>`now()`)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(notEnded)
    .returning(['member_id', 'vendor', 'game_code', 'currency', 'expires_at', 'language'])
    .executeTakeFirst();
}

/**
 * Ends every live game session of the member, with its unused launch ticket (logout, password
 * change); the number ended.
 */
export async function endGameSessions(db: Database, memberId: bigint): Promise<number> {
  const r = await db.kysely
    .updateTable('game_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- provider transactions -----------------------------------------------------------------

export type TxRow = {
  id: bigint;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  member_id: bigint;
  round_id: string | null;
  amount: bigint;
  fingerprint: string;
  outcome: string;
  http_status: number;
  response: string | null;
  rolled_back_by: string | null;
};

/** The stored transaction of this provider id, or undefined. */
export function storedTx(k: Kysely<DB>, s: Scope, txId: string): Promise<TxRow | undefined> {
  return k
    .selectFrom('provider_transactions')
    .select([
      'id',
      'kind',
      'member_id',
      'round_id',
      'amount',
      'fingerprint',
      'outcome',
      'http_status',
      'response',
      'rolled_back_by',
    ])
    .where('brand_id', '=', s.brandId)
    .where('vendor', '=', s.vendor)
    .where('tx_id', '=', txId)
    .executeTakeFirst();
}

export type NewTx = Omit<Insertable<ProviderTransactionsTable>, 'brand_id' | 'vendor'>;

/** Inserts a transaction unless its provider id is taken; its id, or null when it was taken. */
export async function insertTx(k: Kysely<DB>, s: Scope, tx: NewTx): Promise<bigint | null> {
  const row = await k
    .insertInto('provider_transactions')
    .values({ ...tx, brand_id: s.brandId, vendor: s.vendor })
    .onConflict((oc) => oc.columns(['brand_id', 'vendor', 'tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Stores a call's answer on its transaction, once (a stored answer is never replaced). */
export async function storeAnswer(
  k: Kysely<DB>,
  id: bigint,
  answer: { status: number; body: string },
  outcome: string,
): Promise<void> {
  await k
    .updateTable('provider_transactions')
    .set({ response: answer.body, http_status: answer.status, outcome })
    .where('id', '=', id)
    .where('response', 'is', null)
    .execute();
}

/** Marks a bet reversed by `byTxId`, once; its stored amount, or undefined when it was already. */
export function markRolledBack(trx: Kysely<DB>, betId: bigint, byTxId: string) {
  return trx
    .updateTable('provider_transactions')
    .set({ rolled_back_by: byTxId })
    .where('id', '=', betId)
    .where('rolled_back_by', 'is', null)
    .returning('amount')
    .executeTakeFirst();
}

export async function setTxAmount(trx: Kysely<DB>, id: bigint, amount: bigint): Promise<void> {
  await trx.updateTable('provider_transactions').set({ amount }).where('id', '=', id).execute();
}

/** The provider ids of a round's accepted bets not reversed yet, oldest first. */
export async function liveBetsOfRound(trx: Kysely<DB>, s: Scope, roundId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('provider_transactions')
    .select('tx_id')
    .where('brand_id', '=', s.brandId)
    .where('vendor', '=', s.vendor)
    .where('round_id', '=', roundId)
    .where('kind', '=', 'bet')
    .where('outcome', '=', 'ok')
    .where('rolled_back_by', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.tx_id);
}

// ---- provider rounds -------------------------------------------------------------------------

export type RoundRow = {
  id: bigint;
  member_id: bigint;
  game_code: string;
  currency: string;
  status: 'open' | 'completed' | 'cancelled';
  rolled_back: boolean;
  win_count: number;
};

export function roundOf(k: Kysely<DB>, s: Scope, roundId: string): Promise<RoundRow | undefined> {
  return k
    .selectFrom('provider_rounds')
    .select(['id', 'member_id', 'game_code', 'currency', 'status', 'rolled_back', 'win_count'])
    .where('brand_id', '=', s.brandId)
    .where('vendor', '=', s.vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/**
 * Opens the round with this stake or adds the stake to it, locking its row. Only an open round
 * of the same player, game and currency takes it: otherwise nothing changes and null comes back.
 */
export async function stakeOnRound(
  trx: Kysely<DB>,
  s: Scope,
  r: { roundId: string; memberId: bigint; gameCode: string; currency: string; amount: bigint; closes: boolean },
): Promise<bigint | null> {
  const status = r.closes ? 'completed' : 'open';
  const opened = await sql<{ id: bigint }>`
    INSERT INTO provider_rounds AS r
      (brand_id, vendor, round_id, member_id, game_code, currency, stake_total, status, closed_at, closed_by)
    VALUES (${s.brandId}, ${s.vendor}, ${r.roundId}, ${r.memberId}, ${r.gameCode},
      ${r.currency}, ${r.amount}, ${status}, ${r.closes ? sql`now()` : null}, ${r.closes ? 'provider' : null})
    ON CONFLICT (brand_id, vendor, round_id) DO UPDATE
      SET stake_total = r.stake_total + EXCLUDED.stake_total, updated_at = now(),
          status = EXCLUDED.status, closed_at = EXCLUDED.closed_at, closed_by = EXCLUDED.closed_by
      WHERE r.status = 'open' AND r.member_id = EXCLUDED.member_id
        AND r.game_code = EXCLUDED.game_code AND r.currency = EXCLUDED.currency
    RETURNING r.id`.execute(trx);
  return opened.rows[0]?.id ?? null;
}

/** A round as a win left it: its stakes, its wins paid (this one included) and its wins held. */
export type WonRound = { id: bigint; stake_total: bigint; win_total: bigint; held_total: bigint };

/**
 * Adds a win to an open, not rolled-back round of this player, game and currency, closing it
 * when `closes`; null when no such round took it. The round row is the lock a rollback takes
 * too: a win and a rollback on one round serialise here, and the second sees the first.
 */
export async function winOnRound(
  trx: Kysely<DB>,
  s: Scope,
  r: { roundId: string; memberId: bigint; gameCode: string; currency: string; amount: bigint; closes: boolean },
): Promise<WonRound | null> {
  const updated = await sql<WonRound>`
    UPDATE provider_rounds
       SET win_total = win_total + ${r.amount}, win_count = win_count + 1, updated_at = now(),
           status = CASE WHEN ${r.closes} THEN 'completed' ELSE status END,
           closed_at = CASE WHEN ${r.closes} THEN now() ELSE closed_at END,
           closed_by = CASE WHEN ${r.closes} THEN 'provider' ELSE closed_by END
     WHERE brand_id = ${s.brandId} AND vendor = ${s.vendor} AND round_id = ${r.roundId}
       AND member_id = ${r.memberId} AND game_code = ${r.gameCode} AND currency = ${r.currency}
       AND status = 'open' AND NOT rolled_back
    RETURNING id, stake_total, win_total, held_total`.execute(trx);
  return updated.rows[0] ?? null;
}

/** Moves a win just booked on a locked round from its paid wins to its held ones. */
export async function holdOnRound(trx: Kysely<DB>, id: bigint, amount: bigint): Promise<void> {
  await sql`UPDATE provider_rounds SET win_total = win_total - ${amount}, held_total = held_total + ${amount}
             WHERE id = ${id}`.execute(trx);
}

/** A held win decided: out of the round's held wins, into its paid wins when released. */
export async function decideOnRound(
  trx: Kysely<DB>,
  s: Scope,
  roundId: string,
  amount: bigint,
  released: boolean,
): Promise<void> {
  await sql`UPDATE provider_rounds
               SET held_total = held_total - ${amount}, win_total = win_total + ${released ? amount : 0n}
             WHERE brand_id = ${s.brandId} AND vendor = ${s.vendor} AND round_id = ${roundId}`.execute(trx);
}

/** Locks the round's row (FOR UPDATE) and reads it with its totals. */
export async function lockRound(trx: Kysely<DB>, s: Scope, roundId: string) {
  const round = await sql<RoundRow & { stake_total: bigint; refund_total: bigint }>`
    SELECT id, member_id, game_code, currency, status, rolled_back, win_count, stake_total, refund_total
      FROM provider_rounds
     WHERE brand_id = ${s.brandId} AND vendor = ${s.vendor} AND round_id = ${roundId}
       FOR UPDATE`.execute(trx);
  return round.rows[0];
}

/** Books a refund on a locked round; an open round whose stakes are all refunded is cancelled. */
export async function refundOnRound(
  trx: Kysely<DB>,
  id: bigint,
  amount: bigint,
  closedBy: 'provider' | 'resolver',
): Promise<void> {
  await sql`
    UPDATE provider_rounds
       SET refund_total = refund_total + ${amount}, rolled_back = true, updated_at = now(),
           status = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN 'cancelled' ELSE status END,
           closed_at = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN now() ELSE closed_at END,
           closed_by = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN ${closedBy} ELSE closed_by END
     WHERE id = ${id}`.execute(trx);
}

export type StaleRound = {
  id: bigint;
  brand_id: number;
  vendor: string;
  round_id: string;
  member_id: bigint;
  currency: string;
  win_count: number;
};

/** Open rounds untouched for `delaySeconds`, oldest first. */
export async function staleRounds(db: Database, delaySeconds: number, limit: number): Promise<StaleRound[]> {
  const r = await sql<StaleRound>`
    SELECT id, brand_id, vendor, round_id, member_id, currency, win_count FROM provider_rounds
     WHERE status = 'open' AND updated_at <= now() - make_interval(secs => ${delaySeconds})
     ORDER BY updated_at LIMIT ${limit}`.execute(db.kysely);
  return r.rows;
}

/**
 * Locks a round that is still open and stale, skipping it when another transaction holds it
 * (SKIP LOCKED: resolvers in several processes never take one round twice); undefined then.
 */
export async function lockStaleRound(trx: Kysely<DB>, id: bigint, delaySeconds: number) {
  const locked = await sql<{ id: bigint; win_count: number }>`
    SELECT id, win_count FROM provider_rounds
     WHERE id = ${id} AND status = 'open' AND updated_at <= now() - make_interval(secs => ${delaySeconds})
       FOR UPDATE SKIP LOCKED`.execute(trx);
  return locked.rows[0];
}

/** Closes an open round as the resolver: `completed` (it has a win) or `cancelled` (refunded). */
export async function closeRoundByResolver(
  trx: Kysely<DB>,
  id: bigint,
  status: 'completed' | 'cancelled',
): Promise<void> {
  await sql`UPDATE provider_rounds SET status = ${status}, closed_at = now(), closed_by = 'resolver', updated_at = now()
             WHERE id = ${id} AND status = 'open'`.execute(trx);
}

// ---- wins held over the brand's caps (decision 0025) -------------------------------------------

export type HeldWinStatus = 'held' | 'released' | 'voided';

export type HeldWinRow = {
  id: bigint;
  brand_id: number;
  vendor: string;
  tx_id: string;
  member_id: bigint;
  round_id: string;
  game_code: string;
  currency: string;
  amount: bigint;
  stake_total: bigint;
  earlier_wins: bigint;
  reason: 'ratio' | 'amount' | 'both';
  status: HeldWinStatus;
  held_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_note: string | null;
};

const HELD_COLUMNS = [
  'id',
  'brand_id',
  'vendor',
  'tx_id',
  'member_id',
  'round_id',
  'game_code',
  'currency',
  'amount',
  'stake_total',
  'earlier_wins',
  'reason',
  'status',
  'held_at',
  'decided_at',
  'decided_by',
  'decision_note',
] as const;

export async function insertHeldWin(
  trx: Kysely<DB>,
  s: Scope,
  w: Omit<
    HeldWinRow,
    'id' | 'brand_id' | 'vendor' | 'status' | 'held_at' | 'decided_at' | 'decided_by' | 'decision_note'
  >,
): Promise<bigint> {
  const row = await trx
    .insertInto('provider_held_wins')
    .values({ ...w, brand_id: s.brandId, vendor: s.vendor })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function heldWin(k: Kysely<DB>, brandId: number, id: bigint): Promise<HeldWinRow | undefined> {
  return k
    .selectFrom('provider_held_wins')
    .select(HELD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Decides a held win, once: only a row still `held` changes (its row lock makes a concurrent
 * decision wait, then find it decided). The decided row, or undefined when it was not held.
 */
export function decideHeldWin(
  trx: Kysely<DB>,
  brandId: number,
  id: bigint,
  d: { status: 'released' | 'voided'; by: string; note: string },
): Promise<HeldWinRow | undefined> {
  return trx
    .updateTable('provider_held_wins')
    .set({ status: d.status, decided_at: sql<Date>`now()`, decided_by: d.by, decision_note: d.note })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returning(HELD_COLUMNS)
    .executeTakeFirst();
}

/** A brand's held wins in one status, oldest first. */
export function heldWins(db: Database, brandId: number, status: HeldWinStatus, limit: number): Promise<HeldWinRow[]> {
  return db.kysely
    .selectFrom('provider_held_wins')
    .select(HELD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('status', '=', status)
    .orderBy('held_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many wins wait in suspense, per brand (brands with none are absent); one brand's when given. */
export async function heldWinCounts(db: Database, brandId?: number): Promise<Map<number, number>> {
  let q = db.kysely
    .selectFrom('provider_held_wins')
    .select(['brand_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', '=', 'held');
  if (brandId !== undefined) q = q.where('brand_id', '=', brandId);
  const rows = await q.groupBy('brand_id').execute();
  return new Map(rows.map((r) => [r.brand_id, Number(r.n)]));
}
