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
