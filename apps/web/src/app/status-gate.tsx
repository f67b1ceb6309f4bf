import { SYSTEM_STATUS } from '@khela/contract/constants';
import { Loading } from '@khela/ui/loading';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyBrandLanguage } from '../features/language/brand-language';
import { MaintenanceScreen, RestrictedScreen } from '../features/system/status-screens';
import { useTheme } from '../features/theme/use-theme';
import { ApiError } from '../lib/api';
import { useSystemStatus } from '../lib/system';
import { serverFirstScreen } from './server-first-screen';

function ServerFirstScreen() {
  return (
    <div
      className="first-screen"
      aria-busy="true"
      ref={(el) => {
        if (el) el.replaceChildren(...serverFirstScreen());
      }}
    />
  );
}

/**
 * Spec §2 'App root by system status': 0 the site, 1 the maintenance screen, 2 the IP
 * restriction screen. Until the status is known the visitor sees a loading screen in words;
 * a failed read says what happened and offers a retry.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: status, error, isPending, refetch, isFetching } = useSystemStatus();
  useTheme();

  useEffect(() => {
    if (!status) return;
    void applyBrandLanguage(status.brand);
  }, [status]);

  if (isPending) {
    if (serverFirstScreen().length > 0) return <ServerFirstScreen />;
    return (
      <div className="splash">
        <img className="splash-logo" src="/img/logo.svg" alt="" width={160} height={40} />
        <Loading label={t('app.loadingSite')} />
      </div>
    );
  }
  if (error) {
    const network = error instanceof ApiError && error.code === 'NETWORK';
    const messageKey = error instanceof ApiError ? error.messageKey : 'errors.UNKNOWN';
    return (
      <main className="splash">
        <img className="splash-logo" src="/img/logo.svg" alt={t('common.brandName')} width={160} height={40} />
        <h1 className="splash-title">{network ? t('app.networkTitle') : t('app.errorTitle')}</h1>
        <p className="splash-text">{t(messageKey, { defaultValue: t('errors.UNKNOWN') })}</p>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? t('common.loading') : t('common.retry')}
        </button>
      </main>
    );
  }
  if (status.status === SYSTEM_STATUS.maintenance) return <MaintenanceScreen status={status} />;
  if (status.status === SYSTEM_STATUS.regionRestricted) return <RestrictedScreen status={status} />;
  return <>{children}</>;
}
