import type { HelpCenter } from '@khela/contract';
import { helpCenterCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';

export function fetchHelpCenter(language: string, signal?: AbortSignal): Promise<HelpCenter> {
  return call(helpCenterCall, { language: callLanguage(language) }, { signal });
}

/** The help-centre sections in the current language, in display order. */
export function useHelpCenter() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['help', language],
    queryFn: ({ signal }) => fetchHelpCenter(language, signal),
    staleTime: 10 * 60_000,
  });
}
