import { Modal } from '@khela/ui/modal';
import { useTranslation } from 'react-i18next';
import { DownloadGuide } from './download-guide';

type Props = { open: boolean; onClose(): void };

/** The app download modal (spec §2): Android and iOS tabs, four steps each. */
export function DownloadModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('download.title')} size="lg" className="dl-modal">
      <p className="dl-intro">{t('download.intro')}</p>
      <DownloadGuide variant="modal" />
    </Modal>
  );
}

export default DownloadModal;
