import { defineCall } from './call';
import { LOCALES, REGISTER_FIELDS, WHITELABEL_FLAGS } from './constants';
import { REGISTER_PATTERNS } from './register-patterns';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The back office's Brand screen (BACK-OFFICE.md "Brand", decision 0038): the brand's whitelabel
 * toggles (spec §6), site, hosts, regions, maintenance window, registration field rules and
 * thresholds, read with `brand.read` and saved whole with `brand.write`. A save names the
 * `version` it read; a save over someone else's later one is STALE_EDIT.
 */

const TAG = 'back office: brand';

/** A host name (no scheme, port or path): a mirror domain. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/);
/** An https address without credentials, query or fragment: an image or game-launch host. */
const cdnUrl = z
  .string()
  .trim()
  .max(255)
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/i);
/** ISO 3166-1 alpha-2, upper case. */
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
/** A dialling code as '+880'. */
const dialingCode = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{0,3}$/);
/** An amount in the brand currency's major units ("10000", "10000.50"). */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/);
/** An instant as ISO 8601 with its offset, or null. */
const instant = z.iso.datetime({ offset: true }).nullable();

/** The toggles of spec §6 that the screen offers, in its order; `WhitelabelFlags` holds their states. */
export const BRAND_TOGGLES = WHITELABEL_FLAGS;
export const BrandToggles = z
  .object(
    Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<
      (typeof WHITELABEL_FLAGS)[number],
      z.ZodBoolean
    >,
  )
  .strict();
export type BrandToggles = z.infer<typeof BrandToggles>;

/** One registration field's rule (spec §5); the accepted pattern follows from its pattern id. */
export const BrandFieldRule = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: z.enum(REGISTER_PATTERNS.map((p) => p.id) as [string, ...string[]]),
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(1).max(255),
  })
  .strict();
export type BrandFieldRule = z.infer<typeof BrandFieldRule>;
export const BrandFieldRules = z
  .object(
    Object.fromEntries(REGISTER_FIELDS.map((f) => [f, BrandFieldRule])) as Record<
      (typeof REGISTER_FIELDS)[number],
      typeof BrandFieldRule
    >,
  )
  .strict();
export type BrandFieldRules = z.infer<typeof BrandFieldRules>;

/** What the screen edits: the same shape is read and saved. */
export const BrandSettingsFields = z.object({
  name: z.string().trim().min(1).max(60),
  // Registration & login
  toggles: BrandToggles,
  loggedInToHomePage: z.boolean(),
  /** A password login from an address the member never used needs an SMS code. */
  newIpCheck: z.boolean(),
  /** Passwords older than this many days are expired (0 never); null: the server's setting. */
  passwordMaxAgeDays: z.number().int().min(0).max(3650).nullable(),
  registerRules: BrandFieldRules,
  // Site
  chatHeaderColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/),
  /** Google Analytics measurement id ('G-XXXXXXX'); null: none. */
  gtagId: z
    .string()
    .trim()
    .regex(/^(G|UA|GT|AW)-[A-Z0-9-]{4,20}$/)
    .nullable(),
  // Domains & hosts
  imageCDNs: z.array(cdnUrl).max(10),
  launchGameCDNs: z.array(cdnUrl).max(10),
  mirrors: z.array(hostName).max(20),
  // Regions & languages
  languages: z.array(z.enum(LOCALES)).min(1).max(LOCALES.length),
  defaultLanguage: z.enum(LOCALES),
  /** ISO 4217; read-only once the brand holds money (`currencyLocked`). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  currencySymbol: z.string().trim().max(8),
  currencyDecimals: z.number().int().min(0).max(4),
  /** Empty: every country not denied. */
  allowCountries: z.array(country).max(250),
  denyCountries: z.array(country).max(250),
  mobileDialingCodes: z.array(dialingCode).min(1).max(20),
  // Maintenance
  maintenanceStart: instant,
  maintenanceEnd: instant,
  // Limits & thresholds
  /** A round's wins above this many times its stakes are held (decision 0025). */
  providerWinRatioCap: z.number().int().min(1).max(1_000_000_000),
  /** One win above this (major units) is held. */
  providerWinAmountCap: amount,
  /** Adjustments and held-win decisions above this (major units) need a second staff member. */
  adjustFourEyes: amount,
  /** Texts the brand sends in any 24 hours at most. */
  smsDailyBudget: z.number().int().min(0).max(10_000_000),
});
export type BrandSettingsFields = z.infer<typeof BrandSettingsFields>;

/** GET /bo/brand. */
export const BrandSettings = BrandSettingsFields.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  merchantCode: z.string(),
  /** The brand's own host names (not mirrors): set with `khela brand create`. */
  domains: z.array(z.string()),
  /** The brand holds money (a ledger movement exists): its currency can no longer change. */
  currencyLocked: z.boolean(),
});
export type BrandSettings = z.infer<typeof BrandSettings>;

/** PUT /bo/brand: every field, the version the form read and why. */
export const BrandSettingsBody = BrandSettingsFields.extend({
  version: z.number().int().min(1),
  reason: z.string().trim().max(200).optional(),
}).strict();
export type BrandSettingsBody = z.infer<typeof BrandSettingsBody>;

export const BrandSaveResult = z.object({
  settings: BrandSettings,
  /** The fields this save changed (top-level names), as the audit row records them. */
  changed: z.array(z.string()),
});

export const brandSettingsCall = defineCall({
  method: 'GET',
  path: '/bo/brand',
  auth: 'staff:brand.read',
  tag: TAG,
  summary: "The brand's settings as the Brand screen edits them",
  query: NoQuery,
  response: BrandSettings,
});

export const brandSaveCall = defineCall({
  method: 'PUT',
  path: '/bo/brand',
  alsoAccepts: ['PATCH'],
  auth: 'staff:brand.write',
  tag: TAG,
  summary: "Save the brand's settings (refused as STALE_EDIT over a later save)",
  body: BrandSettingsBody,
  response: BrandSaveResult,
});
