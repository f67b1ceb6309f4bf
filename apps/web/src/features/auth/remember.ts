import { LOGIN_COOKIE_HOURS } from '@khela/contract/constants';

/*
 * Remember-me (spec §3 'Cookies'): the last username, the flag and the SMS-login
 * mobile number with its country code, for 24 hours. Never the password — the original product
 * kept it under the username key; password managers do that job safely (autocomplete attributes).
 */
const COOKIE = { username: 'khela_last_username', flag: 'khela_remember', smsMobile: 'khela_sms_mobile' } as const;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

function writeCookie(name: string, value: string | null) {
  const maxAge = value === null ? 0 : LOGIN_COOKIE_HOURS * 3600;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari before 2025; the value is encoded above
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; max-age=${maxAge}; path=/; SameSite=Lax`;
}

export type Remembered = { remember: boolean; username: string; smsMobile: string };

export function readRemembered(): Remembered {
  return {
    remember: readCookie(COOKIE.flag) === '1',
    username: readCookie(COOKIE.username) ?? '',
    smsMobile: readCookie(COOKIE.smsMobile) ?? '',
  };
}

/** After a login: keep the username (and SMS mobile) when the box is ticked, forget them otherwise. */
export function saveRemembered(remember: boolean, fields: { username?: string; smsMobile?: string }) {
  writeCookie(COOKIE.flag, remember ? '1' : null);
  if (fields.username !== undefined) writeCookie(COOKIE.username, remember ? fields.username : null);
  if (fields.smsMobile !== undefined) writeCookie(COOKIE.smsMobile, remember ? fields.smsMobile : null);
}
