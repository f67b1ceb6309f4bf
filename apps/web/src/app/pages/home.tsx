import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CategoryTiles } from '../../features/home/category-tiles';
import { NoticeStrip } from '../../features/home/notice-strip';
import { WelcomeStrip } from '../../features/home/welcome-strip';
import { loadNotices } from '../../features/notices/api';
import { categoryPath } from '../../lib/lobbies';
import '../../features/home/home.css';

/** / — banner (layout), welcome, announcements and the game categories that have vendors. */
export default function HomePage() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // The notice modal's session-cached list (spec §4): one request per session for both.
  const notices = useQuery({
    queryKey: ['notices', 'list', language],
    queryFn: ({ signal }) => loadNotices(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <WelcomeStrip />
      <NoticeStrip announcements={notices.isError ? [] : notices.data?.banners} />
      <CategoryTiles pathOf={categoryPath} />
    </>
  );
}
