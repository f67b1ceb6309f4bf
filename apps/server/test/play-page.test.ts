import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/** A stand-in for the built web app: the tests need play.html and index.html to tell them apart. */
const PLAY_HTML = '<!doctype html><div id="play"></div><script type="module" src="/assets/play-abc.js"></script>';
const INDEX_HTML = '<!doctype html><div id="root"></div>';

describe(`the in-house game page on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(`${tmpdir()}/khela-dist-`);
    mkdirSync(`${dist}/assets`);
    writeFileSync(`${dist}/index.html`, INDEX_HTML);
    writeFileSync(`${dist}/play.html`, PLAY_HTML);
    t = await createTestApp({ WEB_DIST: dist }, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the slot page from play.html, with the ticket still in the address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/play/slot?ticket=abcdefghijklmnopqrst' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(PLAY_HTML);
  });

  const page = () => t.app.inject({ method: 'GET', url: '/play/slot' });
  const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

  it('lets only this site frame the page', async () => {
    const res = await page();
    expect(cspOf(res)).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('runs only its own scripts and talks only to this site', async () => {
    const res = await page();
    const csp = cspOf(res);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never leaks the ticket in its address: no referrer, no stored copy', async () => {
    const res = await page();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the operator’s sites frame the page when it comes from a launch host', async () => {
    const brand = await t.db.kysely
      .insertInto('brands')
      .values({ merchant_code: 'framing', name: 'Framing', languages: ['bn'], default_language: 'bn', currency: 'BDT' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('brand_domains')
      .values([
        { domain: 'khela.example', brand_id: brand.id },
        { domain: 'mirror.khela.example', brand_id: brand.id, is_mirror: true },
        { domain: 'bad host; script-src *', brand_id: brand.id, is_mirror: true },
      ])
      .execute();
    invalidateBrandCache();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/play/slot', headers: { host: 'play.cdn.example' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(
        /frame-ancestors 'self' (khela\.example mirror\.khela\.example|mirror\.khela\.example khela\.example)$/,
      );
      expect(csp).not.toContain('script-src *');
      expect(res.headers['x-frame-options']).toBeUndefined();
    } finally {
      await t.db.kysely.deleteFrom('brand_domains').where('brand_id', '=', brand.id).execute();
      invalidateBrandCache();
    }
  });

  it('answers an unknown game with a 404 envelope, never the site', async () => {
    for (const url of ['/play/crash-unknown', '/play/slot/extra', '/play/', '/play/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
      expect(res.body, url).not.toContain('id="root"');
    }
  });

  it('still answers the site’s own pages with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rng' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe(`the in-house game page without a built web app on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/play/slot' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
