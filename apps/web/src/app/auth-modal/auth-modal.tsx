import { Modal } from '@khela/ui/modal';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/auth/change-password-form';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { LoginForm } from '../../features/auth/login-form';
import { RegisterForm } from '../../features/auth/register-form';
import { RegisterSuccess } from '../../features/auth/register-success-view';
import { useSystemStatus } from '../../lib/system';
import { useUi } from '../../lib/ui-store';
import { NewPlayerOffers } from '../new-player-offers';
import { AUTH_BANNER_FALLBACK, useAuthBanner } from './auth-banner';
import './auth-modal.css';

export type AuthMode = 'login' | 'register';

/** Views the popup shows instead of the tabs, named by the ui store's modalArg. */
const SINGLE_VIEWS = ['forgot', 'changePassword', 'registerSuccess'] as const;
type SingleView = (typeof SINGLE_VIEWS)[number];
const isSingleView = (v: unknown): v is SingleView => (SINGLE_VIEWS as readonly unknown[]).includes(v);

type AuthModalProps = {
  open: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
};

/**
 * The login/register popup (spec §2 'Modals', modal type 'login' or 'register'): w_reg banner,
 * Login/Register tabs (Register only with DIRECTREG3), the forms and the 'no account? register
 * now' link. The forgot-password, change-password and registration-success views open in the
 * same popup (ui.openModal('login', view)), so one modal is ever open.
 */
export function AuthModal({ open, mode, onModeChange, onClose }: AuthModalProps) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const view = useUi((s) => s.modalArg);
  const canRegister = status?.whitelabel.DIRECTREG3 === true;
  const active: AuthMode = canRegister ? mode : 'login';
  const ids = { login: useId(), register: useId(), panel: useId() };

  if (isSingleView(view)) {
    const titles: Record<SingleView, string> = {
      forgot: t('auth.forgotTitle'),
      changePassword: t('auth.changePasswordTitle'),
      registerSuccess: t('auth.registerSuccessTitle'),
    };
    return (
      <Modal open={open} onClose={onClose} title={titles[view]} className="auth-modal auth-modal-view">
        {view === 'forgot' ? <ForgotPasswordForm /> : null}
        {view === 'changePassword' ? <ChangePasswordForm /> : null}
        {view === 'registerSuccess' ? <RegisterSuccess onClose={onClose} /> : null}
      </Modal>
    );
  }

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
        {active === 'login' ? <LoginForm /> : <RegisterForm offers={<NewPlayerOffers />} />}
        {canRegister && active === 'login' ? (
          <p className="auth-switch">
            {t('auth.noAccount')}{' '}
            <button type="button" className="link-btn" onClick={() => onModeChange('register')}>
              {t('auth.registerNow')}
            </button>
          </p>
        ) : null}
      </div>
    </Modal>
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
