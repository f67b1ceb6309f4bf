import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

/** The Catalog desk's SQL: the brand's vendors and games, read and saved at a version. */

export function vendorsOf(db: Database, brandId: number) {
  return db.kysely
    .selectFrom('vendors as v')
    .leftJoin('game_categories as c', 'c.code', 'v.category')
    .select([
      'v.id',
      'v.vassalage',
      'v.category',
      'v.name',
      'v.names',
      'v.icon',
      'v.is_hot',
      'v.enabled',
      'v.maintenance',
      'v.sort',
      'v.launch_url',
      'v.launch_url2',
      'v.version',
      (eb) =>
        eb
          .selectFrom('games as g')
          .whereRef('g.vendor_id', '=', 'v.id')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .as('game_count'),
    ])
    .where('v.brand_id', '=', brandId)
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('v.id')
    .execute();
}

export type VendorRecord = Awaited<ReturnType<typeof vendorsOf>>[number];

export async function vendorOf(db: Database, brandId: number, id: number) {
  return (await vendorsOf(db, brandId)).find((v) => v.id === id);
}

export type VendorColumns = {
  names: string;
  icon: string | null;
  is_hot: boolean;
  enabled: boolean;
  maintenance: boolean;
  sort: number;
  launch_url: string | null;
  launch_url2: string | null;
};

/** Saves the vendor only at `version`; false when it no longer is. */
export async function updateVendor(db: Database, brandId: number, id: number, version: number, c: VendorColumns) {
  const r = await db.kysely
    .updateTable('vendors')
    .set((eb) => ({ ...c, version: eb('version', '+', 1) }))
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export type GameFilter = {
  vendorId?: number | undefined;
  status: 'all' | 'on' | 'off' | 'hot';
  q?: string | undefined;
};

function games(db: Database, brandId: number, f: GameFilter) {
  let q = db.kysely
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
    .where('g.brand_id', '=', brandId);
  if (f.vendorId !== undefined) q = q.where('g.vendor_id', '=', f.vendorId);
  if (f.status === 'on') q = q.where('g.enabled', '=', true);
  if (f.status === 'off') q = q.where('g.enabled', '=', false);
  if (f.status === 'hot') q = q.where('g.is_hot', '=', true);
  if (f.q) {
    const pattern = `%${f.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where(
      sql<boolean>`(lower(g.code) LIKE ${pattern} OR EXISTS (SELECT 1 FROM jsonb_each_text(g.names) AS n WHERE lower(n.value) LIKE ${pattern}))`,
    );
  }
  return q;
}

const GAME_COLUMNS = [
  'g.id',
  'g.vendor_id',
  'v.vassalage',
  'g.code',
  'g.names',
  'g.icon',
  'g.is_hot',
  'g.enabled',
  'g.sort',
  'g.version',
] as const;

/** One page of games in lobby order within their vendor. */
export function gamesPage(db: Database, brandId: number, f: GameFilter, limit: number, offset: number) {
  return games(db, brandId, f)
    .select(GAME_COLUMNS)
    .orderBy('v.sort')
    .orderBy('v.id')
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type GameRecord = Awaited<ReturnType<typeof gamesPage>>[number];

export async function gamesCount(db: Database, brandId: number, f: GameFilter) {
  const r = await games(db, brandId, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function gameOf(db: Database, brandId: number, id: number) {
  return games(db, brandId, { status: 'all' }).select(GAME_COLUMNS).where('g.id', '=', id).executeTakeFirst();
}

export type GameColumns = { names: string; icon: string | null; is_hot: boolean; enabled: boolean; sort: number };

export async function updateGame(db: Database, brandId: number, id: number, version: number, c: GameColumns) {
  const r = await db.kysely
    .updateTable('games')
    .set((eb) => ({ ...c, version: eb('version', '+', 1) }))
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- adding vendors and games ----------------------------------------------------------------

export type NewVendorColumns = VendorColumns & {
  vassalage: string;
  category: string;
  name: string;
  is_game: string | null;
};

/** Inserts a vendor (in the caller's transaction when given one); returns its id. */
export async function insertVendor(db: Kysely<DB>, brandId: number, c: Omit<NewVendorColumns, 'maintenance'>) {
  const row = await db
    .insertInto('vendors')
    .values({ ...c, brand_id: brandId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type NewGameColumns = GameColumns & {
  code: string;
  game_classify: string;
  min_bet?: bigint;
  min_line_num?: number;
  platforms?: string[];
};

export async function insertGames(db: Kysely<DB>, brandId: number, vendorId: number, games: NewGameColumns[]) {
  const rows = await db
    .insertInto('games')
    .values(games.map((g) => ({ ...g, brand_id: brandId, vendor_id: vendorId })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Holds the brand's row until the transaction ends, so two adds of the same code (or two
 * in-house installs) cannot both find it free.
 */
export async function lockBrand(db: Kysely<DB>, brandId: number) {
  await sql`SELECT id FROM brands WHERE id = ${brandId} FOR UPDATE`.execute(db);
}

/** The brand's vendor with this code, in any category. */
export function vendorByCode(db: Kysely<DB>, brandId: number, vassalage: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'category'])
    .where('brand_id', '=', brandId)
    .where('vassalage', '=', vassalage)
    .executeTakeFirst();
}

/** The codes of a vendor's games and its highest order. */
export async function gameCodesOf(db: Kysely<DB>, vendorId: number) {
  const rows = await db.selectFrom('games').select(['code', 'sort']).where('vendor_id', '=', vendorId).execute();
  return { codes: rows.map((r) => r.code), maxSort: Math.max(-1, ...rows.map((r) => r.sort)) };
}

/** The order after the brand's last vendor. */
export async function nextVendorSort(db: Kysely<DB>, brandId: number) {
  const r = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}
