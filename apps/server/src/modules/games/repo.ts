import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The brand's enabled vendors, in category order (game_categories.sort), then vendor order. */
export function enabledVendorsByCategory(db: Db, brandId: number) {
  return db
    .selectFrom('vendors as v')
    .innerJoin('game_categories as c', 'c.code', 'v.category')
    .select(['v.category', 'v.vassalage', 'v.name', 'v.icon', 'v.is_hot', 'v.is_game'])
    .where('v.brand_id', '=', brandId)
    .where('v.enabled', '=', true)
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('v.vassalage')
    .execute();
}
