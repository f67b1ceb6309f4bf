import type { Banner } from '@khela/contract';
import { bannersCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';

export function fetchBanners(groupName: string, language: string, signal?: AbortSignal): Promise<Banner[]> {
  return call(bannersCall, { groupName, language: callLanguage(language) }, { signal });
}

/** A group's banners in the current language (titles are localised by the server). */
export function useBanners(group: string) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['banners', group, language],
    queryFn: ({ signal }) => fetchBanners(group, language, signal),
    staleTime: 5 * 60_000,
  });
}
