import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../components/empty-page';

/** /lottery — lottery and e-lottery games (optional ?gameCode&playType). Nothing can be launched yet. */
export default function LotteryPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('pages.title.lottery')}
      emptyTitle={t('pages.lotteryEmptyTitle')}
      emptyText={t('pages.lotteryEmptyText')}
    />
  );
}
