import {
  encryptCsPath,
  REGISTER_PATTERN_BY_ID,
  type RegisterField,
  type RegisterPatternId,
  type ResourceType,
  type WhitelabelFlag,
} from '@khela/contract';
import { sql, type Transaction } from 'kysely';
import { INHOUSE_ACCOUNT } from '../modules/catalog-desk/service';
import { ensureVendor } from '../modules/provider/service';
import type { Database } from '../platform/db';
import type { DB } from '../platform/schema';
import { DEMO_ANNOUNCEMENTS } from './demo-announcements';
import { DEMO_BANNERS } from './demo-banners';
import { seedDemoCashier } from './demo-cashier';
import { seedDemoCatalog } from './demo-catalog';
import { DEMO_HELP_SECTIONS } from './demo-help';
import { seedDemoBalances, seedDemoMembers } from './demo-members';
import { seedDemoPromotions } from './demo-promotions';

export const DEMO_MERCHANT_CODE = 'khela';

/** Host names of the demo brand; mirrors use the reserved .example TLD (RFC 2606). */
const DOMAINS = [
  { domain: 'localhost', is_mirror: false, sort: 0 },
  { domain: 'khela-mirror1.example', is_mirror: true, sort: 1 },
  { domain: 'khela-mirror2.example', is_mirror: true, sort: 2 },
];

/** Parent modules group the flags; a disabled parent switches its flags off (platform/brand.ts). */
const MODULES: { code: string; parent: string | null; enabled: boolean }[] = [
  { code: 'REGISTER', parent: null, enabled: true },
  { code: 'DIRECTREG3', parent: 'REGISTER', enabled: true },
  { code: 'MOBILENUMREG3', parent: 'REGISTER', enabled: true },
  { code: 'MOBILENUMPASSREG3', parent: 'REGISTER', enabled: true },
  // SMS verification at registration needs an SMS gateway the demo does not have.
  { code: 'REGMOBVERF3', parent: 'REGISTER', enabled: false },
  { code: 'LOGIN', parent: null, enabled: true },
  { code: 'MOBILEVERCODELOGIN3', parent: 'LOGIN', enabled: true },
  { code: 'FREEPLAY3', parent: 'LOGIN', enabled: true },
  { code: 'PWDEXPFORCECHANGE3', parent: 'LOGIN', enabled: true },
  { code: 'SERVICE', parent: null, enabled: true },
  { code: 'CBS3', parent: 'SERVICE', enabled: true },
] satisfies { code: WhitelabelFlag | 'REGISTER' | 'LOGIN' | 'SERVICE'; parent: string | null; enabled: boolean }[];

type Rule = { enabled: boolean; required: boolean; pattern: RegisterPatternId; min: number; max: number };

/** All 16 fields of spec §5; fields Bangladeshi sites rarely ask for are switched off. */
const REGISTER_RULES: Record<RegisterField, Rule> = {
  username: { enabled: true, required: true, pattern: 'letterFirstAlnum', min: 6, max: 16 },
  password: { enabled: true, required: true, pattern: 'password', min: 6, max: 20 },
  mobileNum: { enabled: true, required: false, pattern: 'mobile', min: 0, max: 32 },
  email: { enabled: true, required: false, pattern: 'email', min: 6, max: 64 },
  affiliateCode: { enabled: true, required: false, pattern: 'alnum', min: 4, max: 20 },
  payeeName: { enabled: false, required: false, pattern: 'fullName', min: 3, max: 50 },
  paymentPassword: { enabled: false, required: false, pattern: 'digits', min: 6, max: 6 },
  qqNum: { enabled: false, required: false, pattern: 'digits', min: 5, max: 12 },
  line: { enabled: false, required: false, pattern: 'noSpaces', min: 4, max: 20 },
  whatsapp: { enabled: false, required: false, pattern: 'digits', min: 8, max: 15 },
  zalo: { enabled: false, required: false, pattern: 'digits', min: 9, max: 12 },
  facebook: { enabled: false, required: false, pattern: 'noSpaces', min: 5, max: 50 },
  wechat: { enabled: false, required: false, pattern: 'noSpaces', min: 6, max: 20 },
  // Bangladeshi national ID numbers have 10, 13 or 17 digits.
  idNumber: { enabled: false, required: false, pattern: 'digits', min: 10, max: 17 },
  // Off until the captcha module lands: an enabled field without an image would block sign-up.
  captcha: { enabled: false, required: false, pattern: 'alnum', min: 4, max: 4 },
  recommenderId: { enabled: false, required: false, pattern: 'alnum', min: 4, max: 20 },
};

