import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

type Db = Database | Kysely<DB>;
const k = (db: Db): Kysely<DB> => ('kysely' in db ? db.kysely : db);

/** The columns of `brands` the Brand screen reads and writes. */
const COLUMNS = [
  'id',
  'merchant_code',
  'name',
  'languages',
  'default_language',
  'currency',
  'currency_symbol',
  'currency_decimals',
  'chat_header_color',
  'logged_in_to_home_page',
  'maintenance_start',
  'maintenance_end',
  'allow_countries',
  'deny_countries',
  'gtag_id',
  'new_ip_check',
  'image_cdns',
  'launch_game_cdns',
  'provider_win_ratio_cap',
  'provider_win_amount_cap',
  'mobile_dialing_codes',
  'sms_daily_budget',
  'adjust_four_eyes_minor',
  'settings_version',
  'settings_updated_at',
  'settings_updated_by',
  'password_max_age_days',
] as const;

export type BrandRow = Awaited<ReturnType<typeof brandRow>> & object;

export function brandRow(db: Db, id: number) {
  return k(db).selectFrom('brands').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function modules(db: Db, brandId: number) {
  return k(db)
    .selectFrom('whitelabel_modules')
    .select(['code', 'parent_code', 'enabled', 'sort'])
    .where('brand_id', '=', brandId)
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

export function fieldRules(db: Db, brandId: number) {
  return k(db).selectFrom('register_field_rules').selectAll().where('brand_id', '=', brandId).execute();
}

export function domains(db: Db, brandId: number) {
  return k(db)
    .selectFrom('brand_domains')
    .select(['domain', 'is_mirror'])
    .where('brand_id', '=', brandId)
    .orderBy('sort')
    .orderBy('domain')
    .execute();
}

/** Host names of other brands among `hosts`: a mirror cannot be another brand's site. */
export async function domainsOfOthers(db: Db, brandId: number, hosts: string[]): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await k(db)
    .selectFrom('brand_domains')
    .select('domain')
    .where('brand_id', '<>', brandId)
    .where('domain', 'in', hosts)
    .execute();
  return rows.map((r) => r.domain);
}

/** Whether any money has moved in the brand: its currency is then fixed. */
export async function holdsMoney(db: Db, brandId: number): Promise<boolean> {
  const row = await k(db)
    .selectFrom('ledger_transactions')
    .select('id')
    .where('brand_id', '=', brandId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type BrandUpdate = Omit<
  BrandRow,
  'id' | 'merchant_code' | 'settings_version' | 'settings_updated_at' | 'settings_updated_by'
>;

/**
 * Writes the brand's columns if it is still at `version`, bumping it. Undefined when someone
 * saved since (or the brand is gone): the caller refuses the stale edit.
 */
export function updateBrand(trx: Kysely<DB>, id: number, version: number, by: string, u: BrandUpdate) {
  return trx
    .updateTable('brands')
    .set({
      ...u,
      settings_version: sql<number>`settings_version + 1`,
      settings_updated_at: sql<Date>`now()`,
      settings_updated_by: by,
    })
    .where('id', '=', id)
    .where('settings_version', '=', version)
    .returning('settings_version')
    .executeTakeFirst();
}

export async function upsertModule(
  trx: Kysely<DB>,
  m: { brandId: number; code: string; parent: string | null; enabled: boolean; sort: number },
) {
  await trx
    .insertInto('whitelabel_modules')
    .values({ brand_id: m.brandId, code: m.code, parent_code: m.parent, enabled: m.enabled, sort: m.sort })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doUpdateSet({ enabled: m.enabled }))
    .execute();
}

export async function replaceFieldRules(
  trx: Kysely<DB>,
  brandId: number,
  rules: {
    field: string;
    enabled: boolean;
    required: boolean;
    accepted_pattern: string;
    pattern_id: string;
    min_length: number;
    max_length: number;
  }[],
) {
  await trx.deleteFrom('register_field_rules').where('brand_id', '=', brandId).execute();
  if (rules.length > 0)
    await trx
      .insertInto('register_field_rules')
      .values(rules.map((r) => ({ ...r, brand_id: brandId })))
      .execute();
}

export async function replaceMirrors(trx: Kysely<DB>, brandId: number, mirrors: string[]) {
  await trx.deleteFrom('brand_domains').where('brand_id', '=', brandId).where('is_mirror', '=', true).execute();
  if (mirrors.length > 0)
    await trx
      .insertInto('brand_domains')
      .values(mirrors.map((domain, i) => ({ domain, brand_id: brandId, is_mirror: true, sort: i + 1 })))
      .execute();
}
