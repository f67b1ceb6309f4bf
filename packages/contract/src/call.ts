import type { z } from './zod';

/**
 * Every kind of caller the platform has (ARCHITECTURE §3). The server authenticates a call by
 * its `auth` before it reads the body or the query, so a caller without the right credentials
 * learns nothing about a call's input.
 * - `none`: anyone (the brand guard still applies to /wps, /lgw and /play/api).
 * - `member`: any live session, trial accounts included.
 * - `member:real`: a live session of a real-money account (spec §6: not a trial account).
 * - `agent`: a live session of an agent (isAgent 1, 2, 41, 42; see AGENT_KINDS).
 * - `staff:<permission>`: a back-office session holding that permission.
 * - `game`: an in-house game session token (GAME_TOKEN_HEADER).
 * - `signature:<scheme>`: a provider's call signed over its raw body (game or payment providers).
 */
export type CallAuth = 'none' | 'member' | 'member:real' | 'agent' | `staff:${string}` | 'game' | `signature:${string}`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where and how a call is made, without its schemas: enough for a page that carries no zod. */
export type Endpoint = {
  /** The method the apps use; `alsoAccepts` lists the others the spec's clients may send. */
  readonly method: HttpMethod;
  readonly alsoAccepts?: readonly HttpMethod[];
  /** The path; `:name` segments are filled from the input's `params`. */
  readonly path: string;
  readonly auth: CallAuth;
};

/**
 * One call of the API, written once (ARCHITECTURE §3, STYLE "one source of truth"): the server
 * registers its route from it (authentication, body limit, validation, serialisation, OpenAPI)
 * and the apps call it through `call(definition, input)` with types taken from it.
 */
export type CallDefinition = Endpoint & {
  /** One line for /docs. */
  readonly summary: string;
  /** The /docs group. */
  readonly tag: string;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  /** The envelope's `value` on success (every answer is an envelope, ARCHITECTURE §3). */
  readonly response: z.ZodType;
  /** What a failure's `value` may carry besides null (e.g. a login's `{ captcha: true }`). */
  readonly failure?: z.ZodType;
  /** Largest body in bytes; the server's default when absent. Checked before authentication. */
  readonly bodyLimit?: number;
  /** The body is kept as bytes (signed calls verify exactly what was sent). */
  readonly rawBody?: boolean;
  /** Spec §7 "encrypted body": the body may be HPKE-sealed (sealed.ts); the web app seals it. */
  readonly sealed?: boolean;
  /** Spec §3 "form": the body travels as application/x-www-form-urlencoded. */
  readonly form?: boolean;
  /**
   * `public`: the same for every visitor of a host, so shared caches may keep it briefly (brand
   * content). `revalidate`: it depends on the visitor (their address), so only their browser
   * keeps it, and asks again each time with its ETag: an unchanged answer comes back as a 304
   * without a body. Anything else is `no-store`.
   */
  readonly cache?: 'public' | 'revalidate';
  /** Sent as something other than an envelope (a picture's bytes); the apps do not `call` it. */
  readonly binary?: boolean;
};

/** Declares a call; the `const` parameter keeps its literal path, method and auth. */
export function defineCall<const D extends CallDefinition>(definition: D): D {
  return definition;
}

/** A zod-free endpoint, spread into its call's definition (the game pages import only these). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The parts of a call's input, in the order `CallInput` reads them. */
export type InputPart = 'body' | 'query' | 'params';

/** Never present at run time: carries a full definition's type on its zod-free twin. */
declare const definitionType: unique symbol;

/**
 * A call as the apps make it, without its schemas (endpoints.ts): where and how it goes, which
 * parts of the input it has and how its body travels. Its input and answer types come from the
 * full definition `D`, known to the type checker only, so no schema reaches a browser bundle.
 */
export type ClientEndpoint<D extends CallDefinition = CallDefinition> = Endpoint & {
  readonly input: readonly InputPart[];
  readonly sealed?: true;
  readonly form?: true;
  readonly [definitionType]?: D;
};

/** The full definition behind a call's zod-free endpoint (a definition stands for itself). */
export type DefinitionOf<C> = C extends { readonly [definitionType]?: infer D extends CallDefinition } ? D : C;

/** The zod-free endpoint of call `D` (written by scripts/endpoints.ts into endpoints.ts). */
export function endpoint<D extends CallDefinition>(
  e: Omit<ClientEndpoint<D>, typeof definitionType>,
): ClientEndpoint<D> {
  return e;
}

/** A realtime socket without its message schemas; `S` is the full definition, for types only. */
export type SocketEndpoint<S extends SocketDefinition = SocketDefinition> = {
  readonly path: string;
  readonly auth: CallAuth;
  readonly [definitionType]?: S;
};

/** The zod-free endpoint of socket `S`. */
export function socketEndpoint<S extends SocketDefinition>(
  e: Omit<SocketEndpoint<S>, typeof definitionType>,
): SocketEndpoint<S> {
  return e;
}

/** The full definition behind a socket's zod-free endpoint (a definition stands for itself). */
export type SocketOf<S> = S extends { readonly [definitionType]?: infer D extends SocketDefinition } ? D : S;

type Schema<D, K extends string> = D extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

type Part<D, K extends string> = Schema<D, K> extends z.ZodType ? z.input<Schema<D, K>> : undefined;

type InputKey = 'body' | 'query' | 'params';
type Present<D> = { [K in InputKey]: Schema<D, K> extends z.ZodType ? K : never }[InputKey];
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

type InputOf<D> = [Present<D>] extends [never]
  ? undefined
  : true extends IsUnion<Present<D>>
    ? { [K in Present<D>]: Part<D, K> }
    : Part<D, Present<D>>;

/**
 * What `call(endpoint, input)` takes: a call's body, query or params when it has one of them;
 * `{ query, body, params }` when it has more than one; nothing when it has none. `C` is a call's
 * definition or its zod-free endpoint.
 */
export type CallInput<C> = InputOf<DefinitionOf<C>>;

/** Which parts of the input a call has, in the order `CallInput` reads them. */
export function inputParts(d: CallDefinition): InputPart[] {
  return (['body', 'query', 'params'] as const).filter((k) => d[k] !== undefined);
}

/** What a successful call answers (the envelope's value, after the server's serialisation). */
export type CallOutput<C> =
  DefinitionOf<C> extends { readonly response: infer S extends z.ZodType } ? z.output<S> : never;

/** What the server's handler returns for a call (before serialisation). */
export type CallResult<D> = D extends { readonly response: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * A realtime socket (ARCHITECTURE §1): its path, who may open it, and the messages each side
 * sends. The first client message authenticates (`{ type: 'auth', token }`).
 */
export type SocketDefinition = {
  readonly path: string;
  readonly auth: CallAuth;
  readonly summary: string;
  /** What the client sends. */
  readonly client: z.ZodType;
  /** What the server sends. */
  readonly server: z.ZodType;
};

export function defineSocket<const S extends SocketDefinition>(definition: S): S {
  return definition;
}

export type ClientMessage<S extends SocketDefinition | SocketEndpoint> = z.input<SocketOf<S>['client']>;
export type ServerMessage<S extends SocketDefinition | SocketEndpoint> = z.output<SocketOf<S>['server']>;
