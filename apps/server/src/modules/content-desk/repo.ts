import type { Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

/**
 * The Content desk's SQL. The tables with an id (banners, announcements, promotions, help
 * sections, customer-service channels) share one shape for what the desk does with them —
 * list, insert, update and delete by id and version, order — so they go through one set of
 * functions over a loose view of those tables; the kinds (kinds.ts) say what their columns hold.
 * Resources are one per type, keyed by it, and have their own functions below.
 */

export type ContentTable = 'banners' | 'announcements' | 'promotions' | 'help_sections' | 'customer_service';

/** A row of a content table as the desk reads it: its columns by name. */
export type ContentRecord = { id: number; brand_id: number; version: number } & Record<string, unknown>;

type LooseTable = { id: Generated<number>; brand_id: number; version: Generated<number> } & Record<string, unknown>;
type Loose = Record<ContentTable, LooseTable>;
type Db = Kysely<DB> | Transaction<DB>;

const loose = (db: Db) => db as unknown as Kysely<Loose>;

/** Every row of the kind's table in the brand, in `order`. */
export async function listRows(
  db: Db,
  table: ContentTable,
  brandId: number,
  order: readonly [string, 'asc' | 'desc'][],
): Promise<ContentRecord[]> {
  let q = loose(db).selectFrom(table).selectAll().where('brand_id', '=', brandId);
  for (const [column, dir] of order) q = q.orderBy(column as 'id', dir);
  return (await q.orderBy('id').execute()) as ContentRecord[];
}

export async function findRow(db: Db, table: ContentTable, brandId: number, id: number) {
  return (await loose(db)
    .selectFrom(table)
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst()) as ContentRecord | undefined;
}

export async function insertRow(db: Db, table: ContentTable, brandId: number, columns: Record<string, unknown>) {
  return (await loose(db)
    .insertInto(table)
    .values({ ...columns, brand_id: brandId } as never)
    .returningAll()
    .executeTakeFirstOrThrow()) as ContentRecord;
}

/** Saves over the row only when it still has `version`; undefined when it no longer does. */
export async function updateRow(
  db: Db,
  table: ContentTable,
  brandId: number,
  id: number,
  version: number,
  columns: Record<string, unknown>,
) {
  return (await loose(db)
    .updateTable(table)
    .set((eb) => ({ ...columns, version: eb('version', '+', 1) }) as never)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst()) as ContentRecord | undefined;
}

/** Deletes the row only when it still has `version`. */
export async function deleteRow(db: Db, table: ContentTable, brandId: number, id: number, version: number) {
  const r = await loose(db)
    .deleteFrom(table)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Sets each id's sort to its place in `ids` (the caller checked they are the brand's). */
export async function setOrder(db: Database, table: ContentTable, brandId: number, ids: readonly number[]) {
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries())
      await loose(trx)
        .updateTable(table)
        .set((eb) => ({ sort: i, version: eb('version', '+', 1) }) as never)
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .execute();
  });
}

// ---- resources: one per type ------------------------------------------------------------------

export function listResources(db: Db, brandId: number) {
  return db.selectFrom('resources').selectAll().where('brand_id', '=', brandId).orderBy('resource_type').execute();
}

export function findResource(db: Db, brandId: number, type: string) {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('resource_type', '=', type)
    .executeTakeFirst();
}

export type ResourceColumns = { resource_type: string; url: string; qr_code_url: string | null; label_name_en: string };

/** Adds the type's resource; undefined when the brand has one of that type already. */
export function insertResource(db: Db, brandId: number, c: ResourceColumns) {
  return db
    .insertInto('resources')
    .values({ ...c, brand_id: brandId })
    .onConflict((oc) => oc.columns(['brand_id', 'resource_type']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Saves the resource of `type` (possibly moving it to `c.resource_type`) only at `version`. */
export function updateResource(db: Db, brandId: number, type: string, version: number, c: ResourceColumns) {
  return db
    .updateTable('resources')
    .set((eb) => ({ ...c, version: eb('version', '+', 1) }))
    .where('brand_id', '=', brandId)
    .where('resource_type', '=', type)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteResource(db: Db, brandId: number, type: string, version: number) {
  const r = await db
    .deleteFrom('resources')
    .where('brand_id', '=', brandId)
    .where('resource_type', '=', type)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
