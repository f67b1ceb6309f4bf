import {
  type BrandFieldRules,
  type BrandSettings,
  type BrandSettingsBody,
  type BrandSettingsFields,
  type BrandToggles,
  fromMinor,
  LOCALES,
  type Locale,
  REGISTER_FIELDS,
  REGISTER_PATTERN_BY_ID,
  type RegisterPatternId,
  toMinor,
  WHITELABEL_FLAGS,
  type WhitelabelFlag,
} from '@khela/contract';
import { audit } from '../../platform/audit';
import { flagsOf, invalidateBrandCache, moduleTree } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

/**
 * The back office's Brand screen (decision 0038): the brand's settings read as one record and
 * saved whole. A save names the version it read and is refused over a later one (STALE_EDIT);
 * it is audited with the changed fields before and after, and the brand cache is dropped so the
 * player site answers with it on the next call (platform/brand.ts: at once on this process,
 * within BRAND_TTL_MS on the others).
 */

/** Who saves: the staff member and where they called from. */
export type Editor = { staffId: bigint; brandId: number; ip: string };

/**
 * Where each toggle sits in the module tree (platform/brand.ts `flagsOf`: a flag is on when it
 * and its parents are). Switching a toggle on switches its group on too.
 */
const GROUP_OF: Record<WhitelabelFlag, 'REGISTER' | 'LOGIN' | 'SERVICE'> = {
  DIRECTREG3: 'REGISTER',
  MOBILENUMREG3: 'REGISTER',
  REGMOBVERF3: 'REGISTER',
  MOBILENUMPASSREG3: 'REGISTER',
  MOBILEVERCODELOGIN3: 'LOGIN',
  FREEPLAY3: 'LOGIN',
  PWDEXPFORCECHANGE3: 'LOGIN',
  CBS3: 'SERVICE',
};

/** A field the brand never configured: as the site treats it (platform/brand.ts), not offered. */
const NOT_OFFERED = { enabled: false, required: false, patternId: 'length', minLength: 0, maxLength: 255 } as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** GET /bo/brand. */
export async function brandSettings(db: Database, brandId: number): Promise<BrandSettings> {
  const [row, modules, rules, domains, locked] = await Promise.all([
    repo.brandRow(db, brandId),
    repo.modules(db, brandId),
    repo.fieldRules(db, brandId),
    repo.domains(db, brandId),
    repo.holdsMoney(db, brandId),
  ]);
  if (!row) throw new AppError('NOT_FOUND');
  const flags = flagsOf(moduleTree(modules));
  const registerRules = Object.fromEntries(
    REGISTER_FIELDS.map((f) => {
      const r = rules.find((x) => x.field === f);
      return [
        f,
        r
          ? {
              enabled: r.enabled,
              required: r.enabled && r.required,
              patternId: r.pattern_id in REGISTER_PATTERN_BY_ID ? r.pattern_id : 'length',
              minLength: r.min_length,
              maxLength: Math.max(1, r.max_length),
            }
          : { ...NOT_OFFERED },
      ];
    }),
  ) as BrandFieldRules;
  const d = row.currency_decimals;
  return {
    version: row.settings_version,
    updatedAt: iso(row.settings_updated_at),
    updatedBy: row.settings_updated_by,
    merchantCode: row.merchant_code,
    domains: domains.filter((x) => !x.is_mirror).map((x) => x.domain),
    currencyLocked: locked,
    name: row.name,
    toggles: Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, flags[f]])) as BrandToggles,
    loggedInToHomePage: row.logged_in_to_home_page,
    newIpCheck: row.new_ip_check,
    passwordMaxAgeDays: row.password_max_age_days,
    registerRules,
    chatHeaderColor: /^#[0-9a-fA-F]{6}$/.test(row.chat_header_color) ? row.chat_header_color : '#000000',
    gtagId: row.gtag_id,
    imageCDNs: row.image_cdns.filter(Boolean),
    launchGameCDNs: row.launch_game_cdns.filter(Boolean),
    mirrors: domains.filter((x) => x.is_mirror).map((x) => x.domain),
    languages: row.languages.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l)),
    defaultLanguage: (LOCALES as readonly string[]).includes(row.default_language)
      ? (row.default_language as Locale)
      : 'bn',
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    currencyDecimals: d,
    allowCountries: row.allow_countries,
    denyCountries: row.deny_countries,
    mobileDialingCodes: row.mobile_dialing_codes,
    maintenanceStart: iso(row.maintenance_start),
    maintenanceEnd: iso(row.maintenance_end),
    providerWinRatioCap: row.provider_win_ratio_cap,
    providerWinAmountCap: fromMinor(BigInt(row.provider_win_amount_cap), d),
    adjustFourEyes: fromMinor(BigInt(row.adjust_four_eyes_minor), d),
    smsDailyBudget: row.sms_daily_budget,
  };
}

