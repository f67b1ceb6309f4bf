import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { useSystemStatus } from '../system/api';
import { openCustomerService } from '../system/customer-service';
import { AUTH_BANNER_FALLBACK, useAuthBanner } from './api';
import './auth-modal.css';

export type AuthMode = 'login' | 'register';

type AuthModalProps = {
  open: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
};

/**
 * The login/register popup (spec §2 'Modals', modal type 'login' or 'register'): w_reg banner,
 * Login/Register tabs (Register only with DIRECTREG3) and the 'no account? register now' link.
 * The forms themselves arrive with sessions; until then the body says so plainly.
 */
export function AuthModal({ open, mode, onModeChange, onClose }: AuthModalProps) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const canRegister = status?.whitelabel.DIRECTREG3 === true;
  const active: AuthMode = canRegister ? mode : 'login';
  const ids = { login: useId(), register: useId(), panel: useId() };
  const title = active === 'login' ? t('auth.loginTitle') : t('auth.registerTitle');

  function onTabKey(e: KeyboardEvent) {
    if (!canRegister || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const next: AuthMode = active === 'login' ? 'register' : 'login';
    onModeChange(next);
    document.getElementById(ids[next])?.focus();
  }

  return (
    <Modal open={open} onClose={onClose} title={title} hideTitle className="auth-modal" header={<AuthBanner />}>
      <div className="auth-tabs" role="tablist" aria-label={t('auth.modes')}>
        <button
          id={ids.login}
          type="button"
          role="tab"
          className="auth-tab"
          aria-selected={active === 'login'}
          aria-controls={ids.panel}
          tabIndex={active === 'login' ? 0 : -1}
          onClick={() => onModeChange('login')}
          onKeyDown={onTabKey}
        >
          {t('auth.tabLogin')}
        </button>
        {canRegister ? (
          <button
            id={ids.register}
            type="button"
            role="tab"
            className="auth-tab"
            aria-selected={active === 'register'}
            aria-controls={ids.panel}
            tabIndex={active === 'register' ? 0 : -1}
            onClick={() => onModeChange('register')}
            onKeyDown={onTabKey}
          >
            {t('auth.tabRegister')}
          </button>
        ) : null}
      </div>
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids[active]} className="auth-panel">
        <AuthComingSoon />
        {canRegister ? (
          <p className="auth-switch">
            {active === 'login' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => onModeChange(active === 'login' ? 'register' : 'login')}
            >
              {active === 'login' ? t('auth.registerNow') : t('auth.loginNow')}
            </button>
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

/** The honest placeholder for the forms, also used by the /register page. */
export function AuthComingSoon() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const [noService, setNoService] = useState(false);
  const hasService = (status?.customerService.length ?? 0) > 0;
  return (
    <div className="auth-soon">
      <p className="auth-soon-title">{t('auth.comingSoonTitle')}</p>
      <p className="auth-soon-text">{t('auth.comingSoon')}</p>
      {hasService ? (
        <p className="auth-soon-help">
          <span>{t('auth.needHelp')}</span>
          <button type="button" className="link-btn" onClick={() => setNoService(!openCustomerService(status))}>
            <HeadsetIcon size={16} />
            {t('auth.contactSupport')}
          </button>
        </p>
      ) : null}
      {noService ? (
        <p className="auth-soon-note" role="status">
          {t('auth.noCustomerService')}
        </p>
      ) : null}
    </div>
  );
}

function AuthBanner() {
  const { data: banner } = useAuthBanner();
  const [failed, setFailed] = useState(false);
  const src = banner && !failed ? banner.url : AUTH_BANNER_FALLBACK;
  return (
    <div className="auth-banner">
      <img src={src} alt={banner && !failed ? banner.title : ''} onError={() => setFailed(true)} />
    </div>
  );
}
