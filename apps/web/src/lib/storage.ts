/**
 * Browser storage under the spec's key names (spec §3). Everything that reads or writes web
 * storage goes through here, so the keys exist once and a blocked storage never throws.
 */
export const SESSION_KEYS = [
  'token',
  'account',
  'merchant',
  'merchantCode',
  'customerId',
  'isAgent',
  'memberLabel',
  'memberLabelTextColor',
  'memberLabelBgColor',
  'gameVendor',
  'wallet',
  'toWhichItem',
  'cpw',
  'routers',
  'validateSettings',
  'settings',
  'notices',
  /** Set once the session's popup announcements have been shown. */
  'noticePopupSeen',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

export const LOCAL_KEYS = [
  'lang',
  'hisLang',
  'theme',
  'merchantCode',
  'sideMenuMini',
  'hideBalance',
  /** A visitor's favourite games (spec §3: guests' favourites are kept locally). */
  'guestFavourites',
] as const;
export type LocalKey = (typeof LOCAL_KEYS)[number];

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const session = {
  get: (k: SessionKey): string | null => safe(() => sessionStorage.getItem(k), null),
  set: (k: SessionKey, v: string) => safe(() => sessionStorage.setItem(k, v), undefined),
  remove: (k: SessionKey) => safe(() => sessionStorage.removeItem(k), undefined),
  getJson<T>(k: SessionKey): T | null {
    const raw = session.get(k);
    if (raw == null) return null;
    return safe(() => JSON.parse(raw) as T, null);
  },
  setJson: (k: SessionKey, v: unknown) => session.set(k, JSON.stringify(v)),
};

export const local = {
  get: (k: LocalKey): string | null => safe(() => localStorage.getItem(k), null),
  set: (k: LocalKey, v: string) => safe(() => localStorage.setItem(k, v), undefined),
  remove: (k: LocalKey) => safe(() => localStorage.removeItem(k), undefined),
};

/** Logged in means a session token exists (spec §4). */
export function hasToken(): boolean {
  return !!session.get('token');
}
