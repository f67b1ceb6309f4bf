import {
  type AnnouncementFields,
  type BannerFields,
  CS_ENCRYPTED_TYPE,
  decryptCsPath,
  encryptCsPath,
  type HelpSectionFields,
  LOCALES,
  type LocaleTexts,
  type PromotionFields,
  type ServiceChannelFields,
} from '@khela/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { safeHtmlTexts, urlToStore } from '../../platform/stored-content';
import type { ContentRecord, ContentTable } from './repo';

/**
 * What each content kind's columns hold, both ways: the desk's fields checked and made ready to
 * store (URLs through the content gate, HTML sanitised — platform/stored-content.ts, decision
 * 0025), and a stored row as the desk shows it. Only what the contract's schema cannot say is
 * checked here: a title in the brand's default language, an end after the start, a link that
 * matches its type.
 */

/** What a kind's check needs of the brand. */
export type BrandTexts = { defaultLanguage: string };

export type Kind<F, R> = {
  table: ContentTable;
  /** The audit target's prefix ('banner:12'). */
  target: string;
  /** Display order of the desk's list (and, with `ordered`, of the player site). */
  order: readonly [string, 'asc' | 'desc'][];
  ordered: boolean;
  /** The field the table keeps unique in a brand (a second one is refused as taken). */
  unique?: string;
  columns(fields: F, brand: BrandTexts): Promise<Record<string, unknown>>;
  row(record: ContentRecord): R;
};

/** The texts given, without empty ones; VALIDATION_FAILED when the default language's is missing. */
function texts(field: string, given: LocaleTexts, brand: BrandTexts, required: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of LOCALES) {
    const t = given[l];
    if (t !== undefined && t.trim() !== '') out[l] = t;
  }
  if (required && !out[brand.defaultLanguage])
    throw new AppError('VALIDATION_FAILED', { [`${field}.${brand.defaultLanguage}`]: 'validation.required' });
  return out;
}

/** Stored HTML per language, sanitised; an HTML text that sanitises to nothing counts as empty. */
async function html(field: string, given: LocaleTexts, brand: BrandTexts): Promise<string> {
  const clean = await safeHtmlTexts(texts(field, given, brand, false));
  for (const [l, t] of Object.entries(clean)) if (t.trim() === '') delete clean[l];
  if (!clean[brand.defaultLanguage])
    throw new AppError('VALIDATION_FAILED', { [`${field}.${brand.defaultLanguage}`]: 'validation.required' });
  return JSON.stringify(clean);
}

function window(startsAt: string | null, endsAt: string | null) {
  const start = startsAt === null ? null : new Date(startsAt);
  const end = endsAt === null ? null : new Date(endsAt);
  if (start && end && end <= start) throw new AppError('VALIDATION_FAILED', { endsAt: 'validation.endBeforeStart' });
  return { start, end };
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());
const localized = (v: unknown) => (v ?? {}) as LocaleTexts;

type Banner = z.infer<typeof BannerFields>;
export const bannerKind: Kind<Banner, Banner & { id: number; version: number }> = {
  table: 'banners',
  target: 'banner',
  order: [
    ['group_name', 'asc'],
    ['sort', 'asc'],
  ],
  ordered: true,
  async columns(f, brand) {
    const { start, end } = window(f.startsAt, f.endsAt);
    let linkage: string | null = null;
    if (f.linkageType !== 'none') {
      linkage = urlToStore('linkageValue', f.linkageValue);
      // A route is a path of this site; an outside address is an http(s) one.
      if ((f.linkageType === 'route') !== linkage.startsWith('/'))
        throw new AppError('VALIDATION_FAILED', { linkageValue: 'validation.invalid' });
    }
    return {
      group_name: f.groupName,
      image_url: urlToStore('imageUrl', f.imageUrl),
      title: JSON.stringify(texts('title', f.title, brand, false)),
      linkage_type: f.linkageType === 'none' ? null : f.linkageType,
      linkage_value: linkage,
      sort: f.sort,
      active: f.active,
      starts_at: start,
      ends_at: end,
    };
  },
  row: (r) => ({
    id: r.id,
    version: r.version,
    groupName: r.group_name as string,
    imageUrl: r.image_url as string,
    title: localized(r.title),
    linkageType: (r.linkage_type as 'route' | 'url' | null) ?? 'none',
    linkageValue: (r.linkage_value as string | null) ?? '',
    sort: r.sort as number,
    active: r.active as boolean,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  }),
};

