import type { ErrorCode } from '@khela/contract/errors';
import type { PlayBalanceValue, PlayOpenValue, SlotSpinRequest, SlotSpinValue } from '@khela/contract/inhouse';

/**
 * The in-house play API (contract/inhouse.ts), called from the game frame. Only types come from
 * the contract: its zod schemas would triple this bundle, and the server validates anyway.
 */

/** contract/inhouse.ts GAME_TOKEN_HEADER, repeated as a literal for the reason above. */
export const GAME_TOKEN_HEADER = 'x-khela-game-token';

/**
 * Why a call failed: a contract error code, or `NETWORK` when no envelope came back (offline,
 * timeout, a proxy's error page). Only a NETWORK failure leaves the outcome unknown.
 */
export class PlayError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    /** The i18n key to show (`errors.<CODE>`), as the server sent it. */
    readonly messageKey: string,
  ) {
    super(code);
  }
}

type Envelope<T> = { success: boolean; value?: T; message?: string; code?: string };

/** A spin that takes longer than this is reported as a network failure; its retry is safe. */
const CALL_TIMEOUT_MS = 20_000;

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let body: Envelope<T>;
  try {
    const res = await fetch(path, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    body = (await res.json()) as Envelope<T>;
  } catch {
    throw new PlayError('NETWORK', 'errors.NETWORK');
  }
  if (body?.success === true && body.value !== undefined) return body.value;
  if (body && typeof body.code === 'string') {
    throw new PlayError(body.code as ErrorCode, typeof body.message === 'string' ? body.message : 'errors.UNKNOWN');
  }
  throw new PlayError('NETWORK', 'errors.NETWORK');
}

/** Same-origin paths: the page is served at /play/<game> by the server that answers /play/api. */
const API = '/play/api';

/** A game session: the token lives in this closure only, never in storage or the address. */
export type PlaySession = {
  open: PlayOpenValue;
  balance(): Promise<PlayBalanceValue>;
  spin(request: SlotSpinRequest): Promise<SlotSpinValue>;
  /** A game's own call under /play/api (its path after it, e.g. '/dice/bet'), with the session's token. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** The first message of a game's live socket: `{ type: 'auth', token }`. */
  socketAuth(): string;
};

export async function openSession(ticket: string): Promise<PlaySession> {
  const open = await call<PlayOpenValue>(`${API}/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket }),
  });
  const token = open.token;
  const headers = { [GAME_TOKEN_HEADER]: token };
  return {
    open: { ...open, token: '' },
    balance: () => call<PlayBalanceValue>(`${API}/balance`, { method: 'GET', headers }),
    spin: (request) =>
      call<SlotSpinValue>(`${API}/slot/spin`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
    call: <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      call<T>(`${API}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    socketAuth: () => JSON.stringify({ type: 'auth', token }),
  };
}

/** A fresh spin id: 16 random bytes, base64url (SlotSpinRequest.requestId). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
