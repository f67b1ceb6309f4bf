import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';

export type VendorWallets = 'real' | 'play' | 'both';
export type Vendor = { brandId: number; code: string; name: string; secret: string; wallets: VendorWallets };

/** The vendor's row, or null when unknown or disabled; an env secret (PROVIDER_SECRETS) wins. */
export async function vendorOf(
  db: Database,
  brandId: number,
  code: string,
  envSecrets?: ReadonlyMap<string, string>,
): Promise<Vendor | null> {
  const row = await db.kysely
    .selectFrom('provider_vendors')
    .select(['brand_id', 'code', 'name', 'secret', 'wallets'])
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  return {
    brandId: row.brand_id,
    code: row.code,
    name: row.name,
    secret: envSecrets?.get(row.code) ?? row.secret,
    wallets: row.wallets,
  };
}

/**
 * Adds a vendor (or leaves an existing one as it is) and returns its stored secret; a fresh
 * random secret when none is given. Used by the demo seed and by operators' scripts.
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
  s: GameSession & { brandId: number; language?: string },
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
    })
    .execute();
  return token;
}

/** The live (unexpired) session of this token in this brand, or null. */
export async function liveGameSession(db: Database, brandId: number, token: string): Promise<GameSession | null> {
  const row = await db.kysely
    .selectFrom('game_sessions')
    .select(['member_id', 'vendor', 'game_code', 'currency', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .where('brand_id', '=', brandId)
    .where('expires_at', '>', sql<Date>`now()`)
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
