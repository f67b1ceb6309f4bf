import { local } from './storage';

/** The back office's two languages (BACK-OFFICE.md "Shape"); Bengali first, as the brand's default. */
export const ADMIN_LANGUAGES = ['bn', 'en'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];

export type Theme = 'light' | 'dark';

export function isAdminLanguage(v: unknown): v is AdminLanguage {
  return v === 'bn' || v === 'en';
}

export function storedLanguage(): AdminLanguage {
  const v = local.get('admin.lang');
  return isAdminLanguage(v) ? v : 'bn';
}

/** Light by default: the office is worked at desks in daylight; dark is one click away. */
export function storedTheme(): Theme {
  return local.get('admin.theme') === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

export function rememberTheme(theme: Theme) {
  local.set('admin.theme', theme);
  applyTheme(theme);
}
