import type { Promotion, PromotionCategory, PromotionList } from '@khela/contract';
import { type BrandSnapshot, textIn } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

type Row = Awaited<ReturnType<typeof repo.runningPage>>[number];

/** A row in the visitor's language: a text the promotion lacks falls back to the brand default. */
function promotionOf(r: Row, language: string | undefined, brand: BrandSnapshot): Promotion {
  return {
    id: r.id,
    category: r.category,
    title: textIn(r.title, language, brand),
    body: textIn(r.body, language, brand),
    imageUrl: r.image_url,
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
    list: rows.map((r) => promotionOf(r, q.language, brand)),
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
