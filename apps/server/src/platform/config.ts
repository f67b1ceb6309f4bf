import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** An IP address, or a CIDR block (`198.51.100.0/24`, `2001:db8::/48`). */
function isAddressOrBlock(text: string): boolean {
  const [ip = '', bits, extra] = text.split('/');
  const version = isIP(ip);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** 32 bytes in base64 or base64url, padded or not (43 or 44 characters). */
const BASE64_32 = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Configuration from environment variables, validated once at start (ARCHITECTURE §8).
 * A bad value stops the server with a message naming the variable, never a stack trace.
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; when unset Khela runs on embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Header carrying the visitor's address when Khela runs behind a proxy (e.g. x-forwarded-for,
   * cf-connecting-ip). Empty: the socket address is used and such headers are ignored, so a
   * visitor cannot pick their own country by sending one.
   */
  TRUSTED_PROXY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]*$/i, 'must be a header name')
    .default('')
    .transform((v) => v.toLowerCase()),
  /** Calls per visitor address per window on routes without limits of their own. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Redis shared by every process of a deployment for the rate-limit counters (redis:// or
   * rediss://). Unset: each process counts in its own memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every rate-limit key in Redis (several deployments may share one Redis). */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('khela:rl:'),
  /**
   * Game calls (the in-house games' /play/api calls and game launches) per visitor address a
   * minute, whatever token they carry. Large: a mobile carrier puts many players behind one address.
   */
  GAME_RATE_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** Game calls per game session (or, for launches, per member session) a minute. */
  GAME_RATE_PER_SESSION_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Provider calls per vendor a minute, counted before the signature is checked. High: an
   * aggregator sends every player's bets, wins and rollbacks from a few addresses.
   */
  PROVIDER_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60_000),
  /**
   * Addresses each vendor may call from: `JL=203.0.113.7 198.51.100.0/24,XY=2001:db8::/48`
   * (addresses or CIDR blocks, space-separated). A vendor not named may call from anywhere.
   */
  PROVIDER_ALLOWED_ADDRESSES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out = new Map<string, string[]>();
      for (const entry of (v ?? '').split(',').filter((e) => e.trim())) {
        const [code = '', list = ''] = entry.split('=', 2).map((p) => p.trim());
        const addresses = list.split(/\s+/).filter(Boolean);
        if (!/^[A-Z0-9_]{2,20}$/.test(code) || addresses.length === 0 || !addresses.every(isAddressOrBlock)) {
          ctx.addIssue({ code: 'custom', message: `must be CODE=address address/bits,CODE=… (near '${entry}')` });
          return z.NEVER;
        }
        out.set(code, addresses);
      }
      return out;
    }),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /** Directory of the built web app; served when it exists. */
  WEB_DIST: z.string().default(''),
  /** Directory of the built back office (apps/admin); served under /admin when it exists. */
  ADMIN_DIST: z.string().default(''),
  /**
   * Seed the demo brand, its content and its demo player accounts (published passwords). Unset:
   * on, except with NODE_ENV=production, so a real site never gets them by accident; the
   * README's `npm start` runs without NODE_ENV and so shows the demo (decision 0032).
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** Sessions end after this long without a call (default 30 min)… */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /** …and this long after login whatever happens (default 12 h). */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * HMAC key of the ALTCHA human check. Unset: a random key created once in the database
   * (server_secrets), so every process of one deployment agrees.
   */
  HUMAN_CHECK_HMAC_KEY: z.string().min(16).optional(),
  /** PBKDF2 iterations per ALTCHA attempt; about 256 attempts are needed on average. */
  HUMAN_CHECK_COST: z.coerce.number().int().min(1).default(5_000),
  HUMAN_CHECK_EXPIRY_SECONDS: z.coerce.number().int().min(30).default(600),
  /** Login and registration attempts per visitor address per minute. */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * "Name taken" answers of registration per visitor address an hour; past it the address's
   * registrations answer 429 for the rest of the hour (decision 0028). High enough for players
   * registering behind one carrier NAT.
   */
  REGISTER_TAKEN_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Passwords older than this many days count as expired (0: never; spec §4 PWDEXPFORCECHANGE3). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  /** Where the console SMS transport appends each message as a JSON line (default DATA_DIR/sms-outbox.jsonl). */
  SMS_OUTBOX: z.string().default(''),
  /** An HTTP SMS gateway (POST JSON {to, text}); unset: the console transport. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Bearer token sent to SMS_GATEWAY_URL. */
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /**
   * Which accounts may log in (spec §6): 'member' (the player site) refuses agent-only accounts,
   * 'agent' (the agent site) admits agents only (isAgent 1, 2, 41, 42).
   */
  SITE_KIND: z.enum(['member', 'agent']).default('member'),
  /** 'required': the calls of spec §7 marked encrypted refuse plain JSON bodies (HPKE-sealed only). */
  SEALED_BODIES: z.enum(['optional', 'required']).default('optional'),
  /** How far a sealed body's timestamp may be from the server's clock, in seconds. */
  SEALED_BODY_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /**
   * The HPKE private key: 32 random bytes, base64 (`openssl rand -base64 32`); the X25519 key
   * pair is derived from it (RFC 9180 DeriveKeyPair). Unset: keys are created and rotated in the
   * database (hpke_keys), shared by every process.
   */
  HPKE_PRIVATE_KEY: z.string().regex(BASE64_32, 'must be 32 bytes in base64').optional(),
  /** The key HPKE_PRIVATE_KEY replaced, still accepted while clients holding it catch up. */
  HPKE_PREVIOUS_PRIVATE_KEY: z.string().regex(BASE64_32, 'must be 32 bytes in base64').optional(),
  /** Database keys: a new key pair after this many days (0 = never rotate). */
  HPKE_ROTATE_DAYS: z.coerce.number().int().min(0).default(30),
  /** Database keys: how long a replaced key is still accepted, in hours. */
  HPKE_PREVIOUS_KEY_HOURS: z.coerce.number().int().min(0).default(24),
  /**
   * Provider secrets overriding the provider_vendors table: `JL=secret,XY=other` (each at least
   * 32 characters; one vendor code applies to every brand).
   */
  PROVIDER_SECRETS: z
    .string()
    .regex(
      /^[A-Z0-9_]{2,20}=[^,\s]{32,}(,[A-Z0-9_]{2,20}=[^,\s]{32,})*$/,
      'must be CODE=secret,CODE=secret (secrets of 32+ characters)',
    )
    .optional()
    .transform(
      (v) =>
        new Map(
          (v ?? '')
            .split(',')
            .filter(Boolean)
            .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
        ),
    ),
  /** How far a provider call's signed timestamp may be from our clock, in seconds. */
  PROVIDER_SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /**
   * Whether this process runs the periodic jobs (decision 0021). Each period runs once whichever
   * process claims it, so 'false' only leaves them to the others. Tests (NODE_ENV=test) start
   * jobs themselves.
   */
  RUN_JOBS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The key that seals secrets at rest (staff TOTP secrets, decision 0030): 32 random bytes,
   * base64 (`openssl rand -base64 32`). Unset: a key generated once into DATA_DIR/secrets.key
   * (readable by its owner only), with a warning in production.
   */
  SECRETS_KEY: z.string().regex(BASE64_32, 'must be 32 bytes in base64').optional(),
  /** Back-office sessions end after this long without a call (default 15 min)… */
  STAFF_SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(900),
  /** …and this long after login whatever happens (default 8 h). */
  STAFF_SESSION_MAX_SECONDS: z.coerce.number().int().min(1).default(28_800),
  /** Staff login attempts (either step) per visitor address per minute. */
  STAFF_LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** How often the round resolver runs, in seconds (0: never; run it from one process or all). */
  PROVIDER_RESOLVER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Rounds without a call for this long are closed by the resolver (refunded when they hold only bets). */
  PROVIDER_ROUND_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(3600),
});

export type Config = Omit<z.infer<typeof Env>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
  webDist: string;
  adminDist: string;
  dataDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    dataDir: path.resolve(c.DATA_DIR),
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : path.resolve(here, '../../../web/dist'),
    adminDist: c.ADMIN_DIST ? path.resolve(c.ADMIN_DIST) : path.resolve(here, '../../../admin/dist'),
  };
}
