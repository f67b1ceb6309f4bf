import { useTranslation } from 'react-i18next';
import { EmptyPage } from './empty-page';

/** /game — a game in an iframe. Nothing can be launched yet. */
export default function GamePage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.game')}
      emptyTitle={t('pages.gameEmptyTitle')}
      emptyText={t('pages.gameEmptyText')}
    />
  );
}
