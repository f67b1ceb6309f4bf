import { defineCall } from './call';
import { ANNOUNCEMENT_TYPES, LOCALES, PROMOTION_CATEGORIES, RESOURCE_TYPES } from './constants';
import { MAX_CONTENT_URL_LENGTH } from './rich-text';
import { NoQuery } from './system';
import { multilineText } from './text';
import { z } from './zod';

/**
 * The back office's Content desk (BACK-OFFICE.md "Content", decision 0039): banners per group,
 * announcements (B, PL, PU, PR, H), promotions' pages, help sections, customer-service channels
 * and resources (app downloads and links). Every kind is listed, created, updated and deleted;
 * an update or a delete names the `version` it read and is refused with STALE_EDIT when someone
 * saved first. HTML is sanitised on save under RICH_TEXT_POLICY; URLs follow isSafeContentUrl.
 */

const TAG = 'back office: content';

/** The content kinds the desk edits, in the order of its sub-navigation. */
export const CONTENT_KINDS = ['banners', 'announcements', 'promotions', 'help', 'service', 'resources'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The longest HTML body accepted per language (a help page with tables, not a book). */
export const MAX_CONTENT_HTML = 50_000;
const TITLE_MAX = 200;

/** A text per language of LOCALES; a language left out falls back as the player site's textIn does. */
function perLocale(text: () => z.ZodString) {
  return z
    .object(
      Object.fromEntries(LOCALES.map((l) => [l, text().optional()])) as Record<
        (typeof LOCALES)[number],
        z.ZodOptional<z.ZodString>
      >,
    )
    .strict();
}
/** Plain titles per language. */
export const LocalizedTitle = perLocale(() => z.string().trim().max(TITLE_MAX));
/** Operator HTML per language (sanitised on save). */
export const LocalizedHtml = perLocale(() => multilineText(z.string().max(MAX_CONTENT_HTML)));
export type LocaleTexts = Partial<Record<(typeof LOCALES)[number], string>>;

const url = z.string().trim().min(1).max(MAX_CONTENT_URL_LENGTH);
const optionalUrl = z.string().trim().max(MAX_CONTENT_URL_LENGTH);
const sort = z.number().int().min(0).max(9999);
/** An instant as ISO 8601 (the screen shows it in the brand's time zone); null: open-ended. */
const instant = z.iso.datetime({ offset: true }).nullable();
const version = z.number().int().positive();
/** Why, optionally: kept in the audit row. */
const reason = z.string().trim().max(200).optional();

// ---- the kinds' fields ------------------------------------------------------------------------

export const BannerFields = z
  .object({
    /** The carousel it shows in ('home', 'promotion' …). */
    groupName: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/),
    imageUrl: url,
    title: LocalizedTitle,
    /** Where a click goes: 'route' a site path, 'url' an outside address, 'none' not clickable. */
    linkageType: z.enum(['none', 'route', 'url']),
    linkageValue: optionalUrl,
    sort,
    active: z.boolean(),
    startsAt: instant,
    endsAt: instant,
  })
  .strict();

export const AnnouncementFields = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES),
    title: LocalizedTitle,
    content: LocalizedHtml,
    /** Also shown as a pop-up (a PU notice always is). */
    popup: z.boolean(),
    active: z.boolean(),
    /** When it starts showing; null: from the save. */
    startsAt: instant,
    endsAt: instant,
  })
  .strict();

export const PromotionFields = z
  .object({
    category: z.enum(PROMOTION_CATEGORIES),
    title: LocalizedTitle,
    body: LocalizedHtml,
    imageUrl: url,
    sort,
    active: z.boolean(),
    startsAt: instant,
    endsAt: instant,
  })
  .strict();

export const HelpSectionFields = z
  .object({
    /** The section's address on the help page (/help#key). */
    key: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[a-z0-9-]+$/),
    title: LocalizedTitle,
    content: LocalizedHtml,
    sort,
    active: z.boolean(),
  })
  .strict();

export const ServiceChannelFields = z
  .object({
    /** The channel's kind as the site reads it (spec §7); type 3 links are stored obfuscated. */
    csType: z.number().int().min(1).max(9),
    title: LocalizedTitle,
    /** The link in plain text. */
    path: url,
    sort,
    active: z.boolean(),
  })
  .strict();

export const ResourceFields = z
  .object({
    resourceType: z.enum(RESOURCE_TYPES),
    url,
    qrCodeUrl: optionalUrl,
    label: z.string().trim().max(60),
  })
  .strict();

export const BannerRow = BannerFields.extend({ id: z.number().int(), version: z.number().int() });
export const AnnouncementRow = AnnouncementFields.extend({ id: z.number().int(), version: z.number().int() });
export const PromotionRow = PromotionFields.extend({ id: z.number().int(), version: z.number().int() });
export const HelpSectionRow = HelpSectionFields.extend({ id: z.number().int(), version: z.number().int() });
export const ServiceChannelRow = ServiceChannelFields.extend({ id: z.number().int(), version: z.number().int() });
/** A resource is one per type: its id is its type's place in RESOURCE_TYPES (from 1). */
export const ResourceRow = ResourceFields.extend({ id: z.number().int(), version: z.number().int() });

export type BannerRow = z.infer<typeof BannerRow>;
export type AnnouncementRow = z.infer<typeof AnnouncementRow>;
export type PromotionRow = z.infer<typeof PromotionRow>;
export type HelpSectionRow = z.infer<typeof HelpSectionRow>;
export type ServiceChannelRow = z.infer<typeof ServiceChannelRow>;
export type ResourceRow = z.infer<typeof ResourceRow>;

