import { hash } from 'node:crypto';
import {
  type CallAuth,
  type CallDefinition,
  type CallResult,
  controlCharacterFields,
  ERRORS,
  ErrorEnvelope,
  envelope,
  FIELD_ERRORS,
  isAgentKind,
  isTrialAccount,
  lineBreakPaths,
  ok,
} from '@khela/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preParsingHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { acceptForms, FORM_TYPE } from './form-body';
import { API_HEADERS } from './security-headers';
import { authenticate, type SessionMember } from './sessions';

/**
 * Who made a call, beyond a member's session: each kind of `auth` that is not a member session
 * adds its caller here (the in-house games add `game`, providers `signature:<scheme>`, the back
 * office `staff`), and a route of that auth reads it typed as `req.caller`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules.
export interface Callers {}

declare module 'fastify' {
  interface FastifyRequest {
    /** The non-member caller an `auth` proved (see Callers); null on other calls. */
    caller: unknown;
  }
}

/** The key of Callers an auth fills: `staff:players.read` → `staff`. */
type CallerKey<A extends CallAuth> = A extends `staff:${string}` ? 'staff' : A;

type MemberAuth = 'member' | 'member:real' | 'agent';

/** The request a handler of definition D sees: its input parsed, its caller proven. */
export type CallRequest<D extends CallDefinition> = FastifyRequest & {
  body: D['body'] extends z.ZodType ? z.output<D['body']> : undefined;
  query: D['query'] extends z.ZodType ? z.output<D['query']> : unknown;
  params: D['params'] extends z.ZodType ? z.output<D['params']> : unknown;
} & (D['auth'] extends MemberAuth ? { member: SessionMember } : unknown) &
  (CallerKey<D['auth']> extends keyof Callers ? { caller: Callers[CallerKey<D['auth']>] } : unknown);

/**
 * A handler returns the envelope's value; or it sends the answer itself (a picture, prebuilt
 * JSON) and returns the reply.
 */
export type CallHandler<D extends CallDefinition> = (
  req: CallRequest<D>,
  reply: FastifyReply,
) => CallResult<D> | FastifyReply | Promise<CallResult<D> | FastifyReply>;

/**
 * Proves a caller of one kind of auth (the part before `:`; the part after is `arg`), or throws
 * UNAUTHORIZED / FORBIDDEN. Runs before the body is parsed, except for `rawBody` calls (a
 * signature covers the bytes, so it runs on them, before they are parsed as JSON).
 */
export type Authenticator = (req: FastifyRequest, arg: string) => Promise<void>;

const authenticators = new Map<string, Authenticator>();

/**
 * The member kinds are the platform's own; the modules add theirs (game, staff, and one per
 * signature scheme: `signature:provider-hmac`, a payment provider's next).
 */
export function registerAuthenticator(kind: 'game' | 'staff' | `signature:${string}`, authenticator: Authenticator) {
  authenticators.set(kind, authenticator);
}

async function memberAuth(req: FastifyRequest, auth: MemberAuth) {
  await authenticate(req);
  const member = req.member as SessionMember;
  if (auth === 'member:real' && isTrialAccount(member.isAgent)) throw new AppError('TRIAL_ACCOUNT');
  if (auth === 'agent' && !isAgentKind(member.isAgent)) throw new AppError('FORBIDDEN');
}

function proverOf(auth: CallAuth): ((req: FastifyRequest) => Promise<void>) | null {
  if (auth === 'none') return null;
  if (auth === 'member' || auth === 'member:real' || auth === 'agent') return (req) => memberAuth(req, auth);
  const [kind, arg = ''] = auth.split(/:(.*)/s, 2) as [string, string?];
  return (req) => {
    // Looked up per call: a module registers its authenticator when the app is built.
    const authenticator = authenticators.get(kind === 'signature' ? auth : kind);
    if (!authenticator) throw new AppError('UNAUTHORIZED');
    return authenticator(req, arg);
  };
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * A body larger than the call's limit is refused from its declared length before anything else
 * runs — before authentication, so no caller makes the server read a large body (the parser
 * still stops a body that lies about its length).
 */
function lengthCheck(limit: number): onRequestHookHandler {
  return (req, _reply, done) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    done(declared > limit ? new AppError('BODY_TOO_LARGE') : undefined);
  };
}

