import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPage } from './empty-page';

/**
 * /promoDetail?id=… — one promotion. No promotion is published yet, so every id (or none)
 * reads as not available, with the way back to the list.
 */
export default function PromoDetailPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.promoDetail')}
      emptyTitle={t('pages.promoNotFoundTitle')}
      emptyText={t('pages.promoNotFoundText')}
    >
      <Link to="/promotions" className="btn btn-ghost">
        {t('pages.allPromotions')}
      </Link>
    </EmptyPage>
  );
}
