import { ArrowLeftIcon } from '@khela/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelpCenter } from '../../features/help/help-center';

/** /helpmc — the help centre as a bare full page (no header), with a way back home. */
export default function HelpMcPage() {
  const { t } = useTranslation();
  return (
    <div className="helpmc">
      <Link to="/" className="back-link helpmc-back">
        <ArrowLeftIcon size={18} />
        {t('common.backHome')}
      </Link>
      <HelpCenter />
    </div>
  );
}
