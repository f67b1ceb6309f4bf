import { useSyncExternalStore } from 'react';
import { setUnauthorizedHandler } from './api';
import { SESSION_KEYS, type SessionKey, session } from './storage';
import { ui } from './ui-store';

/**
 * The session of spec §4: logged in means a token exists in sessionStorage. This module owns
 * starting and ending it, so every screen that shows logged-in state re-renders together.
 */
const listeners = new Set<() => void>();
function emit() {
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The current token (null when logged out), re-rendering on login and logout. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, () => session.get('token'));
}

export function useLoggedIn(): boolean {
  return useSessionToken() !== null;
}

/** Stores a fresh token (spec §3 key 'token') plus whatever the login answer said about the account. */
export function startSession(token: string, extra: { account?: string; isAgent?: number } = {}) {
  session.set('token', token);
  if (extra.account) session.set('account', extra.account);
  if (extra.isAgent !== undefined) session.set('isAgent', String(extra.isAgent));
  emit();
}

/** Keys that outlive a logout (spec §4: 'restore merchant and merchantCode'). */
const KEPT_ON_LOGOUT: readonly SessionKey[] = ['merchant', 'merchantCode'];

/** Clears session storage but merchant and merchantCode. */
export function clearSession() {
  const kept = KEPT_ON_LOGOUT.map((k) => [k, session.get(k)] as const);
  try {
    sessionStorage.clear();
  } catch {
    for (const k of SESSION_KEYS) session.remove(k);
  }
  for (const [k, v] of kept) if (v !== null) session.set(k, v);
  emit();
}

/**
 * A 401 on any call that carried a token: the session is over (expired or revoked), so the
 * client forgets it and offers the login popup (spec §4; docs/decisions/0004, 'Sessions').
 */
export function onUnauthorized() {
  if (session.get('token') === null) return;
  clearSession();
  ui.openModal('login');
}
setUnauthorizedHandler(onUnauthorized);

/** Pages whose `?token=` means something else than a session. */
const PAGES_WITH_OWN_TOKEN = ['/resetPassword'];

/**
 * A token in the page address (`?token=…`, e.g. from an app or an agent link) logs in at start;
 * it is removed from the address at once so it is not bookmarked, shared or sent as a referrer.
 * Member info then loads like after any login.
 */
export function takeTokenFromAddress(loc: Location = window.location, history: History = window.history) {
  // The emailed reset link carries its own single-use `token`: it is not a session token.
  if (PAGES_WITH_OWN_TOKEN.includes(loc.pathname)) return false;
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  if (token === null) return false;
  params.delete('token');
  const qs = params.toString();
  history.replaceState(history.state, '', `${loc.pathname}${qs ? `?${qs}` : ''}${loc.hash}`);
  if (token.trim() === '') return false;
  // A different account may arrive: nothing of the previous session may leak into it.
  clearSession();
  startSession(token.trim());
  return true;
}
if (typeof window !== 'undefined') takeTokenFromAddress();
