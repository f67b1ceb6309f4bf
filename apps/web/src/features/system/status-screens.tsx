import type { SystemStatus } from '@khela/contract';
import { formatter } from '@khela/contract/format';
import { HeadsetIcon } from '@khela/ui/icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openCustomerService } from '../../lib/customer-service';
import { intlTag } from '../../lib/format';
import './status-screens.css';

type ScreenProps = { status: SystemStatus };

/** Status 1 (spec §2 'App root by system status'): maintenance, with its end time when known. */
export function MaintenanceScreen({ status }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const end = status.maintenanceEnd ? safeDate(i18n.language, status.maintenanceEnd) : null;
  return (
    <StatusScreen image="/img/status/maintenance.svg" title={t('status.maintenanceTitle')} status={status}>
      {end ? <p className="status-screen-when">{t('status.maintenanceUntil', { time: end })}</p> : null}
    </StatusScreen>
  );
}

/** Status 2: access restricted by location or IP, showing the visitor's IP address and country. */
export function RestrictedScreen({ status }: ScreenProps) {
  const { t, i18n } = useTranslation();
  return (
    <StatusScreen image="/img/status/restricted.svg" title={t('status.restrictedTitle')} status={status}>
      <dl className="status-screen-facts">
        <div>
          <dt>{t('status.ipAddress')}</dt>
          <dd dir="ltr">{status.location.ip || t('status.unknown')}</dd>
        </div>
        <div>
          <dt>{t('status.country')}</dt>
          <dd>{status.location.country ? countryName(i18n.language, status.location.country) : t('status.unknown')}</dd>
        </div>
      </dl>
    </StatusScreen>
  );
}

function StatusScreen({
  image,
  title,
  status,
  children,
}: ScreenProps & { image: string; title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [noService, setNoService] = useState(false);
  return (
    <main className="status-screen">
      <div className="status-screen-card">
        <img
          className="status-screen-logo"
          src="/img/logo.svg"
          alt={status.brand.name || t('common.brandName')}
          width={136}
          height={34}
        />
        <img className="status-screen-img" src={image} alt="" width={240} height={180} />
        <h1 className="status-screen-title">{title}</h1>
        {children}
        <p className="status-screen-text">{t('status.apology')}</p>
        <button
          type="button"
          className="btn btn-primary status-screen-cta"
          onClick={() => setNoService(!openCustomerService(status))}
        >
          <HeadsetIcon size={18} />
          {t('status.contactUs')}
        </button>
        {noService ? (
          <p className="status-screen-note" role="status">
            {t('status.noCustomerService')}
          </p>
        ) : null}
      </div>
    </main>
  );
}

/** 'Bangladesh (BD)' in the reader's language when the country arrives as an ISO code. */
function countryName(locale: string, country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    const name = new Intl.DisplayNames([intlTag(locale)], { type: 'region' }).of(country);
    return name && name !== country ? `${name} (${country})` : country;
  } catch {
    return country;
  }
}

function safeDate(locale: string, iso: string): string | null {
  return formatter(locale).date(iso) || null;
}
