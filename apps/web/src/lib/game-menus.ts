import type { GameMenus } from '@khela/contract';
import { gameMenusCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
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

export function useGameMenus() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) => fetchGameMenus(language, signal),
    staleTime: 5 * 60_000,
  });
}
