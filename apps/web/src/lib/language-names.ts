import type { Locale } from '@khela/contract';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  bn: 'বাংলা',
  en: 'English',
  cn: '中文',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  ty: 'English (TH)',
  vi: 'Tiếng Việt',
};

/** Short label for the header button. */
export const LANGUAGE_SHORT: Record<Locale, string> = {
  bn: 'বাং',
  en: 'EN',
  cn: '中文',
  id: 'ID',
  th: 'ไทย',
  ty: 'TY',
  vi: 'VI',
};
