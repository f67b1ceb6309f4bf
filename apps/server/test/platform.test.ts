import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

describe(`platform on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns bigint columns as JS bigint', async () => {
    const r = await sql<{ b: bigint }>`SELECT 9007199254740993::bigint AS b`.execute(t.db.kysely);
    expect(r.rows[0]?.b).toBe(9007199254740993n);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, value: null, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 envelope and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_JSON');
    expect(res.body).not.toMatch(/at .*\.js|stack/i);
  });

  it('answers an oversize body with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BODY_TOO_LARGE');
  });

  it('sends API answers a policy that allows nothing to run or frame them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/nothing-here' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('migrations are idempotent', async () => {
    const { migrate } = await import('../src/platform/migrate');
    expect(await migrate(t.db)).toEqual([]);
  });
});

describe(`rate limiting on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' }, { seed: false });
  });
  afterAll(() => t.close());

  it('answers 429 with an envelope once a client passes the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/wps/nothing-here' })).statusCode);
    expect(codes).toEqual([404, 404, 404, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/wps/nothing-here' });
    expect(res.json()).toMatchObject({
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message: 'errors.TOO_MANY_REQUESTS',
    });
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe(`the status call and the rate limits on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('answers the status call however often it comes, and leaves the bucket to the other calls', async () => {
    // It reads only the cached brand: answering it costs less than counting it would.
    const status: number[] = [];
    for (let i = 0; i < 6; i++)
      status.push((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode);
    expect(status).toEqual([200, 200, 200, 200, 200, 200]);
    const others: number[] = [];
    for (let i = 0; i < 4; i++)
      others.push((await t.app.inject({ method: 'GET', url: '/wps/system/resources' })).statusCode);
    expect(others).toEqual([200, 200, 200, 429]);
  });
});

describe(`serving the web app on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    dist = mkdtempSync(`${tmpdir()}/khela-dist-`);
    mkdirSync(`${dist}/assets`);
    writeFileSync(`${dist}/index.html`, '<!doctype html><div id="root"></div>');
    writeFileSync(`${dist}/assets/app-abc123.js`, 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist }, { seed: false });
  });
  afterAll(async () => {
    await t.close();
    const { rmSync } = await import('node:fs');
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers any page path with index.html so the client router can show it', async () => {
    for (const url of ['/', '/rng', '/helpmc', '/register.html', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('id="root"');
    }
  });

  it('sends pages a Content-Security-Policy under which no inline script runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rng' });
    const scriptSrc = String(res.headers['content-security-policy']).match(/script-src[^;]*/)?.[0] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches hashed assets for a year and makes index.html revalidate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths and missing files as 404 envelopes', async () => {
    for (const url of ['/wps/nope', '/lgw/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
