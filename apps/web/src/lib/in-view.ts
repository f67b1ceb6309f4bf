import { useCallback, useEffect, useState } from 'react';
import { afterFirstScreen } from './idle';

/** One observer per (threshold, rootMargin): a long vendor list does not create hundreds. */
const observers = new Map<string, { io: IntersectionObserver; callbacks: Map<Element, () => void> }>();

/**
 * Drops the shared observers, so the next `observe` builds them from the IntersectionObserver of
 * that moment: the web tests swap the class from one file to the next (the app never calls this,
 * so the build leaves it out).
 */
export function forgetObservers(): void {
  for (const { io } of observers.values()) io.disconnect();
  observers.clear();
}

/**
 * Calls `onVisible` once, when `el` comes within `rootMargin` of the viewport; returns the
 * function that stops watching.
 */
export function observe(el: Element, threshold: number, rootMargin: string, onVisible: () => void): () => void {
  const key = `${threshold}|${rootMargin}`;
  let entry = observers.get(key);
  if (!entry) {
    const callbacks = new Map<Element, () => void>();
    const io = new IntersectionObserver(
      (records) => {
        for (const r of records) {
          if (!r.isIntersecting) continue;
          const cb = callbacks.get(r.target);
          callbacks.delete(r.target);
          io.unobserve(r.target);
          cb?.();
        }
      },
      { threshold, rootMargin },
    );
    entry = { io, callbacks };
    observers.set(key, entry);
  }
  const { io, callbacks } = entry;
  callbacks.set(el, onVisible);
  io.observe(el);
  return () => {
    callbacks.delete(el);
    io.unobserve(el);
  };
}

/**
 * Whether the element has come near the viewport yet (then it stays true): what is below the
 * fold or in a closed drawer is built when it is about to be seen, not with the first screen.
 * It is judged once the first screen has settled, when the page above it has its final height
 * (a menu still waiting for its items would otherwise show its foot for a moment). Without
 * IntersectionObserver everything counts as seen.
 */
export function useSeen(rootMargin = '0px 0px 200px 0px'): { ref: (el: Element | null) => void; seen: boolean } {
  const [el, setEl] = useState<Element | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    afterFirstScreen().then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (seen || !el || !settled) return;
    return observe(el, 0, rootMargin, () => setSeen(true));
  }, [el, seen, settled, rootMargin]);
  const ref = useCallback((node: Element | null) => setEl(node), []);
  return { ref, seen };
}
