import {
  type FavouriteState,
  type Favourites,
  type FavouritesQuery,
  type FavouriteToggle,
  FIELD_ERRORS,
  fromMinor,
  GAME_LIST_MAX_PAGE_SIZE,
  type GameItem,
  type GameListQuery,
  type GameMenus,
  type GamePage,
  type GameVendorQuery,
  type GameVendors,
  type HotGames,
  type HotGamesQuery,
  type RecentGames,
  type RecentGamesQuery,
  toMinor,
  type VendorLane,
} from '@khela/contract';
import type { z } from 'zod';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { safeUrl } from '../../platform/stored-content';
import * as repo from './repo';

/**
 * Categories with their vendors; a category without an enabled vendor is left out (spec §2:
 * "a category shows only with at least one vendor"). prizeMode and device are accepted for
 * compatibility with the spec's call but do not narrow the menu yet: every vendor here is a
 * web vendor and lottery prize modes arrive with the lottery module. Each vendor is named in the
 * asked language (the side menu's), as the lobby's lists name it.
 */
export async function gameMenusOf(db: Database, brand: BrandSnapshot, lang: Lang | undefined): Promise<GameMenus> {
  const rows = await repo.enabledVendorsByCategory(db.kysely, brand.id);
  const menus: GameMenus = [];
  for (const r of rows) {
    let menu = menus.at(-1);
    if (menu?.gameCategory !== r.category) {
      menu = { gameCategory: r.category, title: r.category, vendors: [] };
      menus.push(menu);
    }
    menu.vendors.push({
      vassalage: r.vassalage,
      name: nameIn(r.names, lang ?? brand.info.defaultLanguage, brand, r.name),
      icon: safeUrl(r.icon),
      isHot: r.is_hot ? 1 : 0,
      isGame: r.is_game,
    });
  }
  return menus;
}

type Lang = string;

/** A localised name: the asked language, then the brand's default, then English, then the fallback. */
export function nameIn(
  names: Record<string, string> | null | undefined,
  lang: Lang,
  brand: BrandSnapshot,
  fallback: string,
) {
  return names?.[lang] || names?.[brand.info.defaultLanguage] || names?.en || fallback;
}

export function toItem(r: repo.GameRow, lang: Lang, brand: BrandSnapshot): GameItem {
  return {
    nodeId: r.id,
    gameCode: r.code,
    code: r.code,
    gameName: nameIn(r.names, lang, brand, r.code),
    vassalage: r.vassalage,
    vendor: r.vassalage,
    accountTypeName: r.vassalage,
    vendorName: nameIn(r.vendor_names, lang, brand, r.vendor_name),
    gameType: r.category,
    gameClassify: r.game_classify,
    minBet: fromMinor(BigInt(r.min_bet), brand.info.currencyDecimals),
    minLineNum: r.min_line_num,
    icon: safeUrl(r.icon),
    isHot: r.is_hot ? 1 : 0,
    // Switched off, or its vendor has no launcher yet: either way its launch answers maintenance.
    maintenance: r.enabled && r.launchable ? 0 : 1,
    platforms: r.platforms,
  };
}

const platformsOf = (p: string | undefined) => (p ? p.split(',').filter((s) => s !== '') : undefined);

/** Search text as stored names compare: NFC, trimmed, single spaces, lower case. */
export function searchText(s: string | undefined): string | undefined {
  const t = s?.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return t ? t : undefined;
}

function paging(total: number, pageNo: number, pageSize: number) {
  return { total, totalPages: Math.ceil(total / pageSize), offset: (pageNo - 1) * pageSize };
}

type ListQuery = z.output<typeof GameListQuery>;

