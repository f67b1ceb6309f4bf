// Test setup shared by every back office test: the real bn/en texts and the browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadAreaTexts } from '../src/lib/i18n';

const AREAS = Object.keys(import.meta.glob('../src/locales/areas/en/*.json')).map((f) =>
  f.replace(/.*\/(\w+)\.json$/, '$1'),
);

configure({ asyncUtilTimeout: 15_000 });
beforeAll(async () => {
  // The files share their worker's page (vitest.config.ts): each starts from an empty one.
  document.body.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  await initI18n('en');
  // Screens are rendered directly here, not through app.tsx's loaders: every area's texts up front.
  for (const area of AREAS) await loadAreaTexts(area);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
