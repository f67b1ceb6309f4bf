import type { CustomerServiceEntry, GameMenus, Resource } from '@khela/contract';
import { SIDE_MENU_CATEGORIES, SIDE_MENU_IMAGE_LOADER } from '@khela/contract/constants';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCentreLink } from '../../components/centre/address';
import { notifyServerLanguage } from '../../lib/account-language';
import { customerServiceEntry, customerServiceUrl } from '../../lib/customer-service';
import { useGameMenus } from '../../lib/game-menus';
import { changeLanguage } from '../../lib/i18n';
import { useLazyImage } from '../../lib/image-loader';
import { useSeen } from '../../lib/in-view';
import { DOWNLOAD_PAGE, installApp, installState } from '../../lib/install-app';
import { LANGUAGE_NAMES } from '../../lib/language-names';
import { useSystemStatus } from '../../lib/system';
import { type ModalName, ui } from '../../lib/ui-store';
import { Icon, type IconName } from './icons';
import './side-menu.css';

// The QR library is a lazy chunk: it is only fetched when the download block shows a code.
const QrCode = lazy(() => import('@khela/ui/qr-code'));

export type SideMenuCategory = (typeof SIDE_MENU_CATEGORIES)[number];

/** Where each category's "all" entry goes (spec §2 'Category navigation'; LOTT opens the lottery page). */
export const CATEGORY_ROUTES: Record<SideMenuCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/lottery',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

const SOCIAL = ['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP'] as const;

/** Below this width the menu is a drawer (the layout's PHONE_QUERY; kept in step with side-menu.css). */
const DRAWER_QUERY = '(max-width: 899.98px)';

function useIsDrawer(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(DRAWER_QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(DRAWER_QUERY).matches,
    () => false,
  );
}

type Props = { mini: boolean; onToggle(): void; mobileOpen: boolean; onClose(): void };

/** Side-menu categories that have vendors, in SIDE_MENU_CATEGORIES order (spec §2). */
export function sideMenuCategories(menus: GameMenus | undefined) {
  const byCode = new Map((menus ?? []).map((m) => [m.gameCategory, m]));
  return SIDE_MENU_CATEGORIES.flatMap((code) => {
    const menu = byCode.get(code);
    return menu && menu.vendors.length > 0 ? [{ code, vendors: menu.vendors }] : [];
  });
}

function resource(resources: Resource[] | undefined, type: string): Resource | undefined {
  return resources?.find((r) => r.resourceType === type && r.url);
}

/**
 * The left side menu (spec §2): navigation, customer service, app download, language and social
 * links. Full or mini on wide screens (icons with tooltips), an off-canvas drawer on phones.
 */
