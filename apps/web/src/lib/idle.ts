import { startTransition, useEffect, useState } from 'react';

/** The longest a deferred job waits for a quiet moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Resolves once the page has loaded and the browser has a quiet moment (or after
 * IDLE_TIMEOUT_MS): for work that may come after the first screen, such as a popup, so it does
 * not lengthen the tasks that hold the first taps (Total Blocking Time).
 */
export function afterFirstScreen(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 0);
      }),
  );
}

/** Set once the first page of the visit has settled: what waits for it comes at once after that. */
let firstScreenSettled = false;

/**
 * False until the visit's first screen has settled (`afterFirstScreen`), then true, the change
 * made in a transition so React builds what it brings in slices; true at once on later pages.
 * For parts below or beyond the first screen: the footer, a lobby's later tiles.
 */
export function useFirstScreenSettled(): boolean {
  const [settled, setSettled] = useState(firstScreenSettled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    afterFirstScreen().then(() => {
      firstScreenSettled = true;
      if (live) startTransition(() => setSettled(true));
    });
    return () => {
      live = false;
    };
  }, [settled]);
  return settled;
}
