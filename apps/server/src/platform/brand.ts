import {
  type BrandInfo,
  CS_ENCRYPTED_TYPE,
  decryptCsPath,
  type FieldRule,
  LOCALES,
  type Locale,
  REGISTER_FIELDS,
  type RegisterSettings,
  type Resource,
  WHITELABEL_FLAGS,
  type WhitelabelFlags,
  type WhitelabelModule,
} from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from './db';
import { AppError } from './errors';
import { safeUrl } from './stored-content';

/**
 * Which brand a request is for, and everything the site reads about it before login, held in
 * memory. Every API call needs the brand (the region/maintenance guard runs on all of them) and
 * /wps/system/status is the first call of every page view, so neither may cost a database round
 * trip: snapshots live BRAND_TTL_MS, are refreshed in the background while the old one keeps
 * answering, and an admin change takes effect within the TTL on every process — or at once on
 * this one through `invalidateBrandCache()`.
 */
export const BRAND_TTL_MS = 5_000;

export type LocalizedText = Record<string, string>;

export type CustomerServiceChannel = { csType: number; title: LocalizedText; path: string };

export type BrandSnapshot = {
  id: number;
  info: BrandInfo;
  /** Epoch milliseconds; the window is [start, end), end null = until switched off. */
  maintenanceStart: number | null;
  maintenanceEnd: number | null;
  allowCountries: ReadonlySet<string>;
  denyCountries: ReadonlySet<string>;
  gtagId: string | null;
  imageCDNs: string[];
  launchGameCDNs: string[];
  modules: WhitelabelModule[];
  flags: WhitelabelFlags;
  registerRules: RegisterSettings;
  resources: Resource[];
  customerService: CustomerServiceChannel[];
  /** Mirror host names in display order (brand_domains.is_mirror). */
  mirrors: string[];
  /** brands.new_ip_check: a password login from an address the member never used needs an SMS code. */
  newIpCheck: boolean;
  /** Dialling codes ('+880') of the mobile numbers the brand takes and texts; the first is the default. */
  mobileDialingCodes: string[];
  /** Texts the brand sends in any 24 hours at most. */
  smsDailyBudget: number;
  /** Passwords older than this many days are expired (0 never); null: the server's setting. */
  passwordMaxAgeDays: number | null;
};

/** Rule for a field the brand has not configured: not shown, so never required. */
const FIELD_NOT_OFFERED: FieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: 'length',
  minLength: 0,
  maxLength: 255,
};

type Directory = { byDomain: Map<string, number>; defaultId: number | null };

/** Bumped by invalidateBrandCache(): anything loaded under an older generation is reloaded. */
let generation = 0;

/** Drops every cached brand (all databases) so the next request reads the database again. */
export function invalidateBrandCache(): void {
  generation++;
}

/** One cached value with stale-while-revalidate and a single load in flight. */
class Slot<T> {
  private value: T | undefined;
  private loadedAt = 0;
  private loadedGen = -1;
  private pending: Promise<T> | undefined;
  private pendingGen = -1;

  get(load: () => Promise<T>): Promise<T> | T {
    const current = this.value !== undefined && this.loadedGen === generation;
    if (current && Date.now() - this.loadedAt < BRAND_TTL_MS) return this.value as T;
    const refresh = this.refresh(load);
    if (current) {
      // Keep answering with the stale value; a failed refresh is retried by the next request.
      refresh.catch(() => {});
      return this.value as T;
    }
    return refresh;
  }

  private refresh(load: () => Promise<T>): Promise<T> {
    if (this.pending && this.pendingGen === generation) return this.pending;
    const gen = generation;
    const pending = load().then(
      (value) => {
        if (gen >= this.loadedGen) {
          this.value = value;
          this.loadedAt = Date.now();
          this.loadedGen = gen;
        }
        if (this.pending === pending) this.pending = undefined;
        return value;
      },
      (err: unknown) => {
        if (this.pending === pending) this.pending = undefined;
        throw err;
      },
    );
    this.pending = pending;
    this.pendingGen = gen;
    return pending;
  }
}

class BrandStore {
  private readonly directory = new Slot<Directory>();
  private readonly brands = new Map<number, Slot<BrandSnapshot>>();
  constructor(private readonly db: Database) {}

