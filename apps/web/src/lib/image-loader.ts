import { IMAGE_LOADER } from '@khela/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { observe } from './in-view';

/** Spec §8: a game or vendor icon that fails to load falls back to a default icon. */
export const DEFAULT_GAME_ICON = '/img/game-default.svg';

export type LazyImageOptions = {
  /** Share of the element that must be visible before loading starts (IntersectionObserver). */
  threshold?: number;
  /** Loads tried before giving up (spec §9: 3, the side-menu variant 1). */
  attempts?: number;
  /** Shown after the last failed attempt. */
  fallback?: string;
  /** Start a little before the image scrolls in, so it is there when it is seen. */
  rootMargin?: string;
};

export type LazyImageStatus = 'idle' | 'loading' | 'loaded' | 'error';

/**
 * URLs known to load, most recent last (spec §9: the loader remembers up to 200). A remembered
 * URL is shown at once, without waiting to be seen again — e.g. after the side menu re-renders.
 */
const loaded = new Map<string, true>();

function remember(url: string) {
  loaded.delete(url);
  loaded.set(url, true);
  if (loaded.size > IMAGE_LOADER.cache) {
    const oldest = loaded.keys().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

export function isImageCached(url: string): boolean {
  return loaded.has(url);
}

/** Test hook: forget every remembered URL. */
export function clearImageCache() {
  loaded.clear();
}

function loadOnce(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`image failed: ${url}`));
    img.src = url;
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Tries `attempts` times. The spec's 200 ms throttle paced a scroll listener; with an
 * IntersectionObserver there is no scroll listener, so the same pause spaces the retries.
 */
export async function loadImage(url: string, attempts: number = IMAGE_LOADER.attempts): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    try {
      await loadOnce(url);
      remember(url);
      return true;
    } catch {
      if (i < attempts - 1) await wait(IMAGE_LOADER.throttleMs);
    }
  }
  return false;
}

/**
 * Lazy image (spec §9): nothing is fetched until the element comes into view; then the URL is
 * tried `attempts` times and the fallback shown if it never loads. Put `ref` on the <img> and
 * use `src` as its source (undefined until there is something to show).
 */
export function useLazyImage(
  url: string | null | undefined,
  {
    threshold = 0,
    attempts = IMAGE_LOADER.attempts,
    fallback = DEFAULT_GAME_ICON,
    rootMargin = '100px',
  }: LazyImageOptions = {},
): { ref: (el: Element | null) => void; src: string | undefined; status: LazyImageStatus } {
  const [el, setEl] = useState<Element | null>(null);
  const initial = (): { src: string | undefined; status: LazyImageStatus } =>
    !url
      ? { src: fallback, status: 'error' }
      : isImageCached(url)
        ? { src: url, status: 'loaded' }
        : { src: undefined, status: 'idle' };
  const [state, setState] = useState(initial);
  const [forUrl, setForUrl] = useState(url);
  if (forUrl !== url) {
    // A new URL restarts the loader (React's "adjust state while rendering" pattern).
    setForUrl(url);
    setState(initial());
  }

  // The load outlives re-renders and element swaps; its result applies only if the URL is unchanged.
  const current = useRef({ url, status: state.status });
  current.current = { url, status: state.status };

  useEffect(() => {
    if (!url || !el || current.current.status !== 'idle') return;
    const start = () => {
      if (current.current.url !== url || current.current.status !== 'idle') return;
      current.current.status = 'loading';
      setState({ src: undefined, status: 'loading' });
      loadImage(url, attempts).then((ok) => {
        if (current.current.url === url)
          setState(ok ? { src: url, status: 'loaded' } : { src: fallback, status: 'error' });
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    return observe(el, threshold, rootMargin, start);
  }, [url, el, attempts, fallback, threshold, rootMargin]);

  const ref = useCallback((node: Element | null) => setEl(node), []);
  return { ref, src: state.src, status: state.status };
}
