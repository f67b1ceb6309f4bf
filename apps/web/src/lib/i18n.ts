import { DEFAULT_LOCALE, LOCALES, type Locale } from '@khela/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberInterpolation } from './format';
import { setManifestLanguage } from './install-app';
import { local } from './storage';

/**
 * Texts live in `src/locales/<lang>/<namespace>.json`, one file per feature, so features never
 * edit each other's files. A file's keys are reached as `<namespace>.<key>` (e.g.
 * `header.login`). Each language is its own lazy chunk: only the active one is downloaded.
 */
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/index.ts', { import: 'default' });

export async function loadLocale(lang: Locale): Promise<Record<string, unknown>> {
  const load = bundles[`../locales/${lang}/index.ts`];
  return load ? load() : {};
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/** The stored language if valid and offered, else the brand default. */
export function initialLanguage(offered: readonly string[] = LOCALES, brandDefault: string = DEFAULT_LOCALE): Locale {
  const stored = local.get('lang');
  if (isLocale(stored) && offered.includes(stored)) return stored;
  return isLocale(brandDefault) ? brandDefault : DEFAULT_LOCALE;
}

export async function initI18n(lang: Locale) {
  const resources = { [lang]: { translation: await loadLocale(lang) } };
  await i18next
    .use(initReactI18next)
    .use(numberInterpolation)
    .init({
      lng: lang,
      fallbackLng: false,
      resources,
      // Every interpolated number goes through the language's formatter (lib/format.ts).
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  document.documentElement.lang = lang;
  setManifestLanguage(lang);
  return i18next;
}

/**
 * Switches the language without a reload. A choice (`remember`, the default) is stored as
 * `lang` and the previous one as `hisLang`; the brand default applied to a visitor who never
 * chose is not stored, so a later login can still bring the language kept on the account.
 */
export async function changeLanguage(lang: Locale, { remember = true }: { remember?: boolean } = {}) {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadLocale(lang));
  }
  const previous = i18next.language;
  if (remember) {
    if (previous && previous !== lang) local.set('hisLang', previous);
    local.set('lang', lang);
  }
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  setManifestLanguage(lang);
}

/** The language this browser's visitor chose, if it is one the brand offers. */
export function chosenLanguage(offered: readonly string[]): Locale | null {
  const stored = local.get('lang');
  return isLocale(stored) && offered.includes(stored) ? stored : null;
}

/**
 * The language a call asks its texts in: the active one (always a locale once i18n started),
 * else none, so the server answers in the brand's default.
 */
export function callLanguage(language: string): Locale | undefined {
  return isLocale(language) ? language : undefined;
}
