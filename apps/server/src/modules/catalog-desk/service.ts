import { type CatalogGameRow, type CatalogVendorRow, LOCALES, type LocaleTexts } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { optionalUrlToStore } from '../../platform/stored-content';
import { rotateVendorSecret, vendorSecretStates } from '../provider/service';
import type { StaffCaller } from '../staff/sessions';
import * as repo from './repo';

/**
 * The Catalog desk's rules (decision 0039). The lobby reads vendors and games from the database
 * on every call, so a save shows on the player's next lobby load without a restart (within the
 * lobby answers' 30-second browser cache). Every write names the version it read and is audited
 * with the record before and after.
 */

export { addInhouse, createGame, createVendor, installInhouse } from './add';
export {
  addStockVendor,
  gameIcon,
  INHOUSE_ACCOUNT,
  INHOUSE_STOCK,
  type StockGame,
  type StockVendor,
  vendorIcon,
} from './stock';

export type Desk = { db: Database; config: Config; staff: StaffCaller; ip: string };

const names = (v: unknown): LocaleTexts => (v ?? {}) as LocaleTexts;

/** Names per language without empty ones. */
export function namesToStore(given: LocaleTexts): string {
  const out: Record<string, string> = {};
  for (const l of LOCALES) if (given[l]?.trim()) out[l] = (given[l] as string).trim();
  return JSON.stringify(out);
}

export async function listVendors(d: Desk): Promise<CatalogVendorRow[]> {
  const [rows, secrets] = await Promise.all([
    repo.vendorsOf(d.db, d.staff.brandId),
    vendorSecretStates(d.db, d.staff.brandId, d.config.PROVIDER_SECRETS),
  ]);
  return rows.map((r) => {
    const s = secrets.get(r.vassalage);
    return {
      id: r.id,
      vassalage: r.vassalage,
      category: r.category,
      name: r.name,
      names: names(r.names),
      icon: r.icon,
      isHot: r.is_hot,
      enabled: r.enabled,
      maintenance: r.maintenance,
      sort: r.sort,
      launchUrl: r.launch_url,
      launchUrl2: r.launch_url2,
      gameCount: Number(r.game_count ?? 0),
      version: r.version,
      secret: {
        source: s?.source ?? 'none',
        rotatedAt: s?.rotatedAt?.toISOString() ?? null,
        previousUntil: s?.previousUntil?.toISOString() ?? null,
      },
    };
  });
}

async function vendorRow(d: Desk, id: number) {
  const row = (await listVendors(d)).find((v) => v.id === id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A launch address template: an http(s) address ({token} and the rest are kept as typed). */
export function launchToStore(field: string, url: string): string | null {
  // The template's braces are not URL characters; the address they sit in must be a safe one.
  const probe = url.replace(/\{(token|game|lang|player)\}/g, 'x');
  if (url.trim() !== '' && optionalUrlToStore(field, probe) === null) return null;
  if (url.trim() !== '' && probe.startsWith('/'))
    throw new AppError('VALIDATION_FAILED', { [field]: 'validation.invalid' });
  return url.trim() === '' ? null : url.trim();
}

export async function updateVendor(
  d: Desk,
  id: number,
  b: {
    names: LocaleTexts;
    icon: string;
    isHot: boolean;
    enabled: boolean;
    maintenance: boolean;
    sort: number;
    launchUrl: string;
    launchUrl2: string;
    version: number;
    reason?: string | undefined;
  },
): Promise<CatalogVendorRow> {
  const before = await vendorRow(d, id);
  if (before.version !== b.version) throw new AppError('STALE_EDIT');
  const saved = await repo.updateVendor(d.db, d.staff.brandId, id, b.version, {
    names: namesToStore(b.names),
    icon: optionalUrlToStore('icon', b.icon),
    is_hot: b.isHot,
    enabled: b.enabled,
    maintenance: b.maintenance,
    sort: b.sort,
    launch_url: launchToStore('launchUrl', b.launchUrl),
    launch_url2: launchToStore('launchUrl2', b.launchUrl2),
  });
  if (!saved) throw new AppError('STALE_EDIT');
  const after = await vendorRow(d, id);
  await audit(d.db, {
    event: 'catalog.vendor.changed',
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target: `vendor:${before.vassalage}`,
    reason: b.reason ?? null,
    before,
    after,
  });
  return after;
}

/**
 * A new signing secret for the vendor, shown once. Refused for a vendor whose secret comes from
 * PROVIDER_SECRETS (the environment owns it) and for one without a seamless-wallet account.
 */
export async function rotateSecret(d: Desk, id: number, b: { overlapMinutes: number; reason: string }) {
  const vendor = await vendorRow(d, id);
  if (vendor.secret.source === 'env') throw new AppError('SECRET_FROM_ENV');
  const rotated = await rotateVendorSecret(d.db, d.config, {
    brandId: d.staff.brandId,
    code: vendor.vassalage,
    overlapMinutes: b.overlapMinutes,
  });
  if (!rotated) throw new AppError('NOT_FOUND');
  await audit(d.db, {
    event: 'catalog.secret.rotated',
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target: `vendor:${vendor.vassalage}`,
    reason: b.reason,
    before: { rotatedAt: vendor.secret.rotatedAt },
    after: { rotatedAt: rotated.rotatedAt.toISOString() },
    detail: { previousUntil: rotated.previousUntil?.toISOString() ?? null },
  });
  return {
    secret: rotated.secret,
    previousUntil: rotated.previousUntil?.toISOString() ?? null,
    rotatedAt: rotated.rotatedAt.toISOString(),
  };
}

export function gameRowOf(r: repo.GameRecord): CatalogGameRow {
  return {
    id: r.id,
    vendorId: r.vendor_id,
    vassalage: r.vassalage,
    code: r.code,
    names: names(r.names),
    icon: r.icon,
    isHot: r.is_hot,
    enabled: r.enabled,
    sort: r.sort,
    version: r.version,
  };
}

export async function listGames(
  d: Desk,
  q: {
    vendorId?: number | undefined;
    status: repo.GameFilter['status'];
    q?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const f = { vendorId: q.vendorId, status: q.status, q: q.q };
  const [rows, total] = await Promise.all([
    repo.gamesPage(d.db, d.staff.brandId, f, q.pageSize, (q.page - 1) * q.pageSize),
    repo.gamesCount(d.db, d.staff.brandId, f),
  ]);
  return { list: rows.map(gameRowOf), total };
}

export async function updateGame(
  d: Desk,
  id: number,
  b: {
    names: LocaleTexts;
    icon: string;
    isHot: boolean;
    enabled: boolean;
    sort: number;
    version: number;
    reason?: string | undefined;
  },
): Promise<CatalogGameRow> {
  const found = await repo.gameOf(d.db, d.staff.brandId, id);
  if (!found) throw new AppError('NOT_FOUND');
  const before = gameRowOf(found);
  if (before.version !== b.version) throw new AppError('STALE_EDIT');
  const saved = await repo.updateGame(d.db, d.staff.brandId, id, b.version, {
    names: namesToStore(b.names),
    icon: optionalUrlToStore('icon', b.icon),
    is_hot: b.isHot,
    enabled: b.enabled,
    sort: b.sort,
  });
  if (!saved) throw new AppError('STALE_EDIT');
  const after = gameRowOf((await repo.gameOf(d.db, d.staff.brandId, id)) as repo.GameRecord);
  await audit(d.db, {
    event: 'catalog.game.changed',
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target: `game:${id}`,
    reason: b.reason ?? null,
    before: { ...before },
    after: { ...after },
  });
  return after;
}
