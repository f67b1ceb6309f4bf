import type { PromotionCategory } from '@khela/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = ['id', 'category', 'title', 'body', 'image_url', 'starts_at', 'ends_at'] as const;

/** Enabled promotions of a brand inside their time window at `now`, optionally of one category. */
function running(db: Db, brandId: number, category: PromotionCategory | null, now: Date) {
  let q = db
    .selectFrom('promotions')
    .where('brand_id', '=', brandId)
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  if (category) q = q.where('category', '=', category);
  return q;
}

/** One page of running promotions in display order (the operator's sort, then newest first). */
export function runningPage(
  db: Db,
  brandId: number,
  filter: { category: PromotionCategory | null; limit: number; offset: number },
  now: Date,
) {
  return running(db, brandId, filter.category, now)
    .select(COLUMNS)
    .orderBy('sort')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function runningCount(db: Db, brandId: number, category: PromotionCategory | null, now: Date) {
  const row = await running(db, brandId, category, now)
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function runningById(db: Db, brandId: number, id: number, now: Date) {
  return running(db, brandId, null, now).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertPromotion(
  db: Db,
  row: {
    brand_id: number;
    category: PromotionCategory;
    title: string;
    body: string;
    image_url: string;
    starts_at?: Date;
    ends_at?: Date | null;
    sort: number;
    enabled?: boolean;
  },
) {
  return db.insertInto('promotions').values(row).returning('id').executeTakeFirstOrThrow();
}