  /**
   * The brand serving `host` (port already stripped), else the default brand. Answers without
   * a promise when both the directory and the snapshot are cached: this runs on every API call.
   */
  forHost(host: string): BrandSnapshot | Promise<BrandSnapshot> {
    const dir = this.directory.get(() => loadDirectory(this.db));
    return dir instanceof Promise ? dir.then((d) => this.brandIn(d, host)) : this.brandIn(dir, host);
  }

  private brandIn(dir: Directory, host: string): BrandSnapshot | Promise<BrandSnapshot> {
    const id = dir.byDomain.get(host) ?? dir.defaultId;
    // No brand at all: SEED_DEMO is off and the operator has not created one yet.
    if (id === null) throw new AppError('NOT_FOUND');
    return this.byId(id);
  }

  /** Every host name a brand is served on (brand_domains): the operator's own sites. */
  siteHosts(): string[] | Promise<string[]> {
    const dir = this.directory.get(() => loadDirectory(this.db));
    return dir instanceof Promise ? dir.then((d) => [...d.byDomain.keys()]) : [...dir.byDomain.keys()];
  }

  /** A brand's snapshot by id (for work that has no request, e.g. realtime pushes). */
  byId(id: number): BrandSnapshot | Promise<BrandSnapshot> {
    let slot = this.brands.get(id);
    if (!slot) {
      slot = new Slot<BrandSnapshot>();
      this.brands.set(id, slot);
    }
    return slot.get(() => loadSnapshot(this.db, id));
  }
}

const stores = new WeakMap<Database, BrandStore>();

/** The brand cache of one database (tests run several apps, each on its own database). */
export function brandStore(db: Database): BrandStore {
  let store = stores.get(db);
  if (!store) {
    store = new BrandStore(db);
    stores.set(db, store);
  }
  return store;
}

/** The request's host name, lower-cased, without port or trailing dot ('' when absent). */
export function hostOf(req: FastifyRequest): string {
  return normaliseHost(req.headers.host ?? '');
}

export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  const end = h.startsWith('[') ? h.indexOf(']') + 1 : h.indexOf(':');
  if (end > 0) h = h.slice(0, end);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** A stored text in `language`, else the brand's default language, else English, else any. */
export function textIn(text: LocalizedText, language: string | undefined, brand: BrandSnapshot): string {
  return (
    (language ? text[language] : undefined) ??
    text[brand.info.defaultLanguage] ??
    text.en ??
    Object.values(text)[0] ??
    ''
  );
}

async function loadDirectory(db: Database): Promise<Directory> {
  const [domains, brands] = await Promise.all([
    db.kysely.selectFrom('brand_domains').select(['domain', 'brand_id']).execute(),
    db.kysely.selectFrom('brands').select(['id']).where('is_default', '=', true).execute(),
  ]);
  return {
    byDomain: new Map(domains.map((d) => [normaliseHost(d.domain), d.brand_id])),
    defaultId: brands[0]?.id ?? null,
  };
}

