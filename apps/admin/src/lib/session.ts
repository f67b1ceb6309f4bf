import { configureClient } from '@khela/client';
import { session } from './storage';

/**
 * The staff session on this tab: its bearer token, and what happens when the server ends it.
 * Any call that carried the token and was answered 401 — idle for too long, past the absolute
 * limit, revoked from another device — ends it here too, and the app shows the login page
 * with "your session ended" (BACK-OFFICE.md "Staff").
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function staffToken(): string | null {
  return session.get('admin.token');
}

export function startSession(token: string) {
  session.set('admin.token', token);
  session.remove('admin.sessionEnded');
}

/** A logout the staff member asked for: no "session ended" message. */
export function endSessionQuietly() {
  session.remove('admin.token');
}

/** The server ended the session: forget it, remember to say so, and tell the app. */
export function sessionEnded() {
  if (!staffToken()) return;
  session.remove('admin.token');
  session.set('admin.sessionEnded', '1');
  for (const l of listeners) l();
}

/** Whether the last session ended on the server's side; reading it clears it. */
export function takeSessionEndedNotice(): boolean {
  const ended = session.get('admin.sessionEnded') === '1';
  session.remove('admin.sessionEnded');
  return ended;
}

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function configureStaffClient() {
  configureClient({ token: staffToken, onUnauthorized: sessionEnded });
}
