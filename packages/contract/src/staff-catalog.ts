import { defineCall } from './call';
import { GAME_CATEGORIES } from './constants';
import { MAX_CONTENT_URL_LENGTH } from './rich-text';
import { LocalizedTitle } from './staff-content';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The back office's Catalog desk (BACK-OFFICE.md "Catalog", decision 0039): vendors and games —
 * on/off, maintenance, hot, order, icons, names per language, launch addresses — and the
 * rotation of a provider's signing secret with an overlap window. A vendor switched off leaves
 * the lobby; a vendor under maintenance, or a game switched off, stays listed and answers
 * 'Game Under Maintenance'. Saves name the `version` they read (STALE_EDIT otherwise).
 */

const TAG = 'back office: catalog';
const version = z.number().int().positive();
const reason = z.string().trim().max(200).optional();
const sort = z.number().int().min(0).max(9999);
const optionalUrl = z.string().trim().max(MAX_CONTENT_URL_LENGTH);
const id = z.coerce.number().int().positive();

/** Where a vendor's signing secret comes from: PROVIDER_SECRETS (read-only here), the database, or none. */
export const SECRET_SOURCES = ['env', 'stored', 'none'] as const;

export const CatalogVendorRow = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  category: z.string(),
  name: z.string(),
  names: LocalizedTitle,
  icon: z.string().nullable(),
  isHot: z.boolean(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sort: z.number().int(),
  launchUrl: z.string().nullable(),
  launchUrl2: z.string().nullable(),
  gameCount: z.number().int(),
  version: z.number().int(),
  /** The vendor's seamless-wallet account: its secret's source and the last rotation. */
  secret: z.object({
    source: z.enum(SECRET_SOURCES),
    rotatedAt: z.string().nullable(),
    /** Until when the secret before the last rotation is still accepted; null when it no longer is. */
    previousUntil: z.string().nullable(),
  }),
});
export type CatalogVendorRow = z.infer<typeof CatalogVendorRow>;

export const CatalogVendorBody = z
  .object({
    names: LocalizedTitle,
    icon: optionalUrl,
    isHot: z.boolean(),
    enabled: z.boolean(),
    maintenance: z.boolean(),
    sort,
    /** The launch address template ({token}, {game}, {lang}, {player}); empty: no launcher. */
    launchUrl: optionalUrl,
    launchUrl2: optionalUrl,
    version,
    reason,
  })
  .strict();

export const CATALOG_GAME_STATUSES = ['all', 'on', 'off', 'hot'] as const;

export const CatalogGamesQuery = z
  .object({
    vendorId: id.optional(),
    status: z.enum(CATALOG_GAME_STATUSES).default('all'),
    /** A code or name fragment. */
    q: z.string().trim().max(60).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const CatalogGameRow = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vassalage: z.string(),
  code: z.string(),
  names: LocalizedTitle,
  icon: z.string().nullable(),
  isHot: z.boolean(),
  /** Off: listed in the lobby as under maintenance. */
  enabled: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type CatalogGameRow = z.infer<typeof CatalogGameRow>;

export const CatalogGamesPage = z.object({ list: z.array(CatalogGameRow), total: z.number().int() });

export const CatalogGameBody = z
  .object({ names: LocalizedTitle, icon: optionalUrl, isHot: z.boolean(), enabled: z.boolean(), sort, version, reason })
  .strict();

/** The longest overlap a rotation may keep the old secret for: a week. */
export const MAX_SECRET_OVERLAP_MINUTES = 7 * 24 * 60;

export const RotateSecretBody = z
  .object({
    /** How long the secret being replaced is still accepted; 0 ends it at once. */
    overlapMinutes: z.number().int().min(0).max(MAX_SECRET_OVERLAP_MINUTES),
    reason: z.string().trim().min(1).max(200),
  })
  .strict();

/** The new secret, shown this once: the server keeps it only sealed. */
export const RotatedSecret = z.object({
  secret: z.string(),
  previousUntil: z.string().nullable(),
  rotatedAt: z.string(),
});

export const CatalogParams = z.object({ id }).strict();

/**
 * The categories a vendor may be added in: every lobby category but In-House, whose one vendor
 * (INHOUSE_VENDOR) is Khela's own and is put on a brand by catalogInhouseCall.
 */
export const VENDOR_CATEGORIES = GAME_CATEGORIES.filter((c) => c !== 'INHOUSE') as Exclude<
  (typeof GAME_CATEGORIES)[number],
  'INHOUSE'
>[];

/** A vendor's code as the lobby and the seamless-wallet API name it ('NKR', 'TCG_SEA'). */
export const VENDOR_CODE = /^[A-Z0-9][A-Z0-9_]{1,19}$/;
/** A game's code as its vendor names it ('NKR-TIGER', 'slot'). */
export const GAME_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

export const CatalogNewVendorBody = z
  .object({
    vassalage: z.string().trim().regex(VENDOR_CODE),
    category: z.enum(VENDOR_CATEGORIES as [string, ...string[]]),
    names: LocalizedTitle,
    icon: optionalUrl,
    isHot: z.boolean(),
    enabled: z.boolean(),
    sort,
    launchUrl: optionalUrl,
    launchUrl2: optionalUrl,
    /** A seamless-wallet account with a fresh signing secret, shown once in the answer. */
    walletAccount: z.boolean(),
    reason,
  })
  .strict();

/** The vendor added, and its signing secret when it got a wallet account (shown this once). */
export const CatalogNewVendor = z.object({ vendor: CatalogVendorRow, secret: z.string().nullable() });

export const CatalogNewGameBody = z
  .object({
    vendorId: z.number().int().positive(),
    code: z.string().trim().regex(GAME_CODE),
    names: LocalizedTitle,
    icon: optionalUrl,
    /** The game's type within its vendor's category ('video', 'crash'); empty: none. */
    classify: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,40}$/),
    isHot: z.boolean(),
    enabled: z.boolean(),
    sort,
    reason,
  })
  .strict();

