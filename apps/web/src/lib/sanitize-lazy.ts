import { useEffect, useMemo, useState } from 'react';
import './rich-text.css';

type Sanitize = (html: string) => string;

let sanitizer: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** Loads DOMPurify (a lazy chunk) once; notices and the help centre share it. */
export function loadSanitizer(): Promise<Sanitize> {
  if (sanitizer) return Promise.resolve(sanitizer);
  loading ??= import('./sanitize').then((m) => {
    sanitizer = m.sanitizeHtml;
    return sanitizer;
  });
  return loading;
}

/**
 * The sanitised form of `html`, or null until the sanitiser has loaded. Raw operator HTML is
 * never rendered, not even for a moment.
 */
export function useSanitizedHtml(html: string | undefined): string | null {
  const [fn, setFn] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (fn) return;
    let live = true;
    loadSanitizer().then((f) => {
      if (live) setFn(() => f);
    });
    return () => {
      live = false;
    };
  }, [fn]);
  return useMemo(() => (html === undefined || !fn ? null : fn(html)), [fn, html]);
}
