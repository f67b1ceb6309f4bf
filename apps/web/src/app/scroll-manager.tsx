import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a hash target that a lazy page has not rendered yet. */
const HASH_WAIT_MS = 5000;

/** Every navigation scrolls to the top, or to the hash target if present (spec §2). */
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
    const target = () => document.getElementById(id);
    const found = target();
    if (found) {
      found.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
    const observer = new MutationObserver(() => {
      const el = target();
      if (!el) return;
      el.scrollIntoView();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location]);

  return null;
}
