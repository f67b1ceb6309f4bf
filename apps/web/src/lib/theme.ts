import { DEFAULT_THEME, THEMES, type Theme } from '@khela/contract/constants';
import { local } from './storage';

/** Only 'dark' and 'light' are valid; anything else stored is reset to dark (spec §2). */
export function readTheme(): Theme {
  const stored = local.get('theme');
  if (stored && (THEMES as readonly string[]).includes(stored)) return stored as Theme;
  local.set('theme', DEFAULT_THEME);
  return DEFAULT_THEME;
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0d1117' : '#ffffff');
}

export function setTheme(theme: Theme) {
  local.set('theme', theme);
  applyTheme(theme);
}
