import { sql } from 'kysely';
import type { Database } from '../../platform/db';

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
