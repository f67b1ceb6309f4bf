import { defineCall } from './call';
import {
  GAME_CATEGORIES,
  GAME_LIST_MAX_PAGE_SIZE,
  HOT_GAMES_IS_PLATFORM,
  LAUNCH_CLIENT_TYPE,
  LOBBY_FIRST_PAGE,
  LOBBY_PAGE_SIZE,
  LOCALES,
} from './constants';
import { z } from './zod';

/**
 * The game catalog (spec §3 'Game list item', 'Game vendor card', 'Game entry'; §7 game calls).
 * Query strings carry text only, so numbers are digits that become numbers here.
 */

const digits = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const Code = z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/);
/** A comma-separated list of codes ('JL,DIG'); empty means "any". */
const CodeList = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_.,-]*$/)
  .transform((s) => s.split(',').filter((c) => c !== ''));

const Platform = z
  .string()
  .max(60)
  .regex(/^[a-z0-9,-]*$/);

/** A decimal amount in the brand currency, e.g. '1' or '0.50'. */
const Amount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);

const GameType = z.enum(GAME_CATEGORIES);

/**
 * `/lgw/games/game_menus`: categories in side-menu order with their enabled vendors; a category
 * without vendors is left out (spec §2). `title` is the category code, which the site translates.
 */
export const GameMenus = z.array(
  z.object({
    gameCategory: z.string(),
    title: z.string(),
    vendors: z.array(
      z.object({
        vassalage: z.string(),
        name: z.string(),
        icon: z.string().nullable(),
        /** 1 hot, 0 not (spec §3). */
        isHot: z.number().int(),
        isGame: z.string().nullable(),
      }),
    ),
  }),
);
export type GameMenus = z.infer<typeof GameMenus>;
export const GameMenusQuery = z
  .object({
    prizeMode: z.string().max(10).optional(),
    device: z.string().max(10).optional(),
    language: z.enum(LOCALES).optional(),
  })
  .strict();

/** One game as every list answers it. `nodeId` is the id favourites and launches name. */
export const GameItem = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  /** The spec's game entry carries both names for the same code. */
  code: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  vendor: z.string(),
  accountTypeName: z.string(),
  vendorName: z.string(),
  gameType: z.string(),
  gameClassify: z.string(),
  /** Decimal string in the brand currency (money.ts). */
  minBet: z.string(),
  minLineNum: z.number().int(),
  icon: z.string().nullable(),
  /** 1 hot, 0 not (spec §3). */
  isHot: z.number().int(),
  /** 1 when the operator switched the game off: it stays listed and answers 'Game Under Maintenance'. */
  maintenance: z.number().int(),
  platforms: z.array(z.string()),
});
export type GameItem = z.infer<typeof GameItem>;

