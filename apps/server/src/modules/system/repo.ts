import type { AnnouncementType } from '@khela/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The longest notice list one call returns: the modal pages 9 at a time, nobody reads 200. */
const NOTICE_LIMIT = 200;

/** Active banners of a group showing at `now`, in display order. */
export function activeBanners(db: Db, brandId: number, groupName: string, now: Date) {
  return db
    .selectFrom('banners')
    .select(['id', 'group_name', 'image_url', 'title', 'linkage_type', 'linkage_value'])
    .where('brand_id', '=', brandId)
    .where('group_name', '=', groupName)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Announcements of the given types current at `now`, newest first. */
export function currentAnnouncements(
  db: Db,
  brandId: number,
  filter: { types: AnnouncementType[]; platform: string; execution: string },
  now: Date,
) {
  return db
    .selectFrom('announcements')
    .select(['id', 'type', 'title', 'content', 'popup', 'starts_at'])
    .where('brand_id', '=', brandId)
    .where('type', 'in', filter.types)
    .where('active', '=', true)
    .where('platform', '=', filter.platform)
    .where('execution', '=', filter.execution)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTICE_LIMIT)
    .execute();
}

export function helpSections(db: Db, brandId: number) {
  return db
    .selectFrom('help_sections')
    .select(['id', 'key', 'title', 'content'])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// ---- saving operator content (content.ts checks it first) -----------------------------------

export function insertAnnouncement(
  db: Db,
  row: {
    brand_id: number;
    type: AnnouncementType;
    title: string;
    content: string;
    popup: boolean;
    platform?: string;
    execution?: string;
    starts_at?: Date;
    ends_at?: Date | null;
  },
) {
  return db.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertHelpSection(
  db: Db,
  row: { brand_id: number; key: string; title: string; content: string; sort: number },
) {
  return db.insertInto('help_sections').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertBanner(
  db: Db,
  row: {
    brand_id: number;
    group_name: string;
    image_url: string;
    title: string;
    linkage_type: 'route' | 'url' | null;
    linkage_value: string | null;
    sort: number;
    active?: boolean;
    starts_at?: Date | null;
    ends_at?: Date | null;
  },
) {
  return db.insertInto('banners').values(row).returning('id').executeTakeFirstOrThrow();
}

/** A brand's resource of one type, replaced when it exists (one per type). */
export async function upsertResource(
  db: Db,
  row: { brand_id: number; resource_type: string; url: string; qr_code_url: string | null; label_name_en: string },
) {
  await db
    .insertInto('resources')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['brand_id', 'resource_type'])
        .doUpdateSet({ url: row.url, qr_code_url: row.qr_code_url, label_name_en: row.label_name_en }),
    )
    .execute();
}

export function insertCustomerService(
  db: Db,
  row: { brand_id: number; cs_type: number; title: string; path: string; sort: number },
) {
  return db.insertInto('customer_service').values(row).returning('id').executeTakeFirstOrThrow();
}
