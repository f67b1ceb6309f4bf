import type { Locale } from '@khela/contract';

/** BCP 47 tags for our locale codes (CN is Chinese, TY a Thai-market variant of English). */
const INTL_TAGS: Record<Locale, string> = {
  bn: 'bn-BD',
  en: 'en-US',
  cn: 'zh-CN',
  id: 'id-ID',
  th: 'th-TH',
  ty: 'en-US',
  vi: 'vi-VN',
};

export const intlTag = (locale: string): string => INTL_TAGS[locale as Locale] ?? 'en-US';

export function formatNumber(locale: string, n: number): string {
  return new Intl.NumberFormat(intlTag(locale)).format(n);
}

/** Money arrives as a decimal string in the brand's precision; it is never parsed to a float for sums. */
export function formatMoney(locale: string, amount: string | number, decimals: number): string {
  return new Intl.NumberFormat(intlTag(locale), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(amount));
}

export function formatDate(locale: string, iso: string | Date): string {
  return new Intl.DateTimeFormat(intlTag(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    // Bengali's 12-hour clock comes out with a Latin 'PM' (২২ নভে, ১০:৪০ PM); the 24-hour clock
    // reads naturally in Bengali digits (২২:৪০).
    ...(locale === 'bn' ? { hourCycle: 'h23' as const } : {}),
  }).format(new Date(iso));
}

/**
 * Notice timestamps 'yyyy-MM-dd hh:mm:ss' (spec §2), in the visitor's time zone. Hours are
 * 00–23: the pattern has no AM/PM marker, so a 12-hour clock would be ambiguous.
 */
export function formatTimestamp(iso: string | Date): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
