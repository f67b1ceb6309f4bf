import { useTranslation } from 'react-i18next';
import { hasToken } from '../../lib/storage';
import { useSystemStatus } from '../../lib/system';
import { ui } from '../../lib/ui-store';

/** A short greeting under the banner; visitors get the Login (and Register) buttons again here. */
export function WelcomeStrip() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const brand = status?.brand.name || t('common.brandName');
  const loggedIn = hasToken();
  const canRegister = status?.whitelabel.DIRECTREG3 === true;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome-copy">
        <h1 id="welcome-title" className="welcome-title">
          {t('pages.welcomeTitle', { brand })}
        </h1>
        <p className="welcome-text">{loggedIn ? t('pages.welcomeBack') : t('pages.welcomeText', { brand })}</p>
      </div>
      {loggedIn ? null : (
        <div className="welcome-actions">
          {canRegister ? (
            <button type="button" className="btn btn-accent" onClick={() => ui.openModal('register')}>
              {t('header.register')}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={() => ui.openModal('login')}>
            {t('header.login')}
          </button>
        </div>
      )}
    </section>
  );
}