const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/**
 * The rules zod cannot say alone (each a field error the screen shows under its field), and the
 * values as stored: lists without repeats, an amount in minor units.
 */
async function checked(db: Database, brandId: number, b: BrandSettingsBody, current: BrandSettings) {
  const errors: Record<string, string> = {};
  const languages = unique(b.languages);
  if (!languages.includes(b.defaultLanguage)) errors.defaultLanguage = 'brand.invalid.defaultLanguage';
  const allow = unique(b.allowCountries);
  const deny = unique(b.denyCountries);
  if (allow.some((c) => deny.includes(c))) errors.denyCountries = 'brand.invalid.countryBoth';
  if (b.maintenanceStart && b.maintenanceEnd && Date.parse(b.maintenanceEnd) <= Date.parse(b.maintenanceStart))
    errors.maintenanceEnd = 'brand.invalid.maintenanceOrder';
  if (b.maintenanceEnd && !b.maintenanceStart) errors.maintenanceStart = 'validation.required';
  if (Object.values(b.registerRules).some((r) => r.minLength > r.maxLength))
    errors.registerRules = 'brand.invalid.ruleLength';
  const moneyChanged =
    b.currency !== current.currency ||
    b.currencyDecimals !== current.currencyDecimals ||
    b.currencySymbol !== current.currencySymbol;
  if (current.currencyLocked && moneyChanged) errors.currency = 'brand.invalid.currencyLocked';
  // Amounts are read in the currency the brand will have after the save.
  const winCap = toMinor(b.providerWinAmountCap, b.currencyDecimals);
  if (winCap === null || winCap < 1n) errors.providerWinAmountCap = 'validation.invalid';
  const fourEyes = toMinor(b.adjustFourEyes, b.currencyDecimals);
  if (fourEyes === null) errors.adjustFourEyes = 'validation.invalid';
  const mirrors = unique(b.mirrors);
  if (mirrors.some((m) => current.domains.includes(m))) errors.mirrors = 'brand.invalid.mirrorIsSite';
  else if ((await repo.domainsOfOthers(db, brandId, mirrors)).length > 0) errors.mirrors = 'brand.invalid.domainTaken';
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  return {
    languages,
    allow,
    deny,
    mirrors,
    winCap: winCap as bigint,
    fourEyes: fourEyes as bigint,
    imageCDNs: unique(b.imageCDNs),
    launchGameCDNs: unique(b.launchGameCDNs),
    mobileDialingCodes: unique(b.mobileDialingCodes),
  };
}

/** The fields whose value a save changes, with their values before and after. */
function changesOf(before: BrandSettingsFields, after: BrandSettingsFields) {
  const changed: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof BrandSettingsFields)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.push(key);
    was[key] = before[key];
    now[key] = after[key];
  }
  return { changed, was, now };
}

function fieldsOf(s: BrandSettings): BrandSettingsFields {
  const { version: _v, updatedAt: _u, updatedBy: _b, merchantCode: _m, domains: _d, currencyLocked: _c, ...f } = s;
  return f;
}