type Announcement = z.infer<typeof AnnouncementFields>;
export const announcementKind: Kind<Announcement, Announcement & { id: number; version: number }> = {
  table: 'announcements',
  target: 'announcement',
  order: [['starts_at', 'desc']],
  ordered: false,
  async columns(f, brand) {
    const { start, end } = window(f.startsAt, f.endsAt);
    return {
      type: f.type,
      title: JSON.stringify(texts('title', f.title, brand, true)),
      content: await html('content', f.content, brand),
      popup: f.popup,
      active: f.active,
      // No start: showing from the save on.
      starts_at: start ?? new Date(),
      ends_at: end,
    };
  },
  row: (r) => ({
    id: r.id,
    version: r.version,
    type: r.type as Announcement['type'],
    title: localized(r.title),
    content: localized(r.content),
    popup: r.popup as boolean,
    active: r.active as boolean,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  }),
};

type Promotion = z.infer<typeof PromotionFields>;
export const promotionKind: Kind<Promotion, Promotion & { id: number; version: number }> = {
  table: 'promotions',
  target: 'promotion',
  order: [
    ['sort', 'asc'],
    ['starts_at', 'desc'],
  ],
  ordered: true,
  async columns(f, brand) {
    const { start, end } = window(f.startsAt, f.endsAt);
    return {
      category: f.category,
      title: JSON.stringify(texts('title', f.title, brand, true)),
      body: await html('body', f.body, brand),
      image_url: urlToStore('imageUrl', f.imageUrl),
      sort: f.sort,
      enabled: f.active,
      starts_at: start ?? new Date(),
      ends_at: end,
    };
  },
  row: (r) => ({
    id: r.id,
    version: r.version,
    category: r.category as Promotion['category'],
    title: localized(r.title),
    body: localized(r.body),
    imageUrl: r.image_url as string,
    sort: r.sort as number,
    active: r.enabled as boolean,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  }),
};

type HelpSection = z.infer<typeof HelpSectionFields>;
export const helpKind: Kind<HelpSection, HelpSection & { id: number; version: number }> = {
  table: 'help_sections',
  target: 'help',
  order: [['sort', 'asc']],
  ordered: true,
  unique: 'key',
  async columns(f, brand) {
    return {
      key: f.key,
      title: JSON.stringify(texts('title', f.title, brand, true)),
      content: await html('content', f.content, brand),
      sort: f.sort,
      active: f.active,
    };
  },
  row: (r) => ({
    id: r.id,
    version: r.version,
    key: r.key as string,
    title: localized(r.title),
    content: localized(r.content),
    sort: r.sort as number,
    active: r.active as boolean,
  }),
};

/** A stored type 3 path in plain text for the desk; a path that does not open is shown as stored. */
function plainPath(csType: number, path: string): string {
  if (csType !== CS_ENCRYPTED_TYPE) return path;
  try {
    return decryptCsPath(path);
  } catch {
    return path;
  }
}

type ServiceChannel = z.infer<typeof ServiceChannelFields>;
export const serviceKind: Kind<ServiceChannel, ServiceChannel & { id: number; version: number }> = {
  table: 'customer_service',
  target: 'service',
  order: [['sort', 'asc']],
  ordered: true,
  async columns(f, brand) {
    const path = urlToStore('path', f.path);
    return {
      cs_type: f.csType,
      title: JSON.stringify(texts('title', f.title, brand, true)),
      // Spec §7: type 3 links travel obfuscated, and the site opens them.
      path: f.csType === CS_ENCRYPTED_TYPE ? encryptCsPath(path) : path,
      sort: f.sort,
      active: f.active,
    };
  },
  row: (r) => ({
    id: r.id,
    version: r.version,
    csType: r.cs_type as number,
    title: localized(r.title),
    path: plainPath(r.cs_type as number, r.path as string),
    sort: r.sort as number,
    active: r.active as boolean,
  }),
};
