import type { CallInput, CallOutput, ClientEndpoint, DefinitionOf } from '@khela/contract/call';
import type { Envelope } from '@khela/contract/envelope';

/** A failed call: `code` is the contract's error code, `messageKey` an i18n key. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string>,
    /** What a failure carries besides its code, e.g. `{ captcha: true }` on a failed login (spec §3). */
    readonly value?: unknown,
  ) {
    super(code);
  }
}

/** What an app tells the client once: where its token is, and what to do on a 401. */
export type ClientSetup = {
  /** The session token to send as `Authorization: Bearer` (ARCHITECTURE §3), if any. */
  token?: () => string | null;
  /** Called when a call that carried a token answers 401 (the app clears its session). */
  onUnauthorized?: () => void;
  /**
   * Seals a body to the server's HPKE key (spec §7 "encrypted body"); `reset` forgets a held key
   * the server refused. Without it, sealed calls go plain.
   */
  sealer?: { seal(method: string, path: string, body: unknown): Promise<unknown>; reset(): void };
};

let setup: ClientSetup = {};

export function configureClient(next: ClientSetup) {
  setup = next;
}

export type CallOptions = {
  signal?: AbortSignal;
  /** Extra request headers (spec §7: the launch sends its language in a `Language` header). */
  headers?: Record<string, string>;
};

type Parts = { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown> };

/** Splits `call`'s input into its parts the way `CallInput` types it. */
function partsOf(e: ClientEndpoint, input: unknown): Parts {
  const parts = e.input;
  if (parts.length === 0 || input === undefined) return {};
  if (parts.length === 1) return { [parts[0] as string]: input };
  return input as Parts;
}

/** The path with its `:name` segments filled in, and the query. */
export function urlOf(d: Pick<ClientEndpoint, 'path'>, parts: Parts): string {
  const path = d.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(String(parts.params?.[name] ?? '')),
  );
  if (!parts.query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.query)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Makes a contract call and unwraps its envelope: the path and method come from the call's
 * zod-free endpoint (`@khela/contract/endpoints`), the input and answer types from its full
 * definition (ARCHITECTURE §3, decision 0026). A network failure becomes NETWORK so the screen
 * can say so in words.
 */
export async function call<const E extends ClientEndpoint>(
  e: E,
  ...args: CallArgs<DefinitionOf<E>>
): Promise<CallOutput<DefinitionOf<E>>> {
  const [input, options = {}] = args;
  return send(e, partsOf(e, input), options, false) as Promise<CallOutput<DefinitionOf<E>>>;
}

/** A call without input takes none: `call(memberInfoCall)`. */
export type CallArgs<D> = [CallInput<D>] extends [undefined]
  ? [input?: undefined, options?: CallOptions]
  : [input: CallInput<D>, options?: CallOptions];

async function send(d: ClientEndpoint, parts: Parts, options: CallOptions, resealed: boolean): Promise<unknown> {
  let body = parts.body;
  if (d.sealed && body !== undefined && setup.sealer) {
    try {
      body = await setup.sealer.seal(d.method, d.path, body);
    } catch {
      // The sealing code could not be loaded: the body is not sent plain behind the player's back.
      throw new ApiError('NETWORK', 'errors.NETWORK', 0);
    }
  }
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const token = setup.token?.() ?? null;
  if (token) headers.authorization = `Bearer ${token}`;
  let encoded: string | undefined;
  if (body !== undefined && d.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    encoded = new URLSearchParams(body as Record<string, string>).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    encoded = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(urlOf(d, parts), { method: d.method, headers, body: encoded, signal: options.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('NETWORK', 'errors.NETWORK', 0);
  }
  if (res.status === 401 && token) setup.onUnauthorized?.();
  let env: Partial<Envelope<unknown>>;
  try {
    env = (await res.json()) as Envelope<unknown>;
  } catch {
    throw new ApiError('UNKNOWN', 'errors.UNKNOWN', res.status);
  }
  if (res.ok && env.success) return env.value;
  // A rotated key or a clock that drifted: fetch the key again and seal once more.
  if (d.sealed && !resealed && (env.code === 'SEALED_KEY_UNKNOWN' || env.code === 'SEALED_BODY_EXPIRED')) {
    setup.sealer?.reset();
    return send(d, parts, options, true);
  }
  throw new ApiError(env.code ?? 'UNKNOWN', env.message ?? 'errors.UNKNOWN', res.status, env.fieldErrors, env.value);
}
