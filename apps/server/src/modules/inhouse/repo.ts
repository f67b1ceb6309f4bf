import { INHOUSE_VENDOR } from '@khela/contract';
import { newServerSeed, serverSeedHash } from '@khela/games';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

/** An in-house game of the catalogue (vendor JL), with its smallest stake in minor units. */
export type InhouseGame = { code: string; names: Record<string, string>; minBet: bigint; enabled: boolean };

export async function inhouseGame(db: Database, brandId: number, code: string): Promise<InhouseGame | null> {
  const row = await db.kysely
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select(['games.code', 'games.names', 'games.min_bet', 'games.enabled'])
    .where('games.brand_id', '=', brandId)
    .where('vendors.vassalage', '=', INHOUSE_VENDOR)
    .where('games.code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  return { code: row.code, names: row.names as Record<string, string>, minBet: row.min_bet, enabled: row.enabled };
}

/** A member's isAgent on the brand; null when the brand has no such member. */
export async function memberKindOf(db: Database, brandId: number, memberId: bigint): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('members')
    .select('is_agent')
    .where('id', '=', memberId)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row?.is_agent ?? null;
}

export type StoredRound = {
  id: bigint;
  memberId: bigint;
  gameCode: string;
  roundId: string;
  modelVersion: string;
  serverSeed: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
  currency: string;
  stake: bigint;
  win: bigint;
};

/** A round to store; dice rounds also name the client seed and nonce they were rolled with. */
type NewRound = Omit<StoredRound, 'id'> & { brandId: number; clientSeed?: string; nonce?: bigint };

export const COLUMNS = [
  'id',
  'member_id',
  'game_code',
  'round_id',
  'model_version',
  'server_seed',
  'inputs',
  'outcome',
  'currency',
  'stake',
  'win',
] as const;

export type Row = {
  id: bigint;
  member_id: bigint;
  game_code: string;
  round_id: string;
  model_version: string;
  server_seed: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
  currency: string;
  stake: bigint;
  win: bigint;
};

export function toRound(r: Row): StoredRound {
  return {
    id: r.id,
    memberId: r.member_id,
    gameCode: r.game_code,
    roundId: r.round_id,
    modelVersion: r.model_version,
    serverSeed: r.server_seed,
    inputs: r.inputs,
    outcome: r.outcome,
    currency: r.currency,
    stake: r.stake,
    win: r.win,
  };
}

/** Stores a round unless its id is taken; null when another call stored it first. */
export async function insertRound(db: Database | Kysely<DB>, r: NewRound): Promise<StoredRound | null> {
  const k = 'kysely' in db ? db.kysely : db;
  const row = await k
    .insertInto('inhouse_rounds')
    .values({
      brand_id: r.brandId,
      member_id: r.memberId,
      game_code: r.gameCode,
      round_id: r.roundId,
      model_version: r.modelVersion,
      server_seed: r.serverSeed,
      client_seed: r.clientSeed ?? '',
      nonce: r.nonce ?? 0n,
      inputs: JSON.stringify(r.inputs),
      outcome: JSON.stringify(r.outcome),
      currency: r.currency,
      stake: r.stake,
      win: r.win,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'game_code', 'round_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRound(row as Row) : null;
}

export async function roundById(
  db: Database,
  brandId: number,
  gameCode: string,
  roundId: string,
): Promise<StoredRound | null> {
  const row = await db.kysely
    .selectFrom('inhouse_rounds')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .where('game_code', '=', gameCode)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
  return row ? toRound(row as Row) : null;
}

/** Forgets a round whose stake was refused: it was never played. */
export async function deleteRound(db: Database, id: bigint): Promise<void> {
  await db.kysely.deleteFrom('inhouse_rounds').where('id', '=', id).execute();
}

/** Commits a first seed for the member's slot rounds when there is none yet. */
async function ensureSlotSeed(db: Database, brandId: number, memberId: bigint): Promise<void> {
  const seed = newServerSeed();
  await db.kysely
    .insertInto('slot_seeds')
    .values({ brand_id: brandId, member_id: memberId, server_seed: seed, server_seed_hash: serverSeedHash(seed) })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id']).doNothing())
    .execute();
}

/** The hash of the seed the member's next slot round will use. */
export async function nextSlotSeedHash(db: Database, brandId: number, memberId: bigint): Promise<string> {
  const read = () =>
    db.kysely
      .selectFrom('slot_seeds')
      .select('server_seed_hash')
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    await ensureSlotSeed(db, brandId, memberId);
    row = await read();
  }
  if (!row) throw new Error('slot seed vanished');
  return row.server_seed_hash;
}

/**
 * Takes the committed seed for a new round and commits a fresh one in its place, in one
 * statement (the row lock makes concurrent spins take one seed each, in turn); answers the
 * seed taken and the hash of the one now committed.
 */
export async function takeSlotSeed(
  db: Database,
  brandId: number,
  memberId: bigint,
): Promise<{ seed: string; nextHash: string }> {
  const next = newServerSeed();
  const nextHash = serverSeedHash(next);
  const take = () =>
    sql<{ server_seed: string }>`
      WITH committed AS (
        SELECT server_seed FROM slot_seeds WHERE brand_id = ${brandId} AND member_id = ${memberId} FOR UPDATE
      )
      UPDATE slot_seeds s SET server_seed = ${next}, server_seed_hash = ${nextHash}
      FROM committed WHERE s.brand_id = ${brandId} AND s.member_id = ${memberId}
      RETURNING committed.server_seed`.execute(db.kysely);
  let taken = await take();
  // A player who never opened the game since seeds were committed has none yet.
  if (taken.rows.length === 0) {
    await ensureSlotSeed(db, brandId, memberId);
    taken = await take();
  }
  const seed = taken.rows[0]?.server_seed;
  if (!seed) throw new Error('slot seed vanished');
  return { seed, nextHash };
}
