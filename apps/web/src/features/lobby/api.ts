import type { FavouriteState, Favourites, GameItem, GameVendors } from '@khela/contract';
import {
  GAME_CATEGORIES,
  GAME_LIST_PLATFORMS,
  type GameCategory,
  HOT_GAMES_IS_PLATFORM,
  LAUNCH_CLIENT_TYPE,
  LAUNCH_PLATFORM,
} from '@khela/contract/constants';
import {
  favouriteGamesCall,
  favouriteIdsCall,
  favouriteToggleCall,
  gameListCall,
  gameVendorsCall,
  hotGamesCall,
  recentGamesCall,
} from '@khela/contract/endpoints';
import { FIELD_ERRORS } from '@khela/contract/errors';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';
import { useSessionToken } from '../../lib/session';
import { session } from '../../lib/storage';
import { type LobbyParams, paramsFromSearch } from './params';

/** Game vendor list (spec §7: GET, platform html5-desktop, value.data.lanes; cached for the session). */
export async function fetchGameVendors(language: string, signal?: AbortSignal): Promise<GameVendors> {
  const hit = session.getJson<{ language: string; value: GameVendors }>('gameVendor');
  if (hit?.language === language) return hit.value;
  const value = await call(
    gameVendorsCall,
    { platform: LAUNCH_PLATFORM, language: callLanguage(language) },
    { signal },
  );
  session.setJson('gameVendor', { language, value });
  return value;
}

const gameVendorsQuery = (language: string) => ({
  queryKey: ['games', 'vendors', language],
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchGameVendors(language, signal),
  staleTime: 5 * 60_000,
});

export function useGameVendors() {
  const { i18n } = useTranslation();
  return useQuery(gameVendorsQuery(i18n.language));
}

/** Query strings carry text: the contract reads numbers from digits. */
const digits = (n: number | undefined) => (n === undefined ? undefined : String(n));

/** Lobby routes and the catalog's games name a category; '' (none) asks for every one. */
const isGameCategory = (t: string): t is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(t);
const categoryOf = (t: string) => (isGameCategory(t) ? t : undefined);

/** The game list request of spec §3. */
const gameListQuery = (p: LobbyParams, language: string) => ({
  queryKey: ['games', 'list', language, p],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    call(
      gameListCall,
      {
        clientType: String(LAUNCH_CLIENT_TYPE),
        platform: GAME_LIST_PLATFORMS,
        channel: 'WEB',
        merchant: session.get('merchantCode') ?? undefined,
        gameType: categoryOf(p.gameType),
        vassalage: p.vassalage,
        gameClassify: p.gameClassify,
        gameName: p.gameName.trim(),
        minBet: p.minBet,
        language: callLanguage(language),
        pageNo: digits(p.pageNo),
        pageSize: digits(p.pageSize),
      },
      { signal },
    ),
  staleTime: 30_000,
});

export function useGameList(p: LobbyParams, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...gameListQuery(p, i18n.language), placeholderData: keepPreviousData, enabled });
}

/**
 * Asks for a lobby's vendors and its first page of games with the page's code (app/first-screen.ts):
 * left to the lobby, they came after its first render, and the filters they bring and the grid
 * replacing its spinner moved the screen.
 */
export function prefetchLobby(client: QueryClient, category: string, search: string, language: string) {
  void client.prefetchQuery(gameVendorsQuery(language));
  void client.prefetchQuery(gameListQuery(paramsFromSearch(category, new URLSearchParams(search)), language));
}

export function useHotGames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'hot', language],
    queryFn: ({ signal }) =>
      call(
        hotGamesCall,
        {
          merchantCode: session.get('merchantCode') ?? undefined,
          isPlatform: String(HOT_GAMES_IS_PLATFORM),
          platform: LAUNCH_PLATFORM,
          language: callLanguage(language),
        },
        { signal },
      ),
    staleTime: 60_000,
  });
}

/** The member's favourite ids: keyed by the token, so they load again on every login (spec §4). */
export function useFavouriteIds() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['games', 'favouriteIds', token],
    queryFn: ({ signal }) => call(favouriteIdsCall, undefined, { signal }),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useFavouriteGames(enabled: boolean) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'favourites', token, language],
    queryFn: ({ signal }): Promise<Favourites> =>
      call(favouriteGamesCall, { language: callLanguage(language) }, { signal }),
    enabled: enabled && token !== null,
  });
}

export function useRecentGames(enabled: boolean) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'recent', token, language],
    queryFn: ({ signal }) =>
      call(recentGamesCall, { clientType: String(LAUNCH_CLIENT_TYPE), language: callLanguage(language) }, { signal }),
    enabled: enabled && token !== null,
  });
}

/** Favourite toggle (spec §3: nodeId, vendor from vassalage, gameType); `favourite` sets it outright. */
export function toggleFavourite(
  game: Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>,
  favourite?: boolean,
): Promise<FavouriteState> {
  const gameType = categoryOf(game.gameType);
  // Every game the catalog answers has a category; one without is refused as the server would.
  if (!gameType) {
    const fieldErrors = { gameType: FIELD_ERRORS.invalid };
    return Promise.reject(new ApiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', 400, fieldErrors));
  }
  return call(favouriteToggleCall, {
    nodeId: game.nodeId,
    vendor: game.vassalage,
    gameType,
    ...(favourite === undefined ? {} : { favourite }),
  });
}
