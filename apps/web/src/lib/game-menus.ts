import type { GameMenus } from '@khela/contract';
import { gameMenusCall } from '@khela/contract/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './api';
import { callLanguage } from './i18n';

/**
 * The game menus: the categories and their vendors. Shared by the side menu, the footer's
 * vendor row and the category navigation, so it lives here rather than in one feature.
 */
export function fetchGameMenus(language: string, signal?: AbortSignal): Promise<GameMenus> {
  return call(gameMenusCall, { device: 'WEB', language: callLanguage(language) }, { signal });
}

const gameMenusQuery = (language: string) => ({
  queryKey: ['games', 'menus', language],
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchGameMenus(language, signal),
  staleTime: 5 * 60_000,
});

export function useGameMenus() {
  const { i18n } = useTranslation();
  return useQuery(gameMenusQuery(i18n.language));
}

/** Asks for the game menus before the first component that shows them (app/first-screen.ts). */
export function prefetchGameMenus(client: QueryClient, language: string) {
  return client.prefetchQuery(gameMenusQuery(language));
}
