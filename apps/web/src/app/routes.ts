import { type BannerGroup, PAGE_BANNER_GROUPS } from '@khela/contract/constants';
import { LOBBIES } from '../lib/lobbies';

/** Layout flags of a route (spec §2 'Routes'). */
export type Layout = { header: boolean; banner: boolean; footer: boolean; sideMenu: boolean };

/** Page modules, each a lazy chunk (see pages.ts). */
export type PageName =
  | 'home'
  | 'register'
  | 'pointMall'
  | 'lottery'
  | 'vnlottery'
  | 'lobby'
  | 'promotions'
  | 'promoDetail'
  | 'seamless'
  | 'helpmc'
  | 'help'
  | 'resetPassword'
  | 'down'
  | 'game'
  | 'fairness';

export type RouteDef = {
  path: string;
  aliases?: string[];
  page: PageName;
  layout: Layout;
  /** Banner group for the route's carousel (spec §2: 'Banners exist per group name'; PAGE_BANNER_GROUPS). */
  bannerGroup?: BannerGroup;
  /** Lobby routes carry their game category. */
  category?: string;
  /** Side menu starts mini here (spec §2: /seamless and /vnlottery). */
  sideMenuMini?: boolean;
};

const L = (header: boolean, banner: boolean, footer: boolean, sideMenu: boolean): Layout => ({
  header,
  banner,
  footer,
  sideMenu,
});

/** The route table of spec §2, as data: the shell renders every page from it. */
const TABLE: Omit<RouteDef, 'bannerGroup'>[] = [
  {
    path: '/',
    aliases: ['/index', '/index.html', '/home'],
    page: 'home',
    layout: L(true, true, true, true),
  },
  {
    path: '/register',
    aliases: ['/register.html'],
    page: 'register',
    layout: L(true, true, false, false),
  },
  { path: '/pointMall', page: 'pointMall', layout: L(true, true, true, false) },
  { path: '/lottery', page: 'lottery', layout: L(true, false, false, false) },
  { path: '/vnlottery', page: 'vnlottery', layout: L(true, false, false, true), sideMenuMini: true },
  ...LOBBIES.map(([path, category]) => ({ path, page: 'lobby' as const, category, layout: L(true, true, true, true) })),
  { path: '/promotions', page: 'promotions', layout: L(true, false, true, true) },
  { path: '/promoDetail', page: 'promoDetail', layout: L(true, false, true, true) },
  { path: '/seamless', page: 'seamless', layout: L(true, false, false, true), sideMenuMini: true },
  { path: '/helpmc', page: 'helpmc', layout: L(false, false, false, false) },
  { path: '/resetPassword', page: 'resetPassword', layout: L(true, false, false, false) },
  { path: '/help', page: 'help', layout: L(true, true, true, false) },
  { path: '/down', aliases: ['/download'], page: 'down', layout: L(true, true, true, true) },
  { path: '/game', page: 'game', layout: L(true, false, false, false) },
  { path: '/fairness', page: 'fairness', layout: L(true, false, true, true) },
];

/** Every route with its banner group, where its layout shows a banner and the page has one. */
export const ROUTES: RouteDef[] = TABLE.map((r) => {
  const group = r.layout.banner ? PAGE_BANNER_GROUPS[r.path] : undefined;
  return group ? { ...r, bannerGroup: group } : r;
});

/** Where the route guard sends visitors without a session (spec §2). */
export const LOGIN_PATH = '/login';

/**
 * Paths open without a session when the brand requires login (spec §2). /help is added: it is
 * the terms link of the registration form, which a visitor must be able to read. /down is added
 * because it is the same page as /download, which the spec exempts.
 */
export const GUARD_EXEMPT = [
  LOGIN_PATH,
  '/register',
  '/register.html',
  '/helpmc',
  '/download',
  '/down',
  '/help',
  '/resetPassword',
];

/** Whether the route guard sends this visitor to /login (spec §2 'Route guard'). */
export function needsLogin(pathname: string, loggedInToHomePage: boolean, loggedIn: boolean): boolean {
  if (!loggedInToHomePage || loggedIn) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !GUARD_EXEMPT.some((p) => p.toLowerCase() === path.toLowerCase());
}
