import { type CatalogGameRow, type CatalogVendorRow, INHOUSE_VENDOR, type LocaleTexts } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { optionalUrlToStore } from '../../platform/stored-content';
import { ensureVendor, openVendorAccount } from '../provider/service';
import * as repo from './repo';
import { type Desk, gameRowOf, launchToStore, listVendors, namesToStore } from './service';
import { addStockGames, addStockVendor, INHOUSE_ACCOUNT, INHOUSE_STOCK } from './stock';

/**
 * Adding to the brand's catalog (decision 0039): a vendor (with a wallet account whose signing
 * secret is shown once), a game under one of its vendors, and Khela's own in-house games. A
 * brand made by `brand create` starts with none, so this is how an operator fills its lobby.
 */

const taken = (field: string) => new AppError('VALIDATION_FAILED', { [field]: 'validation.taken' });

/** The vendor's name in the brand's records: its English name, else any, else its code. */
const plainName = (names: LocaleTexts, code: string) => names.en?.trim() || names.bn?.trim() || code;

export async function createVendor(
  d: Desk,
  b: {
    vassalage: string;
    category: string;
    names: LocaleTexts;
    icon: string;
    isHot: boolean;
    enabled: boolean;
    sort: number;
    launchUrl: string;
    launchUrl2: string;
    walletAccount: boolean;
    reason?: string | undefined;
  },
): Promise<{ vendor: CatalogVendorRow; secret: string | null }> {
  // The in-house vendor launches Khela's own pages; it is put on a brand by installInhouse only.
  if (b.vassalage === INHOUSE_VENDOR) throw new AppError('VALIDATION_FAILED', { vassalage: 'validation.reserved' });
  const columns = {
    vassalage: b.vassalage,
    category: b.category,
    name: plainName(b.names, b.vassalage),
    names: namesToStore(b.names),
    icon: optionalUrlToStore('icon', b.icon),
    is_hot: b.isHot,
    is_game: null,
    enabled: b.enabled,
    sort: b.sort,
    launch_url: launchToStore('launchUrl', b.launchUrl),
    launch_url2: launchToStore('launchUrl2', b.launchUrl2),
  };
  const { id, secret } = await d.db.kysely.transaction().execute(async (trx) => {
    await repo.lockBrand(trx, d.staff.brandId);
    if (await repo.vendorByCode(trx, d.staff.brandId, b.vassalage)) throw taken('vassalage');
    const id = await repo.insertVendor(trx, d.staff.brandId, columns);
    const secret = b.walletAccount
      ? await openVendorAccount(inTransaction(d.db, trx), d.config, {
          brandId: d.staff.brandId,
          code: b.vassalage,
          name: columns.name,
          wallets: 'real',
        })
      : null;
    return { id, secret };
  });
  const vendor = (await listVendors(d)).find((v) => v.id === id) as CatalogVendorRow;
  await audit(d.db, {
    event: 'catalog.vendor.added',
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target: `vendor:${b.vassalage}`,
    reason: b.reason ?? null,
    before: null,
    // The secret itself is never recorded: only that one was made.
    after: { ...vendor },
  });
  return { vendor, secret };
}

/** The same database seen through a transaction, for another module's service. */
const inTransaction = (db: Database, trx: Database['kysely']): Database => ({ ...db, kysely: trx });

export async function createGame(
  d: Desk,
  b: {
    vendorId: number;
    code: string;
    names: LocaleTexts;
    icon: string;
    classify: string;
    isHot: boolean;
    enabled: boolean;
    sort: number;
    reason?: string | undefined;
  },
): Promise<CatalogGameRow> {
  const vendor = await repo.vendorOf(d.db, d.staff.brandId, b.vendorId);
  if (!vendor) throw new AppError('VALIDATION_FAILED', { vendorId: 'validation.invalid' });
  // The in-house vendor has exactly the games Khela's own pages play.
  if (vendor.vassalage === INHOUSE_VENDOR) throw new AppError('VALIDATION_FAILED', { vendorId: 'validation.reserved' });
  const columns = {
    code: b.code,
    names: namesToStore(b.names),
    icon: optionalUrlToStore('icon', b.icon),
    game_classify: b.classify,
    is_hot: b.isHot,
    enabled: b.enabled,
    sort: b.sort,
  };
  const id = await d.db.kysely.transaction().execute(async (trx) => {
    await repo.lockBrand(trx, d.staff.brandId);
    if ((await repo.gameCodesOf(trx, vendor.id)).codes.includes(b.code)) throw taken('code');
    const [id] = await repo.insertGames(trx, d.staff.brandId, vendor.id, [columns]);
    return id as number;
  });
  const after = gameRowOf((await repo.gameOf(d.db, d.staff.brandId, id)) as repo.GameRecord);
  await audit(d.db, {
    event: 'catalog.game.added',
    brandId: d.staff.brandId,
    staffId: d.staff.id,
    ip: d.ip,
    target: `game:${id}`,
    reason: b.reason ?? null,
    before: null,
    after: { ...after },
  });
  return after;
}

/**
 * Puts Khela's in-house games on the brand: the JL vendor and its wallet account when missing,
 * then each in-house game the vendor lacks. A second call adds nothing and says so; an operator's
 * edits to games already there are kept.
 */
export async function installInhouse(db: Database, brandId: number) {
  const result = await db.kysely.transaction().execute(async (trx) => {
    await repo.lockBrand(trx, brandId);
    const vendor = await repo.vendorByCode(trx, brandId, INHOUSE_STOCK.vassalage);
    if (!vendor) {
      await addStockVendor(trx, brandId, INHOUSE_STOCK, await repo.nextVendorSort(trx, brandId));
      return { vendorAdded: true, added: INHOUSE_STOCK.games.map((g) => g.code) };
    }
    const have = await repo.gameCodesOf(trx, vendor.id);
    const missing = INHOUSE_STOCK.games.filter((g) => !have.codes.includes(g.code));
    await addStockGames(trx, brandId, vendor.id, missing, have.maxSort + 1);
    return { vendorAdded: false, added: missing.map((g) => g.code) };
  });
  // Without its wallet account the in-house games are listed but cannot take a bet.
  await ensureVendor(db, { brandId, ...INHOUSE_ACCOUNT });
  return { ...result, games: INHOUSE_STOCK.games.map((g) => g.code) };
}

export async function addInhouse(d: Desk, b: { reason?: string | undefined }) {
  const result = await installInhouse(d.db, d.staff.brandId);
  if (result.vendorAdded || result.added.length > 0)
    await audit(d.db, {
      event: 'catalog.inhouse.added',
      brandId: d.staff.brandId,
      staffId: d.staff.id,
      ip: d.ip,
      target: `vendor:${INHOUSE_STOCK.vassalage}`,
      reason: b.reason ?? null,
      before: null,
      after: result,
    });
  return result;
}
