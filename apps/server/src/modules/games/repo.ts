import { INHOUSE_VENDOR, RECENT_GAMES_KEPT } from '@khela/contract';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The brand's enabled vendors, in category order (game_categories.sort), then vendor order. */
export function enabledVendorsByCategory(db: Db, brandId: number) {
  return db
    .selectFrom('vendors as v')
    .innerJoin('game_categories as c', 'c.code', 'v.category')
    .select(['v.category', 'v.vassalage', 'v.name', 'v.names', 'v.icon', 'v.is_hot', 'v.is_game'])
    .where('v.brand_id', '=', brandId)
    .where('v.enabled', '=', true)
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('v.vassalage')
    .execute();
}

/** What narrows a game list; every field is optional and empty lists mean "any". */
export type GameFilter = {
  gameType?: string;
  vassalage?: string[];
  gameClassify?: string[];
  /** Lower-case words already normalised; a game matches when its code or any name contains the text. */
  search?: string;
  /** Games whose smallest stake is at most this many minor units. */
  maxMinBet?: bigint;
  minLineNum?: number;
  platforms?: string[];
  hotOnly?: boolean;
};

type Joined = SelectQueryBuilder<
  DB & { g: DB['games']; v: DB['vendors']; c: DB['game_categories'] },
  'g' | 'v' | 'c',
  // biome-ignore lint/complexity/noBannedTypes: kysely's empty selection
  {}
>;

/** Listed games of a brand: the vendor must be enabled; switched-off games stay (maintenance). */
function listed(db: Db, brandId: number, f: GameFilter): Joined {
  let q = db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
    .innerJoin('game_categories as c', 'c.code', 'v.category')
    .where('g.brand_id', '=', brandId)
    .where('v.enabled', '=', true) as unknown as Joined;
  if (f.gameType) q = q.where('v.category', '=', f.gameType);
  if (f.vassalage?.length) q = q.where('v.vassalage', 'in', f.vassalage);
  if (f.gameClassify?.length) q = q.where('g.game_classify', 'in', f.gameClassify);
  if (f.maxMinBet !== undefined) q = q.where('g.min_bet', '<=', f.maxMinBet);
  if (f.minLineNum) q = q.where('g.min_line_num', '>=', f.minLineNum);
  if (f.hotOnly) q = q.where('g.is_hot', '=', true);
  if (f.platforms?.length) {
    q = q.where(sql<boolean>`g.platforms && ARRAY[${sql.join(f.platforms.map((p) => sql`${p}`))}]::text[]`);
  }
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where(
      sql<boolean>`(g.code ILIKE ${pattern} OR EXISTS (SELECT 1 FROM jsonb_each_text(g.names) AS n WHERE lower(n.value) LIKE ${pattern}))`,
    );
  }
  return q;
}

/**
 * Whether a vendor's games can be opened at all: it needs a launcher (the in-house provider, or
 * an operator's launch_url, migration 0014) and an enabled seamless-wallet account
 * (provider_vendors), without which a launched game could not take a bet, and no maintenance set
 * from the back office (migration 0037). One expression, so
 * the lobby's maintenance mark and the launch's answer can never disagree.
 */
export const vendorLaunchable = sql<boolean>`((v.vassalage = ${INHOUSE_VENDOR} OR v.launch_url IS NOT NULL)
  AND NOT v.maintenance
  AND EXISTS (SELECT 1 FROM provider_vendors pv
               WHERE pv.brand_id = v.brand_id AND pv.code = v.vassalage AND pv.enabled))`;

const GAME_COLUMNS = [
  'g.id',
  'g.code',
  'g.names',
  'g.game_classify',
  'g.min_bet',
  'g.min_line_num',
  'g.icon',
  'g.is_hot',
  'g.enabled',
  'g.platforms',
  'v.vassalage',
  'v.category',
  'v.name as vendor_name',
  'v.names as vendor_names',
  vendorLaunchable.as('launchable'),
] as const;

export type GameRow = Awaited<ReturnType<typeof listGames>>[number];

