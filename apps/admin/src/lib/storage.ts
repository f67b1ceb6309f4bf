/**
 * The back office's browser storage. Keys carry an `admin.` prefix: the office shares its origin
 * with the player site, whose `lang`, `theme` and `token` mean something else. A blocked storage
 * never throws; the office then forgets its choices on reload.
 */
type Key = 'admin.lang' | 'admin.theme' | 'admin.token' | 'admin.sessionEnded';

function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function access(kind: 'local' | 'session') {
  return {
    get(key: Key): string | null {
      try {
        return store(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: Key, value: string) {
      try {
        store(kind)?.setItem(key, value);
      } catch {
        // Full or blocked: the choice lasts until the page closes.
      }
    },
    remove(key: Key) {
      try {
        store(kind)?.removeItem(key);
      } catch {
        // Blocked: nothing was stored either.
      }
    },
  };
}

/** Choices that outlive the tab: language and theme. */
export const local = access('local');
/**
 * The staff session's token lives only as long as the tab: a back office left open on a shared
 * desk is closed with its window.
 */
export const session = access('session');
