import { useTranslation } from 'react-i18next';
import type { PageProps } from '../pages';
import { EmptyPage } from './empty-page';

/** /rng, /live, /sports … — a category's game lobby. */
export default function LobbyPage({ route }: PageProps) {
  const { t } = useTranslation();
  const title = route.category ? t(`pages.categories.${route.category}`) : t('pages.title.lobby');
  return <EmptyPage title={title} emptyTitle={t('pages.gamesEmptyTitle')} emptyText={t('pages.lobbyEmptyText')} />;
}