/**
 * The demo has no app of its own to download (no Android package, no iOS profile: the site
 * installs itself as a web app), no affiliate site and no mirror speed test: a link to a
 * file or site that does not exist is a dead link a player meets.
 */
const RESOURCES: { type: ResourceType; url: string; label: string }[] = [
  { type: 'WHATSAPP', url: 'https://whatsapp.com/channel/khela.demo', label: 'WhatsApp' },
  { type: 'FACEBOOK', url: 'https://www.facebook.com/khela.demo', label: 'Facebook' },
  { type: 'INSTAGRAM', url: 'https://www.instagram.com/khela.demo', label: 'Instagram' },
  // Telegram names allow letters, digits and underscores only.
  { type: 'TELEGRAM', url: 'https://t.me/khela_demo', label: 'Telegram' },
];

/** The demo's support is its Telegram channel; it has no live chat of its own. */
const CUSTOMER_SERVICE = [
  { csType: 3, title: { bn: 'টেলিগ্রাম সাপোর্ট', en: 'Telegram support' }, path: 'https://t.me/khela_demo_support' },
];

/**
 * What demo brands seeded before carried and must not any more: links to placeholder hosts and
 * to app files that were never there.
 */
const PLACEHOLDER_HOSTS = '%.khela.example%';
const MISSING_APP_FILES = ['/app/khela.apk', '/app/khela.mobileconfig'];

const DAY_MS = 86_400_000;

/**
 * The demo's accounts have published passwords and opening balances: they never go into a
 * database that holds an operator's own brand (one made by `khela brand create`).
 */
export class DemoSeedRefused extends Error {
  constructor(readonly merchantCode: string) {
    super(
      `SEED_DEMO is on, but this database holds the operator's brand ${merchantCode} (made by \`brand create\`): ` +
        'the demo brand and its demo accounts are not seeded into it. Set SEED_DEMO=false.',
    );
  }
}

/**
 * Seeds the demo brand 'khela' (refused with DemoSeedRefused on a database holding an
 * operator's brand). Idempotent and safe on every start: the brand row is inserted
 * with ON CONFLICT DO NOTHING inside the transaction that inserts everything else, so when it
 * already exists (or another process is seeding it right now) nothing else is written.
 * Returns whether this call created the brand.
 */
export async function seedDemo(db: Database, now: Date = new Date()): Promise<boolean> {
  const own = await db.kysely
    .selectFrom('brands')
    .select('merchant_code')
    .where('operator_brand', '=', true)
    .executeTakeFirst();
  if (own) throw new DemoSeedRefused(own.merchant_code);
  const created = await seedDemoBrand(db, now);
  await seedDemoBalances(db, DEMO_MERCHANT_CODE);
  await seedDemoProviders(db);
  const brand = await db.kysely
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirst();
  if (brand) await seedDemoCatalog(db.kysely, brand.id);
  if (brand) await seedDemoCashier(db, brand.id);
  return created;
}

/**
 * The in-house provider (vendor code JL, spec §9) may call the seamless-wallet API of the demo
 * brand with a random secret of its own (PROVIDER_SECRETS overrides it). It plays with real money
 * for members and play money for trial accounts.
 */
async function seedDemoProviders(db: Database) {
  const brand = await db.kysely
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirst();
  if (brand) await ensureVendor(db, { brandId: brand.id, ...INHOUSE_ACCOUNT });
}

