import { useTranslation } from 'react-i18next';
import { EmptyPage } from './empty-page';

/** /seamless — a seamless-wallet game page. Nothing can be launched yet. */
export default function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.seamless')}
      emptyTitle={t('pages.gameEmptyTitle')}
      emptyText={t('pages.gameEmptyText')}
    />
  );
}
