import { createHash, randomBytes } from 'node:crypto';
import { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core';
import { SEALED_CALLS, SEALED_SUITE, SealedBody, type SealingKey, sealedAad, sealedInfo } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Database } from './db';
import { AppError } from './errors';
import { defineJob, every } from './jobs';

/**
 * Sealed request bodies (spec §7 'encrypted body'; RFC 9180 HPKE, base mode). The server
 * publishes one X25519 public key (GET /wps/system/hpke); the client seals the JSON body with
 * `info` naming the call (method + path) and the timestamp as associated data, and sends
 * `{ sealed: { keyId, enc, ct, ts } }`. `openSealedBody` runs before validation and swaps the
 * opened body in, so routes and services only ever see the plain body.
 */
export const suite = new CipherSuite({
  kem: new DhkemX25519HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});

/** Arbitrary constant: the advisory lock that lets one process at a time create a key. */
const ROTATION_LOCK = 4_242_002;
/** The key ring is read again after this long, so a key another process created is picked up. */
const RING_TTL_MS = 60_000;
/** An unknown key id reloads the ring at most this often (it may be another process's new key). */
const RELOAD_GUARD_MS = 5_000;

export type HpkeKey = { id: string; publicKey: string; keyPair: CryptoKeyPair };
type Ring = { current: HpkeKey; accepted: Map<string, HpkeKey>; loadedAt: number };

const b64url = (b: ArrayBuffer | Uint8Array) =>
  Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64url');

/** The key pair of a 32-byte seed (RFC 9180 DeriveKeyPair) and its id. */
export async function keyFromSeed(seed: Buffer): Promise<HpkeKey> {
  const keyPair = await suite.kem.deriveKeyPair(new Uint8Array(seed));
  const pub = new Uint8Array(await suite.kem.serializePublicKey(keyPair.publicKey));
  return { id: createHash('sha256').update(pub).digest('hex').slice(0, 16), publicKey: b64url(pub), keyPair };
}

/** A configured key: base64 or base64url of 32 bytes (checked by the config schema). */
const seedOf = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

async function configuredRing(config: Config, primary: string): Promise<Ring> {
  const current = await keyFromSeed(seedOf(primary));
  const accepted = new Map([[current.id, current]]);
  if (config.HPKE_PREVIOUS_PRIVATE_KEY) {
    const previous = await keyFromSeed(seedOf(config.HPKE_PREVIOUS_PRIVATE_KEY));
    accepted.set(previous.id, previous);
  }
  return { current, accepted, loadedAt: Date.now() };
}

type KeyRow = { id: string; seed: string; superseded_at: Date | null; due: boolean; accepted: boolean };

async function keyRows(db: Database, config: Config): Promise<KeyRow[]> {
  const r = await sql<KeyRow>`
    SELECT id, seed, superseded_at,
           (${config.HPKE_ROTATE_DAYS} > 0
             AND created_at < now() - make_interval(days => ${config.HPKE_ROTATE_DAYS})) AS due,
           (superseded_at IS NULL
             OR superseded_at > now() - make_interval(hours => ${config.HPKE_PREVIOUS_KEY_HOURS})) AS accepted
      FROM hpke_keys
     ORDER BY created_at DESC, id`.execute(db.kysely);
  return r.rows;
}

/**
 * The database ring: the newest key is published, keys it replaced stay accepted for
 * HPKE_PREVIOUS_KEY_HOURS. With no key yet, or the newest older than HPKE_ROTATE_DAYS, one
 * process (under an advisory lock) creates the next key.
 */
