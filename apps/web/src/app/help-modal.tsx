import { Modal } from '@khela/ui/modal';
import { useTranslation } from 'react-i18next';
import { HelpCenter } from '../features/help/help-center';

/** The help centre in a popup (spec §2 'Modals': help). */
export function HelpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('app.helpTitle')} hideTitle size="lg">
      <HelpCenter />
    </Modal>
  );
}
