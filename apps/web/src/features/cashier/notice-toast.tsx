import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useCentreLink } from '../../components/centre/address';
import { useFormat } from '../../lib/format';
import { useUnit } from './kit';
import { noticeText } from './notice-text';
import { useCashierTexts } from './texts';
import './cashier.css';

const SHOWN_MS = 8_000;

/** A notice for a few seconds at the screen's edge, with a link to the inbox. */
export default function NoticeToast({
  notice,
  onClose,
}: {
  notice: { kind: string; params: Record<string, string> };
  onClose(): void;
}) {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const unit = useUnit();
  const inbox = useCentreLink('member', 'messageV2');
  useEffect(() => {
    const timer = setTimeout(onClose, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  // Into <body>: rendered where the header is, the toast sat inside the header's stacking context,
  // under an open member centre's backdrop, dimmed and blurred.
  return createPortal(
    <div className="csh-toast" role="status">
      <p>{noticeText(t, fmt, unit, notice)}</p>
      <Link to={inbox} onClick={onClose}>
        {t('cashier.inbox.open')}
      </Link>
      <button type="button" className="csh-toast-close" onClick={onClose} aria-label={t('common.close')}>
        ×
      </button>
    </div>,
    document.body,
  );
}