/** The game list request of spec §3, plus paging (spec §9: page 1, 42 a page). */
export const GameListQuery = z
  .object({
    clientType: z.literal(String(LAUNCH_CLIENT_TYPE)).optional(),
    platform: Platform.optional(),
    channel: z.string().max(40).optional(),
    merchant: z.string().max(40).optional(),
    gameType: GameType.optional(),
    vassalage: CodeList.optional(),
    gameClassify: CodeList.optional(),
    gameName: z.string().max(60).optional(),
    minBet: Amount.optional(),
    minLineNum: z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .optional(),
    language: z.enum(LOCALES).optional(),
    pageNo: digits(1_000_000).default(LOBBY_FIRST_PAGE),
    pageSize: digits(GAME_LIST_MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  })
  .strict();
export type GameListQuery = z.input<typeof GameListQuery>;

export const GamePage = z.object({
  list: z.array(GameItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof GamePage>;

/** Game vendor list (spec §7: GET, platform html5-desktop, response value.data.lanes, cached). */
export const GameVendorQuery = z
  .object({
    platform: Platform.optional(),
    language: z.enum(LOCALES).optional(),
    gameType: GameType.optional(),
  })
  .strict();

export const VendorCard = z.object({
  vassalage: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  isHot: z.number().int(),
  /** 'VASSALAGE' opens a popup game list instead of filtering the lobby (spec §3). */
  isGame: z.string().nullable(),
  gameType: z.string(),
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof VendorCard>;

export const VendorLane = z.object({
  gameCategory: z.string(),
  title: z.string(),
  vendors: z.array(VendorCard),
  /** The game classifications in use in this category, for the lobby's filter chips. */
  gameClassify: z.array(z.string()),
});
export type VendorLane = z.infer<typeof VendorLane>;

export const GameVendors = z.object({ data: z.object({ lanes: z.array(VendorLane) }) });
export type GameVendors = z.infer<typeof GameVendors>;

/** Hot games (spec §3: merchantCode, isPlatform 2, vassalage, platform, language → value.list). */
export const HotGamesQuery = z
  .object({
    merchantCode: z.string().max(40).optional(),
    isPlatform: z.literal(String(HOT_GAMES_IS_PLATFORM)).optional(),
    vassalage: CodeList.optional(),
    platform: Platform.optional(),
    language: z.enum(LOCALES).optional(),
  })
  .strict();
export const HotGames = z.object({ list: z.array(GameItem) });
export type HotGames = z.infer<typeof HotGames>;

/** Recent games (spec §3: clientType 3, vassalage, language → value.list and totalPages). */
export const RecentGamesQuery = z
  .object({
    clientType: z.literal(String(LAUNCH_CLIENT_TYPE)).optional(),
    vassalage: CodeList.optional(),
    language: z.enum(LOCALES).optional(),
    pageNo: digits(1_000_000).default(LOBBY_FIRST_PAGE),
    pageSize: digits(GAME_LIST_MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  })
  .strict();
export const RecentGames = z.object({
  list: z.array(GameItem.extend({ lastPlayed: z.string() })),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type RecentGames = z.infer<typeof RecentGames>;

/**
 * Favourite toggle (spec §3: nodeId, vendor from vassalage, gameType). Without `favourite` it
 * toggles; with it the call sets that state, so a retried request changes nothing twice.
 */
export const FavouriteToggle = z
  .object({
    nodeId: z.number().int().min(1).max(2_147_483_647),
    vendor: Code,
    gameType: GameType,
    favourite: z.boolean().optional(),
  })
  .strict();
export type FavouriteToggle = z.infer<typeof FavouriteToggle>;
export const FavouriteState = z.object({ nodeId: z.number().int(), favourite: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteState>;

export const FavouritesQuery = z
  .object({
    language: z.enum(LOCALES).optional(),
    gameType: GameType.optional(),
    pageNo: digits(1_000_000).default(LOBBY_FIRST_PAGE),
    pageSize: digits(GAME_LIST_MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  })
  .strict();
/** Spec §3: favourites answer value.content and totalPages. */
export const Favourites = z.object({
  content: z.array(GameItem),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Favourites = z.infer<typeof Favourites>;
/** The member's favourite nodeIds (spec §3 'id list in value'). */
export const FavouriteIds = z.array(z.number().int());

export const gameMenusCall = defineCall({
  method: 'GET',
  path: '/lgw/games/game_menus',
  auth: 'none',
  tag: 'games',
  summary: 'Game categories with their vendors, in side-menu order',
  query: GameMenusQuery,
  response: GameMenus,
  cache: 'public',
});

export const gameVendorsCall = defineCall({
  method: 'GET',
  path: '/lgw/games/game_vendor',
  auth: 'none',
  tag: 'games',
  summary: 'Game vendors by category (value.data.lanes), with game counts and classifications',
  query: GameVendorQuery,
  response: GameVendors,
  cache: 'public',
});

export const gameListCall = defineCall({
  method: 'GET',
  path: '/lgw/games/game_list',
  auth: 'none',
  tag: 'games',
  summary: 'Games filtered by category, vendor, classification, stake, lines and name; paged (42 a page)',
  query: GameListQuery,
  response: GamePage,
  cache: 'public',
});

export const hotGamesCall = defineCall({
  method: 'GET',
  path: '/lgw/games/hot_games',
  auth: 'none',
  tag: 'games',
  summary: 'Hot games (isPlatform 2), value.list',
  query: HotGamesQuery,
  response: HotGames,
  cache: 'public',
});

export const recentGamesCall = defineCall({
  method: 'GET',
  path: '/wps/relay/GLS_recentGames',
  auth: 'member',
  tag: 'games',
  summary: "The member's recently played games, latest first (value.list, totalPages)",
  query: RecentGamesQuery,
  response: RecentGames,
});

export const favouriteGamesCall = defineCall({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteGames',
  auth: 'member',
  tag: 'games',
  summary: "The member's favourite games, newest first (value.content, totalPages)",
  query: FavouritesQuery,
  response: Favourites,
});

export const favouriteIdsCall = defineCall({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteIds',
  auth: 'member',
  tag: 'games',
  summary: "The nodeIds of the member's favourite games",
  response: FavouriteIds,
});

/** Adds or removes a favourite (spec §4); see FavouriteToggle. */
export const favouriteToggleCall = defineCall({
  method: 'POST',
  path: '/wps/relay/GLS_favouriteToggle',
  auth: 'member',
  tag: 'games',
  summary: 'Add a favourite game if absent, remove it if present (or set `favourite`)',
  body: FavouriteToggle,
  response: FavouriteState,
});
