import type { Locale } from '@khela/contract/constants';
import { latinDigits } from '@khela/contract/digits';
import { type Formatter, formatter } from '@khela/contract/format';
import type { FormatterModule } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The site's side of the one formatter (contract format.ts, decision 0027): every number,
 * amount and date a page shows goes through the active language's formatter. The game pages
 * (src/play) import the contract's formatter directly: they carry no React.
 */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  return formatter(i18n.language);
}

/** BCP 47 tags for our locale codes (CN is Chinese, TY a Thai-market variant of English). */
const INTL_TAGS: Record<Locale, string> = {
  bn: 'bn-BD',
  en: 'en-IN',
  cn: 'zh-CN',
  id: 'id-ID',
  th: 'th-TH',
  ty: 'en-GB',
  vi: 'vi-VN',
};

/** The tag Intl names regions and languages in; numbers and dates go through the formatter. */
export const intlTag = (locale: string): string => INTL_TAGS[locale as Locale] ?? 'en-IN';

export { currencySymbol } from '@khela/contract/format';

/**
 * i18next's formatter: a number passed to `t()` (`t('lobby.results', { count })`) is written
 * by the language's formatter, so no text shows Latin digits in Bengali. Strings pass as they
 * are: names, codes and amounts already formatted by the caller.
 */
export const numberInterpolation: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined): string {
    if (typeof value === 'number' || typeof value === 'bigint') return formatter(lng ?? 'en').number(value);
    // i18next hands over whatever the caller passed; anything else stays as it came.
    return value as string;
  },
};

/**
 * react-hook-form's option for a field a person types digits into (a phone number, an SMS code,
 * a captcha): `register('mobileNum', typedDigits)`. The field shows what was typed; the form's
 * value — what validation checks and the call sends — has every digit in Latin (০১৭ → 017).
 */
export const typedDigits = {
  setValueAs: (value: unknown) => (typeof value === 'string' ? latinDigits(value) : value),
};
