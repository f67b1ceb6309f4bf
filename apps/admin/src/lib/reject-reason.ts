import { readReason } from '@khela/contract/reject-reasons';
import type { TFunction } from 'i18next';

/**
 * A rejection's reason as the desk reads it: the fixed reason in the staff member's language and
 * the note as typed; a free-text reason (before the list) as it is.
 */
export function reasonText(t: TFunction, stored: string): string {
  const { code, note } = readReason(stored);
  if (!code) return note;
  const said = t(`cashier.rejectReasons.${code}`);
  return note ? `${said} — ${note}` : said;
}
