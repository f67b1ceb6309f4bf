import { BANNER_FRAME_PAGES, LOGIN_FRAME_PAGE, PAGE_BANNER_GROUPS } from '@khela/contract';
import { BRAND_TTL_MS, brandOf } from '../../platform/brand';
import type { Database } from '../../platform/db';
import type { PageHead, PageHeadOf } from '../../platform/web';
import * as repo from './repo';

/** Page paths as the client router matches them: any case, without a trailing slash. */
const GROUP_OF_PATH = new Map(Object.entries(PAGE_BANNER_GROUPS).map(([p, g]) => [p.toLowerCase(), g]));
const FRAME_OF_PATH = new Map(Object.entries(BANNER_FRAME_PAGES).map(([p, f]) => [p.toLowerCase(), f]));

const routeKey = (pathname: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase() || '/';

export function bannerGroupOfPage(pathname: string) {
  return GROUP_OF_PATH.get(routeKey(pathname));
}

/** How the server paints the page's first screen with its first banner, if it does. */
export function frameOf(pathname: string): PageHead['frame'] {
  const key = routeKey(pathname);
  if (key === LOGIN_FRAME_PAGE) return { kind: 'login' };
  const banner = FRAME_OF_PATH.get(key);
  return banner ? { kind: 'banner', sideMenu: banner.sideMenu } : undefined;
}

/**
 * What a page's HTML asks for before its script runs: the first banner of the page's group, the
 * largest paint of its first screen, which the script would otherwise find only after two calls —
 * and, on a page drawn in the banner frame, paints it there at once.
 * Kept per brand and group as briefly as the brand itself (BRAND_TTL_MS).
 */
export function pageHeadOf(db: Database): PageHeadOf {
  const cache = new Map<string, { at: number; image: string | undefined }>();
  return async (req, pathname) => {
    const group = bannerGroupOfPage(pathname);
    if (!group) return {};
    const brand = await brandOf(req);
    const key = `${brand.id}:${group}`;
    const now = Date.now();
    let hit = cache.get(key);
    if (!hit || now - hit.at > BRAND_TTL_MS) {
      const banners = await repo.activeBanners(db.kysely, brand.id, group, new Date(now));
      hit = { at: now, image: banners[0]?.image_url };
      cache.set(key, hit);
    }
    return { lcpImage: hit.image, frame: hit.image ? frameOf(pathname) : undefined };
  };
}
