import { useSyncExternalStore } from 'react';
import { setUnauthorizedHandler } from './api';
import { changeListeners } from './changes';
import { SESSION_KEYS, type SessionKey, session } from './storage';
import { ui } from './ui-store';

/**
 * The session of spec §4: logged in means a token exists in sessionStorage. This module owns
 * starting and ending it, so every screen that shows logged-in state re-renders together.
 */
const { emit, subscribe } = changeListeners();

/** The current token (null when logged out), re-rendering on login and logout. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, () => session.get('token'));
}

export function useLoggedIn(): boolean {
  return useSessionToken() !== null;
}

type Login = { token: string; account?: string | undefined; isAgent?: string | undefined };

function store(login: Login) {
  session.set('token', login.token);
  if (login.account) session.set('account', login.account);
  if (login.isAgent !== undefined) session.set('isAgent', login.isAgent);
}

/** Stores a fresh token (spec §3 key 'token') plus whatever the login answer said about the account. */
export function startSession(token: string, extra: { account?: string; isAgent?: number } = {}) {
  const login = {
    token,
    account: extra.account,
    isAgent: extra.isAgent === undefined ? undefined : String(extra.isAgent),
  };
  store(login);
  emit();
  tellOtherTabs({ type: 'login', ...login });
}

/** Keys that outlive a logout (spec §4: 'restore merchant and merchantCode'). */
const KEPT_ON_LOGOUT: readonly SessionKey[] = ['merchant', 'merchantCode'];

function forget() {
  const kept = KEPT_ON_LOGOUT.map((k) => [k, session.get(k)] as const);
  try {
    sessionStorage.clear();
  } catch {
    for (const k of SESSION_KEYS) session.remove(k);
  }
  for (const [k, v] of kept) if (v !== null) session.set(k, v);
}

/** Clears session storage but merchant and merchantCode; the other tabs of this session log out too. */
export function clearSession() {
  const token = session.get('token');
  forget();
  emit();
  if (token !== null) tellOtherTabs({ type: 'logout', token });
}

/*
 * Tabs share one login. The token lives in sessionStorage (spec §3), which each tab has its
 * own of, so a login in one tab was unknown to the others and a logout left them logged in.
 * The tabs of a browser tell each other over a BroadcastChannel (same origin only): a login, a
 * logout, and on start a tab without a session asks the open ones for theirs. Closing the last
 * tab still ends the session, as sessionStorage does.
 */
const CHANNEL_NAME = 'khela-session';

type TabMessage = ({ type: 'login' } & Login) | { type: 'logout'; token: string } | { type: 'ask' };

let channel: BroadcastChannel | null = null;

function tellOtherTabs(message: TabMessage) {
  channel?.postMessage(message);
}

function currentLogin(): Login | null {
  const token = session.get('token');
  if (token === null) return null;
  return { token, account: session.get('account') ?? undefined, isAgent: session.get('isAgent') ?? undefined };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Applies what another tab said; nothing is told back, so no two tabs echo each other. */
export function heardFromOtherTab(data: unknown) {
  if (!data || typeof data !== 'object') return;
  const m = data as Record<string, unknown>;
  const token = text(m.token);
  if (m.type === 'ask') {
    const mine = currentLogin();
    if (mine) tellOtherTabs({ type: 'login', ...mine });
  } else if (m.type === 'login' && token && token !== session.get('token')) {
    // Another account may arrive: nothing of this tab's previous session may leak into it.
    if (session.get('token') !== null) forget();
    store({ token, account: text(m.account), isAgent: text(m.isAgent) });
    emit();
  } else if (m.type === 'logout' && token && token === session.get('token')) {
    forget();
    emit();
  }
}

/** Joins the tabs' channel, where the browser has one. */
export function joinOtherTabs() {
  if (channel || typeof BroadcastChannel !== 'function') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (e: MessageEvent) => heardFromOtherTab(e.data);
}

/** A tab that starts without a session asks the open ones for theirs. */
export function askOtherTabs() {
  if (session.get('token') === null) tellOtherTabs({ type: 'ask' });
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
  forget();
  startSession(token.trim());
  return true;
}
if (typeof window !== 'undefined') {
  joinOtherTabs();
  // A token in the address wins over the other tabs' session: it is told to them, not asked.
  takeTokenFromAddress();
  askOtherTabs();
}
