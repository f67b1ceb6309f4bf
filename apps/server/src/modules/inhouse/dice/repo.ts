import { newServerSeed, serverSeedHash } from '@khela/games';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../platform/schema';
import { COLUMNS, type Row, type StoredRound, toRound } from '../repo';

/**
 * The dice_seeds table (migration 0016). Written in SQL because the pair in play is found by a
 * partial unique index (rotated_at IS NULL) and claimed with UPDATE … RETURNING, which is the
 * whole point of the table: the row lock serialises a player's bets, so nonces never repeat.
 */

export type SeedPair = {
  id: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: bigint;
  rotatedAt: Date | null;
};

type SeedRow = {
  id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: bigint;
  rotated_at: Date | null;
};

const toPair = (r: SeedRow): SeedPair => ({
  id: r.id,
  serverSeed: r.server_seed,
  serverSeedHash: r.server_seed_hash,
  clientSeed: r.client_seed,
  nextNonce: r.next_nonce,
  rotatedAt: r.rotated_at,
});

const SEED_COLUMNS = sql`id, server_seed, server_seed_hash, client_seed, next_nonce, rotated_at`;

/** A client seed for a player who did not choose one: 16 random hex digits. */
export function randomClientSeed(): string {
  return newServerSeed().slice(0, 16);
}

/** Starts a pair at nonce 0 unless the player already has one in play. */
export async function ensureSeedPair(k: Kysely<DB>, brandId: number, memberId: bigint, clientSeed?: string) {
  const seed = newServerSeed();
  await sql`
    INSERT INTO dice_seeds (brand_id, member_id, server_seed, server_seed_hash, client_seed)
    VALUES (${brandId}, ${memberId}, ${seed}, ${serverSeedHash(seed)}, ${clientSeed ?? randomClientSeed()})
    ON CONFLICT (brand_id, member_id) WHERE rotated_at IS NULL DO NOTHING`.execute(k);
}

/** The pair in play and the last rotated one (null before the first rotation). */
export async function seedPairs(
  k: Kysely<DB>,
  brandId: number,
  memberId: bigint,
): Promise<{ current: SeedPair | null; previous: SeedPair | null }> {
  const { rows } = await sql<SeedRow>`
    SELECT ${SEED_COLUMNS} FROM dice_seeds
    WHERE brand_id = ${brandId} AND member_id = ${memberId}
    ORDER BY rotated_at IS NULL DESC, id DESC
    LIMIT 2`.execute(k);
  const current = rows[0] && rows[0].rotated_at === null ? toPair(rows[0]) : null;
  const previousRow = current ? rows[1] : rows[0];
  return { current, previous: previousRow ? toPair(previousRow) : null };
}

/**
 * Claims the next nonce of the pair in play: one UPDATE … RETURNING, so concurrent bets queue on
 * the row lock and each gets its own nonce. Null when no pair is in play (none yet, or a rotation
 * committed while this waited: the caller ensures one and claims again). The returned pair's
 * nextNonce is the CLAIMED nonce.
 */
export async function claimNonce(trx: Kysely<DB>, brandId: number, memberId: bigint): Promise<SeedPair | null> {
  const { rows } = await sql<SeedRow>`
    UPDATE dice_seeds SET next_nonce = next_nonce + 1
    WHERE brand_id = ${brandId} AND member_id = ${memberId} AND rotated_at IS NULL
    RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS next_nonce, rotated_at`.execute(trx);
  return rows[0] ? toPair(rows[0]) : null;
}

/** Retires the pair in play (revealing its seed); null when none is in play. */
export async function retireSeedPair(trx: Kysely<DB>, brandId: number, memberId: bigint): Promise<SeedPair | null> {
  const { rows } = await sql<SeedRow>`
    UPDATE dice_seeds SET rotated_at = now()
    WHERE brand_id = ${brandId} AND member_id = ${memberId} AND rotated_at IS NULL
    RETURNING ${SEED_COLUMNS}`.execute(trx);
  return rows[0] ? toPair(rows[0]) : null;
}

/**
 * Writes a revealed seed into the rounds it served, so each stored round is self-contained for
 * audits once its seed is public (until then the round row holds '' — docs/decisions/0016).
 */
export async function revealSeedInRounds(trx: Kysely<DB>, brandId: number, memberId: bigint, pair: SeedPair) {
  await trx
    .updateTable('inhouse_rounds')
    .set({ server_seed: pair.serverSeed })
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('game_code', '=', 'dice')
    .where(sql<string>`inputs->>'seedId'`, '=', pair.id.toString())
    .execute();
}

/** A stored dice round: an in-house round with the client seed and nonce it was rolled with. */
export type DiceRound = StoredRound & { clientSeed: string; nonce: bigint };

export async function diceRoundById(k: Kysely<DB>, brandId: number, roundId: string): Promise<DiceRound | null> {
  const r = await k
    .selectFrom('inhouse_rounds')
    .select([...COLUMNS, 'client_seed', 'nonce'])
    .where('brand_id', '=', brandId)
    .where('game_code', '=', 'dice')
    .where('round_id', '=', roundId)
    .executeTakeFirst();
  return r ? { ...toRound(r as Row), clientSeed: r.client_seed, nonce: r.nonce } : null;
}
