import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type Database, preparedStatement } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { groupCommit, type Outcome } from '../../platform/group-commit';
import type { DB } from '../../platform/schema';
import { cachedAccount, describe } from './accounts';
import { publishBalance } from './events';
import { type KeyedLimit, keyedLimit, MOVEMENTS_IN_FLIGHT_PER_MEMBER } from './in-flight';

export type Leg = { accountId: bigint; amount: bigint };

export type Movement = {
  brandId: number;
  /** Unique per source: 'adjust:<uuid>', 'provider:<vendor>:<tx id>' … (MONEY.md). */
  key: string;
  kind: string;
  /** What was asked, so the same key with another request is told apart from a replay. */
  fingerprint: string;
  memberId?: bigint | null;
  roundId?: string | null;
  memo?: string;
  legs: Leg[];
};

export type Posted = {
  txId: bigint;
  /** True when the key had been posted before with the same request: nothing moved now. */
  replayed: boolean;
  /** Each wallet's balance right after the movement (the first call's, on a replay). */
  balances: Map<bigint, bigint>;
};

/** PostgreSQL's numeric_value_out_of_range: a sum went past what a bigint holds. */
export function isOutOfRange(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '22003';
}

/**
 * The refusal of an amount whose sum would go past what the ledger holds (a bigint of minor
 * units): bad input, never a server error. Nothing was posted.
 */
export function outOfRange(): AppError {
  return new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
}

