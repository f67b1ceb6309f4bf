import { MenuIcon } from '@khela/ui/icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../features/language/language-switch';
import { ThemeSwitch } from '../../features/theme/theme-switch';
import { useLoggedIn } from '../../lib/session';
import { useSystemStatus } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import './header.css';

/** The avatar menu is its own chunk: visitors (most home views) never download it. */
const AvatarMenu = lazy(() => import('../../features/account/avatar-menu'));
/** Logged-in only too: the balance, Deposit and Withdraw, the realtime socket and its notices. */
const HeaderBalance = lazy(() => import('./member-header'));

type HeaderProps = {
  /** Phones: the button that opens the side-menu drawer (only on routes with a side menu). */
  onMenu?: () => void;
  menuOpen?: boolean;
  /** The register page shows the logo prominently (spec §2 'Logo on the register page'). */
  prominentLogo?: boolean;
};

/**
 * The site header (spec §2): logo, theme and language switches, and for visitors the Login
 * button plus Register when direct registration (DIRECTREG3) is on; logged in, the balance with
 * Deposit and Withdraw, and the avatar menu.
 */
export function Header({ onMenu, menuOpen, prominentLogo }: HeaderProps) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const brandName = status?.brand.name || t('common.brandName');
  const loggedIn = useLoggedIn();
  const canRegister = status?.whitelabel.DIRECTREG3 === true;

  return (
    <header
      className={`site-header${prominentLogo ? ' site-header-prominent' : ''}${loggedIn ? ' site-header-member' : ''}`}
    >
      <div className="site-header-inner">
        {onMenu ? (
          <button
            type="button"
            className="icon-btn site-header-menu"
            onClick={onMenu}
            aria-label={t('header.openMenu')}
            aria-expanded={menuOpen ?? false}
          >
            <MenuIcon />
          </button>
        ) : null}
        <Link to="/" className="site-logo" aria-label={t('header.home', { brand: brandName })}>
          <img className="site-logo-full" src="/img/logo.svg" alt="" width={160} height={40} />
          <img className="site-logo-mark" src="/img/logo-mark.svg" alt="" width={40} height={40} />
        </Link>
        <div className="site-header-actions">
          <LanguageSwitch />
          <ThemeSwitch />
          {loggedIn ? (
            <Suspense fallback={null}>
              <HeaderBalance />
              <AvatarMenu />
            </Suspense>
          ) : (
            <div className="site-header-auth">
              <button type="button" className="btn btn-ghost site-header-login" onClick={() => ui.openModal('login')}>
                {t('header.login')}
              </button>
              {canRegister ? (
                <button
                  type="button"
                  className="btn btn-primary site-header-register"
                  onClick={() => ui.openModal('register')}
                >
                  {t('header.register')}
                </button>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
