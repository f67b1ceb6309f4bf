import { type GameCategory, INHOUSE_VENDOR } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/schema';
import * as repo from './repo';

/**
 * Vendors and games as Khela ships them: the demo brand's catalog (seed/demo-catalog.ts) and
 * Khela's own in-house games, which the Catalog desk also puts on an operator's brand. Both go
 * through `addStockVendor`, so a vendor and its games are written one way wherever they come from.
 */
export type StockGame = {
  code: string;
  en: string;
  bn: string;
  classify?: string;
  /** Smallest stake in minor units (poisha). */
  minBet: number;
  lines?: number;
  hot?: boolean;
  /** Switched off: listed with a maintenance mark, refused at launch. */
  off?: boolean;
  platforms?: string[];
};

export type StockVendor = {
  vassalage: string;
  category: GameCategory;
  en: string;
  bn: string;
  hot?: boolean;
  /** 'VASSALAGE': the card opens a popup list of its games (spec §3). */
  isGame?: 'VASSALAGE';
  games: StockGame[];
};

/** Where the drawn icons are served from (apps/web/public). */
export const vendorIcon = (v: Pick<StockVendor, 'vassalage'>) => `/img/vendors/${v.vassalage.toLowerCase()}.svg`;
export const gameIcon = (game: Pick<StockGame, 'code'>) => `/img/games/${game.code.toLowerCase()}.svg`;

/** Khela's in-house games (spec §9's vendor JL), made playable by modules/inhouse (decision 0013). */
export const INHOUSE_STOCK: StockVendor = {
  vassalage: INHOUSE_VENDOR,
  category: 'INHOUSE',
  en: 'Khela Originals',
  bn: 'খেলা অরিজিনালস',
  hot: true,
  games: [
    { code: 'slot', en: 'Khela Slots', bn: 'খেলা স্লট', minBet: 100, classify: 'slot', lines: 20, hot: true },
    { code: 'crash', en: 'Rocket Crash', bn: 'রকেট ক্র্যাশ', minBet: 100, classify: 'crash' },
    { code: 'dice', en: 'Lucky Dice', bn: 'লাকি ডাইস', minBet: 100, classify: 'dice' },
  ],
};

/** The in-house provider's seamless-wallet account: real money for members, play money for trials. */
export const INHOUSE_ACCOUNT = { code: INHOUSE_VENDOR, name: 'Khela Games', wallets: 'both' } as const;

const gameRow = (game: StockGame, sort: number): repo.NewGameColumns => ({
  code: game.code,
  names: JSON.stringify({ bn: game.bn, en: game.en }),
  game_classify: game.classify ?? '',
  min_bet: BigInt(game.minBet),
  min_line_num: game.lines ?? 0,
  icon: gameIcon(game),
  is_hot: game.hot ?? false,
  enabled: !game.off,
  sort,
  platforms: game.platforms ?? ['html5-desktop', 'flash'],
});

/** Writes a stock vendor and its games (in the caller's transaction); returns the vendor's id. */
export async function addStockVendor(db: Kysely<DB>, brandId: number, v: StockVendor, sort: number) {
  const vendorId = await repo.insertVendor(db, brandId, {
    vassalage: v.vassalage,
    category: v.category,
    name: v.en,
    names: JSON.stringify({ bn: v.bn, en: v.en }),
    icon: vendorIcon(v),
    is_hot: v.hot ?? false,
    is_game: v.isGame ?? null,
    enabled: true,
    sort,
    launch_url: null,
    launch_url2: null,
  });
  await addStockGames(db, brandId, vendorId, v.games, 0);
  return vendorId;
}

/** Writes stock games under a vendor, ordered from `firstSort` on. */
export async function addStockGames(
  db: Kysely<DB>,
  brandId: number,
  vendorId: number,
  games: StockGame[],
  firstSort: number,
) {
  if (games.length === 0) return;
  await repo.insertGames(
    db,
    brandId,
    vendorId,
    games.map((game, i) => gameRow(game, firstSort + i)),
  );
}
