import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { clientIp } from './client-ip';
import type { Config } from './config';
import { AppError } from './errors';

/**
 * Rate limits (docs/security.md): each route counts its calls in one or more buckets, in order,
 * and answers 429 TOO_MANY_REQUESTS with `retry-after` once a bucket is full. A route without
 * limits of its own counts in the default bucket (RATE_LIMIT_MAX per address). Counters live in
 * this process's memory, or in Redis when REDIS_URL is set, so every process of a deployment
 * shares them.
 */

/** One bucket: at most `max` calls per `windowMs` for each key `keyOf` gives a request. */
export type Limit = {
  /** Routes naming the same bucket share its counts (unless `perRoute`). */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
  readonly keyOf: (req: FastifyRequest) => string;
  /** Each route counts apart (a login and a registration do not share one budget). */
  readonly perRoute?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's buckets, in place of the default one; `false`: none (a route's own rules). */
    limits?: readonly Limit[] | false;
  }
  interface FastifyInstance {
    limiter: Limiter;
  }
}

/** A counter after one more call: how many in the window, and when the window ends (ms). */
type Hit = { count: number; resetAt: number };

/** Most keys one process remembers; past it, ended windows go first, then the oldest. */
const MEMORY_KEYS = 100_000;

/** Fixed-window counters in this process: a Map lookup and an increment, no promise. */
export class MemoryCounter {
  private readonly entries = new Map<string, Hit>();

  hit(key: string, windowMs: number, now: number): Hit {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      if (this.entries.size >= MEMORY_KEYS) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    } else if (entry.resetAt <= now) {
      entry.count = 0;
      entry.resetAt = now + windowMs;
    }
    entry.count++;
    return entry;
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    let excess = this.entries.size - MEMORY_KEYS * 0.9;
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/** INCR and the window's expiry in one round trip; answers [count, milliseconds left]. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

type RedisWithHit = Redis & { khelaHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Counters shared by every process through Redis. When Redis does not answer (down, or slower
 * than REDIS_COMMAND_TIMEOUT_MS) a call is counted in this process's memory instead: limits stay
 * per process until Redis is back, and no player waits on it.
 */
class RedisCounter {
  private readonly redis: RedisWithHit;
  private failing = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly fallback: MemoryCounter,
    private readonly log: FastifyInstance['log'],
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail at once while disconnected rather than queue: the memory counter takes over.
      enableOfflineQueue: false,
      connectTimeout: 2000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
    }) as RedisWithHit;
    this.redis.defineCommand('khelaHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.on('error', (err) => this.trouble(err));
    this.redis.on('ready', () => {
      if (this.failing) this.log.info('rate limits: Redis answers again; counters are shared');
      this.failing = false;
    });
  }

  /**
   * Connects, resolving at the first answer either way: a deployment whose Redis is down still
   * starts, counting in memory while ioredis keeps trying.
   */
  connect(): Promise<void> {
    const settled = new Promise<void>((resolve) => {
      this.redis.once('ready', () => resolve());
      this.redis.once('error', () => resolve());
    });
    this.redis.connect().catch((err: Error) => this.trouble(err));
    return settled;
  }

  hit(key: string, windowMs: number, now: number): Promise<Hit> {
    return this.redis.khelaHit(this.prefix + key, windowMs).then(
      ([count, ttl]) => ({ count, resetAt: now + ttl }),
      (err: Error) => {
        this.trouble(err);
        return this.fallback.hit(key, windowMs, now);
      },
    );
  }

  /** Logged once per outage, not once per call. */
  private trouble(err: Error) {
    if (this.failing) return;
    this.failing = true;
    this.log.error({ err }, 'rate limits: Redis does not answer; counting in this process until it does');
  }

  close() {
    this.redis.disconnect();
  }
}

/** How long a call waits for Redis before it is counted in memory. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

type Done = (err?: Error) => void;
/** A hook for onRequest or preHandler: synchronous on the memory path. */
export type LimitHook = (req: FastifyRequest, reply: FastifyReply, done: Done) => void;

export type Limiter = {
  /** The hook counting `limits` (the default bucket when absent) on a route's calls. */
  hook(limits?: readonly Limit[], route?: string): LimitHook;
  /** Resolves once the counters can be used (Redis connected or given up on for now). */
  ready: Promise<void>;
};

