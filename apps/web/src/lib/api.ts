import { ApiError, configureClient } from '@khela/client';
import type { Envelope } from '@khela/contract';
import { forgetSealingKey, sealedOrPlain } from './seal';
import { session } from './storage';

export { ApiError, call } from '@khela/client';

/** Called when a call that carried a token answers 401 (lib/session.ts clears the session). */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

// The player site's token lives in sessionStorage (spec §3); sealed bodies use lib/seal.ts.
configureClient({
  token: () => session.get('token'),
  onUnauthorized: () => unauthorizedHandler?.(),
  sealer: { seal: sealedOrPlain, reset: forgetSealingKey },
});

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls the Khela API and unwraps the envelope. The token travels as a Bearer header
 * (ARCHITECTURE §3); a network failure becomes NETWORK so the screen can say so in words.
 */
export async function api<T>(
  path: string,
  opts: {
    method?: string;
    query?: Query;
    body?: unknown;
    /** Sent as application/x-www-form-urlencoded instead of JSON (spec §3 'form-encoded'). */
    form?: Record<string, string>;
    /** Spec §7 'encrypted body': the JSON body is sealed to the server's HPKE key (lib/seal.ts). */
    sealed?: boolean;
    signal?: AbortSignal;
    /** Extra request headers (spec §7: the launch sends its language in a `Language` header). */
    headers?: Record<string, string>;
  } = {},
  /** Set on the one retry after the server refused the held sealing key. */
  resealed = false,
): Promise<T> {
  const method = opts.method ?? 'GET';
  let body = opts.body;
  if (opts.sealed && body !== undefined) {
    try {
      body = await sealedOrPlain(method, path, body);
    } catch {
      // The HPKE code could not be loaded: the body is not sent plain behind the player's back.
      throw new ApiError('NETWORK', 'errors.NETWORK', 0);
    }
  }
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  const token = session.get('token');
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  else if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method,
      headers,
      body: opts.form
        ? new URLSearchParams(opts.form).toString()
        : body === undefined
          ? undefined
          : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('NETWORK', 'errors.NETWORK', 0);
  }
  if (res.status === 401 && token) unauthorizedHandler?.();
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError('UNKNOWN', 'errors.UNKNOWN', res.status);
  }
  if (!res.ok || !env.success) {
    // A rotated key or a clock that drifted: fetch the key again and seal once more.
    if (opts.sealed && !resealed && (env.code === 'SEALED_KEY_UNKNOWN' || env.code === 'SEALED_BODY_EXPIRED')) {
      forgetSealingKey();
      return api<T>(path, opts, true);
    }
    throw new ApiError(env.code ?? 'UNKNOWN', env.message ?? 'errors.UNKNOWN', res.status, env.fieldErrors, env.value);
  }
  return env.value;
}

/**
 * Session-cached read (spec §4: notices and routers are cached for the session): the first
 * call of a browser tab fetches, later ones read sessionStorage.
 */
export async function sessionCached<T>(key: Parameters<typeof session.getJson>[0], load: () => Promise<T>): Promise<T> {
  const hit = session.getJson<T>(key);
  if (hit !== null) return hit;
  const value = await load();
  session.setJson(key, value);
  return value;
}
