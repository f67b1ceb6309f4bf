// Test setup shared by every web test: real bn/en texts, and the browser APIs jsdom lacks.
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadLocale } from '../src/lib/i18n';

if (!window.matchMedia) {
  // Desktop width unless a test says otherwise (see setViewport in test/render.tsx).
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

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
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: NoopObserver });
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: NoopObserver });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

beforeAll(async () => {
  if (!i18next.isInitialized) await initI18n('bn');
  i18next.addResourceBundle('en', 'translation', await loadLocale('en'), true, true);
});

afterEach(() => {
  cleanup();
});