/**
 * A visitor's address as a bucket key: behind a proxy from the trusted header (see clientIp).
 * An IPv6 address counts by its /64, the block one subscriber line gets: otherwise one phone
 * could take a fresh address per call and never fill a bucket.
 */
export function addressKey(req: FastifyRequest, trustedHeader: string): string {
  const ip = clientIp(req, trustedHeader) || 'unknown';
  return ip.includes(':') ? ipv6Block(ip) : ip;
}

/** The first four groups (/64) of an IPv6 address, '::' expanded. */
function ipv6Block(ip: string): string {
  const [head = '', tail] = ip.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A credential as a key: hashed, so no token sits in Redis or in a log. */
export function credentialKey(value: string | undefined): string {
  return value ? createHash('sha256').update(value).digest('base64url') : '-';
}

/** A route's rate limit: `max` calls a minute from one visitor address, counted per route. */
export function perAddressPerMinute(config: Config, max: number): { limits: Limit[] } {
  return {
    limits: [
      {
        name: 'address',
        max,
        windowMs: 60_000,
        perRoute: true,
        keyOf: (req) => addressKey(req, config.TRUSTED_PROXY_HEADER),
      },
    ],
  };
}

/**
 * The bucket every game call counts in per visitor address — the in-house games' calls and game
 * launches alike — whatever token it carries, so a fresh token per call gains nothing.
 */
export function gameAddressLimit(config: Config): Limit {
  return {
    name: 'game-address',
    max: config.GAME_RATE_PER_ADDRESS_PER_MINUTE,
    windowMs: 60_000,
    keyOf: (req) => addressKey(req, config.TRUSTED_PROXY_HEADER),
  };
}

/** A bucket per credential carried in `header` (a session token): `max` calls a minute each. */
export function perCredential(name: string, max: number, header: string): Limit {
  return {
    name,
    max,
    windowMs: 60_000,
    keyOf: (req) => {
      const v = req.headers[header];
      return credentialKey(typeof v === 'string' ? v : undefined);
    },
  };
}

/** Builds the limiter and puts its hook on every route registered after it (ARCHITECTURE §3 order). */
export function installRateLimits(app: FastifyInstance, config: Config) {
  const memory = new MemoryCounter();
  const redis = config.REDIS_URL
    ? new RedisCounter(config.REDIS_URL, config.RATE_LIMIT_REDIS_PREFIX, memory, app.log)
    : null;
  const counter: { hit(key: string, windowMs: number, now: number): Hit | Promise<Hit> } = redis ?? memory;

  const defaultLimits: readonly Limit[] = [
    {
      name: 'default',
      max: config.RATE_LIMIT_MAX,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      keyOf: (req) => addressKey(req, config.TRUSTED_PROXY_HEADER),
    },
  ];

  const hook = (limits: readonly Limit[] = defaultLimits, route = ''): LimitHook => {
    const keys = limits.map((l) => (l.perRoute ? `${l.name}:${route}:` : `${l.name}:`));
    return (req, reply, done) => {
      const now = Date.now();
      const refuse = (hit: Hit) => {
        reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
        done(new AppError('TOO_MANY_REQUESTS'));
      };
      // Buckets in order; the first full one refuses, and later ones are not counted.
      const from = (i: number): void => {
        for (; i < limits.length; i++) {
          const limit = limits[i] as Limit;
          const hit = counter.hit(keys[i] + limit.keyOf(req), limit.windowMs, now);
          if (hit instanceof Promise) {
            const max = limit.max;
            const next = i + 1;
            hit.then((h) => (h.count > max ? refuse(h) : from(next)), done);
            return;
          }
          if (hit.count > limit.max) {
            refuse(hit);
            return;
          }
        }
        done();
      };
      from(0);
    };
  };

  app.decorate('limiter', { hook, ready: redis ? redis.connect() : Promise.resolve() } satisfies Limiter);
  app.addHook('onRoute', (options) => {
    const limits = options.config?.limits;
    if (limits === false) return;
    const limit = hook(limits, `${[options.method].flat().join(',')} ${options.url}`);
    options.onRequest = [options.onRequest ?? []].flat().concat(limit as never);
  });
  if (redis) app.addHook('onClose', async () => redis.close());
}
