import type {
  FavouriteState,
  Favourites,
  GameItem,
  GamePage,
  GameVendors,
  HotGames,
  RecentGames,
} from '@khela/contract';
import { GAME_LIST_PLATFORMS, LAUNCH_CLIENT_TYPE, LAUNCH_PLATFORM } from '@khela/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSessionToken } from '../../lib/session';
import { session } from '../../lib/storage';
import type { LobbyParams } from './params';

/** Game vendor list (spec §7: GET, platform html5-desktop, value.data.lanes; cached for the session). */
export async function fetchGameVendors(language: string, signal?: AbortSignal): Promise<GameVendors> {
  const hit = session.getJson<{ language: string; value: GameVendors }>('gameVendor');
  if (hit?.language === language) return hit.value;
  const value = await api<GameVendors>('/lgw/games/game_vendor', {
    query: { platform: LAUNCH_PLATFORM, language },
    signal,
  });
  session.setJson('gameVendor', { language, value });
  return value;
}

export function useGameVendors() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'vendors', language],
    queryFn: ({ signal }) => fetchGameVendors(language, signal),
    staleTime: 5 * 60_000,
  });
}

/** The game list request of spec §3. */
export function useGameList(p: LobbyParams, enabled = true) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'list', language, p],
    queryFn: ({ signal }) =>
      api<GamePage>('/lgw/games/game_list', {
        query: {
          clientType: LAUNCH_CLIENT_TYPE,
          platform: GAME_LIST_PLATFORMS,
          channel: 'WEB',
          merchant: session.get('merchantCode'),
          gameType: p.gameType,
          vassalage: p.vassalage,
          gameClassify: p.gameClassify,
          gameName: p.gameName.trim(),
          minBet: p.minBet,
          language,
          pageNo: p.pageNo,
          pageSize: p.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

export function useHotGames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'hot', language],
    queryFn: ({ signal }) =>
      api<HotGames>('/lgw/games/hot_games', {
        query: { merchantCode: session.get('merchantCode'), isPlatform: 2, platform: LAUNCH_PLATFORM, language },
        signal,
      }),
    staleTime: 60_000,
  });
}

/** The member's favourite ids: keyed by the token, so they load again on every login (spec §4). */
export function useFavouriteIds() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['games', 'favouriteIds', token],
    queryFn: ({ signal }) => api<number[]>('/wps/relay/GLS_favouriteIds', { signal }),
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
    queryFn: ({ signal }) => api<Favourites>('/wps/relay/GLS_favouriteGames', { query: { language }, signal }),
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
      api<RecentGames>('/wps/relay/GLS_recentGames', { query: { clientType: LAUNCH_CLIENT_TYPE, language }, signal }),
    enabled: enabled && token !== null,
  });
}

/** Favourite toggle (spec §3: nodeId, vendor from vassalage, gameType); `favourite` sets it outright. */
export function toggleFavourite(game: Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>, favourite?: boolean) {
  return api<FavouriteState>('/wps/relay/GLS_favouriteToggle', {
    method: 'POST',
    body: {
      nodeId: game.nodeId,
      vendor: game.vassalage,
      gameType: game.gameType,
      ...(favourite === undefined ? {} : { favourite }),
    },
  });
}
