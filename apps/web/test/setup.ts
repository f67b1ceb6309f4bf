// Test setup shared by every web test: real bn/en texts, and the browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadLocale } from '../src/lib/i18n';
import { forgetObservers } from '../src/lib/in-view';
import { mediaQueryList } from './media';

/** jsdom has neither observer: nothing is ever reported (a test that needs reports stubs its own). */
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [];
}

// A test file may run in Node instead (`// @vitest-environment node`): no DOM, no texts then.
if (typeof window !== 'undefined') {
  // findBy*/waitFor wait up to 15 s: lazy chunks (the login popup, the human check) load slower
  // on a busy 2-core machine; a real failure still fails, only later.
  configure({ asyncUtilTimeout: 15_000 });
  installBrowserGaps();
  // Each file starts from an empty page in Bengali with empty storage and the do-nothing
  // observers: the files share their worker's modules and window (vitest.config.ts), and a file
  // before may have left any of these (or stubbed IntersectionObserver, which the lazy images'
  // shared observers were built from).
  beforeAll(async () => {
    document.body.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
    window.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
    forgetObservers();
    if (!i18next.isInitialized) await initI18n('bn');
    else await i18next.changeLanguage('bn');
    i18next.addResourceBundle('en', 'translation', await loadLocale('en'), true, true);
  });
  afterEach(() => {
    cleanup();
  });
}

function installBrowserGaps() {
  if (!window.matchMedia) {
    // Desktop width unless a test says otherwise (see setViewport in test/render.tsx).
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => mediaQueryList(query, false),
    });
  }

  if (!('IntersectionObserver' in window)) {
    Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: NoopObserver });
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: NoopObserver });
  }
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}