/**
 * A `rawBody` call's body arrives as bytes (its module's content-type parser keeps them, so the
 * signature covers exactly what was sent); once the caller is proven it is parsed as JSON, to be
 * validated like any other body.
 */
const parseRawJson: preValidationHookHandler = async (req) => {
  if (!Buffer.isBuffer(req.body)) return;
  try {
    req.body = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
};

/**
 * Refuses control characters in any decoded text of a call's input — body (once a sealed or
 * signed body is opened), query and path parameters — as a 400 naming each field (contract
 * text.ts). One check for every call: no service sees a NUL, which PostgreSQL would refuse with
 * a 500. Synchronous, and absent from calls that take no input.
 */
function controlCheck(d: CallDefinition): preValidationHookHandler | null {
  const parts = (['body', 'query', 'params'] as const)
    .filter((part) => d[part] !== undefined)
    .map((part) => ({ part, lineBreaks: lineBreakPaths(d[part]) }));
  if (parts.length === 0) return null;
  return (req, _reply, done) => {
    let errors: Record<string, string> | undefined;
    for (const { part, lineBreaks } of parts) {
      if (isEmpty(req[part])) continue;
      for (const field of controlCharacterFields(req[part], lineBreaks)) {
        errors ??= {};
        errors[field] = FIELD_ERRORS.controlCharacters;
      }
    }
    done(errors ? new AppError('VALIDATION_FAILED', errors) : undefined);
  };
}

/** Cache-Control of each kind of `cache` a call declares (contract call.ts); `no-store` otherwise. */
export const CACHE_CONTROL = { public: 'public, max-age=30', revalidate: 'private, no-cache' } as const;

const API_HEADER_NAMES = Object.keys(API_HEADERS);

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

/**
 * A `revalidate` call's answer carries an ETag — the handler's own when it sets one (it may know
 * its answer's version more cheaply), else a digest of the bytes; a request that names it gets a
 * 304 without the body: the browser shows what it kept. Only a 200 is tagged.
 */
const revalidate: onSendHookHandler = (req, reply, payload, done) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    reply.removeHeader('etag');
    done(null, payload);
    return;
  }
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    etag = `"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', etag);
  }
  if (!etagMatches(req.headers['if-none-match'], etag)) {
    done(null, payload);
    return;
  }
  // A 304 carries what it must (ETag, Cache-Control, Date): the browser keeps the stored
  // answer's other headers, its security headers included (RFC 9111 §4.3.4), so they are not
  // sent again on every page view.
  reply.code(304).removeHeader('content-type').removeHeader('content-encoding');
  for (const name of API_HEADER_NAMES) reply.removeHeader(name);
  done(null, null);
};

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** No input at all (most reads' query): nothing to walk. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

/** The answers a call may give, for serialisation and /docs. */
function responsesOf(d: CallDefinition): Record<number, z.ZodType> {
  const failure = d.failure ? envelope(d.failure.nullable()) : ErrorEnvelope;
  const out: Record<number, z.ZodType> = {};
  for (const { status } of Object.values(ERRORS)) if (status >= 400 && status < 500) out[status] = failure;
  // A 503 may carry a value too (a game under maintenance suggests others, spec §8).
  out[503] = failure;
  out[200] = envelope(d.response);
  return out;
}

/** OpenAPI security of each auth, and a line for the reader of /docs. */
function securityOf(auth: CallAuth): Record<string, string[]>[] | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'game') return [{ gameToken: [] }];
  if (auth.startsWith('signature:')) return [{ providerSignature: [] }];
  if (auth.startsWith('staff:')) return [{ staffSession: [auth.slice('staff:'.length)] }];
  return [{ memberSession: [] }];
}

/**
 * What only the server knows about a route: its rate limits (`config.limits`, platform/rate-limit.ts),
 * a check of the caller's address before the limits count it (`onRequest`), a body opener
 * (`preValidation`), and whether its calls are logged (`quiet`).
 */
export type RouteExtras = {
  config?: RouteOptions['config'];
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
  /**
   * No log line per call, and no logger made for each: what the route logs (warnings and
   * worse) goes to the server's log without a request id. For the hottest reads, where the
   * per-request logger and two lines per call would cost more than the answer.
   */
  quiet?: boolean;
  /**
   * `false`: the handler sends its answer already compressed as the client accepts (bytes made
   * once and kept), so the compressor's per-call hooks are left off the route.
   */
  compress?: false;
};

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** One logger for every call of the quiet routes of an app: the app's, at warn or quieter. */
const quietLoggers = new WeakMap<FastifyInstance, FastifyBaseLogger>();

function quietLogger(app: FastifyInstance): FastifyBaseLogger {
  let logger = quietLoggers.get(app);
  if (!logger) {
    const quieter = LEVELS.indexOf(app.log.level) >= LEVELS.indexOf('warn');
    logger = quieter ? app.log : app.log.child({}, { level: 'warn' });
    quietLoggers.set(app, logger);
  }
  return logger;
}

/**
 * Registers the route of a contract call (ARCHITECTURE §3): body limit, then authentication by
 * its `auth`, then parsing and validation of its input, the handler, and serialisation of the
 * envelope — with the call published at /docs. `extras` carries what only the server knows
 * (rate limits, a body opener).
 */
export function route<const D extends CallDefinition>(
  app: FastifyInstance,
  d: D,
  handler: CallHandler<D>,
  extras: RouteExtras = {},
) {
  const limit = d.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
  const prove = proverOf(d.auth);
  const preParsing: preParsingHookHandler[] = [];
  const preValidation: preValidationHookHandler[] = [];
  if (prove) {
    // preParsing: after every onRequest hook — the rate limiter's too, so a flood without
    // credentials is throttled like any other — and before a byte of the body is parsed.
    if (d.rawBody) preValidation.push((req) => prove(req));
    else
      preParsing.push(async (req, _reply, payload) => {
        await prove(req);
        return payload;
      });
  }
  if (d.rawBody && d.body) preValidation.push(parseRawJson);
  if (extras.preValidation) preValidation.push(extras.preValidation);
  const controls = controlCheck(d);
  if (controls) preValidation.push(controls);
  const cache = d.cache ? CACHE_CONTROL[d.cache] : 'no-store';
  const methods = [d.method, ...(d.alsoAccepts ?? [])];
  // Fastify never reads a GET's or HEAD's body, so only the other methods' declared length is checked.
  const onRequest = [
    ...(methods.every((m) => BODYLESS_METHODS.has(m)) ? [] : [lengthCheck(limit)]),
    ...(extras.onRequest ? [extras.onRequest] : []),
  ];
  const options: RouteOptions = {
    method: methods,
    url: d.path,
    bodyLimit: limit,
    config: extras.config,
    ...(extras.quiet ? { childLoggerFactory: () => quietLogger(app) } : {}),
    ...(extras.compress === false ? { compress: false } : {}),
    // The limiter adds its hook after these (platform/rate-limit.ts): length, address, limits.
    onRequest,
    preParsing,
    preValidation,
    ...(d.cache === 'revalidate' ? { onSend: revalidate } : {}),
    schema: {
      tags: [d.tag],
      summary: d.summary,
      ...(d.form ? { consumes: [FORM_TYPE, 'application/json'] } : {}),
      description: `auth: \`${d.auth}\``,
      security: securityOf(d.auth),
      ...(d.query ? { querystring: d.query } : {}),
      ...(d.params ? { params: d.params } : {}),
      ...(d.body ? { body: d.body } : {}),
      ...(d.binary ? {} : { response: responsesOf(d) }),
    },
    // A handler that answers at once (a read of what is in memory) costs no promise here.
    handler: (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', cache);
      const value = handler(req as CallRequest<D>, reply);
      if (isThenable(value)) return value.then((v) => (reply.sent || v === reply ? reply : ok(v)));
      return reply.sent || value === reply ? undefined : ok(value);
    },
  };
  if (!d.form) {
    app.route(options);
    return;
  }
  // A form call gets the form parser in a scope of its own: no other call reads forms.
  app.register(async (scope) => {
    acceptForms(scope);
    scope.route(options);
  });
}

/** The security schemes named by `securityOf`, for the OpenAPI document. */
export const SECURITY_SCHEMES = {
  memberSession: { type: 'http', scheme: 'bearer', description: 'A member session token (login)' },
  gameToken: { type: 'apiKey', in: 'header', name: 'x-khela-game-token', description: 'An in-house game session' },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-khela-signature',
    description: "HMAC-SHA256 of the raw body under the vendor's secret",
  },
  staffSession: { type: 'http', scheme: 'bearer', description: 'A back-office session holding the permission' },
} as const;
