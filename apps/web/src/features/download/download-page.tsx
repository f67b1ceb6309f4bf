import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/system';
import { DownloadGuide } from './download-guide';

/** The body of /down: the same guide as the modal, laid out wide (the w_down banner is the layout's). */
export function DownloadPage() {
  const { t } = useTranslation();
  const brand = useBrand()?.name || t('common.brandName');
  return (
    <div className="dl-page">
      <header className="dl-page-head">
        <h1>{t('download.pageTitle', { brand })}</h1>
        <p>{t('download.pageIntro')}</p>
        <ul className="dl-perks">
          <li>{t('download.perkFast')}</li>
          <li>{t('download.perkNotify')}</li>
          <li>{t('download.perkSafe')}</li>
        </ul>
      </header>
      <DownloadGuide variant="page" />
    </div>
  );
}

export default DownloadPage;
