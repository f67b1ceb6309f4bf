import type { Formatter } from '@khela/contract/format';
import { readReason } from '@khela/contract/reject-reasons';
import type { TFunction } from 'i18next';
import type { Unit } from './kit';

/** What a notice's text may name (notices.ts params), each written for the reader. */
const PARAMS = ['amount', 'method', 'reason', 'counterparty', 'until'] as const;

/**
 * A reason as the player reads it: one from the desk's fixed list in their language, with the
 * staff member's note as typed after it; a free-text reason (written before the list) as it is.
 */
export function reasonText(t: TFunction, stored: string): string {
  const { code, note } = readReason(stored);
  if (!code) return note;
  const said = t(`notices.reasons.${code}`);
  return note ? `${said} ${t('notices.note', { note })}` : said;
}

/**
 * The method a notice names in the reader's language: the server adds both names when it lists
 * or pushes a notice (notices.ts withMethodNames); an older one without them keeps the name it was
 * written with, and a payout account's change names the account.
 */
function methodOf(locale: string, params: Record<string, string>): string {
  const named = locale === 'bn' ? params.method_bn : params.method_en;
  return named || params.method || params.account || '';
}

/**
 * A notice's text in the reader's language, from its kind and params (`notices.kinds.<kind>`):
 * the amount through the formatter, a time as a date, the method and the reason in the reader's
 * language; a kind this version does not know reads as a general "your account has news".
 */
export function noticeText(
  t: TFunction,
  fmt: Formatter,
  unit: Unit,
  notice: { kind: string; params: Record<string, string> },
): string {
  const values: Record<string, string> = {};
  for (const p of PARAMS) values[p] = notice.params[p] ?? '';
  if (notice.params.amount) values.amount = fmt.money(notice.params.amount, unit);
  if (notice.params.until) values.until = fmt.date(notice.params.until);
  values.method = methodOf(fmt.locale, notice.params);
  if (notice.params.reason) values.reason = reasonText(t, notice.params.reason);
  const key = `notices.kinds.${notice.kind}`;
  // A kind with a text naming the method (`<kind>_method`) uses it when the notice names one.
  const text = t(key, values.method ? { ...values, context: 'method' } : values);
  return text === key || typeof text !== 'string' ? t('notices.kinds.other') : text;
}
