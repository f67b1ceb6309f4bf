import type { Locale } from '@khela/contract';
import { hasToken } from '../../lib/storage';

/**
 * Tells the server a logged-in player's new language (spec §1: a language change "notifies the
 * server"). Visitors have no session, so there is nothing to tell. The session calls arrive with
 * login; until then this resolves without a request.
 */
export async function notifyServerLanguage(_lang: Locale): Promise<void> {
  if (!hasToken()) return;
  // Sessions (and the member language call) land with the login feature.
}
