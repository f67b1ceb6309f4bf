import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../lib/member-info';
import { useSessionToken } from '../../lib/session';
import { useSystemStatus } from '../../lib/system';
import { ui } from '../../lib/ui-store';

/** A short greeting under the banner; visitors get the Login (and Register) buttons again here. */
export function WelcomeStrip() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const brand = status?.brand.name || t('common.brandName');
  const token = useSessionToken();
  const loggedIn = token !== null;
  const { data: member } = useMemberInfo(token);
  const canRegister = status?.whitelabel.DIRECTREG3 === true;
  // A member who has never logged in before is welcomed, not greeted as one coming back.
  const greeting = () => {
    if (!member) return t('pages.welcomeText', { brand });
    return member.returning ? t('pages.welcomeBack') : t('pages.welcomeNew');
  };
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome-copy">
        <h1 id="welcome-title" className="welcome-title">
          {t('pages.welcomeTitle', { brand })}
        </h1>
        <p className="welcome-text">{greeting()}</p>
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
