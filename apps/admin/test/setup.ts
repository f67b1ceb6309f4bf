// Test setup shared by every back office test: the real bn/en texts and the browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../src/lib/i18n';

configure({ asyncUtilTimeout: 15_000 });
beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