/** A stable digest of a request's identifying fields, for `Movement.fingerprint`. */
export function fingerprintOf(fields: Record<string, string | number | bigint | null | undefined>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k] ?? ''}`)
    .join('\n');
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The one call that writes money, parsed once per connection on PostgreSQL (decision 0020). */
const LEDGER_POST = preparedStatement(
  'ledger_post',
  `SELECT tx_id, outcome, result
     FROM ledger_post($1::integer, $2, $3, $4, $5::bigint, $6, $7, $8::bigint[], $9::bigint[])`,
);

/** Several single-wallet movements in one call and one commit (decision 0047). */
const LEDGER_POST_MANY = preparedStatement(
  'ledger_post_many',
  `SELECT n, tx_id, outcome, result, error_code, error_message
     FROM ledger_post_many($1::integer[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[],
                           $8::integer[], $9::bigint[], $10::bigint[])`,
);

type Row = { tx_id: bigint; outcome: 'posted' | 'replay' | 'conflict'; result: Record<string, string | number> };

/** Sends one movement through ledger_post(), on the caller's transaction when there is one. */
async function sendOne(db: Database, m: Movement, trx?: Kysely<DB>): Promise<Row> {
  const r = await (trx ?? db.kysely).executeQuery<Row>(
    CompiledQuery.raw(LEDGER_POST, [
      m.brandId,
      m.key,
      m.kind,
      m.fingerprint,
      m.memberId ?? null,
      m.roundId ?? null,
      m.memo ?? '',
      m.legs.map((l) => l.accountId.toString()),
      m.legs.map((l) => l.amount.toString()),
    ]),
  );
  return r.rows[0] as Row;
}

/** PostgreSQL's deadlock_detected: the movement was undone and may be sent again. */
const DEADLOCK = '40P01';

/**
 * Sends several movements through ledger_post_many(): each one's row or refusal, in order (a
 * refusal as the error a call alone would have thrown); one that met a deadlock goes again alone.
 */
async function sendMany(db: Database, ms: Movement[]): Promise<Outcome<Row>[]> {
  const r = await db.kysely.executeQuery<Row & { n: number; error_code: string | null; error_message: string | null }>(
    CompiledQuery.raw(LEDGER_POST_MANY, [
      ms.map((m) => m.brandId),
      ms.map((m) => m.key),
      ms.map((m) => m.kind),
      ms.map((m) => m.fingerprint),
      ms.map((m) => (m.memberId == null ? null : m.memberId.toString())),
      ms.map((m) => m.roundId ?? null),
      ms.map((m) => m.memo ?? ''),
      ms.map((m) => m.legs.length),
      ms.flatMap((m) => m.legs.map((l) => l.accountId.toString())),
      ms.flatMap((m) => m.legs.map((l) => l.amount.toString())),
    ]),
  );
  const outcomes: Outcome<Row>[] = [];
  for (const row of r.rows) {
    outcomes[row.n - 1] =
      row.error_code === null
        ? { row }
        : row.error_code === DEADLOCK
          ? { alone: true }
          : { refused: Object.assign(new Error(row.error_message ?? row.error_code), { code: row.error_code }) };
  }
  return outcomes;
}

/**
 * The one wallet a movement changes, when it changes exactly one and every other leg is a
 * system account, as this process knows them (account ids are cached as they are used): such a
 * movement can share a commit with others. Null otherwise (a transfer between two members, an
 * account not yet cached), and the movement goes alone.
 */
function singleWallet(db: Database, m: Movement): bigint | null {
  let wallet: bigint | null = null;
  for (const leg of m.legs) {
    const meta = cachedAccount(db, leg.accountId);
    if (!meta) return null;
    if (meta.memberId === null) continue;
    if (wallet !== null) return null;
    wallet = leg.accountId;
  }
  return wallet;
}

/**
 * Posts one balanced movement through ledger_post() (migrations/0026-ledger-post-two-statements.sql):
 * the key claimed first, wallets changed by conditional updates. Throws INSUFFICIENT_FUNDS when
 * a wallet would go negative, DUPLICATE_TRANSACTION when the key was used for another request
 * and VALIDATION_FAILED when a balance would go past a bigint; in each case nothing is posted.
 * Balance changes are published only after the movement has committed.
 *
 * A movement of one wallet may share its call and commit with others (committer() below); one
 * of a member's that changes several wallets waits behind at most two of that member's (in-flight.ts).
 *
 * `trx`: the caller's open transaction (on PGlite, a single connection, the call must run on it).
 * The movement then commits with that transaction, so nothing is published here: the caller
 * calls `publishPosted` after its commit.
 */
export async function post(db: Database, m: Movement, trx?: Kysely<DB>): Promise<Posted> {
  let row: Row;
  try {
    row = await route(db, m, trx);
  } catch (err) {
    if ((err as { code?: string }).code === 'KH001') throw new AppError('INSUFFICIENT_FUNDS');
    if (isOutOfRange(err)) throw outOfRange();
    throw err;
  }
  if (row.outcome === 'conflict') throw new AppError('DUPLICATE_TRANSACTION');
  const posted = postedOf(row);
  if (!posted.replayed && !trx) await publishPosted(db, m.brandId, posted);
  return posted;
}

/** How a movement reaches the database: see post(). */
function route(db: Database, m: Movement, trx?: Kysely<DB>): Promise<Row> {
  // A caller's own transaction is already one connection and may hold the wallet's lock: it
  // is never made to wait behind other movements.
  if (trx) return sendOne(db, m, trx);
  const wallet = singleWallet(db, m);
  if (wallet !== null) return committer(db)({ m, wallet });
  if (m.memberId == null) return sendOne(db, m);
  return memberLimit(db)(`${m.brandId}:${m.memberId}`, () => sendOne(db, m));
}

/**
 * Group commit of single-wallet movements (decision 0047). Sent alone, a bet is a round trip, a
 * statement and a commit, and when many arrive at once (a busy site, or one player's burst on
 * one wallet, which PostgreSQL runs one after another) those costs are most of what it costs. A
 * process keeps at most BATCHES_IN_FLIGHT calls of them out; what arrives meanwhile goes in the
 * next, up to MOVEMENTS_PER_BATCH, each movement still run, refused and answered as alone. A
 * call's movements go in wallet order (each wallet's own in arrival order), so every call takes
 * its wallets' locks in ascending id and two calls cannot deadlock on each other.
 */
export const BATCHES_IN_FLIGHT = 2;
export const MOVEMENTS_PER_BATCH = 32;

type OfWallet = { m: Movement; wallet: bigint };
const committers = new WeakMap<Database, (item: OfWallet) => Promise<Row>>();

/** The group commit of single-wallet movements, one per database. */
function committer(db: Database): (item: OfWallet) => Promise<Row> {
  let c = committers.get(db);
  if (!c) {
    c = groupCommit<OfWallet, Row>({
      inFlight: BATCHES_IN_FLIGHT,
      maxBatch: MOVEMENTS_PER_BATCH,
      order: (a, b) => (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0),
      one: (x) => sendOne(db, x.m),
      many: (xs) =>
        sendMany(
          db,
          xs.map((x) => x.m),
        ),
    });
    committers.set(db, c);
  }
  return c;
}

const limits = new WeakMap<Database, KeyedLimit>();

/** The per-member limit of movements at the database (in-flight.ts), one per database. */
function memberLimit(db: Database): KeyedLimit {
  let limit = limits.get(db);
  if (!limit) {
    limit = keyedLimit(MOVEMENTS_IN_FLIGHT_PER_MEMBER);
    limits.set(db, limit);
  }
  return limit;
}

/** ledger_post()'s answer (also passed on by the database functions that call it) as a Posted. */
export function postedOf(row: {
  tx_id: bigint;
  outcome: 'posted' | 'replay' | 'conflict';
  result: Record<string, string | number> | null;
}): Posted {
  const balances = new Map<bigint, bigint>();
  for (const [id, balance] of Object.entries(row.result ?? {})) balances.set(BigInt(id), BigInt(balance));
  return { txId: row.tx_id, replayed: row.outcome === 'replay', balances };
}

/**
 * Tells the realtime layer about each wallet a movement changed. post() does it itself in
 * autocommit; a caller that passed its own transaction calls this after that transaction commits.
 */
export async function publishPosted(db: Database, brandId: number, posted: Posted) {
  if (posted.replayed) return;
  const balances = posted.balances;
  const meta = await describe(db, [...balances.keys()]);
  for (const [id, balance] of balances) {
    const m = meta.get(id);
    if (m?.memberId != null) publishBalance(db, { brandId, memberId: m.memberId, currency: m.currency, balance });
  }
}

/**
 * A wallet's balance right after the movement with this key, or null when the key has no
 * posting on that wallet: lets a caller answer a replay exactly as the first call did.
 */
export async function balanceAfter(
  db: Database,
  brandId: number,
  key: string,
  accountId: bigint,
): Promise<bigint | null> {
  const r = await sql<{ balance_after: bigint | null }>`
    SELECT p.balance_after FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id
     WHERE t.brand_id = ${brandId} AND t.idempotency_key = ${key} AND p.account_id = ${accountId}`.execute(db.kysely);
  return r.rows[0]?.balance_after ?? null;
}

/** A wallet's balance now (a plain read; `trx` for a caller inside its own transaction). */
export async function currentBalance(db: Database, accountId: bigint, trx?: Kysely<DB>): Promise<bigint> {
  const row = await (trx ?? db.kysely)
    .selectFrom('wallet_balances')
    .select('balance')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
