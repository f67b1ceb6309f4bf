import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Database } from './db';
import { AppError } from './errors';
import { defineJob, every } from './jobs';

/**
 * The self-hosted proof-of-work human check (ALTCHA v2, PBKDF2/SHA-256). The widget fetches a
 * challenge from GET /wps/verification/human, solves it in the browser and sends the result
 * as the base64 `altcha` field; a solved challenge is remembered until it expires so the same
 * solution cannot be used twice.
 */
export const HUMAN_CHECK_ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_NAME = 'human_check_hmac';

const keys = new WeakMap<Database, Promise<string>>();

/** The HMAC key: configured, else created once in server_secrets and shared by every process. */
function hmacKey(db: Database, config: Config): Promise<string> {
  if (config.HUMAN_CHECK_HMAC_KEY) return Promise.resolve(config.HUMAN_CHECK_HMAC_KEY);
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.kysely
        .insertInto('server_secrets')
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.kysely
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', SECRET_NAME)
        .executeTakeFirstOrThrow();
      return row.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export async function createHumanChallenge(db: Database, config: Config): Promise<Challenge> {
  return createChallenge({
    algorithm: HUMAN_CHECK_ALGORITHM,
    cost: config.HUMAN_CHECK_COST,
    deriveKey,
    expiresAt: new Date(Date.now() + config.HUMAN_CHECK_EXPIRY_SECONDS * 1000),
    hmacSignatureSecret: await hmacKey(db, config),
  });
}

function parsePayload(altcha: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Payload;
    if (!p || typeof p !== 'object' || !p.challenge?.parameters || !p.solution) return null;
    return p;
  } catch {
    return null;
  }
}

/**
 * Accepts a solved, signed, unexpired challenge once; throws HUMAN_CHECK_FAILED otherwise
 * (missing, malformed, forged, expired or replayed).
 */
export async function requireHumanCheck(db: Database, config: Config, altcha: string | undefined): Promise<void> {
  const payload = altcha ? parsePayload(altcha) : null;
  if (!payload) throw new AppError('HUMAN_CHECK_FAILED');
  let verified = false;
  try {
    const r = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await hmacKey(db, config),
    });
    verified = r.verified && !r.expired;
  } catch {
    verified = false;
  }
  const { nonce, expiresAt } = payload.challenge.parameters;
  if (!verified || typeof nonce !== 'string' || typeof expiresAt !== 'number') throw new AppError('HUMAN_CHECK_FAILED');
  const used = await db.kysely
    .insertInto('human_checks_used')
    .values({ id: nonce, expires_at: new Date(expiresAt * 1000) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new AppError('HUMAN_CHECK_FAILED');
}

/** Used challenges are remembered only until they expire: a replay after that fails anyway. */
export const humanChecksSweep = defineJob({
  name: 'human-checks-sweep',
  description: 'forgets used human-check challenges once they have expired',
  schedule: every({ minutes: 10 }),
  catchUp: 'latest',
  async run({ db }) {
    const r = await db.kysely
      .deleteFrom('human_checks_used')
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});
