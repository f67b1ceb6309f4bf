import { ApiError } from '@khela/client';
import type { TFunction } from 'i18next';

/** The staff member's words for a failed call: its contract code's text, else a general one. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    return t(key, { defaultValue: t('errors.UNKNOWN') });
  }
  return t('errors.UNKNOWN');
}
