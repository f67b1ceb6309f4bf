import { useEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';
import { readCentreAddress, withoutCentreTo } from '../components/centre/address';

/** How long a hash target is followed while a lazy page and its content are still arriving. */
const HASH_SETTLE_MS = 3000;

/**
 * Opening, switching or closing a centre changes only the address's centre part: the page
 * behind it stays where the reader left it.
 */
function onlyCentreChanged(before: Location, after: Location): boolean {
  const rest = (l: Location) => JSON.stringify(withoutCentreTo(l));
  const centre = (l: Location) => JSON.stringify(readCentreAddress(l.search));
  return rest(before) === rest(after) && centre(before) !== centre(after);
}

/**
 * Every navigation scrolls to the top, or to the hash target if present (spec §2). Lazy pages
 * render the target late, and content above it (sanitised HTML, images) can still grow after
 * that, so the target is followed while the page settles — until the reader scrolls themselves.
 */
export function ScrollManager() {
  // A new location object per navigation, even to the same address.
  const location = useLocation();
  const previous = useRef<Location | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before && onlyCentreChanged(before, location)) return;
    const hash = location.hash;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const follow = () => {
      const el = document.getElementById(id);
      // Already at the top of the window: nothing to do (and no scroll event to cause).
      if (el && Math.abs(el.getBoundingClientRect().top) > 1) el.scrollIntoView();
    };
    if (!document.getElementById(id)) window.scrollTo(0, 0);
    follow();

    const mutations = new MutationObserver(follow);
    mutations.observe(document.body, { childList: true, subtree: true, attributes: true });
    const resizes = new ResizeObserver(follow);
    resizes.observe(document.body);
    const stop = () => {
      mutations.disconnect();
      resizes.disconnect();
      clearTimeout(timer);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    // The reader takes over: stop moving the page under them.
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
    const timer = setTimeout(stop, HASH_SETTLE_MS);
    return stop;
  }, [location]);

  return null;
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
