import type { Formatter } from '@khela/contract/format';
import type { TFunction } from 'i18next';
import type { Unit } from './kit';

/** What a notice's text may name (notices.ts params), each written for the reader. */
const PARAMS = ['amount', 'method', 'reason', 'counterparty', 'until'] as const;

/**
 * A notice's text in the reader's language, from its kind and params (`notices.kinds.<kind>`):
 * the amount through the formatter, a time as a date; a kind this version does not know reads
 * as a general "your account has news".
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
  const key = `notices.kinds.${notice.kind}`;
  const text = t(key, values);
  return text === key || typeof text !== 'string' ? t('notices.kinds.other') : text;
}