export function SideMenu({ mini: miniWanted, onToggle, mobileOpen, onClose }: Props) {
  // The drawer is always full: mini only makes sense beside the page.
  const drawer = useIsDrawer();
  const mini = miniWanted && !drawer;
  const { t, i18n } = useTranslation();
  const { data: status } = useSystemStatus();
  const { data: menus } = useGameMenus();
  const location = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const categories = sideMenuCategories(menus);
  const activeCategory = categories.find((c) => location.pathname === CATEGORY_ROUTES[c.code])?.code;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(activeCategory ? [activeCategory] : []));

  // The drawer closes when the visitor navigates (spec: phones) and on Escape.
  const lastPath = useRef(location.pathname + location.search);
  useEffect(() => {
    const path = location.pathname + location.search;
    if (path !== lastPath.current) {
      lastPath.current = path;
      onCloseRef.current();
    }
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!mobileOpen) return;
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const languages = status?.brand.languages ?? [];
  const resources = status?.resources;
  const android = resource(resources, 'Android');
  const ios = resource(resources, 'MOBILECONFIG');
  const socials = SOCIAL.flatMap((type) => {
    const r = resource(resources, type);
    return r ? [{ type, url: r.url }] : [];
  });
  // Customer service is the brand's main channel (hidden when it has none); the others follow it.
  const service = customerServiceEntry(status);
  const channels = (status?.customerService ?? []).filter(
    (e): e is CustomerServiceEntry => e !== service?.entry && customerServiceUrl(e) !== null,
  );

  const tip = (label: string) => (mini ? label : undefined);
  const toggleCategory = (code: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  // A modal opened from the phone drawer replaces it: the drawer closes behind the modal.
  const openModal = (name: ModalName) => {
    ui.openModal(name);
    onCloseRef.current();
  };

  // Without an Android app of the brand's own, the download button installs the site itself
  // when the browser offers it; otherwise (iOS, no offer yet) the guide shows the steps.
  const download = () => {
    if (!android && installState() === 'ready') void installApp();
    else openModal('download');
  };

  // Platform information is a member-centre page (spec §2); the centre asks a visitor to log in.
  const messages = useCentreLink('member', 'messageV2');

  const link = (to: string, icon: IconName, label: string, end = false) => (
    <li>
      <NavLink to={to} end={end} className="sm-item" title={tip(label)}>
        <Icon name={icon} />
        <span className="sm-label">{label}</span>
      </NavLink>
    </li>
  );

  return (
    <aside
      className={`side-menu${mini ? ' is-mini' : ''}${mobileOpen ? ' is-open' : ''}`}
      aria-label={t('sideMenu.label')}
    >
      <div className="sm-top">
        <button
          type="button"
          className="sm-collapse"
          onClick={onToggle}
          aria-expanded={!mini}
          aria-label={mini ? t('sideMenu.expand') : t('sideMenu.collapse')}
          title={mini ? t('sideMenu.expand') : t('sideMenu.collapse')}
        >
          <Icon name="collapse" className="sm-collapse-icon" />
        </button>
        <span className="sm-drawer-title">{t('sideMenu.label')}</span>
        <button ref={closeRef} type="button" className="sm-close" onClick={onClose} aria-label={t('sideMenu.close')}>
          <Icon name="close" />
        </button>
      </div>

      <nav className="sm-section" aria-label={t('sideMenu.games')}>
        <ul className="sm-list">
          {link('/', 'home', t('sideMenu.home'), true)}
          {link('/hot', 'hot', t('sideMenu.hot'))}
          {categories.map(({ code, vendors }) => (
            <CategoryItem
              key={code}
              code={code}
              label={t(`sideMenu.categories.${code}`)}
              vendors={vendors}
              mini={mini}
              expanded={expanded.has(code)}
              onToggle={() => toggleCategory(code)}
            />
          ))}
          {link('/inhouse', 'inhouse', t('sideMenu.inhouse'))}
          {link('/fairness', 'fairness', t('fairness.menu'))}
          {link('/promotions', 'promotions', t('sideMenu.promotions'))}
        </ul>
      </nav>

      <section className="sm-section" aria-labelledby={`${ids}-support`}>
        <h2 className="sm-heading" id={`${ids}-support`}>
          {t('sideMenu.support')}
        </h2>
        <ul className="sm-list">
          {service ? (
            <li>
              <a
                className="sm-item"
                href={service.url}
                target="_blank"
                rel="noopener noreferrer"
                title={tip(t('sideMenu.customerService'))}
              >
                <Icon name="support" />
                <span className="sm-label">{t('sideMenu.customerService')}</span>
              </a>
            </li>
          ) : null}
          <li>
            <Link to={messages} className="sm-item" title={tip(t('sideMenu.messages'))}>
              <Icon name="messages" />
              <span className="sm-label">{t('sideMenu.messages')}</span>
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="sm-item"
              title={tip(t('sideMenu.announcements'))}
              onClick={() => openModal('notice')}
            >
              <Icon name="notice" />
              <span className="sm-label">{t('sideMenu.announcements')}</span>
            </button>
          </li>
          {link('/helpmc', 'help', t('sideMenu.helpCenter'))}
          {channels.map((entry) => (
            <li key={`${entry.csType}-${entry.title}`}>
              <a
                className="sm-item"
                href={customerServiceUrl(entry) ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                title={tip(entry.title)}
              >
                <Icon name={entry.csType === 2 ? 'vip' : 'channel'} />
                <span className="sm-label">{entry.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {mini ? null : (
        <>
          <DownloadBlock android={android} ios={ios} onDownload={download} />
          {languages.length > 1 ? (
            <section className="sm-section sm-block" aria-labelledby={`${ids}-lang`}>
              <h2 className="sm-heading" id={`${ids}-lang`}>
                <Icon name="globe" size={16} /> {t('sideMenu.language')}
              </h2>
              <div className="sm-langs">
                {languages.map((lang) => (
                  <button
                    key={lang}
                    type="button"
                    lang={lang === 'cn' ? 'zh' : lang}
                    className="sm-lang"
                    aria-pressed={i18n.language === lang}
                    onClick={() => void changeLanguage(lang).then(() => notifyServerLanguage(lang))}
                  >
                    {LANGUAGE_NAMES[lang]}
                  </button>
                ))}
              </div>
            </section>
          ) : null}
          {socials.length > 0 ? (
            <section className="sm-section sm-block" aria-labelledby={`${ids}-social`}>
              <h2 className="sm-heading" id={`${ids}-social`}>
                {t('sideMenu.followUs')}
              </h2>
              <ul className="sm-social">
                {socials.map((s) => (
                  <li key={s.type}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t(`sideMenu.social.${s.type}`)}
                      title={t(`sideMenu.social.${s.type}`)}
                    >
                      <Icon name={s.type} />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      {mini ? (
        <ul className="sm-list sm-section">
          <li>
            <button type="button" className="sm-item" title={t('sideMenu.appDownload')} onClick={download}>
              <Icon name="download" />
              <span className="sm-label">{t('sideMenu.appDownload')}</span>
            </button>
          </li>
        </ul>
      ) : null}
    </aside>
  );
}

function CategoryItem({
  code,
  label,
  vendors,
  mini,
  expanded,
  onToggle,
}: {
  code: SideMenuCategory;
  label: string;
  vendors: GameMenus[number]['vendors'];
  mini: boolean;
  expanded: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const listId = useId();
  const route = CATEGORY_ROUTES[code];
  const onRoute = location.pathname === route;
  const vassalage = new URLSearchParams(location.search).get('vassalage');

  if (mini) {
    return (
      <li>
        <NavLink to={route} className="sm-item" title={label}>
          <Icon name={code} />
          <span className="sm-label">{label}</span>
        </NavLink>
      </li>
    );
  }
  return (
    <li className={`sm-category${expanded ? ' is-expanded' : ''}`}>
      <button
        type="button"
        className={`sm-item${onRoute ? ' is-within' : ''}`}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onToggle}
      >
        <Icon name={code} />
        <span className="sm-label">{label}</span>
        <Icon name="chevron" size={16} className="sm-chevron" />
      </button>
      <ul id={listId} className="sm-vendors" hidden={!expanded}>
        <li>
          <NavLink
            to={route}
            end
            className={() => `sm-vendor${onRoute && !vassalage ? ' active' : ''}`}
            aria-current={onRoute && !vassalage ? 'page' : undefined}
          >
            <span className="sm-vendor-all" aria-hidden="true">
              {t('sideMenu.allShort')}
            </span>
            <span className="sm-label">{t('sideMenu.all', { category: label })}</span>
          </NavLink>
        </li>
        {vendors.map((v) => (
          <VendorLink
            key={v.vassalage}
            to={`${route}?vassalage=${encodeURIComponent(v.vassalage)}`}
            name={v.name}
            icon={v.icon}
            hot={v.isHot === 1}
            active={onRoute && vassalage === v.vassalage}
          />
        ))}
      </ul>
    </li>
  );
}

function VendorLink({
  to,
  name,
  icon,
  hot,
  active,
}: {
  to: string;
  name: string;
  icon: string | null;
  hot: boolean;
  active: boolean;
}) {
  const { t } = useTranslation();
  // Spec §9: the side-menu variant of the lazy loader (threshold 0.1, one attempt).
  const img = useLazyImage(icon, SIDE_MENU_IMAGE_LOADER);
  return (
    <li>
      <NavLink
        to={to}
        className={() => `sm-vendor${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <img ref={img.ref} src={img.src} alt="" width="28" height="28" className="sm-vendor-icon" />
        <span className="sm-label">{name}</span>
        {hot ? <span className="sm-hot">{t('sideMenu.hotBadge')}</span> : null}
      </NavLink>
    </li>
  );
}

function DownloadBlock({
  android,
  ios,
  onDownload,
}: {
  android: Resource | undefined;
  ios: Resource | undefined;
  onDownload(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const native = [
    ...(android ? [{ key: 'android', label: t('sideMenu.android'), url: android.url }] : []),
    ...(ios ? [{ key: 'ios', label: t('sideMenu.ios'), url: ios.url }] : []),
  ].map((c) => ({
    ...c,
    title: t('sideMenu.qrFor', { os: c.label }),
    caption: t('sideMenu.scanToInstall', { os: c.label }),
  }));
  // Without an app of the brand's own, the code opens the download page on the phone, which installs the site.
  const codes =
    native.length > 0
      ? native
      : [
          {
            key: 'site',
            label: '',
            url: DOWNLOAD_PAGE,
            title: t('sideMenu.qrForSite'),
            caption: t('sideMenu.scanToOpen'),
          },
        ];
  const [shown, setShown] = useState(0);
  const code = codes[Math.min(shown, codes.length - 1)];
  // The code is drawn when it is about to be seen: at the foot of the menu, or in a closed drawer.
  const box = useSeen();
  return (
    <section className="sm-section sm-block sm-download" aria-labelledby={`${ids}-download`}>
      <h2 className="sm-heading" id={`${ids}-download`}>
        {t('sideMenu.appDownload')}
      </h2>
      {codes.length > 1 ? (
        <div className="sm-seg">
          {codes.map((c, i) => (
            <button key={c.key} type="button" aria-pressed={c === code} onClick={() => setShown(i)}>
              {c.label}
            </button>
          ))}
        </div>
      ) : null}
      {code ? (
        <figure className="sm-qr">
          <div className="sm-qr-box" ref={box.ref}>
            {box.seen ? (
              <Suspense fallback={<div className="qr-skeleton" />}>
                <QrCode value={new URL(code.url, location.origin).href} title={code.title} className="sm-qr-svg" />
              </Suspense>
            ) : (
              <div className="qr-skeleton" />
            )}
          </div>
          <figcaption>{code.caption}</figcaption>
        </figure>
      ) : null}
      <button type="button" className="btn btn-primary sm-download-btn" onClick={onDownload}>
        <Icon name="download" size={18} />
        {t('sideMenu.downloadApp')}
      </button>
    </section>
  );
}
