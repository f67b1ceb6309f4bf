import type { Promotion, PromotionCategory, PromotionList } from '@khela/contract';
import type { Kysely } from 'kysely';
import { type BrandSnapshot, type LocalizedText, textIn } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { safeHtml, safeHtmlTexts, safeUrl, urlToStore } from '../../platform/stored-content';
import * as repo from './repo';

type Row = Awaited<ReturnType<typeof repo.runningPage>>[number];

/** A row in the visitor's language: a text the promotion lacks falls back to the brand default. */
async function promotionOf(r: Row, language: string | undefined, brand: BrandSnapshot): Promise<Promotion> {
  return {
    id: r.id,
    category: r.category,
    title: textIn(r.title, language, brand),
    body: await safeHtml(textIn(r.body, language, brand)),
    // A picture whose address is not safe is dropped: the promotion shows without it.
    imageUrl: safeUrl(r.image_url) ?? '',
    startTime: new Date(r.starts_at).toISOString(),
    endTime: r.ends_at === null ? null : new Date(r.ends_at).toISOString(),
  };
}

/** Running promotions (enabled, inside their window at `now`), one page; 'all' is every category. */
export async function promotionList(
  db: Database,
  brand: BrandSnapshot,
  q: {
    category?: PromotionCategory | 'all' | undefined;
    language?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
): Promise<PromotionList> {
  const category = q.category && q.category !== 'all' ? q.category : null;
  const [rows, total] = await Promise.all([
    repo.runningPage(db.kysely, brand.id, { category, limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }, now),
    repo.runningCount(db.kysely, brand.id, category, now),
  ]);
  return {
    list: await Promise.all(rows.map((r) => promotionOf(r, q.language, brand))),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** One running promotion; a disabled, ended, future or other brand's one is NOT_FOUND like an unknown id. */
export async function promotionById(
  db: Database,
  brand: BrandSnapshot,
  id: number,
  language: string | undefined,
  now: Date,
): Promise<Promotion> {
  const row = await repo.runningById(db.kysely, brand.id, id, now);
  if (!row) throw new AppError('NOT_FOUND');
  return promotionOf(row, language, brand);
}

export type PromotionInput = {
  category: PromotionCategory;
  title: LocalizedText;
  /** Operator HTML per language. */
  body: LocalizedText;
  imageUrl: string;
  startsAt?: Date;
  endsAt?: Date | null;
  sort: number;
  enabled?: boolean;
};

/**
 * Saves a promotion (the back office's save path): its picture must be an http(s) address or a
 * site path, or VALIDATION_FAILED names `imageUrl`; its HTML is stored sanitised (decision 0025).
 */
export async function savePromotion(db: Kysely<DB>, brandId: number, p: PromotionInput): Promise<number> {
  const row = await repo.insertPromotion(db, {
    brand_id: brandId,
    category: p.category,
    title: JSON.stringify(p.title),
    body: JSON.stringify(await safeHtmlTexts(p.body)),
    image_url: urlToStore('imageUrl', p.imageUrl),
    sort: p.sort,
    ...(p.startsAt ? { starts_at: p.startsAt } : {}),
    ...(p.endsAt !== undefined ? { ends_at: p.endsAt } : {}),
    ...(p.enabled !== undefined ? { enabled: p.enabled } : {}),
  });
  return row.id;
}

/** Running promotions of one category, first page (the cashier offers the deposit ones). */
export function runningOfCategory(
  db: Database,
  brandId: number,
  category: Parameters<typeof repo.runningPage>[2]['category'],
  now = new Date(),
) {
  return repo.runningPage(db.kysely, brandId, { category, limit: 50, offset: 0 }, now);
}
