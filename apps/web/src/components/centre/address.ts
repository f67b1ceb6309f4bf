import { useMemo } from 'react';
import { type Location, type To, useLocation, useNavigate } from 'react-router';
import type { CentreName, CentrePageId } from './centres';

/**
 * A centre lives in the address, over whatever route is open (ARCHITECTURE §7):
 * `?centre=member&page=withdraw`. So a centre page can be linked, reloaded and left with Back,
 * and nothing else has to remember that it is open.
 */
export const CENTRE_PARAM = 'centre';
export const CENTRE_PAGE_PARAM = 'page';

/** What the address asks for; the shell checks the names (an unknown page shows the first one). */
export type CentreAddress = { centre: string; page: string | null };

export function readCentreAddress(search: string): CentreAddress | null {
  const params = new URLSearchParams(search);
  const centre = params.get(CENTRE_PARAM);
  return centre ? { centre, page: params.get(CENTRE_PAGE_PARAM) } : null;
}

function withSearch(location: Pick<Location, 'pathname' | 'hash'>, params: URLSearchParams): To {
  const search = params.toString();
  return { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash };
}

/** The current route with a centre page open over it. */
export function centreTo(location: Pick<Location, 'pathname' | 'search' | 'hash'>, centre: string, page: string): To {
  const params = new URLSearchParams(location.search);
  params.set(CENTRE_PARAM, centre);
  params.set(CENTRE_PAGE_PARAM, page);
  return withSearch(location, params);
}

/** The current route with no centre open. */
export function withoutCentreTo(location: Pick<Location, 'pathname' | 'search' | 'hash'>): To {
  const params = new URLSearchParams(location.search);
  params.delete(CENTRE_PARAM);
  params.delete(CENTRE_PAGE_PARAM);
  return withSearch(location, params);
}

/** The centre the current address opens, if any. */
export function useCentreAddress(): CentreAddress | null {
  const { search } = useLocation();
  return useMemo(() => readCentreAddress(search), [search]);
}

/** Where a centre page is from here: for links (a new tab opens it too). */
export function useCentreLink<C extends CentreName>(centre: C, page: CentrePageId<C>): To {
  return centreTo(useLocation(), centre, page);
}

/** Opens a centre page over the current route, as a new history entry (Back closes it). */
export function useOpenCentre(): <C extends CentreName>(centre: C, page: CentrePageId<C>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (centre, page) => navigate(centreTo(location, centre, page));
}
