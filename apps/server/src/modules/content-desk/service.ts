import { RESOURCE_TYPES, type ResourceFields } from '@khela/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { invalidateBrandCache } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { optionalUrlToStore, urlToStore } from '../../platform/stored-content';
import type { StaffCaller } from '../staff/sessions';
import type { BrandTexts, Kind } from './kinds';
import * as repo from './repo';

/**
 * The Content desk's rules (decision 0039): every write checks and cleans its fields (kinds.ts),
 * refuses a stale version with STALE_EDIT, writes an audit row with the record before and after,
 * and makes the player site's next read see it: notices, banners, help and promotions are read
 * from the database on every call (answered with an ETag, never kept by the browser unasked),
 * and channels and resources live in the brand snapshot, which is dropped here.
 */

/** Who acts, from where, for the audit rows. */
export type Desk = { db: Database; staff: StaffCaller; ip: string; brand: BrandTexts };

type Written = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

async function written(
  d: Desk,
  event: 'content.created' | 'content.updated' | 'content.deleted' | 'content.ordered',
  target: string,
  w: Written,
  reason?: string,
) {
  // Channels and resources are part of the brand snapshot; the rest is read per call.
  invalidateBrandCache();
  await audit(d.db, {
    event,
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target,
    reason: reason ?? null,
    before: w.before,
    after: w.after,
  });
}

/** A unique field already held by another row: a field error, not a failure of the server. */
async function refusingTaken<T>(kind: { unique?: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const duplicate =
      (err as { code?: string }).code === '23505' || /duplicate key/.test(String((err as Error).message));
    if (duplicate && kind.unique) throw new AppError('VALIDATION_FAILED', { [kind.unique]: 'validation.taken' });
    throw err;
  }
}

export async function listContent<F, R>(d: Desk, kind: Kind<F, R>): Promise<R[]> {
  const rows = await repo.listRows(d.db.kysely, kind.table, d.staff.brandId, kind.order);
  return rows.map(kind.row);
}

export async function createContent<F, R extends Record<string, unknown>>(
  d: Desk,
  kind: Kind<F, R>,
  body: F & { reason?: string | undefined },
): Promise<R> {
  const { reason, ...fields } = body;
  const columns = await kind.columns(fields as F, d.brand);
  const row = kind.row(
    await refusingTaken(kind, () => repo.insertRow(d.db.kysely, kind.table, d.staff.brandId, columns)),
  );
  await written(d, 'content.created', `${kind.target}:${row.id}`, { before: null, after: row }, reason);
  return row;
}

/** The row of this brand, or NOT_FOUND; STALE_EDIT when it is no longer at `version`. */
async function current(d: Desk, kind: Kind<unknown, unknown>, id: number, version: number) {
  const found = await repo.findRow(d.db.kysely, kind.table, d.staff.brandId, id);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.version !== version) throw new AppError('STALE_EDIT');
  return found;
}

export async function updateContent<F, R extends Record<string, unknown>>(
  d: Desk,
  kind: Kind<F, R>,
  id: number,
  body: F & { version: number; reason?: string | undefined },
): Promise<R> {
  const { version, reason, ...fields } = body;
  const before = kind.row((await current(d, kind as Kind<unknown, unknown>, id, version)) as never);
  const columns = await kind.columns(fields as F, d.brand);
  const saved = await refusingTaken(kind, () =>
    repo.updateRow(d.db.kysely, kind.table, d.staff.brandId, id, version, columns),
  );
  // Someone saved between the read and the write.
  if (!saved) throw new AppError('STALE_EDIT');
  const after = kind.row(saved);
  await written(d, 'content.updated', `${kind.target}:${id}`, { before, after }, reason);
  return after;
}

export async function deleteContent<F, R extends Record<string, unknown>>(
  d: Desk,
  kind: Kind<F, R>,
  id: number,
  body: { version: number; reason?: string | undefined },
) {
  const before = kind.row((await current(d, kind as Kind<unknown, unknown>, id, body.version)) as never);
  if (!(await repo.deleteRow(d.db.kysely, kind.table, d.staff.brandId, id, body.version)))
    throw new AppError('STALE_EDIT');
  await written(d, 'content.deleted', `${kind.target}:${id}`, { before, after: null }, body.reason);
  return { deleted: true };
}

