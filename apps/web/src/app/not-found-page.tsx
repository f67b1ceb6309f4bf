import { EmptyState } from '@khela/ui/empty-state';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../lib/system';
import { SiteLayout } from './layout';
import { useDocumentTitle } from './use-document-title';

const HEADER_FOOTER = { header: true, banner: false, footer: true, sideMenu: false };

/** Any address outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  useDocumentTitle(
    t('pages.title.notFound'),
    brand?.name,
    t('pages.description.notFound', { brand: brand?.name || t('common.brandName') }),
  );
  return (
    <SiteLayout layout={HEADER_FOOTER}>
      <EmptyState
        image="/img/not-found.svg"
        title={t('app.notFoundTitle')}
        text={t('app.notFoundText')}
        level={1}
        size="lg"
      >
        <Link to="/" className="btn btn-primary">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    </SiteLayout>
  );
}
