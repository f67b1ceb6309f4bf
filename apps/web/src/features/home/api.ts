import type { NoticeList } from '@khela/contract';
import { NOTICE_REQUEST } from '@khela/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** The site's announcements (spec §9 request), newest first. */
export function useAnnouncements() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['home', 'announcements', language],
    queryFn: ({ signal }) => api<NoticeList>('/wps/announcement', { query: { ...NOTICE_REQUEST, language }, signal }),
    // Notices are read once per session (spec §4).
    staleTime: Number.POSITIVE_INFINITY,
  });
}