/** Puts the kind's rows in the order of `ids`, which must name every row of the brand once. */
export async function orderContent<F, R extends { id: number }>(
  d: Desk,
  kind: Kind<F, R>,
  body: { ids: number[]; reason?: string | undefined },
): Promise<R[]> {
  const rows = await listContent(d, kind);
  const known = new Set(rows.map((r) => r.id));
  const given = new Set(body.ids);
  if (given.size !== body.ids.length || given.size !== known.size || body.ids.some((id) => !known.has(id)))
    throw new AppError('VALIDATION_FAILED', { ids: 'validation.invalid' });
  await repo.setOrder(d.db, kind.table, d.staff.brandId, body.ids);
  await written(
    d,
    'content.ordered',
    kind.target,
    { before: { ids: rows.map((r) => r.id) }, after: { ids: body.ids } },
    body.reason,
  );
  return listContent(d, kind);
}

// ---- resources ----------------------------------------------------------------------------------

type ResourceInput = z.infer<typeof ResourceFields>;

/** A resource's id on the desk: its type's place in RESOURCE_TYPES, from 1. */
const resourceId = (type: string) => RESOURCE_TYPES.indexOf(type as (typeof RESOURCE_TYPES)[number]) + 1;
const typeOfId = (id: number) => {
  const type = RESOURCE_TYPES[id - 1];
  if (!type) throw new AppError('NOT_FOUND');
  return type;
};

function resourceRow(r: Awaited<ReturnType<typeof repo.listResources>>[number]) {
  return {
    id: resourceId(r.resource_type),
    version: r.version,
    resourceType: r.resource_type as ResourceInput['resourceType'],
    url: r.url,
    qrCodeUrl: r.qr_code_url ?? '',
    label: r.label_name_en,
  };
}

function resourceColumns(f: ResourceInput): repo.ResourceColumns {
  return {
    resource_type: f.resourceType,
    url: urlToStore('url', f.url),
    qr_code_url: optionalUrlToStore('qrCodeUrl', f.qrCodeUrl),
    label_name_en: f.label,
  };
}

export async function listResources(d: Desk) {
  return (await repo.listResources(d.db.kysely, d.staff.brandId)).map(resourceRow);
}

export async function createResource(d: Desk, body: ResourceInput & { reason?: string | undefined }) {
  const { reason, ...fields } = body;
  const saved = await repo.insertResource(d.db.kysely, d.staff.brandId, resourceColumns(fields));
  // One resource per type: the form picks another type, or edits the one there is.
  if (!saved) throw new AppError('VALIDATION_FAILED', { resourceType: 'validation.taken' });
  const row = resourceRow(saved);
  await written(d, 'content.created', `resource:${row.resourceType}`, { before: null, after: row }, reason);
  return row;
}

async function currentResource(d: Desk, id: number, version: number) {
  const found = await repo.findResource(d.db.kysely, d.staff.brandId, typeOfId(id));
  if (!found) throw new AppError('NOT_FOUND');
  if (found.version !== version) throw new AppError('STALE_EDIT');
  return found;
}

export async function updateResource(
  d: Desk,
  id: number,
  body: ResourceInput & { version: number; reason?: string | undefined },
) {
  const { version, reason, ...fields } = body;
  const found = await currentResource(d, id, version);
  if (
    fields.resourceType !== found.resource_type &&
    (await repo.findResource(d.db.kysely, d.staff.brandId, fields.resourceType))
  )
    throw new AppError('VALIDATION_FAILED', { resourceType: 'validation.taken' });
  const saved = await repo.updateResource(
    d.db.kysely,
    d.staff.brandId,
    found.resource_type,
    version,
    resourceColumns(fields),
  );
  if (!saved) throw new AppError('STALE_EDIT');
  const after = resourceRow(saved);
  await written(d, 'content.updated', `resource:${found.resource_type}`, { before: resourceRow(found), after }, reason);
  return after;
}

export async function deleteResource(d: Desk, id: number, body: { version: number; reason?: string | undefined }) {
  const found = await currentResource(d, id, body.version);
  if (!(await repo.deleteResource(d.db.kysely, d.staff.brandId, found.resource_type, body.version)))
    throw new AppError('STALE_EDIT');
  await written(
    d,
    'content.deleted',
    `resource:${found.resource_type}`,
    { before: resourceRow(found), after: null },
    body.reason,
  );
  return { deleted: true };
}
