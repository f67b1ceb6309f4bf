import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { keyFromSeed } from '../src/platform/sealed-body';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  lastSmsCode,
  login,
  newIp,
  newUsername,
  STRONG_PASSWORD,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';
import { fetchKey, type PublishedKey, seal } from './sealing';

const OUTBOX = path.join(tmpdir(), `khela-sealed-${process.pid}-${Date.now()}.jsonl`);
let t: TestApp;
let key: PublishedKey;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: OUTBOX });
  key = await fetchKey(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(OUTBOX, { force: true });
});

const memberCount = async (account: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM members WHERE lower(account) = lower(${account})`.execute(
        t.db.kysely,
      )
    ).rows[0]?.n,
  );

async function registerBody(username = newUsername('sealed')) {
  return {
    username,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    registerMethod: 'WEB',
    login: true,
    altcha: await solveHumanCheck(t.app),
  };
}

const post = (app: FastifyInstance, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST', headers = {}) =>
  app.inject({ method, url, payload: payload as object, headers: { 'x-forwarded-for': newIp(), ...headers } });

describe('the published key', () => {
  it('names its id, the RFC 9180 suite, the server clock and the sealed calls; no token needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/hpke' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v).toMatchObject({
      kem: 'DHKEM(X25519, HKDF-SHA256)',
      kdf: 'HKDF-SHA256',
      aead: 'AES-128-GCM',
      maxAgeSeconds: 120,
      required: false,
    });
    expect(v.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(Buffer.from(v.publicKey, 'base64url')).toHaveLength(32);
    expect(Math.abs(v.serverTime - Date.now())).toBeLessThan(5_000);
    expect(v.calls).toEqual([
      'POST /wps/session/login',
      'POST /wps/member/register',
      'POST /wps/member/register/mobile',
      'POST /wps/member/password/verification',
      'PUT /wps/member/password',
      'PUT /wps/member/password/payment',
      'POST /wps/cashier/withdraw',
      'POST /wps/cashier/payout-accounts',
      'POST /wps/cashier/transfers',
      'PUT /wps/member/security/mobile',
      'PUT /wps/member/security/email',
    ]);
  });

  it('is kept in the database, so every process and every restart derives the same key', async () => {
    const rows = await t.db.kysely.selectFrom('hpke_keys').select(['id', 'seed', 'public_key']).execute();
    expect(rows).toHaveLength(1);
    const derived = await keyFromSeed(Buffer.from(rows[0]?.seed ?? '', 'base64'));
    expect(derived).toMatchObject({ id: key.keyId, publicKey: key.publicKey });
    expect(rows[0]).toMatchObject({ id: key.keyId, public_key: key.publicKey });
    // A second app on the same database (another process) answers with it too.
    const other = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), t.db);
    try {
      expect((await fetchKey(other)).keyId).toBe(key.keyId);
    } finally {
      await other.close();
    }
  });
});

describe('sealed bodies', () => {
  it('registers, logs in and changes the password with sealed bodies', async () => {
    const body = await registerBody();
    const reg = await post(t.app, '/wps/member/register', await seal(key, 'POST', '/wps/member/register', body));
    expect(reg.statusCode).toBe(200);
    expect(reg.json().value.account).toBe(body.username);

    const creds = { username: body.username, password: STRONG_PASSWORD, type: 'username' };
    const loginBody = { ...creds, altcha: await solveHumanCheck(t.app) };
    const res = await post(t.app, '/wps/session/login', await seal(key, 'POST', '/wps/session/login', loginBody));
    expect(res.statusCode).toBe(200);
    const token = res.json().value.token;

    const change = {
      oldPassword: STRONG_PASSWORD,
      newPassword: 'Harbour#Light58',
      confirmNewPassword: 'Harbour#Light58',
    };
    const put = await post(
      t.app,
      '/wps/member/password',
      await seal(key, 'PUT', '/wps/member/password', change),
      'PUT',
      bearer(token),
    );
    expect(put.statusCode).toBe(200);
    expect((await login(t.app, body.username, 'Harbour#Light58')).statusCode).toBe(200);
  });

  it('registers by mobile and resets a password by phone with sealed bodies', async () => {
    const mobileNum = `0171${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const body = { ...(await registerBody(mobileNum)), mobileNum, countryDialingCode: '+880' };
    const reg = await post(
      t.app,
      '/wps/member/register/mobile',
      await seal(key, 'POST', '/wps/member/register/mobile', body),
    );
    expect(reg.statusCode).toBe(200);

    const ask = await post(t.app, '/wps/verification/sms/noLogin', {
      mobileNum,
      countryDialingCode: '+880',
      purpose: 'reset',
      altcha: await solveHumanCheck(t.app),
    });
    expect(ask.statusCode).toBe(200);
    const reset = {
      mobileNum,
      countryDialingCode: '+880',
      verificationCode: lastSmsCode(OUTBOX, mobileNum) ?? '',
      newPassword: 'Meadow#Stone31',
    };
    const res = await post(
      t.app,
      '/wps/member/password/verification',
      await seal(key, 'POST', '/wps/member/password/verification', reset),
    );
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, mobileNum, 'Meadow#Stone31')).statusCode).toBe(200);
  });

  const refused = async (payload: unknown, code: string, url = '/wps/member/register') => {
    const res = await post(t.app, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, value: null, code, message: `errors.${code}` });
  };

  it('refuses a tampered body and creates nothing', async () => {
    const body = await registerBody();
    const sealed = await seal(key, 'POST', '/wps/member/register', body);
    const ct = Buffer.from(sealed.sealed.ct, 'base64url');
    ct[5] = (ct[5] ?? 0) ^ 1;
    await refused({ sealed: { ...sealed.sealed, ct: ct.toString('base64url') } }, 'SEALED_BODY_INVALID');
    // The timestamp is authenticated too.
    await refused({ sealed: { ...sealed.sealed, ts: sealed.sealed.ts + 1 } }, 'SEALED_BODY_INVALID');
    // Another encapsulated key of the right length.
    const enc = randomBytes(32).toString('base64url');
    await refused({ sealed: { ...sealed.sealed, enc } }, 'SEALED_BODY_INVALID');
    expect(await memberCount(body.username)).toBe(0);
  });

  it('refuses a body sealed for another call (path or method)', async () => {
    const body = await registerBody();
    await refused(await seal(key, 'POST', '/wps/session/login', body), 'SEALED_BODY_INVALID');
    await refused(await seal(key, 'POST', '/wps/member/register/mobile', body), 'SEALED_BODY_INVALID');
    await refused(await seal(key, 'PUT', '/wps/member/register', body), 'SEALED_BODY_INVALID');
    expect(await memberCount(body.username)).toBe(0);
    // A sealed login cannot be replayed as a registration either.
    const creds = { username: 'demo1234', password: 'Khela#Demo2024', type: 'username', altcha: body.altcha };
    await refused(await seal(key, 'POST', '/wps/session/login', creds), 'SEALED_BODY_INVALID', '/wps/member/register');
  });

  it('refuses a stale or future timestamp, and a body sent twice', async () => {
    const body = await registerBody();
    await refused(
      await seal(key, 'POST', '/wps/member/register', body, { ts: Date.now() - 121_000 }),
      'SEALED_BODY_EXPIRED',
    );
    await refused(
      await seal(key, 'POST', '/wps/member/register', body, { ts: Date.now() + 121_000 }),
      'SEALED_BODY_EXPIRED',
    );
    expect(await memberCount(body.username)).toBe(0);

    const sealed = await seal(key, 'POST', '/wps/session/login', {
      username: 'demo1234',
      password: 'wrong-password',
      type: 'username',
      altcha: body.altcha,
    });
    expect((await post(t.app, '/wps/session/login', sealed)).json().code).toBe('INVALID_CREDENTIALS');
    await refused(sealed, 'SEALED_BODY_EXPIRED', '/wps/session/login');
  });

  it('refuses an unknown key id', async () => {
    const body = await registerBody();
    await refused(
      await seal(key, 'POST', '/wps/member/register', body, { keyId: '0123456789abcdef' }),
      'SEALED_KEY_UNKNOWN',
    );
    expect(await memberCount(body.username)).toBe(0);
  });

  it('refuses malformed envelopes and plaintexts that are not a JSON object', async () => {
    await refused({ sealed: 'x' }, 'SEALED_BODY_INVALID');
    await refused({ sealed: { keyId: key.keyId, enc: '!!', ct: 'AA', ts: Date.now() } }, 'SEALED_BODY_INVALID');
    await refused({ sealed: { keyId: key.keyId, enc: 'AA', ct: 'AA', ts: Date.now() } }, 'SEALED_BODY_INVALID');
    await refused({ ...(await seal(key, 'POST', '/wps/member/register', {})), extra: 1 }, 'SEALED_BODY_INVALID');
    for (const plaintext of ['[1]', 'null', 'not json', '{"sealed":{}}'])
      await refused(await seal(key, 'POST', '/wps/member/register', null, { plaintext }), 'SEALED_BODY_INVALID');
  });

  it('validates the opened body like a plain one', async () => {
    const res = await post(
      t.app,
      '/wps/member/register',
      await seal(key, 'POST', '/wps/member/register', { username: 'x', bogus: 1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { bogus: 'validation.unknownField' } });
  });
});

