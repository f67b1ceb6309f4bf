import { useSyncExternalStore } from 'react';

/** Below this width the side menu becomes an off-canvas drawer (keep in step with layout.css). */
export const PHONE_QUERY = '(max-width: 899.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
