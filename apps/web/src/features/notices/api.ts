import type { Announcement, NoticeList } from '@khela/contract';
import { NOTICE_REQUEST } from '@khela/contract/constants';
import { noticesCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, sessionCached } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';
import { session } from '../../lib/storage';

/** What the session cache holds: the list and the language it was read in. */
type CachedNotices = { language: string; list: NoticeList };

export function fetchNotices(language: string, signal?: AbortSignal): Promise<NoticeList> {
  return call(noticesCall, { ...NOTICE_REQUEST, language: callLanguage(language) }, { signal });
}

/**
 * Notices are read once per browser session (spec §4). A language switch is the one reason to
 * read them again: the cached texts would be in the other language.
 */
export async function loadNotices(language: string, signal?: AbortSignal): Promise<NoticeList> {
  const hit = session.getJson<CachedNotices>('notices');
  if (hit && hit.language !== language) session.remove('notices');
  const cached = await sessionCached<CachedNotices>('notices', async () => ({
    language,
    list: await fetchNotices(language, signal),
  }));
  return cached.list;
}

/** One list for the modal: every requested kind, each notice once, newest first. */
export function combineNotices(list: NoticeList): Announcement[] {
  const byId = new Map<number, Announcement>();
  for (const a of [...list.popup, ...list.player, ...list.banners, ...list.promotion]) {
    if (!byId.has(a.id)) byId.set(a.id, a);
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime) || b.id - a.id);
}

export function useNotices(enabled = true) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['notices', language],
    queryFn: async ({ signal }) => combineNotices(await loadNotices(language, signal)),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
