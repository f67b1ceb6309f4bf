import type { Locale } from '@khela/contract';
import { updateLanguageCall } from '@khela/contract/endpoints';
import i18next from 'i18next';
import { call } from './api';
import { changeLanguage, chosenLanguage, isLocale } from './i18n';
import { hasToken } from './storage';

/**
 * Once member info has loaded: a browser where no language was chosen (a fresh browser) switches
 * to the language kept on the account, when the brand offers it. A language chosen in this
 * browser stays as it is, and the account is left alone: only a change the player makes while
 * logged in is sent to the server (spec §1 'Language change … notifies the server'), so merely
 * logging in on someone else's browser does not change one's account.
 */
export async function syncAccountLanguage(account: string | null, offered: readonly string[]): Promise<void> {
  if (chosenLanguage(offered) !== null) return;
  if (isLocale(account) && offered.includes(account) && account !== i18next.language) await changeLanguage(account);
}

/**
 * Tells the server a logged-in player's new language (spec §1: a language change "notifies the
 * server"; §7 'update language'), kept on the account for the next login on another browser
 * and for the texts the server sends (reset email, SMS codes). Visitors have no account to
 * tell. A failure leaves the change in this browser only. Resolves true when the server took it.
 */
export async function notifyServerLanguage(lang: Locale): Promise<boolean> {
  if (!hasToken()) return false;
  try {
    await call(updateLanguageCall, { language: lang });
    return true;
  } catch {
    return false;
  }
}
