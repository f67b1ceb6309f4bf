import type { ClientMessage, ServerMessage } from '@khela/contract/call';
import { realtimeSocket } from '@khela/contract/endpoints';
import { useEffect } from 'react';
import { onUnauthorized, useSessionToken } from './session';

/**
 * The realtime socket (contract realtimeSocket): one per tab while logged in. Authenticates with its first message
 * (the token never goes in the URL), reconnects with a growing, jittered delay after a network
 * loss, and stops for good when the server says the session ended.
 */
type RealtimeMessage = ServerMessage<typeof realtimeSocket>;
type Listener = (message: RealtimeMessage) => void;

const listeners = new Set<Listener>();
const CLOSE_UNAUTHORIZED = 4401;
const MAX_DELAY_MS = 30_000;

/**
 * A message this version knows, with the fields it reads; a newer server's message is skipped,
 * not guessed at. Checked by hand: the contract's schema would bring zod into the page.
 */
export function knownMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'session-ended':
      return { type: m.type };
    case 'balance':
      return typeof m.sumBalance === 'string' && typeof m.currency === 'string'
        ? { type: 'balance', sumBalance: m.sumBalance, currency: m.currency }
        : null;
    case 'notice':
      return typeof m.id === 'string' && typeof m.kind === 'string' && m.params && typeof m.params === 'object'
        ? {
            type: 'notice',
            id: m.id,
            kind: m.kind,
            params: Object.fromEntries(
              Object.entries(m.params).filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
            requestId: typeof m.requestId === 'string' ? m.requestId : null,
            unread: typeof m.unread === 'number' ? m.unread : 0,
          }
        : null;
    default:
      return null;
  }
}

/** Subscribes to server pushes; returns the unsubscribe function. */
export function onRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function dispatch(message: RealtimeMessage) {
  for (const l of listeners) l(message);
}

/** Opens the socket for `token` and keeps it open until the returned function is called. */
export function connectRealtime(token: string, opts: { url?: string; onReconnect?: () => void } = {}): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const url = opts.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${realtimeSocket.path}`;

  const open = () => {
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    const auth: ClientMessage<typeof realtimeSocket> = { type: 'auth', token };
    ws.onopen = () => ws.send(JSON.stringify(auth));
    ws.onmessage = (e) => {
      let message: RealtimeMessage;
      try {
        const known = knownMessage(JSON.parse(String(e.data)));
        if (!known) return;
        message = known;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        // After a reconnect the pushes missed while away are gone: the owner reloads its state.
        if (attempt > 0) opts.onReconnect?.();
        attempt = 0;
      }
      dispatch(message);
    };
    ws.onclose = (e) => {
      if (stopped || socket !== ws) return;
      if (e.code === CLOSE_UNAUTHORIZED) {
        stopped = true;
        onUnauthorized();
        return;
      }
      attempt++;
      const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(attempt - 1, 5));
      timer = setTimeout(open, delay / 2 + Math.random() * (delay / 2));
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000);
  };
}

/** Keeps the tab's socket open while a session exists (mounted once, in the app shell). */
export function useRealtimeConnection(onReconnect?: () => void) {
  const token = useSessionToken();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectRealtime(token, { onReconnect });
  }, [token, onReconnect]);
}
