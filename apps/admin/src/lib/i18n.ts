import { formatter } from '@khela/contract/format';
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import bn from '../locales/bn.json';
import en from '../locales/en.json';
import { type AdminLanguage, storedLanguage } from './prefs';
import { local } from './storage';

/**
 * Both languages are bundled: together they are a few kilobytes, and a language switch at a
 * cashier's desk should not wait for the network.
 */
export const TEXTS = { bn, en } as const;

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
