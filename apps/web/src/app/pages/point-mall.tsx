import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../components/empty-page';

/** /pointMall */
export default function PointMallPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.pointMall')}
      emptyTitle={t('pages.pointMallEmptyTitle')}
      emptyText={t('pages.pointMallEmptyText')}
    />
  );
}