// Bodies: a new record's fields with an optional reason; an update's also name the version read.
export const BannerCreateBody = BannerFields.extend({ reason });
export const BannerUpdateBody = BannerFields.extend({ version, reason });
export const AnnouncementCreateBody = AnnouncementFields.extend({ reason });
export const AnnouncementUpdateBody = AnnouncementFields.extend({ version, reason });
export const PromotionCreateBody = PromotionFields.extend({ reason });
export const PromotionUpdateBody = PromotionFields.extend({ version, reason });
export const HelpSectionCreateBody = HelpSectionFields.extend({ reason });
export const HelpSectionUpdateBody = HelpSectionFields.extend({ version, reason });
export const ServiceChannelCreateBody = ServiceChannelFields.extend({ reason });
export const ServiceChannelUpdateBody = ServiceChannelFields.extend({ version, reason });
export const ResourceCreateBody = ResourceFields.extend({ reason });
export const ResourceUpdateBody = ResourceFields.extend({ version, reason });

export const ContentParams = z.object({ id: z.coerce.number().int().positive() }).strict();
export const ContentDeleteBody = z.object({ version, reason }).strict();
/** The new display order: every id of the kind, first shown first. */
export const ContentOrderBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(500), reason })
  .strict();

// ---- the calls: five per kind ------------------------------------------------------------------

/**
 * list, create, update, delete and (for kinds with a display order) order, each a contract
 * object of its own so that the endpoints file, the docs and the permission tests see them all.
 */
function callsOf<K extends string, C extends z.ZodType, U extends z.ZodType, R extends z.ZodType>(
  kind: K,
  bodies: { create: C; update: U },
  row: R,
  what: string,
) {
  const base = `/bo/content/${kind}` as const;
  return {
    list: defineCall({
      method: 'GET',
      path: base,
      auth: 'staff:content.read',
      tag: TAG,
      summary: `Every ${what} of the brand, in display order`,
      query: NoQuery,
      response: z.array(row),
    }),
    create: defineCall({
      method: 'POST',
      path: base,
      auth: 'staff:content.write',
      tag: TAG,
      summary: `Add a ${what} (HTML sanitised, URLs checked)`,
      body: bodies.create,
      response: row,
    }),
    update: defineCall({
      method: 'PUT',
      path: `${base}/:id`,
      auth: 'staff:content.write',
      tag: TAG,
      summary: `Save a ${what}; refused with STALE_EDIT when someone saved first`,
      params: ContentParams,
      body: bodies.update,
      response: row,
    }),
    remove: defineCall({
      method: 'POST',
      path: `${base}/:id/delete`,
      auth: 'staff:content.write',
      tag: TAG,
      summary: `Delete a ${what}; refused with STALE_EDIT when someone saved first`,
      params: ContentParams,
      body: ContentDeleteBody,
      response: z.object({ deleted: z.boolean() }),
    }),
    order: defineCall({
      method: 'POST',
      path: `${base}/order`,
      auth: 'staff:content.write',
      tag: TAG,
      summary: `Set the display order of the ${what}s`,
      body: ContentOrderBody,
      response: z.array(row),
    }),
  };
}

const banner = callsOf('banners', { create: BannerCreateBody, update: BannerUpdateBody }, BannerRow, 'banner');
export const contentBannersCall = banner.list;
export const contentBannerCreateCall = banner.create;
export const contentBannerUpdateCall = banner.update;
export const contentBannerDeleteCall = banner.remove;
export const contentBannerOrderCall = banner.order;

const announcement = callsOf(
  'announcements',
  { create: AnnouncementCreateBody, update: AnnouncementUpdateBody },
  AnnouncementRow,
  'announcement',
);
export const contentAnnouncementsCall = announcement.list;
export const contentAnnouncementCreateCall = announcement.create;
export const contentAnnouncementUpdateCall = announcement.update;
export const contentAnnouncementDeleteCall = announcement.remove;

const promotion = callsOf(
  'promotions',
  { create: PromotionCreateBody, update: PromotionUpdateBody },
  PromotionRow,
  'promotion page',
);
export const contentPromotionsCall = promotion.list;
export const contentPromotionCreateCall = promotion.create;
export const contentPromotionUpdateCall = promotion.update;
export const contentPromotionDeleteCall = promotion.remove;
export const contentPromotionOrderCall = promotion.order;

const help = callsOf(
  'help',
  { create: HelpSectionCreateBody, update: HelpSectionUpdateBody },
  HelpSectionRow,
  'help section',
);
export const contentHelpCall = help.list;
export const contentHelpCreateCall = help.create;
export const contentHelpUpdateCall = help.update;
export const contentHelpDeleteCall = help.remove;
export const contentHelpOrderCall = help.order;

const service = callsOf(
  'service',
  { create: ServiceChannelCreateBody, update: ServiceChannelUpdateBody },
  ServiceChannelRow,
  'customer-service channel',
);
export const contentServiceCall = service.list;
export const contentServiceCreateCall = service.create;
export const contentServiceUpdateCall = service.update;
export const contentServiceDeleteCall = service.remove;
export const contentServiceOrderCall = service.order;

const resource = callsOf(
  'resources',
  { create: ResourceCreateBody, update: ResourceUpdateBody },
  ResourceRow,
  'resource',
);
export const contentResourcesCall = resource.list;
export const contentResourceCreateCall = resource.create;
export const contentResourceUpdateCall = resource.update;
export const contentResourceDeleteCall = resource.remove;

export { NoQuery as ContentListQuery };
