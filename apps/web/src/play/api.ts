import type { CallDefinition, CallInput, CallOutput, ClientMessage } from '@khela/contract/call';
import type { crashFeedSocket } from '@khela/contract/crash';
import type { ErrorCode } from '@khela/contract/errors';
import type { PlayOpenValue, playOpenCall } from '@khela/contract/inhouse';
import { GAME_TOKEN_HEADER, PLAY_ENDPOINTS } from '@khela/contract/play-endpoints';

/**
 * The in-house play API, called from the game frame. Paths come from the zod-free endpoints
 * (contract play-endpoints.ts); input and answer types from the full call definitions, imported
 * as types only: their zod schemas would triple this bundle, and the server validates anyway.
 */

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

/** A call's zod-free part (play-endpoints.ts), checked against its full definition's. */
export type EndpointOf<D extends CallDefinition> = Pick<D, 'method' | 'path' | 'auth'>;

/** A call's input when it has one (a play call's input is its body), nothing otherwise. */
export type PlayArgs<D extends CallDefinition> = [CallInput<D>] extends [undefined] ? [] : [input: CallInput<D>];

/**
 * Makes one play call at its endpoint and unwraps the envelope; `token` goes in
 * GAME_TOKEN_HEADER on `game` calls. Typed by the call's full definition:
 * `playCall<typeof slotSpinCall>(PLAY_ENDPOINTS.slotSpin, token, request)`.
 */
export async function playCall<D extends CallDefinition>(
  endpoint: EndpointOf<D>,
  token: string | null,
  ...[input]: PlayArgs<D>
): Promise<CallOutput<D>> {
  const headers: Record<string, string> = {};
  if (endpoint.auth === 'game' && token) headers[GAME_TOKEN_HEADER] = token;
  if (input !== undefined) headers['content-type'] = 'application/json';
  let body: Envelope<CallOutput<D>>;
  try {
    const res = await fetch(endpoint.path, {
      method: endpoint.method,
      headers,
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    body = (await res.json()) as Envelope<CallOutput<D>>;
  } catch {
    throw new PlayError('NETWORK', 'errors.NETWORK');
  }
  if (body?.success === true && body.value !== undefined) return body.value;
  if (body && typeof body.code === 'string') {
    throw new PlayError(body.code as ErrorCode, typeof body.message === 'string' ? body.message : 'errors.UNKNOWN');
  }
  throw new PlayError('NETWORK', 'errors.NETWORK');
}

/** A game session: the token lives in this closure only, never in storage or the address. */
export type PlaySession = {
  open: PlayOpenValue;
  /** A game call with the session's token: `session.call<typeof diceBetCall>(PLAY_ENDPOINTS.diceBet, bet)`. */
  call<D extends CallDefinition>(endpoint: EndpointOf<D>, ...args: PlayArgs<D>): Promise<CallOutput<D>>;
  /** The first message of the crash feed (crashFeedSocket): `{ type: 'auth', token }`. */
  socketAuth(): string;
};

export async function openSession(ticket: string): Promise<PlaySession> {
  const open = await playCall<typeof playOpenCall>(PLAY_ENDPOINTS.open, null, { ticket });
  const token = open.token;
  const auth: ClientMessage<typeof crashFeedSocket> = { type: 'auth', token };
  return {
    open: { ...open, token: '' },
    call: <D extends CallDefinition>(endpoint: EndpointOf<D>, ...args: PlayArgs<D>) =>
      playCall<D>(endpoint, token, ...args),
    socketAuth: () => JSON.stringify(auth),
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
