import i18next from 'i18next';
import { changeLanguage, chosenLanguage, isLocale } from '../../lib/i18n';

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
