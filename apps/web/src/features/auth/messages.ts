import type { FieldRule, RegisterSettings } from '@khela/contract';
import { formatter } from '@khela/contract/format';
import { fieldLabelKey, formatRange } from '@khela/contract/validation';
import i18next, { type TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/**
 * A field's message, from the shared engine or from the server's fieldErrors (both full i18n
 * keys). The params are rebuilt here from the field and its rule, so a key from either side
 * reads the same: the field's translated name, and (min), (max), range of its rule.
 */
export function fieldMessage(
  t: TFunction,
  field: string,
  key: string,
  rule?: FieldRule,
  /** Params of the form's own (a mobile number's: the brand's dialling codes). */
  extra: Record<string, string> = {},
): string {
  const params: Record<string, string | number> = { ...extra, field: t(fieldLabelKey(field)) };
  if (rule)
    Object.assign(params, {
      min: rule.minLength,
      max: rule.maxLength,
      // In the reader's digits, like (min) and (max), which t() formats itself.
      range: formatRange(rule.minLength, rule.maxLength, (n) => formatter(i18next.language).count(n)),
    });
  return t(key, { ...params, defaultValue: t('validation.invalid') });
}

export const ruleOf = (settings: RegisterSettings | undefined, field: string): FieldRule | undefined =>
  (settings as Record<string, FieldRule> | undefined)?.[field];

/** A failed call as a sentence: the server's key translated, else the unknown-error text. */
export function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) return t(e.messageKey, { defaultValue: t('errors.UNKNOWN') });
  return t('errors.UNKNOWN');
}