describe('SEALED_BODIES=required', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ ...ACCOUNT_TEST_ENV, SEALED_BODIES: 'required' });
  });
  afterAll(() => r.close());

  it('refuses plain bodies on the sealed calls and takes sealed ones', async () => {
    const k = await fetchKey(r.app);
    expect((await r.app.inject({ method: 'GET', url: '/wps/system/hpke' })).json().value.required).toBe(true);
    const plain = await login(r.app, 'demo1234', 'Khela#Demo2024');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('SEALED_BODY_REQUIRED');
    const body = {
      username: 'demo1234',
      password: 'Khela#Demo2024',
      type: 'username',
      altcha: await solveHumanCheck(r.app),
    };
    const res = await post(r.app, '/wps/session/login', await seal(k, 'POST', '/wps/session/login', body));
    expect(res.statusCode).toBe(200);
    // Calls that are not marked encrypted keep taking plain bodies.
    const affiliate = await post(r.app, '/wps/agent/affiliate', { code: 'KHELA2024' });
    expect(affiliate.statusCode).toBe(200);
  });
});

describe('keys from the configuration, and rotation', () => {
  const seedA = randomBytes(32).toString('base64');
  const seedB = randomBytes(32).toString('base64url');

  it('publishes HPKE_PRIVATE_KEY and still accepts HPKE_PREVIOUS_PRIVATE_KEY', async () => {
    const c = await createTestApp({ ...ACCOUNT_TEST_ENV, HPKE_PRIVATE_KEY: seedB, HPKE_PREVIOUS_PRIVATE_KEY: seedA });
    try {
      const published = await fetchKey(c.app);
      const b = await keyFromSeed(Buffer.from(seedB, 'base64url'));
      const a = await keyFromSeed(Buffer.from(seedA, 'base64'));
      expect(published).toMatchObject({ keyId: b.id, publicKey: b.publicKey });
      const previous = { keyId: a.id, publicKey: a.publicKey, serverTime: Date.now() };
      const body = {
        username: 'demo1234',
        password: 'Khela#Demo2024',
        type: 'username',
        altcha: await solveHumanCheck(c.app),
      };
      const res = await post(c.app, '/wps/session/login', await seal(previous, 'POST', '/wps/session/login', body));
      expect(res.statusCode).toBe(200);
      expect(await c.db.kysely.selectFrom('hpke_keys').select('id').execute()).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('refuses a bad HPKE_PRIVATE_KEY at start', () => {
    expect(() => loadConfig({ HPKE_PRIVATE_KEY: 'short' })).toThrow(/HPKE_PRIVATE_KEY/);
  });

  it('replaces a key older than HPKE_ROTATE_DAYS and accepts the old one for HPKE_PREVIOUS_KEY_HOURS', async () => {
    const c = await createTestApp({ ...ACCOUNT_TEST_ENV, HPKE_ROTATE_DAYS: '30', HPKE_PREVIOUS_KEY_HOURS: '24' });
    try {
      const old = await keyFromSeed(Buffer.from(seedA, 'base64'));
      const older = await keyFromSeed(Buffer.from(seedB, 'base64url'));
      await c.db.kysely
        .insertInto('hpke_keys')
        .values([
          {
            id: older.id,
            seed: Buffer.from(seedB, 'base64url').toString('base64'),
            public_key: older.publicKey,
            created_at: sql<Date>`now() - interval '90 days'`,
            superseded_at: sql<Date>`now() - interval '60 days'`,
          },
          { id: old.id, seed: seedA, public_key: old.publicKey, created_at: sql<Date>`now() - interval '31 days'` },
        ])
        .execute();
      const published = await fetchKey(c.app);
      expect(published.keyId).not.toBe(old.id);
      const rows = await c.db.kysely
        .selectFrom('hpke_keys')
        .select(['id', 'superseded_at'])
        .orderBy('created_at')
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows[1]?.superseded_at).not.toBeNull();
      expect(rows[2]).toMatchObject({ id: published.keyId, superseded_at: null });

      const creds = async () => ({
        username: 'demo1234',
        password: 'Khela#Demo2024',
        type: 'username',
        altcha: await solveHumanCheck(c.app),
      });
      const viaOld = { keyId: old.id, publicKey: old.publicKey, serverTime: Date.now() };
      expect(
        (await post(c.app, '/wps/session/login', await seal(viaOld, 'POST', '/wps/session/login', await creds())))
          .statusCode,
      ).toBe(200);
      const viaOlder = { keyId: older.id, publicKey: older.publicKey, serverTime: Date.now() };
      const res = await post(
        c.app,
        '/wps/session/login',
        await seal(viaOlder, 'POST', '/wps/session/login', await creds()),
      );
      expect(res.json().code).toBe('SEALED_KEY_UNKNOWN');
    } finally {
      await c.close();
    }
  });
});
