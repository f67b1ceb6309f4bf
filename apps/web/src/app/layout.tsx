import type { BannerGroup } from '@khela/contract';
import { GoToTop } from '@khela/ui/go-to-top';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../components/banners/banner-carousel';
import { Footer } from '../features/footer/footer';
import { SideMenu } from '../features/side-menu/side-menu';
import { useFirstScreenSettled } from '../lib/idle';
import { ui, useUi } from '../lib/ui-store';
import { Header } from './header/header';
import type { Layout } from './routes';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';
import './layout.css';

type SiteLayoutProps = {
  layout: Layout;
  bannerGroup?: BannerGroup | undefined;
  /** The route's default for the side menu (mini on /seamless and /vnlottery, spec §2). */
  sideMenuMini?: boolean | undefined;
  prominentLogo?: boolean;
  children: ReactNode;
};

/**
 * The page frame built from a route's layout flags (ARCHITECTURE §7): sticky header, side menu
 * (a column on desktop, an off-canvas drawer on phones), banner carousel, main, footer, and the
 * go-to-top button on every page.
 */
export function SiteLayout({ layout, bannerGroup, sideMenuMini, prominentLogo, children }: SiteLayoutProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const chosenMini = useUi((s) => s.sideMenuMini);
  // The drawer is always full width: mini only makes sense beside the page.
  const mini = !isPhone && (chosenMini ?? sideMenuMini ?? false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerShown = isPhone && drawerOpen;
  // On a phone the menu is a closed drawer that most visits never open: it is built the first
  // time it opens, not with the first screen.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerShown && !drawerUsed) setDrawerUsed(true);

  // The side menu closes its drawer on navigation and Escape (and focuses its close button);
  // growing past phone width closes it too.
  useEffect(() => {
    if (!isPhone) setDrawerOpen(false);
  }, [isPhone]);
  // The page behind an open drawer does not scroll.
  useEffect(() => {
    if (!drawerShown) return;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, [drawerShown]);

  const showBanner = layout.banner && bannerGroup !== undefined;
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {layout.header ? (
        <Header
          onMenu={layout.sideMenu ? () => setDrawerOpen(true) : undefined}
          menuOpen={drawerShown}
          prominentLogo={prominentLogo}
        />
      ) : null}
      <div className="shell-body">
        {layout.sideMenu ? (
          <>
            {/* The column places the menu: sticky beside the page, or the off-canvas drawer on phones. */}
            <div className="shell-side" data-mini={mini} data-open={drawerShown} data-header={layout.header}>
              {isPhone && !drawerUsed ? null : (
                <SideMenu
                  mini={mini}
                  onToggle={() => ui.setSideMenuMini(!mini)}
                  mobileOpen={drawerShown}
                  onClose={() => setDrawerOpen(false)}
                />
              )}
            </div>
            {drawerShown ? (
              <button
                type="button"
                className="shell-scrim"
                aria-label={t('app.closeMenu')}
                tabIndex={-1}
                onClick={() => setDrawerOpen(false)}
              />
            ) : null}
          </>
        ) : null}
        <div className="shell-content">
          {showBanner ? (
            <div className="shell-banner">
              <BannerCarousel group={bannerGroup} />
            </div>
          ) : null}
          <main id="main" className="shell-main" tabIndex={-1}>
            {children}
          </main>
          {layout.footer ? <DeferredFooter /> : null}
        </div>
      </div>
      <GoToTop />
    </div>
  );
}

/**
 * The footer is below the first screen on every page (the main area is at least a screen high,
 * layout.css), so the first page builds it once it has settled, in slices, instead of in the
 * tasks that hold the first taps; it appears where nobody is looking, so nothing moves on screen.
 */
function DeferredFooter() {
  return useFirstScreenSettled() ? <Footer /> : null;
}
