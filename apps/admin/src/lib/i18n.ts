import { formatter } from '@khela/contract/format';
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import bn from '../locales/bn.json';
import en from '../locales/en.json';
import { ADMIN_LANGUAGES, type AdminLanguage, storedLanguage } from './prefs';
import { local } from './storage';

/**
 * The texts every screen shares (the shell, login, set-up, errors) come in both languages with the
 * app: a language switch at a cashier's desk should not wait for the network. Each area's own texts
 * (locales/areas/<language>/<area>.json) load with its screen, in both languages too, so that the
 * first screen does not grow with every desk the office gains.
 */
export const TEXTS = { bn, en } as const;

const AREA_TEXTS = import.meta.glob<Record<string, unknown>>('../locales/areas/*/*.json', { import: 'default' });

/** Adds an area's texts, in every language, to what `t()` knows. */
export async function loadAreaTexts(area: string): Promise<void> {
  await Promise.all(
    ADMIN_LANGUAGES.map(async (lang) => {
      const load = AREA_TEXTS[`../locales/areas/${lang}/${area}.json`];
      if (!load) throw new Error(`no back office texts for the area '${area}' in ${lang}`);
      i18next.addResourceBundle(lang, 'translation', { [area]: await load() }, true, true);
    }),
  );
}

/** A number passed to `t()` is written by the language's formatter (Bengali digits in Bengali). */
const numberInterpolation: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined): string {
    if (typeof value === 'number' || typeof value === 'bigint') return formatter(lng ?? 'en').number(value);
    return value as string;
  },
};

export async function initI18n(lang: AdminLanguage = storedLanguage()) {
  if (i18next.isInitialized) {
    await i18next.changeLanguage(lang);
    return i18next;
  }
  await i18next
    .use(initReactI18next)
    .use(numberInterpolation)
    .init({
      lng: lang,
      fallbackLng: false,
      resources: { bn: { translation: bn }, en: { translation: en } },
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(lang: AdminLanguage) {
  local.set('admin.lang', lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