/** One page of listed games in lobby order: category, vendor, then the operator's game order. */
export function listGames(db: Db, brandId: number, f: GameFilter, limit: number, offset: number) {
  return listed(db, brandId, f)
    .select(GAME_COLUMNS)
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countGames(db: Db, brandId: number, f: GameFilter): Promise<number> {
  const r = await listed(db, brandId, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Per enabled vendor with listed games: its card and the classifications its games use. */
export function vendorsWithGames(db: Db, brandId: number, f: Pick<GameFilter, 'gameType' | 'platforms'>) {
  return listed(db, brandId, f)
    .select([
      'v.category',
      'v.vassalage',
      'v.name',
      'v.names',
      'v.icon',
      'v.is_hot',
      'v.is_game',
      (eb) => eb.fn.countAll<string>().as('game_count'),
      sql<string[]>`array_agg(DISTINCT g.game_classify)`.as('classifies'),
    ])
    .groupBy(['v.id', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('v.vassalage')
    .execute();
}

/** A listed game of the brand, by id, if its vendor and category are as named. */
export function findGame(db: Db, brandId: number, id: number, vassalage: string, gameType: string) {
  return listed(db, brandId, { gameType, vassalage: [vassalage] })
    .select(['g.id'])
    .where('g.id', '=', id)
    .executeTakeFirst();
}

/** Removes the favourite if there was one; true when a row went. */
export async function removeFavourite(db: Db, memberId: bigint, gameId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('favourite_games')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function addFavourite(db: Db, memberId: bigint, gameId: number): Promise<void> {
  await db
    .insertInto('favourite_games')
    .values({ member_id: memberId, game_id: gameId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The member's favourites among the brand's listed games, newest first. */
export function favouriteGames(
  db: Db,
  brandId: number,
  memberId: bigint,
  f: GameFilter,
  limit: number,
  offset: number,
) {
  return listed(db, brandId, f)
    .innerJoin('favourite_games as fav', 'fav.game_id', 'g.id')
    .where('fav.member_id', '=', memberId)
    .select(GAME_COLUMNS)
    .orderBy('fav.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countFavourites(db: Db, brandId: number, memberId: bigint, f: GameFilter): Promise<number> {
  const r = await listed(db, brandId, f)
    .innerJoin('favourite_games as fav', 'fav.game_id', 'g.id')
    .where('fav.member_id', '=', memberId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function favouriteIds(db: Db, brandId: number, memberId: bigint): Promise<number[]> {
  const rows = await listed(db, brandId, {})
    .innerJoin('favourite_games as fav', 'fav.game_id', 'g.id')
    .where('fav.member_id', '=', memberId)
    .select('g.id')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Marks a game played now and keeps only the member's RECENT_GAMES_KEPT latest. Called by the
 * launch when a game opens.
 */
export async function recordRecentGame(db: Db, memberId: bigint, gameId: number, at: Date = new Date()) {
  await db
    .insertInto('recent_games')
    .values({ member_id: memberId, game_id: gameId, last_played: at })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ last_played: at }))
    .execute();
  await sql`
    DELETE FROM recent_games
     WHERE member_id = ${memberId}
       AND game_id NOT IN (
         SELECT game_id FROM recent_games WHERE member_id = ${memberId}
          ORDER BY last_played DESC, game_id DESC LIMIT ${RECENT_GAMES_KEPT})`.execute(db);
}

export function recentGames(db: Db, brandId: number, memberId: bigint, f: GameFilter, limit: number, offset: number) {
  return listed(db, brandId, f)
    .innerJoin('recent_games as r', 'r.game_id', 'g.id')
    .where('r.member_id', '=', memberId)
    .select([...GAME_COLUMNS, 'r.last_played'])
    .orderBy('r.last_played', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRecent(db: Db, brandId: number, memberId: bigint, f: GameFilter): Promise<number> {
  const r = await listed(db, brandId, f)
    .innerJoin('recent_games as r', 'r.game_id', 'g.id')
    .where('r.member_id', '=', memberId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The game a launch names, whatever its switches say (a switched-off game or vendor answers
 * maintenance, not "not found"): by catalog id, or by the vendor's game code under a vendor.
 */
export function launchTarget(db: Db, brandId: number, by: { nodeId?: number; gameCode?: string; vassalage?: string }) {
  let q = db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
    .where('g.brand_id', '=', brandId)
    .select([
      'g.id',
      'g.code',
      'g.names',
      'g.enabled',
      'v.vassalage',
      'v.category',
      'v.enabled as vendor_enabled',
      'v.launch_url',
      'v.launch_url2',
      vendorLaunchable.as('launchable'),
    ]);
  if (by.nodeId !== undefined) q = q.where('g.id', '=', by.nodeId);
  if (by.gameCode !== undefined) q = q.where('g.code', '=', by.gameCode);
  if (by.vassalage !== undefined) q = q.where('v.vassalage', '=', by.vassalage);
  // A vendor listed in two categories may carry one code twice: the first added is the one launched.
  return q.orderBy('g.id').limit(1).executeTakeFirst();
}

/**
 * Games to offer instead of one under maintenance: enabled, launchable, not that game; the same
 * category first, then hot ones, then lobby order.
 */
export function launchableSuggestions(db: Db, brandId: number, except: number, category: string, limit: number) {
  return listed(db, brandId, {})
    .select(GAME_COLUMNS)
    .where('g.enabled', '=', true)
    .where(vendorLaunchable)
    .where('g.id', '<>', except)
    .orderBy(sql`v.category = ${category}`, 'desc')
    .orderBy('g.is_hot', 'desc')
    .orderBy('c.sort')
    .orderBy('v.sort')
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(limit)
    .execute();
}
