import type { Theme } from '@khela/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { applyTheme, readTheme, setTheme } from '../../lib/theme';

/**
 * The active theme. It is read once from storage (an invalid stored value is reset to dark,
 * spec §2) and shared by every switch on the page through this tiny store.
 */
let current: Theme | null = null;
const listeners = new Set<() => void>();

function get(): Theme {
  if (current === null) current = readTheme();
  return current;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** For tests: forget the theme read from storage. */
export function resetThemeForTests() {
  current = null;
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, get, get);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  const change = useCallback((next: Theme) => {
    current = next;
    setTheme(next);
    for (const l of listeners) l();
  }, []);
  return [theme, change];
}
