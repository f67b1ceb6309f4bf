import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../components/empty-page';

/** /vnlottery — the Vietnam lottery (optional ?gameCode). Nothing can be launched yet. */
export default function VnLotteryPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.vnlottery')}
      emptyTitle={t('pages.lotteryEmptyTitle')}
      emptyText={t('pages.lotteryEmptyText')}
    />
  );
}
