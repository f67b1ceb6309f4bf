import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { afterFirstScreen } from '../../lib/idle';
import { loadSanitizer } from '../../lib/sanitize-lazy';
import { session } from '../../lib/storage';
import { ui } from '../../lib/ui-store';
import { loadNotices } from './api';

/** Pages where a popup would cover what the player came for. */
const NO_POPUP_PATHS = ['/helpmc', '/game', '/seamless', '/login'];

/**
 * Popup announcements (the `popup` part of the notice list) open once per browser session, on
 * the first page that can show them, with the newest popup selected.
 */
export function usePopupNotice() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const blocked = NO_POPUP_PATHS.includes(pathname);
  useEffect(() => {
    if (blocked || session.get('noticePopupSeen')) return;
    const controller = new AbortController();
    loadNotices(i18n.language, controller.signal)
      .then(async (list) => {
        const newest = [...list.popup].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime))[0];
        // After the first screen has settled, and once the modal's code and the sanitiser are
        // here: the popup then opens whole, with nothing inside it moving as its text arrives.
        if (newest) await Promise.all([afterFirstScreen(), import('./notice-modal'), loadSanitizer()]);
        if (controller.signal.aborted) return;
        session.set('noticePopupSeen', '1');
        if (newest && ui.get().modal === null) ui.openModal('notice', newest.id);
      })
      .catch(() => {
        // A failed read leaves the flag unset: the next page tries again.
      });
    return () => controller.abort();
  }, [blocked, i18n.language]);
}

export function PopupNotice() {
  usePopupNotice();
  return null;
}
