import { type AnnouncementType, CS_ENCRYPTED_TYPE, encryptCsPath, type ResourceType } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { optionalUrlToStore, safeHtmlTexts, urlToStore } from '../../platform/stored-content';
import * as repo from './repo';

/**
 * Saving the brand's content (the demo seed today, the back office next): every URL must be an
 * http(s) address or a site path, or the save is refused with VALIDATION_FAILED naming the
 * field; HTML is stored sanitised (platform/stored-content.ts, decision 0025). `db` may be a
 * transaction.
 */

export type NoticeInput = {
  type: AnnouncementType;
  title: LocalizedText;
  /** Operator HTML per language. */
  content: LocalizedText;
  popup?: boolean;
  platform?: string;
  execution?: string;
  startsAt?: Date;
  endsAt?: Date | null;
};

export async function saveNotice(db: Kysely<DB>, brandId: number, n: NoticeInput): Promise<number> {
  const row = await repo.insertAnnouncement(db, {
    brand_id: brandId,
    type: n.type,
    title: JSON.stringify(n.title),
    content: JSON.stringify(await safeHtmlTexts(n.content)),
    popup: n.popup ?? false,
    ...(n.platform ? { platform: n.platform } : {}),
    ...(n.execution ? { execution: n.execution } : {}),
    ...(n.startsAt ? { starts_at: n.startsAt } : {}),
    ...(n.endsAt !== undefined ? { ends_at: n.endsAt } : {}),
  });
  return row.id;
}

export type HelpSectionInput = { key: string; title: LocalizedText; content: LocalizedText; sort: number };

export async function saveHelpSection(db: Kysely<DB>, brandId: number, h: HelpSectionInput): Promise<number> {
  const row = await repo.insertHelpSection(db, {
    brand_id: brandId,
    key: h.key,
    title: JSON.stringify(h.title),
    content: JSON.stringify(await safeHtmlTexts(h.content)),
    sort: h.sort,
  });
  return row.id;
}

export type BannerInput = {
  groupName: string;
  imageUrl: string;
  title: LocalizedText;
  /** Where a click goes: a site path ('route') or an outside address ('url'); null: not clickable. */
  linkage: { type: 'route' | 'url'; value: string } | null;
  sort: number;
  active?: boolean;
  startsAt?: Date | null;
  endsAt?: Date | null;
};

export async function saveBanner(db: Kysely<DB>, brandId: number, b: BannerInput): Promise<number> {
  const linkage = b.linkage ? { type: b.linkage.type, value: urlToStore('linkageValue', b.linkage.value) } : null;
  // A route is a path of this site; an outside address is an http(s) one.
  if (linkage && (linkage.type === 'route') !== linkage.value.startsWith('/'))
    throw new AppError('VALIDATION_FAILED', { linkageValue: 'validation.invalid' });
  const row = await repo.insertBanner(db, {
    brand_id: brandId,
    group_name: b.groupName,
    image_url: urlToStore('imageUrl', b.imageUrl),
    title: JSON.stringify(b.title),
    linkage_type: linkage?.type ?? null,
    linkage_value: linkage?.value ?? null,
    sort: b.sort,
    ...(b.active !== undefined ? { active: b.active } : {}),
    ...(b.startsAt !== undefined ? { starts_at: b.startsAt } : {}),
    ...(b.endsAt !== undefined ? { ends_at: b.endsAt } : {}),
  });
  return row.id;
}

export type ResourceInput = { type: ResourceType; url: string; qrCodeUrl?: string | null; label: string };

/** Sets the brand's resource of this type (an app download, a social link …). */
export async function saveResource(db: Kysely<DB>, brandId: number, r: ResourceInput): Promise<void> {
  await repo.upsertResource(db, {
    brand_id: brandId,
    resource_type: r.type,
    url: urlToStore('url', r.url),
    qr_code_url: optionalUrlToStore('qrCodeUrl', r.qrCodeUrl),
    label_name_en: r.label,
  });
}

export type CustomerServiceInput = { csType: number; title: LocalizedText; path: string; sort: number };

/** Adds a customer-service link, given in plain text: a type 3 link is stored obfuscated. */
export async function saveCustomerService(db: Kysely<DB>, brandId: number, c: CustomerServiceInput): Promise<number> {
  const path = urlToStore('path', c.path);
  const row = await repo.insertCustomerService(db, {
    brand_id: brandId,
    cs_type: c.csType,
    title: JSON.stringify(c.title),
    path: c.csType === CS_ENCRYPTED_TYPE ? encryptCsPath(path) : path,
    sort: c.sort,
  });
  return row.id;
}
