import { INHOUSE_VENDOR } from '@khela/contract';
import { CRASH_MAX_MULTIPLIER } from '@khela/games';
import { sql } from 'kysely';
import type { Database } from '../../../platform/db';

/**
 * The crash tables (migration 0015) in plain SQL: they are this module's own, so their row
 * types live here rather than in platform/schema.ts. Times are epoch milliseconds (bigint in
 * the database, number here: 2^53 ms is far away).
 */

export type RoundStatus = 'betting' | 'running' | 'busted' | 'void';

export type CrashRound = {
  id: bigint;
  brandId: number;
  roundNo: number;
  chainId: bigint;
  chainIndex: number;
  terminatingHash: string;
  hash: string;
  bust: number;
  status: RoundStatus;
  bettingEndsMs: number;
  runningMs: number;
  bustMs: number;
  settledMs: number | null;
};

export type BetStatus = 'open' | 'cashed' | 'lost' | 'void';

export type CrashBet = {
  id: bigint;
  roundId: bigint;
  memberId: bigint;
  slot: number;
  requestId: string;
  providerRound: string;
  name: string;
  currency: string;
  stake: bigint;
  target: number | null;
  status: BetStatus;
  cashoutKind: 'manual' | 'auto' | null;
  cashoutRequestId: string | null;
  cashoutMs: number | null;
  cashoutElapsedMs: number | null;
  multiplier: number | null;
  win: bigint | null;
  settled: boolean;
};

type RoundRow = {
  id: bigint;
  brand_id: number;
  round_no: bigint;
  chain_id: bigint;
  chain_index: number;
  terminating_hash: string;
  hash: string;
  bust: number;
  status: RoundStatus;
  betting_ends_ms: bigint;
  running_ms: bigint;
  bust_ms: bigint;
  settled_ms: bigint | null;
};

const num = (v: bigint | number | null) => (v === null ? null : Number(v));

function toRound(r: RoundRow): CrashRound {
  return {
    id: r.id,
    brandId: r.brand_id,
    roundNo: Number(r.round_no),
    chainId: r.chain_id,
    chainIndex: r.chain_index,
    terminatingHash: r.terminating_hash,
    hash: r.hash,
    bust: r.bust,
    status: r.status,
    bettingEndsMs: Number(r.betting_ends_ms),
    runningMs: Number(r.running_ms),
    bustMs: Number(r.bust_ms),
    settledMs: num(r.settled_ms),
  };
}

type BetRow = {
  id: bigint;
  round_id: bigint;
  member_id: bigint;
  slot: number;
  request_id: string;
  provider_round: string;
  name: string;
  currency: string;
  stake: bigint;
  target: number | null;
  status: BetStatus;
  cashout_kind: 'manual' | 'auto' | null;
  cashout_request_id: string | null;
  cashout_ms: bigint | null;
  cashout_elapsed_ms: number | null;
  multiplier: number | null;
  win: bigint | null;
  settled: boolean;
};

function toBet(r: BetRow): CrashBet {
  return {
    id: r.id,
    roundId: r.round_id,
    memberId: r.member_id,
    slot: r.slot,
    requestId: r.request_id,
    providerRound: r.provider_round,
    name: r.name,
    currency: r.currency,
    stake: r.stake,
    target: r.target,
    status: r.status,
    cashoutKind: r.cashout_kind,
    cashoutRequestId: r.cashout_request_id,
    cashoutMs: num(r.cashout_ms),
    cashoutElapsedMs: r.cashout_elapsed_ms,
    multiplier: r.multiplier,
    win: r.win,
    settled: r.settled,
  };
}

const ROUND_SELECT = sql`
  SELECT r.id, r.brand_id, r.round_no, r.chain_id, r.chain_index, c.terminating_hash, r.hash, r.bust, r.status,
         r.betting_ends_ms, r.running_ms, r.bust_ms, r.settled_ms
    FROM crash_rounds r JOIN crash_chains c ON c.id = r.chain_id`;