/** The game list of spec §3: filters, name search in every language, and paging. */
export async function gameList(db: Database, brand: BrandSnapshot, q: ListQuery): Promise<GamePage> {
  const lang = q.language ?? brand.info.defaultLanguage;
  let maxMinBet: bigint | undefined;
  if (q.minBet !== undefined) {
    const minor = toMinor(q.minBet, brand.info.currencyDecimals);
    if (minor === null) throw new AppError('VALIDATION_FAILED', { minBet: FIELD_ERRORS.invalid });
    maxMinBet = minor;
  }
  const filter: repo.GameFilter = {
    gameType: q.gameType,
    vassalage: q.vassalage,
    gameClassify: q.gameClassify,
    search: searchText(q.gameName),
    maxMinBet,
    minLineNum: q.minLineNum,
    platforms: platformsOf(q.platform),
  };
  const total = await repo.countGames(db.kysely, brand.id, filter);
  const p = paging(total, q.pageNo, q.pageSize);
  const rows = p.offset < total ? await repo.listGames(db.kysely, brand.id, filter, q.pageSize, p.offset) : [];
  return {
    list: rows.map((r) => toItem(r, lang, brand)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total,
    totalPages: p.totalPages,
  };
}

/** The vendor list of spec §7 (value.data.lanes): one lane per category with listed games. */
export async function vendorLanes(
  db: Database,
  brand: BrandSnapshot,
  q: z.output<typeof GameVendorQuery>,
): Promise<GameVendors> {
  const lang = q.language ?? brand.info.defaultLanguage;
  const rows = await repo.vendorsWithGames(db.kysely, brand.id, {
    gameType: q.gameType,
    platforms: platformsOf(q.platform),
  });
  const lanes: VendorLane[] = [];
  for (const r of rows) {
    let lane = lanes.at(-1);
    if (lane?.gameCategory !== r.category) {
      lane = { gameCategory: r.category, title: r.category, vendors: [], gameClassify: [] };
      lanes.push(lane);
    }
    lane.vendors.push({
      vassalage: r.vassalage,
      name: nameIn(r.names, lang, brand, r.name),
      icon: safeUrl(r.icon),
      isHot: r.is_hot ? 1 : 0,
      isGame: r.is_game,
      gameType: r.category,
      gameCount: Number(r.game_count),
    });
    for (const c of r.classifies) if (c && !lane.gameClassify.includes(c)) lane.gameClassify.push(c);
  }
  for (const lane of lanes) lane.gameClassify.sort();
  return { data: { lanes } };
}

/** Hot games (spec §3, isPlatform 2): every listed hot game, in lobby order. */
export async function hotGames(
  db: Database,
  brand: BrandSnapshot,
  q: z.output<typeof HotGamesQuery>,
): Promise<HotGames> {
  const lang = q.language ?? brand.info.defaultLanguage;
  const rows = await repo.listGames(
    db.kysely,
    brand.id,
    { hotOnly: true, vassalage: q.vassalage, platforms: platformsOf(q.platform) },
    GAME_LIST_MAX_PAGE_SIZE,
    0,
  );
  return { list: rows.map((r) => toItem(r, lang, brand)) };
}

export async function recentGames(
  db: Database,
  brand: BrandSnapshot,
  memberId: bigint,
  q: z.output<typeof RecentGamesQuery>,
): Promise<RecentGames> {
  const lang = q.language ?? brand.info.defaultLanguage;
  const filter: repo.GameFilter = { vassalage: q.vassalage };
  const total = await repo.countRecent(db.kysely, brand.id, memberId, filter);
  const p = paging(total, q.pageNo, q.pageSize);
  const rows =
    p.offset < total ? await repo.recentGames(db.kysely, brand.id, memberId, filter, q.pageSize, p.offset) : [];
  return {
    list: rows.map((r) => ({ ...toItem(r, lang, brand), lastPlayed: new Date(r.last_played).toISOString() })),
    total,
    totalPages: p.totalPages,
  };
}

export async function favourites(
  db: Database,
  brand: BrandSnapshot,
  memberId: bigint,
  q: z.output<typeof FavouritesQuery>,
): Promise<Favourites> {
  const lang = q.language ?? brand.info.defaultLanguage;
  const filter: repo.GameFilter = { gameType: q.gameType };
  const total = await repo.countFavourites(db.kysely, brand.id, memberId, filter);
  const p = paging(total, q.pageNo, q.pageSize);
  const rows =
    p.offset < total ? await repo.favouriteGames(db.kysely, brand.id, memberId, filter, q.pageSize, p.offset) : [];
  return { content: rows.map((r) => toItem(r, lang, brand)), total, totalPages: p.totalPages };
}

export function favouriteIds(db: Database, brand: BrandSnapshot, memberId: bigint): Promise<number[]> {
  return repo.favouriteIds(db.kysely, brand.id, memberId);
}

/**
 * Adds the favourite when absent and removes it when present (spec §4); with `favourite` set,
 * makes it so. The game must be listed in the member's brand under the vendor and type named.
 */
export async function toggleFavourite(
  db: Database,
  brand: BrandSnapshot,
  memberId: bigint,
  body: FavouriteToggle,
): Promise<FavouriteState> {
  const game = await repo.findGame(db.kysely, brand.id, body.nodeId, body.vendor, body.gameType);
  if (!game) throw new AppError('NOT_FOUND');
  if (body.favourite === true) {
    await repo.addFavourite(db.kysely, memberId, game.id);
    return { nodeId: game.id, favourite: true };
  }
  const removed = await repo.removeFavourite(db.kysely, memberId, game.id);
  if (body.favourite === false || removed) return { nodeId: game.id, favourite: false };
  await repo.addFavourite(db.kysely, memberId, game.id);
  return { nodeId: game.id, favourite: true };
}