async function seedDemoBrand(db: Database, now: Date): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const brand = await trx
      .insertInto('brands')
      .values({
        merchant_code: DEMO_MERCHANT_CODE,
        name: 'Khela',
        // The demo is the default only when the operator has no default brand of their own.
        is_default: sql<boolean>`NOT EXISTS (SELECT 1 FROM brands WHERE is_default)`,
        languages: ['bn', 'en'],
        default_language: 'bn',
        currency: 'BDT',
        currency_symbol: '৳',
        currency_decimals: 2,
        lottery_type: 'SEA',
        image_cdns: [],
        launch_game_cdns: [],
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!brand) {
      await addPromotionsToOlderDemo(trx, now);
      await removeDeadLinksOfOlderDemo(trx);
      return false;
    }
    const brand_id = brand.id;

    await trx
      .insertInto('brand_domains')
      .values(DOMAINS.map((d) => ({ ...d, brand_id })))
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();

    await trx
      .insertInto('whitelabel_modules')
      .values(MODULES.map((m, sort) => ({ brand_id, code: m.code, parent_code: m.parent, enabled: m.enabled, sort })))
      .execute();

    await trx
      .insertInto('register_field_rules')
      .values(
        Object.entries(REGISTER_RULES).map(([field, r]) => ({
          brand_id,
          field,
          enabled: r.enabled,
          required: r.required,
          accepted_pattern: REGISTER_PATTERN_BY_ID[r.pattern].regex,
          pattern_id: r.pattern,
          min_length: r.min,
          max_length: r.max,
        })),
      )
      .execute();

    await trx
      .insertInto('resources')
      .values(
        RESOURCES.map((r) => ({
          brand_id,
          resource_type: r.type,
          url: r.url,
          qr_code_url: null,
          label_name_en: r.label,
        })),
      )
      .execute();

    await trx
      .insertInto('banners')
      .values(
        Object.entries(DEMO_BANNERS).flatMap(([group_name, slides]) =>
          slides.map((b, sort) => ({
            brand_id,
            group_name,
            image_url: b.image,
            title: JSON.stringify(b.title),
            linkage_type: b.route ? ('route' as const) : null,
            linkage_value: b.route ?? null,
            sort,
          })),
        ),
      )
      .execute();

    await trx
      .insertInto('announcements')
      .values(
        DEMO_ANNOUNCEMENTS.map((a) => ({
          brand_id,
          type: a.type,
          title: JSON.stringify(a.title),
          content: JSON.stringify(a.content),
          popup: a.popup,
          starts_at: new Date(now.getTime() - a.daysAgo * DAY_MS),
        })),
      )
      .execute();

    await trx
      .insertInto('customer_service')
      .values(
        CUSTOMER_SERVICE.map((c, sort) => ({
          brand_id,
          cs_type: c.csType,
          title: JSON.stringify(c.title),
          // Type 3 is stored the way it is sent: encrypted (spec §7).
          path: c.csType === 3 ? encryptCsPath(c.path) : c.path,
          sort,
        })),
      )
      .execute();

    await trx
      .insertInto('help_sections')
      .values(
        DEMO_HELP_SECTIONS.map((h, sort) => ({
          brand_id,
          key: h.key,
          title: JSON.stringify(h.title),
          content: JSON.stringify(h.content),
          sort,
        })),
      )
      .execute();
    await seedDemoPromotions(trx, brand_id, now);
    await seedDemoMembers(trx, brand_id);
    return true;
  });
}

/**
 * A demo brand seeded before promotions existed has none: it gets the demo promotions once. The
 * brand row is locked first, so two processes starting together do not both add them.
 */
async function addPromotionsToOlderDemo(trx: Transaction<DB>, now: Date): Promise<void> {
  const demo = await trx
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .forUpdate()
    .executeTakeFirst();
  if (!demo) return;
  const any = await trx.selectFrom('promotions').select('id').where('brand_id', '=', demo.id).limit(1).execute();
  if (any.length === 0) await seedDemoPromotions(trx, demo.id, now);
}

/** Takes the placeholder and missing-file links out of a demo brand seeded before (see RESOURCES). */
async function removeDeadLinksOfOlderDemo(trx: Transaction<DB>): Promise<void> {
  const demo = await trx
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirst();
  if (!demo) return;
  await trx
    .deleteFrom('resources')
    .where('brand_id', '=', demo.id)
    .where((eb) => eb.or([eb('url', 'like', PLACEHOLDER_HOSTS), eb('url', 'in', MISSING_APP_FILES)]))
    .execute();
  await trx
    .deleteFrom('customer_service')
    .where('brand_id', '=', demo.id)
    .where('path', 'like', PLACEHOLDER_HOSTS)
    .execute();
}
