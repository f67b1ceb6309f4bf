import { useTranslation } from 'react-i18next';
import { EmptyPage } from './empty-page';

/** /promotions */
export default function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.promotions')}
      emptyTitle={t('pages.promotionsEmptyTitle')}
      emptyText={t('pages.promotionsEmptyText')}
    />
  );
}
