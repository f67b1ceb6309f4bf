import type { CallDefinition, CallOutput, ClientEndpoint, DefinitionOf, Envelope } from '@khela/contract';

/**
 * One contract-typed fetch stub for the apps' tests (STYLE: "web tests share one contract-typed
 * fetch mock instead of hand-built envelopes"). Each answer is keyed by its call's definition,
 * so a test cannot stub a path, method or answer shape the contract does not have.
 */

/** A failure as the server sends it: an honest status and a contract error code. */
export type Failure = {
  failure: {
    status: number;
    code: string;
    fieldErrors?: Record<string, string>;
    value?: unknown;
    /** The message key when it is not `errors.<code>` (a 401 worded for the caller's kind). */
    message?: string;
  };
};

export const failure = (
  status: number,
  code: string,
  extra: { fieldErrors?: Record<string, string>; value?: unknown; message?: string } = {},
): Failure => ({ failure: { status, code, ...extra } });

/** What a stubbed call was sent. */
export type Sent = {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
};

/** A function answer may hold its answer back (a promise) to show what a page does meanwhile. */
export type Answer<D extends CallDefinition> =
  | CallOutput<D>
  | Failure
  | ((sent: Sent) => CallOutput<D> | Failure | Promise<CallOutput<D> | Failure>);

/** Where a stubbed call is answered: a full definition's or a zod-free endpoint's method and path. */
type Stubbed = Pick<CallDefinition, 'method' | 'path' | 'alsoAccepts'>;

export type Stub = { definition: Stubbed; answer: Answer<CallDefinition> };

/**
 * A stub of one call — by its full definition or its endpoint — answering its value, a failure,
 * or a function of what it was sent (may be async).
 */
export function stub<const D extends CallDefinition | ClientEndpoint>(
  definition: D,
  answer: Answer<DefinitionOf<D>>,
): Stub {
  return { definition, answer: answer as Answer<CallDefinition> };
}

function matcher(path: string): RegExp {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  return new RegExp(`^${source}$`);
}

function paramsOf(path: string, pathname: string): Record<string, string> | null {
  const names = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const m = matcher(path).exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  const type = new Headers(init.headers).get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(init.body));
  return JSON.parse(init.body);
}

const envelopeOf = (value: unknown): Envelope<unknown> => ({ success: true, value, message: 'ok', code: 'OK' });

/**
 * A `fetch` that answers the stubbed calls (the last stub of a call wins, so a test can
 * override a default; a path without parameters wins over one with) and 404 NOT_FOUND for
 * anything else; `sent` lists every call in order.
 */
export function fetchStub(stubs: Stub[]) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    let found: { stub: Stub; params: Record<string, string> } | null = null;
    for (const s of stubs) {
      const methods = [s.definition.method, ...(s.definition.alsoAccepts ?? [])];
      const params = methods.includes(method as Stubbed['method']) ? paramsOf(s.definition.path, url.pathname) : null;
      // As the server's router does, a path without parameters beats one that has them
      // (the promotion list is not the promotion whose id is 'list').
      const shadowed = found !== null && !found.stub.definition.path.includes(':') && s.definition.path.includes(':');
      if (params && !shadowed) found = { stub: s, params };
    }
    const one: Sent = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: found?.params ?? {},
      body: bodyOf(init),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    sent.push(one);
    if (!found) return json(404, { success: false, value: null, message: 'errors.NOT_FOUND', code: 'NOT_FOUND' });
    const a = found.stub.answer;
    const value = typeof a === 'function' ? await (a as (s: Sent) => unknown)(one) : a;
    if (value && typeof value === 'object' && 'failure' in value) {
      const f = (value as Failure).failure;
      return json(f.status, {
        success: false,
        value: f.value ?? null,
        message: f.message ?? `errors.${f.code}`,
        code: f.code,
        ...(f.fieldErrors ? { fieldErrors: f.fieldErrors } : {}),
      });
    }
    return json(200, envelopeOf(value));
  };
  return { fetch, sent };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