/** PUT /bo/brand: saves every field, or nothing. */
export async function saveBrandSettings(db: Database, e: Editor, b: BrandSettingsBody) {
  const current = await brandSettings(db, e.brandId);
  if (b.version !== current.version) throw new AppError('STALE_EDIT');
  const v = await checked(db, e.brandId, b, current);
  const actor = `staff:${e.staffId}`;
  const { version: _version, reason, ...fields } = b;

  const next: BrandSettingsFields = {
    ...fields,
    languages: v.languages,
    allowCountries: v.allow,
    denyCountries: v.deny,
    mirrors: v.mirrors,
    imageCDNs: v.imageCDNs,
    launchGameCDNs: v.launchGameCDNs,
    mobileDialingCodes: v.mobileDialingCodes,
    providerWinAmountCap: fromMinor(v.winCap, fields.currencyDecimals),
    adjustFourEyes: fromMinor(v.fourEyes, fields.currencyDecimals),
    maintenanceStart: fields.maintenanceStart ? new Date(fields.maintenanceStart).toISOString() : null,
    maintenanceEnd: fields.maintenanceEnd ? new Date(fields.maintenanceEnd).toISOString() : null,
    registerRules: Object.fromEntries(
      REGISTER_FIELDS.map((f) => {
        const r = fields.registerRules[f];
        return [f, { ...r, required: r.enabled && r.required }];
      }),
    ) as BrandFieldRules,
  };
  const { changed, was, now } = changesOf(fieldsOf(current), next);

  await db.kysely.transaction().execute(async (trx) => {
    const saved = await repo.updateBrand(trx, e.brandId, b.version, actor, {
      name: fields.name,
      languages: v.languages,
      default_language: fields.defaultLanguage,
      currency: fields.currency,
      currency_symbol: fields.currencySymbol,
      currency_decimals: fields.currencyDecimals,
      chat_header_color: fields.chatHeaderColor,
      logged_in_to_home_page: fields.loggedInToHomePage,
      maintenance_start: fields.maintenanceStart ? new Date(fields.maintenanceStart) : null,
      maintenance_end: fields.maintenanceEnd ? new Date(fields.maintenanceEnd) : null,
      allow_countries: v.allow,
      deny_countries: v.deny,
      gtag_id: fields.gtagId,
      new_ip_check: fields.newIpCheck,
      image_cdns: v.imageCDNs,
      launch_game_cdns: v.launchGameCDNs,
      provider_win_ratio_cap: fields.providerWinRatioCap,
      provider_win_amount_cap: v.winCap,
      mobile_dialing_codes: v.mobileDialingCodes,
      sms_daily_budget: fields.smsDailyBudget,
      adjust_four_eyes_minor: v.fourEyes,
      password_max_age_days: fields.passwordMaxAgeDays,
    });
    // Someone saved between our read and this write: theirs stands.
    if (!saved) throw new AppError('STALE_EDIT');
    await saveToggles(trx, e.brandId, fields.toggles);
    await repo.replaceFieldRules(
      trx,
      e.brandId,
      REGISTER_FIELDS.map((field) => {
        const r = fields.registerRules[field];
        return {
          field,
          enabled: r.enabled,
          required: r.enabled && r.required,
          accepted_pattern: REGISTER_PATTERN_BY_ID[r.patternId as RegisterPatternId].regex,
          pattern_id: r.patternId,
          min_length: r.minLength,
          max_length: r.maxLength,
        };
      }),
    );
    await repo.replaceMirrors(trx, e.brandId, v.mirrors);
    await audit(trx, {
      event: 'brand.settings.changed',
      brandId: e.brandId,
      staffId: e.staffId,
      ip: e.ip,
      target: `brand:${current.merchantCode}`,
      reason: reason || null,
      before: { version: current.version, ...was },
      after: { version: saved.settings_version, ...now },
    });
  });
  invalidateBrandCache();
  const settings = await brandSettings(db, e.brandId);
  return { settings, changed };
}

async function saveToggles(trx: Parameters<typeof repo.upsertModule>[0], brandId: number, toggles: BrandToggles) {
  const existing = await repo.modules(trx, brandId);
  let sort = existing.reduce((m, r) => Math.max(m, r.sort), 0) + 1;
  const sortOf = (code: string) => existing.find((r) => r.code === code)?.sort ?? sort++;
  for (const group of ['REGISTER', 'LOGIN', 'SERVICE'] as const) {
    const members = WHITELABEL_FLAGS.filter((f) => GROUP_OF[f] === group);
    const anyOn = members.some((f) => toggles[f]);
    const groupRow = existing.find((r) => r.code === group);
    // A group stays as it is unless a toggle in it must be on; then the group must be on too.
    if (anyOn || !groupRow)
      await repo.upsertModule(trx, {
        brandId,
        code: group,
        parent: null,
        enabled: anyOn || false,
        sort: sortOf(group),
      });
    for (const f of members) {
      const row = existing.find((r) => r.code === f);
      await repo.upsertModule(trx, {
        brandId,
        code: f,
        parent: row ? row.parent_code : group,
        enabled: toggles[f],
        sort: sortOf(f),
      });
    }
  }
}
