import { randomBytes } from 'node:crypto';
import { GAME_TOKEN_HEADER, launchGameCall, playBalanceCall, playOpenCall } from '@khela/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newIp } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { launchedPlayer } from './inhouse-helpers';
import { memberWithSession } from './member-session';
import { injectDriver } from './provider-driver';

/**
 * The rate limits a token cannot multiply (docs/security.md). In memory by default; on Redis
 * when KHELA_TEST_REDIS names one (`npm test` does when 127.0.0.1:6379 answers), each app with a
 * key prefix of its own, removed afterwards.
 */
const REDIS = process.env.KHELA_TEST_REDIS;
const STORE = REDIS ? 'Redis' : 'memory';
const prefixes: string[] = [];

/** Settings that put an app's counters in the store under test. */
function store(prefix = `khela:test:${randomBytes(6).toString('hex')}:`): Record<string, string> {
  if (!REDIS) return {};
  prefixes.push(prefix);
  return { REDIS_URL: REDIS, RATE_LIMIT_REDIS_PREFIX: prefix };
}

afterAll(async () => {
  if (!REDIS || prefixes.length === 0) return;
  const redis = new Redis(REDIS);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const randomToken = () => randomBytes(32).toString('base64url');

async function defaultBrand(t: TestApp) {
  return (await t.db.kysely.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirstOrThrow())
    .id;
}

async function vendorSecret(t: TestApp, code: string) {
  return (
    await t.db.kysely
      .selectFrom('provider_vendors')
      .innerJoin('brands', 'brands.id', 'provider_vendors.brand_id')
      .select('provider_vendors.secret')
      .where('brands.is_default', '=', true)
      .where('provider_vendors.code', '=', code)
      .executeTakeFirstOrThrow()
  ).secret;
}

describe(`game calls on ${STORE} (${TEST_ENGINE})`, () => {
  let t: TestApp;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp({
      ...store(),
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      GAME_RATE_PER_ADDRESS_PER_MINUTE: '5',
      GAME_RATE_PER_SESSION_PER_MINUTE: '3',
    });
    brandId = await defaultBrand(t);
  });
  afterAll(() => t.close());

  /** A game session's token, opened from an address of its own. */
  async function gameToken() {
    const p = await launchedPlayer(t.db, brandId, { game: 'slot', opening: 1_000n, prefix: 'rl' });
    const res = await t.app.inject({
      method: playOpenCall.method,
      url: playOpenCall.path,
      headers: from(newIp()),
      payload: { ticket: p.ticket },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.token as string;
  }

  const balance = (token: string, ip: string) =>
    t.app.inject({
      method: playBalanceCall.method,
      url: playBalanceCall.path,
      headers: { ...from(ip), [GAME_TOKEN_HEADER]: token },
    });

  it('a new token per call does not escape the address bucket', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await balance(randomToken(), ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await balance(randomToken(), ip);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own bucket.
    expect((await balance(randomToken(), newIp())).statusCode).toBe(401);
  });

  it('counts a launch in the same address bucket as the game calls', async () => {
    const ip = newIp();
    const m = await memberWithSession(t.db, brandId, { prefix: 'rll' });
    for (let i = 0; i < 5; i++) expect((await balance(randomToken(), ip)).statusCode).toBe(401);
    const launch = await t.app.inject({
      method: launchGameCall.method,
      url: launchGameCall.path,
      headers: { ...from(ip), ...bearer(m.token) },
      payload: { nodeId: 1 },
    });
    expect(launch.statusCode).toBe(429);
  });

  it('counts an IPv6 visitor by its /64, so fresh addresses of one line share a bucket', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 6; i++)
      codes.push((await balance(randomToken(), `2001:db8:77:1::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await balance(randomToken(), '2001:db8:77:2::1')).statusCode).toBe(401);
  });

  it('limits one game session however many addresses it calls from', async () => {
    const token = await gameToken();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await balance(token, newIp())).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // Another session is not held back by it.
    expect((await balance(await gameToken(), newIp())).statusCode).toBe(200);
  });

  it('limits launches per member session however many addresses they come from', async () => {
    const m = await memberWithSession(t.db, brandId, { prefix: 'rls' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: launchGameCall.method,
        url: launchGameCall.path,
        headers: { ...from(newIp()), ...bearer(m.token) },
        payload: { nodeId: 999_999 },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });
});

describe(`provider calls on ${STORE} (${TEST_ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...store(), PROVIDER_RATE_PER_MINUTE: '3', PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('refuses calls over the vendor ceiling before their signature is checked', async () => {
    const signed = injectDriver(t.app, { vendor: 'JL', secret: await vendorSecret(t, 'JL') });
    const forged = injectDriver(t.app, { vendor: 'JL', secret: 'not-the-vendors-secret-0123456789abcdef' });
    const balance = { playerId: '1', token: 'k'.repeat(32), currency: 'BDT' };
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await forged.send('balance', balance)).status);
    expect(codes).toEqual([401, 401, 401]);
    // A correctly signed call past the ceiling is refused too: the ceiling comes first.
    const over = await signed.send('balance', balance);
    expect(over.status).toBe(429);
    expect(over.json.code).toBe('TOO_MANY_REQUESTS');
    // A forged call past it costs no signature check either: still 429, not 401.
    expect((await forged.send('balance', balance)).status).toBe(429);
  });
});

describe(`provider address lists on ${STORE} (${TEST_ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...store(),
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      PROVIDER_RATE_PER_MINUTE: '3',
      PROVIDER_ALLOWED_ADDRESSES: 'JL=203.0.113.7 198.51.100.0/24',
      PROVIDER_RESOLVER_INTERVAL_SECONDS: '0',
    });
  });
  afterAll(() => t.close());

  it("refuses a vendor's calls from other addresses, before they count against its ceiling", async () => {
    const secret = await vendorSecret(t, 'JL');
    const driverFrom = (ip: string) => injectDriver(t.app, { vendor: 'JL', secret, headers: from(ip) });
    const body = { playerId: '1', token: 'k'.repeat(32), currency: 'BDT' };
    for (let i = 0; i < 5; i++) {
      const r = await driverFrom('192.0.2.1').send('balance', body);
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('FORBIDDEN');
    }
    // Listed addresses, one exact and one in the block, are answered (the refusals counted nothing).
    for (const ip of ['203.0.113.7', '198.51.100.9', '198.51.100.200']) {
      const r = await driverFrom(ip).send('balance', body);
      expect(['FORBIDDEN', 'TOO_MANY_REQUESTS'], r.body).not.toContain(r.json.code);
    }
  });
});

describe(`the default bucket on ${STORE} (${TEST_ENGINE})`, () => {
  it('counts in memory, per process, when Redis does not answer', async () => {
    const t = await createTestApp(
      { RATE_LIMIT_MAX: '2', REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_REDIS_PREFIX: 'khela:unreachable:' },
      { seed: false },
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/wps/nothing-here' })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await t.close();
    }
  });

  it.runIf(REDIS)('is shared by two processes with the same REDIS_URL', async () => {
    const shared = store();
    const a = await createTestApp({ ...shared, RATE_LIMIT_MAX: '3' }, { seed: false });
    const b = await createTestApp({ ...shared, RATE_LIMIT_MAX: '3' }, { seed: false });
    try {
      const call = (t: TestApp) => t.app.inject({ method: 'GET', url: '/wps/nothing-here' }).then((r) => r.statusCode);
      const codes = [await call(a), await call(b), await call(a), await call(b), await call(a)];
      expect(codes.map((c) => c === 429)).toEqual([false, false, false, true, true]);
      const redis = new Redis(REDIS as string);
      expect((await redis.keys(`${shared.RATE_LIMIT_REDIS_PREFIX}*`)).length).toBeGreaterThan(0);
      await redis.quit();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
