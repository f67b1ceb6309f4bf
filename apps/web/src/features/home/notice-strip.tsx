import type { Announcement } from '@khela/contract';
import { MegaphoneIcon } from '@khela/ui/icons';
import { useTranslation } from 'react-i18next';
import { ui } from '../../lib/ui-store';

/** How many of the latest banner announcements (type B) run in the strip. */
const STRIP_SIZE = 5;

/**
 * The announcements marquee of the home page: the latest banner (B) titles scroll by; choosing one
 * opens the notice modal on it. While they load (`undefined`) the strip holds its place, so the
 * page below it does not move when they arrive; nothing is shown when there are none.
 */
export function NoticeStrip({ announcements }: { announcements: Announcement[] | undefined }) {
  const { t } = useTranslation();
  if (announcements === undefined)
    return (
      <div className="notice-strip notice-strip-pending" aria-hidden="true">
        <span className="notice-strip-icon">
          <MegaphoneIcon size={18} />
        </span>
      </div>
    );
  const notices = announcements.slice(0, STRIP_SIZE);
  if (notices.length === 0) return null;
  // Seconds per title keep the pace readable whatever the number of titles.
  const duration = `${Math.max(16, notices.reduce((n, a) => n + a.title.length, 0) * 0.28)}s`;
  return (
    <section className="notice-strip" aria-label={t('pages.noticesLabel')}>
      <button
        type="button"
        className="notice-strip-icon"
        onClick={() => ui.openModal('notice')}
        aria-label={t('pages.noticesOpen')}
        title={t('pages.noticesOpen')}
      >
        <MegaphoneIcon size={18} />
      </button>
      <div className="notice-strip-viewport">
        <ul className="notice-strip-track" style={{ animationDuration: duration }}>
          {notices.map((n) => (
            <li key={n.id}>
              <button type="button" className="notice-strip-item" onClick={() => ui.openModal('notice', n.id)}>
                {n.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
