import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

/**
 * A screen's header: its title, a line about it, and the time zone its data is written in
 * (BACK-OFFICE.md "Screens": every screen shows it).
 */
export function PageHeader({ title, text, actions }: { title: string; text?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { timeZone } = useFormat();
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {text && <p className="page-text">{text}</p>}
      </div>
      <div className="page-header-side">
        {actions}
        <span className="zone-chip" title={t('common.timeZoneHint')}>
          {t('common.timeZone', { zone: timeZone })}
        </span>
      </div>
    </header>
  );
}
