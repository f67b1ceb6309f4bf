import { LOCALES, REGISTER_PATTERN_BY_ID } from '@khela/contract';
import { audit } from '../../platform/audit';
import { invalidateBrandCache, normaliseHost } from '../../platform/brand';
import type { Database } from '../../platform/db';

/**
 * `brand create` (BACK-OFFICE.md "Starting a real brand"): a brand with its host, currency and
 * languages and no demo content — no games, banners, promotions or accounts. Players can
 * register with a username and a password; everything else starts off and is switched on from
 * the back office.
 */

export class BrandInputError extends Error {}

/** Symbols of the currencies Khela's market uses; another currency shows its code. */
const SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$' };

/** What registration and login need to work at all: the rest of spec §5/§6 starts off. */
const STARTING_MODULES = [
  { code: 'REGISTER', parent_code: null },
  { code: 'DIRECTREG3', parent_code: 'REGISTER' },
  { code: 'LOGIN', parent_code: null },
];
const STARTING_RULES = [
  { field: 'username', pattern: 'letterFirstAlnum', min: 6, max: 16 },
  { field: 'password', pattern: 'password', min: 6, max: 20 },
] as const;

const MERCHANT_CODE = /^[a-z0-9][a-z0-9_-]{1,19}$/;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export type NewBrand = { code: string; domain: string; currency: string; languages: string[]; name?: string };

export async function createBrand(
  db: Database,
  b: NewBrand,
  actor: string,
): Promise<{ id: number; isDefault: boolean }> {
  const domain = normaliseHost(b.domain);
  const currency = b.currency.toUpperCase();
  if (!MERCHANT_CODE.test(b.code)) throw new BrandInputError('--code takes 2 to 20 lower-case letters, digits, _ or -');
  if (!HOST.test(domain)) throw new BrandInputError(`--domain '${b.domain}' is not a host name`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new BrandInputError('--currency is a three-letter ISO 4217 code, e.g. BDT');
  const languages = [...new Set(b.languages)];
  const unknown = languages.filter((l) => !(LOCALES as readonly string[]).includes(l));
  if (languages.length === 0 || unknown.length > 0)
    throw new BrandInputError(
      `--languages is a comma-separated list of ${LOCALES.join(', ')}; the first is the default`,
    );
  const created = await db.kysely.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('brands')
      .select('merchant_code')
      .where('merchant_code', '=', b.code)
      .union(trx.selectFrom('brand_domains').select('domain as merchant_code').where('domain', '=', domain))
      .executeTakeFirst();
    if (taken) throw new BrandInputError(`brand ${b.code} or host ${domain} exists already`);
    const hasDefault = await trx.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirst();
    const brand = await trx
      .insertInto('brands')
      .values({
        merchant_code: b.code,
        name: b.name ?? b.code,
        // The operator's first brand answers hosts no brand names (as the demo does alone).
        is_default: !hasDefault,
        languages,
        default_language: languages[0] as string,
        currency,
        currency_symbol: SYMBOLS[currency] ?? currency,
        // The demo seed refuses a database holding an operator's brand (decision 0032).
        operator_brand: true,
      })
      .returning(['id', 'is_default'])
      .executeTakeFirstOrThrow();
    await trx.insertInto('brand_domains').values({ domain, brand_id: brand.id, is_mirror: false, sort: 0 }).execute();
    await trx
      .insertInto('whitelabel_modules')
      .values(STARTING_MODULES.map((m, sort) => ({ ...m, brand_id: brand.id, enabled: true, sort })))
      .execute();
    await trx
      .insertInto('register_field_rules')
      .values(
        STARTING_RULES.map((r) => ({
          brand_id: brand.id,
          field: r.field,
          enabled: true,
          required: true,
          accepted_pattern: REGISTER_PATTERN_BY_ID[r.pattern].regex,
          pattern_id: r.pattern,
          min_length: r.min,
          max_length: r.max,
        })),
      )
      .execute();
    await audit(trx, {
      event: 'brand.created',
      brandId: brand.id,
      ip: '',
      detail: { by: actor },
      after: { code: b.code, domain, currency, languages },
    });
    return brand;
  });
  invalidateBrandCache();
  return { id: created.id, isDefault: created.is_default };
}
