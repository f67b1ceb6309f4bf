import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { hasToken } from '../lib/storage';
import { useSystemStatus } from '../lib/system';
import { ui } from '../lib/ui-store';
import { SiteLayout } from './layout';
import { useDocumentTitle } from './use-document-title';

const HEADER_ONLY = { header: true, banner: false, footer: false, sideMenu: false };

/**
 * /login: where the route guard sends visitors (spec §2). Header only, a short prompt, and the
 * login popup opened over it.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const loggedIn = hasToken();
  useDocumentTitle(
    t('pages.title.login'),
    status?.brand.name,
    t('pages.description.login', { brand: status?.brand.name || t('common.brandName') }),
  );

  // Asked again when the effect runs, not taken from the render: a login that lands between the
  // two (another tab's, or a test's) must not be met by a login popup.
  useEffect(() => {
    if (!loggedIn && !hasToken()) ui.openModal('login');
  }, [loggedIn]);

  if (loggedIn) return <Navigate to="/" replace />;
  const canRegister = status?.whitelabel.DIRECTREG3 === true;
  return (
    <SiteLayout layout={HEADER_ONLY}>
      <section className="prompt-card" aria-labelledby="login-prompt-title">
        <img src="/img/logo-mark.svg" alt="" width={56} height={56} className="prompt-card-mark" />
        <h1 id="login-prompt-title" className="prompt-card-title">
          {t('app.loginRequiredTitle')}
        </h1>
        <p className="prompt-card-text">{t('app.loginRequiredText')}</p>
        <div className="prompt-card-actions">
          <button type="button" className="btn btn-primary" onClick={() => ui.openModal('login')}>
            {t('header.login')}
          </button>
          {canRegister ? (
            <button type="button" className="btn btn-ghost" onClick={() => ui.openModal('register')}>
              {t('header.register')}
            </button>
          ) : null}
        </div>
      </section>
    </SiteLayout>
  );
}
