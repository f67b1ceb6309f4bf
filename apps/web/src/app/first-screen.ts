import { PAGE_BANNER_GROUPS } from '@khela/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchBanners } from '../components/banners/api';
import { prefetchGameMenus } from '../lib/game-menus';
import { prefetchSystemStatus } from '../lib/system';
import { prefetchModal } from './modal-host';
import { PAGE_LOADERS } from './pages';
import { LOGIN_PATH, ROUTES, type RouteDef } from './routes';

/** The route of a path as the router matches it: any case, with or without a trailing slash. */
export function routeOf(pathname: string): RouteDef | undefined {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return ROUTES.find((r) => [r.path, ...(r.aliases ?? [])].some((p) => p.toLowerCase() === path));
}

/**
 * Asks at once for what the first screen of a page waits for, while its texts load (ARCHITECTURE
 * §7: phones on mobile networks): the system status, the page's code, its banners and the game
 * menus of its side menu and footer. Left to the components, each would wait for the one before
 * it — the texts, then the status, then the layout — a round trip each on a slow link. The
 * components read the same queries, so nothing is asked twice.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string, search: string, language: string) {
  void prefetchSystemStatus(client, language);
  const route = routeOf(pathname);
  if (!route) {
    // /login opens the login popup with the page: its code and its header image, the largest
    // thing the page paints, are asked for with the rest.
    if (pathname.toLowerCase().replace(/\/+$/, '') === LOGIN_PATH) {
      prefetchModal('login');
      const group = PAGE_BANNER_GROUPS[LOGIN_PATH];
      if (group) void prefetchBanners(client, group, language);
    }
    return;
  }
  // A failed download is reported by the page's own loader when it renders (chunk-boundary).
  PAGE_LOADERS[route.page]().catch(() => undefined);
  if (route.bannerGroup) void prefetchBanners(client, route.bannerGroup, language);
  if (route.layout.sideMenu || route.layout.footer) void prefetchGameMenus(client, language);
  const category = route.category;
  if (route.page === 'lobby' && category && category !== 'HOT')
    // The lobby's calls, from the lobby's own code (it comes with the page's chunk): in the home
    // page's script they would weigh on every first visit.
    import('../features/lobby/api')
      .then((lobby) => lobby.prefetchLobby(client, category, search, language))
      .catch(() => undefined);
}