async function databaseRing(db: Database, config: Config): Promise<Ring> {
  let rows = await keyRows(db, config);
  if (rows.length === 0 || rows[0]?.due) {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${ROTATION_LOCK})`.execute(trx);
      const newest = await sql<{ due: boolean }>`
        SELECT (${config.HPKE_ROTATE_DAYS} > 0
                AND created_at < now() - make_interval(days => ${config.HPKE_ROTATE_DAYS})) AS due
          FROM hpke_keys ORDER BY created_at DESC, id LIMIT 1`.execute(trx);
      if (newest.rows.length > 0 && !newest.rows[0]?.due) return;
      const seed = randomBytes(32);
      const key = await keyFromSeed(seed);
      await trx
        .updateTable('hpke_keys')
        .set({ superseded_at: sql<Date>`now()` })
        .where('superseded_at', 'is', null)
        .execute();
      await trx
        .insertInto('hpke_keys')
        .values({ id: key.id, seed: seed.toString('base64'), public_key: key.publicKey })
        .execute();
    });
    rows = await keyRows(db, config);
  }
  const accepted = new Map<string, HpkeKey>();
  let current: HpkeKey | undefined;
  for (const row of rows) {
    if (row !== rows[0] && !row.accepted) continue;
    const key = await keyFromSeed(Buffer.from(row.seed, 'base64'));
    current ??= key;
    accepted.set(key.id, key);
  }
  if (!current) throw new Error('no HPKE key');
  return { current, accepted, loadedAt: Date.now() };
}

const rings = new WeakMap<Database, Promise<Ring>>();

function loadRing(db: Database, config: Config): Promise<Ring> {
  const ring = config.HPKE_PRIVATE_KEY ? configuredRing(config, config.HPKE_PRIVATE_KEY) : databaseRing(db, config);
  ring.catch(() => rings.delete(db));
  rings.set(db, ring);
  return ring;
}

/** The keys of this deployment, cached for a minute. */
export async function keyRing(db: Database, config: Config): Promise<Ring> {
  const cached = rings.get(db);
  if (cached) {
    const ring = await cached;
    if (Date.now() - ring.loadedAt < RING_TTL_MS) return ring;
  }
  return loadRing(db, config);
}

/** An accepted key by id; an unknown id reloads the ring once (another process may have rotated). */
async function acceptedKey(db: Database, config: Config, id: string): Promise<HpkeKey | undefined> {
  const ring = await keyRing(db, config);
  const key = ring.accepted.get(id);
  if (key || Date.now() - ring.loadedAt < RELOAD_GUARD_MS) return key;
  return (await loadRing(db, config)).accepted.get(id);
}

/** GET /wps/system/hpke's answer. */
export async function publishedKey(db: Database, config: Config): Promise<SealingKey> {
  const { current } = await keyRing(db, config);
  return {
    keyId: current.id,
    publicKey: current.publicKey,
    ...SEALED_SUITE,
    serverTime: Date.now(),
    maxAgeSeconds: config.SEALED_BODY_MAX_AGE_SECONDS,
    required: config.SEALED_BODIES === 'required',
    calls: [...SEALED_CALLS],
  };
}

function decode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64url'));
}

const isSealed = (body: unknown): boolean =>
  !!body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'sealed');

/**
 * preValidation hook of the sealed calls: a plain body passes (unless SEALED_BODIES=required);
 * a sealed one is opened and replaces the body. Refused with nothing done: malformed, tampered
 * or sealed for another call (SEALED_BODY_INVALID), a timestamp outside the window or a body
 * already used (SEALED_BODY_EXPIRED), a key the server does not hold (SEALED_KEY_UNKNOWN).
 */
export async function openSealedBody(req: FastifyRequest): Promise<void> {
  const { config, db } = req.server;
  if (!isSealed(req.body)) {
    if (config.SEALED_BODIES === 'required') throw new AppError('SEALED_BODY_REQUIRED');
    return;
  }
  const parsed = SealedBody.safeParse(req.body);
  if (!parsed.success) throw new AppError('SEALED_BODY_INVALID');
  const { keyId, enc, ct, ts } = parsed.data.sealed;
  const windowMs = config.SEALED_BODY_MAX_AGE_SECONDS * 1000;
  if (Math.abs(Date.now() - ts) > windowMs) throw new AppError('SEALED_BODY_EXPIRED');
  const key = await acceptedKey(db, config, keyId);
  if (!key) throw new AppError('SEALED_KEY_UNKNOWN');
  const encBytes = decode(enc);
  const ctBytes = decode(ct);
  if (!encBytes || encBytes.length !== suite.kem.encSize || !ctBytes) throw new AppError('SEALED_BODY_INVALID');

  let body: unknown;
  try {
    const recipient = await suite.createRecipientContext({
      recipientKey: key.keyPair,
      enc: encBytes,
      info: new TextEncoder().encode(sealedInfo(req.method, req.routeOptions.url ?? req.url)),
    });
    const plain = await recipient.open(ctBytes, new TextEncoder().encode(sealedAad(ts)));
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw new AppError('SEALED_BODY_INVALID');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || isSealed(body))
    throw new AppError('SEALED_BODY_INVALID');

  // Each sealed body opens once: its encapsulated key is remembered until its timestamp expires.
  const fresh = await db.kysely
    .insertInto('sealed_bodies_used')
    .values({
      enc_hash: createHash('sha256').update(encBytes).digest(),
      expires_at: new Date(ts + windowMs + 60_000),
    })
    .onConflict((oc) => oc.column('enc_hash').doNothing())
    .returning('enc_hash')
    .executeTakeFirst();
  if (!fresh) throw new AppError('SEALED_BODY_EXPIRED');
  req.body = body;
}

/** A sealed body's key is remembered only while its timestamp is accepted: later it fails anyway. */
export const sealedBodiesSweep = defineJob({
  name: 'sealed-bodies-sweep',
  description: 'forgets opened sealed bodies once their timestamps have expired',
  schedule: every({ minutes: 10 }),
  catchUp: 'latest',
  async run({ db }) {
    const r = await db.kysely
      .deleteFrom('sealed_bodies_used')
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});

/**
 * A replaced key pair is deleted once it is no longer accepted: a key that no longer exists
 * cannot open bodies recorded in the past, should the database ever leak.
 */
export const retiredKeysSweep = defineJob({
  name: 'retired-keys-sweep',
  description: 'deletes sealing key pairs that were replaced and are no longer accepted',
  schedule: every({ hours: 1 }),
  catchUp: 'latest',
  async run({ db, config }) {
    const r = await db.kysely
      .deleteFrom('hpke_keys')
      .where('superseded_at', '<', sql<Date>`now() - make_interval(hours => ${config.HPKE_PREVIOUS_KEY_HOURS})`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});