/** The newest round of a brand (live, busted or void), or null before the first. */
export async function latestRound(db: Database, brandId: number): Promise<CrashRound | null> {
  const r = await sql<RoundRow>`${ROUND_SELECT} WHERE r.brand_id = ${brandId} ORDER BY r.round_no DESC LIMIT 1`.execute(
    db.kysely,
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}

export async function roundByNo(db: Database, brandId: number, roundNo: number): Promise<CrashRound | null> {
  const r = await sql<RoundRow>`${ROUND_SELECT} WHERE r.brand_id = ${brandId} AND r.round_no = ${roundNo}`.execute(
    db.kysely,
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}

/** Rounds whose bets' money may still move, oldest first. */
export async function unsettledRounds(db: Database, brandId: number): Promise<CrashRound[]> {
  const r = await sql<RoundRow>`${ROUND_SELECT}
    WHERE r.brand_id = ${brandId} AND r.settled_ms IS NULL ORDER BY r.round_no`.execute(db.kysely);
  return r.rows.map(toRound);
}

/** The last `limit` finished rounds (the history strip), newest first. */
export async function pastRounds(db: Database, brandId: number, limit: number): Promise<CrashRound[]> {
  const r = await sql<RoundRow>`${ROUND_SELECT}
    WHERE r.brand_id = ${brandId} AND r.status IN ('busted', 'void') ORDER BY r.round_no DESC LIMIT ${limit}`.execute(
    db.kysely,
  );
  return r.rows.map(toRound);
}

/** The brand's chain with hashes left after `afterIndex`… the newest chain and its next index. */
export async function currentChain(
  db: Database,
  brandId: number,
): Promise<{ id: bigint; seed: string; terminatingHash: string; length: number; used: number } | null> {
  const r = await sql<{ id: bigint; seed: string; terminating_hash: string; length: number; used: number | null }>`
    SELECT c.id, c.seed, c.terminating_hash, c.length,
           (SELECT max(chain_index) FROM crash_rounds WHERE chain_id = c.id) AS used
      FROM crash_chains c WHERE c.brand_id = ${brandId} ORDER BY c.id DESC LIMIT 1`.execute(db.kysely);
  const row = r.rows[0];
  if (!row) return null;
  return { id: row.id, seed: row.seed, terminatingHash: row.terminating_hash, length: row.length, used: row.used ?? 0 };
}

export async function insertChain(
  db: Database,
  c: { brandId: number; seed: string; terminatingHash: string; length: number },
): Promise<bigint> {
  const r = await sql<{ id: bigint }>`
    INSERT INTO crash_chains (brand_id, seed, terminating_hash, length)
    VALUES (${c.brandId}, ${c.seed}, ${c.terminatingHash}, ${c.length}) RETURNING id`.execute(db.kysely);
  return (r.rows[0] as { id: bigint }).id;
}

/** Starts a round unless one is live already (the partial unique index decides); null then. */
export async function insertRound(
  db: Database,
  r: Omit<CrashRound, 'id' | 'status' | 'settledMs' | 'terminatingHash'>,
): Promise<bigint | null> {
  const res = await sql<{ id: bigint }>`
    INSERT INTO crash_rounds (brand_id, round_no, chain_id, chain_index, hash, bust, status, betting_ends_ms, running_ms, bust_ms)
    VALUES (${r.brandId}, ${r.roundNo}, ${r.chainId}, ${r.chainIndex}, ${r.hash}, ${r.bust}, 'betting',
            ${r.bettingEndsMs}, ${r.runningMs}, ${r.bustMs})
    ON CONFLICT DO NOTHING RETURNING id`.execute(db.kysely);
  return res.rows[0]?.id ?? null;
}

/** Moves a round from one status to the next; false when someone else did it first. */
export async function setRoundStatus(db: Database, id: bigint, from: RoundStatus[], to: RoundStatus): Promise<boolean> {
  const res =
    await sql`UPDATE crash_rounds SET status = ${to} WHERE id = ${id} AND status IN (${sql.join(from)})`.execute(
      db.kysely,
    );
  return Number(res.numAffectedRows ?? 0n) > 0;
}

export async function markSettled(db: Database, id: bigint, nowMs: number): Promise<void> {
  await sql`UPDATE crash_rounds SET settled_ms = ${nowMs} WHERE id = ${id} AND settled_ms IS NULL`.execute(db.kysely);
}

const BET_COLUMNS = sql`id, round_id, member_id, slot, request_id, provider_round, name, currency, stake, target, status,
  cashout_kind, cashout_request_id, cashout_ms, cashout_elapsed_ms, multiplier, win, settled`;

export async function betsOf(db: Database, roundId: bigint): Promise<CrashBet[]> {
  const r = await sql<BetRow>`SELECT ${BET_COLUMNS} FROM crash_bets WHERE round_id = ${roundId} ORDER BY id`.execute(
    db.kysely,
  );
  return r.rows.map(toBet);
}

/** A bet's auto cash-out target as the engine pays it: its own, or the cap for a bet without one. */
const EFFECTIVE_TARGET = sql<number>`LEAST(COALESCE(target, ${CRASH_MAX_MULTIPLIER}), ${CRASH_MAX_MULTIPLIER})`;

/**
 * The open bets of a round whose auto cash-out target (the cap without one) is at most
 * `reached`. The loop asks when a target falls due and at the bust: only the few due leave the
 * database, not the round's thousand bets.
 */
export async function dueBets(db: Database, roundId: bigint, reached: number): Promise<CrashBet[]> {
  const r = await sql<BetRow>`SELECT ${BET_COLUMNS} FROM crash_bets
    WHERE round_id = ${roundId} AND status = 'open'
      AND ${EFFECTIVE_TARGET} <= ${reached}
    ORDER BY id`.execute(db.kysely);
  return r.rows.map(toBet);
}

/** The lowest auto cash-out target among a round's open bets (a bet without one cashes at the cap), or null. */
export async function nextTarget(db: Database, roundId: bigint): Promise<number | null> {
  const r = await sql<{ target: number | null }>`
    SELECT MIN(${EFFECTIVE_TARGET})::int AS target
    FROM crash_bets WHERE round_id = ${roundId} AND status = 'open'`.execute(db.kysely);
  return r.rows[0]?.target ?? null;
}

export async function betByRequest(db: Database, brandId: number, memberId: bigint, requestId: string) {
  const r = await sql<BetRow>`SELECT ${BET_COLUMNS} FROM crash_bets
    WHERE brand_id = ${brandId} AND member_id = ${memberId} AND request_id = ${requestId}`.execute(db.kysely);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function betOfSlot(db: Database, roundId: bigint, memberId: bigint, slot: number) {
  const r = await sql<BetRow>`SELECT ${BET_COLUMNS} FROM crash_bets
    WHERE round_id = ${roundId} AND member_id = ${memberId} AND slot = ${slot}`.execute(db.kysely);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

/** Places a bet in a slot; null when the slot (or the request id) is taken. */
export async function insertBet(
  db: Database,
  b: Pick<
    CrashBet,
    'roundId' | 'memberId' | 'slot' | 'requestId' | 'providerRound' | 'name' | 'currency' | 'stake' | 'target'
  > & {
    brandId: number;
  },
): Promise<CrashBet | null> {
  const r = await sql<BetRow>`
    INSERT INTO crash_bets (brand_id, round_id, member_id, slot, request_id, provider_round, name, currency, stake, target)
    VALUES (${b.brandId}, ${b.roundId}, ${b.memberId}, ${b.slot}, ${b.requestId}, ${b.providerRound}, ${b.name},
            ${b.currency}, ${b.stake}, ${b.target})
    ON CONFLICT DO NOTHING RETURNING ${BET_COLUMNS}`.execute(db.kysely);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function deleteBet(db: Database, id: bigint): Promise<void> {
  await sql`DELETE FROM crash_bets WHERE id = ${id} AND NOT settled`.execute(db.kysely);
}

/**
 * Cashes an open bet out (the one decision that must happen once): the conditional update on
 * `status = 'open'` lets exactly one of a manual request, the auto cash-out and the bust's
 * settlement win the race. Null when the bet was not open any more.
 */
export async function cashBet(
  db: Database,
  id: bigint,
  c: {
    kind: 'manual' | 'auto';
    requestId: string | null;
    cashoutMs: number | null;
    elapsedMs: number | null;
    multiplier: number;
    win: bigint;
  },
): Promise<CrashBet | null> {
  const r = await sql<BetRow>`
    UPDATE crash_bets SET status = 'cashed', cashout_kind = ${c.kind}, cashout_request_id = ${c.requestId},
           cashout_ms = ${c.cashoutMs}, cashout_elapsed_ms = ${c.elapsedMs}, multiplier = ${c.multiplier}, win = ${c.win}
     WHERE id = ${id} AND status = 'open' RETURNING ${BET_COLUMNS}`.execute(db.kysely);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

/** Closes an open bet as lost (win 0) or void; null when it was not open. */
export async function closeBet(db: Database, id: bigint, status: 'lost' | 'void'): Promise<CrashBet | null> {
  const win = status === 'lost' ? 0n : null;
  const r = await sql<BetRow>`
    UPDATE crash_bets SET status = ${status}, win = ${win}, multiplier = ${status === 'lost' ? 0 : null}
     WHERE id = ${id} AND status = 'open' RETURNING ${BET_COLUMNS}`.execute(db.kysely);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function markBetSettled(db: Database, id: bigint): Promise<void> {
  await sql`UPDATE crash_bets SET settled = true WHERE id = ${id}`.execute(db.kysely);
}

/**
 * A bet whose stake the provider resolver refunded (a flight longer than
 * PROVIDER_ROUND_TIMEOUT_SECONDS): whatever was decided, its money is the refund, so the record
 * says void.
 */
export async function markRefunded(db: Database, id: bigint): Promise<void> {
  await sql`UPDATE crash_bets SET status = 'void', win = NULL, multiplier = NULL, settled = true WHERE id = ${id}`.execute(
    db.kysely,
  );
}

/** A member's account name (for the live list's masked name); null when there is none. */
export async function memberAccountOf(db: Database, memberId: bigint): Promise<string | null> {
  const r = await db.kysely.selectFrom('members').select('account').where('id', '=', memberId).executeTakeFirst();
  return r?.account ?? null;
}

/** The money format of a brand; null when the brand does not exist. */
export async function brandMoneyOf(
  db: Database,
  brandId: number,
): Promise<{ currency: string; currencyDecimals: number } | null> {
  const brand = await db.kysely
    .selectFrom('brands')
    .select(['currency', 'currency_decimals'])
    .where('id', '=', brandId)
    .executeTakeFirst();
  return brand ? { currency: brand.currency, currencyDecimals: brand.currency_decimals } : null;
}

/** The brands whose in-house crash game is switched on (the loop runs their rounds). */
export async function crashBrands(db: Database, gameCode: string): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select('games.brand_id')
    .where('vendors.vassalage', '=', INHOUSE_VENDOR)
    .where('games.code', '=', gameCode)
    .where('games.enabled', '=', true)
    .execute();
  return [...new Set(rows.map((r) => r.brand_id))];
}
