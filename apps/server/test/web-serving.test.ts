import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { gameMenusCall } from '@khela/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerGroupOfPage, frameOf } from '../src/modules/system/page-head';
import { COMPRESS_THRESHOLD_BYTES, compression } from '../src/platform/compression';
import { inlineScriptHashes, securityHeaders } from '../src/platform/security-headers';
import { acceptedEncoding, pageHtml } from '../src/platform/web';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

const INDEX = '<!doctype html><html><head><title>Khela</title></head><body><div id="root"></div></body></html>';
// Larger than the compression threshold, as every real chunk is.
const SCRIPT = `export const x = ${JSON.stringify('khela '.repeat(400))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe(`serving the built site compressed and cached on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'khela-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    // As the build leaves them (apps/web/precompress.ts): the file and its two compressed copies.
    const asset = path.join(dist, 'assets', 'main-abc123.js');
    writeFileSync(asset, SCRIPT);
    writeFileSync(`${asset}.br`, SCRIPT_BR);
    writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli copy to a browser that takes brotli, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's copy itself, not one compressed for this answer.
    expect(res.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(decode('br', res.rawPayload)).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gz.rawPayload)).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it("preloads the home page's first banner from its HTML, with high priority", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/img/banners/home-1.webp" fetchpriority="high"></head>',
    );
  });

  it("preloads a lobby's own banner, and nothing on a page without one", async () => {
    const rng = await t.app.inject({ method: 'GET', url: '/rng' });
    expect(rng.body).toContain('href="/img/banners/rng.webp"');
    // /login opens the login popup at once, headed by the registration group's picture.
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
    for (const url of ['/promotions', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('rel="preload"');
      expect(res.body, url).toContain('id="root"');
    }
  });

  it('sends a page compressed, revalidated on every visit, and 304 while it has not changed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rng', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toContain('href="/img/banners/rng.webp"');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/rng', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page has other hints, so another tag.
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(home.statusCode).toBe(200);
  });

  it('compresses a read of the API above the threshold', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${gameMenusCall.path}?device=WEB&language=bn`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const value = JSON.parse(decode('br', res.rawPayload));
    expect(value.success).toBe(true);
    expect(JSON.stringify(value).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
  });
});

describe('which answers are compressed', () => {
  const big = { text: 'secret-next-to-input '.repeat(200) };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(compression);
    app.get('/read', async () => big);
    app.post('/write', async () => big);
    app.post('/echo', async (req) => ({ got: req.body }));
    app.get('/small', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a large read', async () => {
    const res = await app.inject({ method: 'GET', url: '/read', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('never compresses the answer to a write, however large (BREACH)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/write',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(big);
  });

  it('leaves a small answer as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 'b' })),
    });
    // Read as JSON as it came: gzip bytes are not JSON.
    expect(res.statusCode).toBe(400);
  });
});

describe('page head hints', () => {
  it('finds the banner group of a page as the client router does', () => {
    expect(bannerGroupOfPage('/')).toBe('w_home');
    expect(bannerGroupOfPage('/rng/')).toBe('w_rng');
    expect(bannerGroupOfPage('/RNG')).toBe('w_rng');
    expect(bannerGroupOfPage('/login')).toBe('w_reg');
    expect(bannerGroupOfPage('/promotions')).toBeUndefined();
  });

  it('escapes what it writes into the page', () => {
    expect(pageHtml(INDEX, { lcpImage: '/x.svg"><script>alert(1)</script>' })).toContain(
      'href="/x.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(pageHtml(INDEX, {})).toBe(INDEX);
  });

  // index.html as the web build leaves it: the splash between markers, the frames' template after.
  const FRAMED_INDEX =
    '<html><head></head><body><div id="root"><!--first-screen--><div class="splash"></div><!--/first-screen--></div>' +
    '<template id="first-screen-frame"><div class="app-shell"><header></header><!--banner--><!--side-->' +
    '<div class="shell-side"></div><!--/side--><img class="first-banner" src="" alt=""><!--/banner--></div>' +
    '<!--login--><div class="modal"><img class="first-banner" src="" alt=""></div><!--/login--></template></body></html>';

  it('paints a banner page with its first banner, escaped, and never sends the template', () => {
    const html = pageHtml(FRAMED_INDEX, {
      lcpImage: '/b.svg"><script>x</script>',
      frame: { kind: 'banner', sideMenu: true },
    });
    expect(html).toContain('<div id="root"><div class="app-shell"><header></header><div class="shell-side"></div>');
    expect(html).toContain('class="first-banner" src="/b.svg&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).not.toMatch(/splash|<template|<script>|class="modal"|<!--/);
  });

  it('drops the side column where the page has none, paints the login sheet, and keeps the splash otherwise', () => {
    const noSide = pageHtml(FRAMED_INDEX, { lcpImage: '/b.svg', frame: { kind: 'banner', sideMenu: false } });
    expect(noSide).toContain('class="first-banner" src="/b.svg"');
    expect(noSide).not.toMatch(/shell-side|class="modal"/);
    const login = pageHtml(FRAMED_INDEX, { lcpImage: '/r.svg', frame: { kind: 'login' } });
    expect(login).toContain('<div class="modal"><img class="first-banner" src="/r.svg" alt=""></div>');
    expect(login).not.toMatch(/shell-side|splash/);
    // A banner without a frame: preloaded, the splash kept.
    const plain = pageHtml(FRAMED_INDEX, { lcpImage: '/b.svg' });
    expect(plain).toContain('<link rel="preload" as="image" href="/b.svg"');
    expect(plain).toContain('<div class="splash">');
    expect(pageHtml(FRAMED_INDEX, {})).not.toContain('<template');
    expect(frameOf('/login/')).toEqual({ kind: 'login' });
    expect(frameOf('/RNG')).toEqual({ kind: 'banner', sideMenu: true });
    expect(frameOf('/help')).toEqual({ kind: 'banner', sideMenu: false });
    expect(frameOf('/register')).toBeUndefined();
  });

  it("allows index.html's own inline scripts by their hashes, and no other", () => {
    const hashes = inlineScriptHashes(
      '<head><script>(() => 1)();</script><script type="module" src="/a.js"></script></head>' +
        '<body><script data-entry="/b.js">(() => 2)();</script></body>',
    );
    const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(hashes).toEqual([sha('(() => 1)();'), sha('(() => 2)();')]);
    const csp = securityHeaders(hashes)['content-security-policy'] ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' ${hashes[0]?.replace(/[+/]/g, '\\$&')}`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('picks brotli, then gzip, and honours a refusal', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('answers a value it has kept as it answered it first, past its limit and beyond its length', () => {
    // Values are kept per text, a hundred at most: a refusal kept stays a refusal.
    const values = Array.from({ length: 250 }, (_, i) =>
      i % 2 ? `gzip;q=0.${i + 1}, br;q=0` : `deflate, br;q=0.${i + 1}`,
    );
    for (let round = 0; round < 2; round++) {
      for (const [i, value] of values.entries()) expect(acceptedEncoding(value)).toBe(i % 2 ? 'gzip' : 'br');
    }
    const long = `${'x-custom;q=0.5, '.repeat(20)}br`;
    expect(acceptedEncoding(long)).toBe('br');
    expect(acceptedEncoding(long)).toBe('br');
    expect(acceptedEncoding(`${long};q=0`)).toBeNull();
  });
});
