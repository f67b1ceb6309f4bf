import type { Banner } from '@khela/contract';
import { bannersCall } from '@khela/contract/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';

export function fetchBanners(groupName: string, language: string, signal?: AbortSignal): Promise<Banner[]> {
  return call(bannersCall, { groupName, language: callLanguage(language) }, { signal });
}

const bannersQuery = (group: string, language: string) => ({
  queryKey: ['banners', group, language],
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchBanners(group, language, signal),
  staleTime: 5 * 60_000,
});

/** A group's banners in the current language (titles are localised by the server). */
export function useBanners(group: string) {
  const { i18n } = useTranslation();
  return useQuery(bannersQuery(group, i18n.language));
}

/** Asks for a group's banners before the carousel is on screen (app/first-screen.ts). */
export function prefetchBanners(client: QueryClient, group: string, language: string) {
  return client.prefetchQuery(bannersQuery(group, language));
}
