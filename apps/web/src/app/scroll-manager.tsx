import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a hash target is followed while a lazy page and its content are still arriving. */
const HASH_SETTLE_MS = 3000;

/**
 * Every navigation scrolls to the top, or to the hash target if present (spec §2). Lazy pages
 * render the target late, and content above it (sanitised HTML, images) can still grow after
 * that, so the target is followed while the page settles — until the reader scrolls themselves.
 */
export function ScrollManager() {
  // A new location object per navigation, even to the same address.
  const location = useLocation();

  useEffect(() => {
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
