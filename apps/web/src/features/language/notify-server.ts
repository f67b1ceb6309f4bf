import type { Locale } from '@khela/contract';
import { api } from '../../lib/api';
import { hasToken } from '../../lib/storage';

/**
 * Tells the server a logged-in player's new language (spec §1: a language change "notifies the
 * server"; §7 'update language'), kept on the account for the next login on another browser
 * and for the texts the server sends (reset email, SMS codes). Visitors have no account to
 * tell. A failure leaves the change in this browser only. Resolves true when the server took it.
 */
export async function notifyServerLanguage(lang: Locale): Promise<boolean> {
  if (!hasToken()) return false;
  try {
    await api('/wps/member/language', { method: 'PUT', body: { language: lang } });
    return true;
  } catch {
    return false;
  }
}