async function loadSnapshot(db: Database, id: number): Promise<BrandSnapshot> {
  const k = db.kysely;
  const [brand, modules, rules, resources, channels, mirrors] = await Promise.all([
    k.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst(),
    k
      .selectFrom('whitelabel_modules')
      .select(['code', 'parent_code', 'enabled'])
      .where('brand_id', '=', id)
      .orderBy('sort')
      .orderBy('code')
      .execute(),
    k.selectFrom('register_field_rules').selectAll().where('brand_id', '=', id).execute(),
    k
      .selectFrom('resources')
      .select(['resource_type', 'url', 'qr_code_url', 'label_name_en'])
      .where('brand_id', '=', id)
      .orderBy('resource_type')
      .execute(),
    k
      .selectFrom('customer_service')
      .select(['cs_type', 'title', 'path'])
      .where('brand_id', '=', id)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    k
      .selectFrom('brand_domains')
      .select('domain')
      .where('brand_id', '=', id)
      .where('is_mirror', '=', true)
      .orderBy('sort')
      .orderBy('domain')
      .execute(),
  ]);
  // Deleted between the directory load and now: the next directory load forgets it.
  if (!brand) throw new AppError('NOT_FOUND');

  const languages = brand.languages.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l));
  const tree = moduleTree(modules);
  const registerRules = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, FIELD_NOT_OFFERED])) as RegisterSettings;
  for (const r of rules) {
    if (!(REGISTER_FIELDS as readonly string[]).includes(r.field)) continue;
    registerRules[r.field as keyof RegisterSettings] = {
      enabled: r.enabled,
      required: r.enabled && r.required,
      acceptedPattern: r.accepted_pattern,
      patternId: r.pattern_id,
      minLength: r.min_length,
      maxLength: r.max_length,
    };
  }
  return {
    id: brand.id,
    info: {
      merchantCode: brand.merchant_code,
      name: brand.name,
      platform: 'W',
      device: 'WEB',
      lotteryType: brand.lottery_type,
      languages,
      defaultLanguage: languages.includes(brand.default_language as Locale)
        ? (brand.default_language as Locale)
        : (languages[0] ?? 'bn'),
      currency: brand.currency,
      currencySymbol: brand.currency_symbol,
      currencyDecimals: brand.currency_decimals,
      chatHeaderColor: brand.chat_header_color,
      loggedInToHomePage: brand.logged_in_to_home_page,
    },
    maintenanceStart: brand.maintenance_start ? new Date(brand.maintenance_start).getTime() : null,
    maintenanceEnd: brand.maintenance_end ? new Date(brand.maintenance_end).getTime() : null,
    allowCountries: new Set(brand.allow_countries.map((c) => c.toUpperCase())),
    denyCountries: new Set(brand.deny_countries.map((c) => c.toUpperCase())),
    gtagId: brand.gtag_id,
    imageCDNs: brand.image_cdns.filter(Boolean),
    launchGameCDNs: brand.launch_game_cdns.filter(Boolean),
    modules: tree,
    flags: flagsOf(tree),
    registerRules,
    // A resource or a customer-service link whose address is not http(s) or a site path is left
    // out, whoever stored it (stored-content.ts).
    resources: resources.flatMap((r) => {
      const url = safeUrl(r.url);
      return url === null
        ? []
        : [{ resourceType: r.resource_type, url, qrCodeUrl: safeUrl(r.qr_code_url), labelNameEn: r.label_name_en }];
    }),
    customerService: channels
      .filter((c) => safeCsPath(c.cs_type, c.path))
      .map((c) => ({ csType: c.cs_type, title: c.title, path: c.path })),
    mirrors: mirrors.map((m) => m.domain),
    newIpCheck: brand.new_ip_check,
    mobileDialingCodes: brand.mobile_dialing_codes,
    smsDailyBudget: brand.sms_daily_budget,
    passwordMaxAgeDays: brand.password_max_age_days,
  };
}

/** Whether a customer-service path is a safe address once read (type 3 is stored obfuscated, spec §7). */
function safeCsPath(csType: number, path: string): boolean {
  if (csType !== CS_ENCRYPTED_TYPE) return safeUrl(path) !== null;
  try {
    return safeUrl(decryptCsPath(path)) !== null;
  } catch {
    return false;
  }
}

/** Nests modules under their parent_code; a module whose parent is missing stays at the root. */
export function moduleTree(
  rows: readonly { code: string; parent_code: string | null; enabled: boolean }[],
): WhitelabelModule[] {
  const nodes = new Map(
    rows.map((r) => [r.code, { code: r.code, enabled: r.enabled, children: [] as WhitelabelModule[] }]),
  );
  const roots: WhitelabelModule[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code) as WhitelabelModule;
    const parent = r.parent_code === null || r.parent_code === r.code ? undefined : nodes.get(r.parent_code);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * A flag is on when its module and every module above it are enabled: switching off REGISTER
 * switches off every way to register. A flag the brand has no module for is off.
 */
export function flagsOf(tree: readonly WhitelabelModule[]): WhitelabelFlags {
  const on = new Set<string>();
  const walk = (nodes: readonly WhitelabelModule[]) => {
    for (const n of nodes) {
      if (!n.enabled) continue;
      on.add(n.code);
      walk(n.children);
    }
  };
  walk(tree);
  return Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, on.has(f)])) as WhitelabelFlags;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard on API calls; null elsewhere. */
    brand: BrandSnapshot | null;
  }
}

/** The brand of a request: the one the access guard found, else resolved from the Host header. */
export function brandOf(req: FastifyRequest): BrandSnapshot | Promise<BrandSnapshot> {
  return req.brand ?? brandStore(req.server.db).forHost(hostOf(req));
}