/**
 * Khela's in-house games, as catalogInhouseCall puts them on a brand, under the one vendor of
 * category INHOUSE (no other vendor may be added in it).
 */
export const INHOUSE_GAME_CODES = ['slot', 'crash', 'dice'] as const;

/** What putting the in-house games on the brand did: the games added (none when all were there). */
export const CatalogInhouseResult = z.object({
  vendorAdded: z.boolean(),
  added: z.array(z.string()),
  /** The in-house games the brand has now. */
  games: z.array(z.string()),
});

export const catalogVendorCreateCall = defineCall({
  method: 'POST',
  path: '/bo/catalog/vendors',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: 'Add a vendor to the brand, with a wallet account and its signing secret shown once',
  body: CatalogNewVendorBody,
  response: CatalogNewVendor,
});

export const catalogGameCreateCall = defineCall({
  method: 'POST',
  path: '/bo/catalog/games',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: "Add a game under one of the brand's vendors",
  body: CatalogNewGameBody,
  response: CatalogGameRow,
});

export const catalogInhouseCall = defineCall({
  method: 'POST',
  path: '/bo/catalog/in-house',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: "Put Khela's in-house games (slot, dice, crash) on the brand; adds only what is missing",
  body: z.object({ reason }).strict(),
  response: CatalogInhouseResult,
});

export const catalogVendorsCall = defineCall({
  method: 'GET',
  path: '/bo/catalog/vendors',
  auth: 'staff:catalog.read',
  tag: TAG,
  summary: "The brand's vendors in lobby order, with their secret's source",
  query: NoQuery,
  response: z.array(CatalogVendorRow),
});

export const catalogVendorUpdateCall = defineCall({
  method: 'PUT',
  path: '/bo/catalog/vendors/:id',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: 'Save a vendor: on/off, maintenance, hot, order, icon, names, launch addresses',
  params: CatalogParams,
  body: CatalogVendorBody,
  response: CatalogVendorRow,
});

export const catalogRotateSecretCall = defineCall({
  method: 'POST',
  path: '/bo/catalog/vendors/:id/secret',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: "Rotate a vendor's signing secret; the old one is accepted until the overlap ends",
  params: CatalogParams,
  body: RotateSecretBody,
  response: RotatedSecret,
});

export const catalogGamesCall = defineCall({
  method: 'GET',
  path: '/bo/catalog/games',
  auth: 'staff:catalog.read',
  tag: TAG,
  summary: 'Games of the brand, server-paged, by vendor and status',
  query: CatalogGamesQuery,
  response: CatalogGamesPage,
});

export const catalogGameUpdateCall = defineCall({
  method: 'PUT',
  path: '/bo/catalog/games/:id',
  auth: 'staff:catalog.write',
  tag: TAG,
  summary: 'Save a game: on/off, hot, order, icon, names',
  params: CatalogParams,
  body: CatalogGameBody,
  response: CatalogGameRow,
});
