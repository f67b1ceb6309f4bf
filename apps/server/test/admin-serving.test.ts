import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminUrl } from '../src/platform/web';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

const SITE_INDEX = '<!doctype html><html><head><title>Khela</title></head><body>the player site</body></html>';
const ADMIN_INDEX =
  '<!doctype html><html><head><title>Back office</title><script type="module" src="/admin/assets/index-abc.js"></script></head><body>the back office</body></html>';
const SCRIPT = `export const office = ${JSON.stringify('back office '.repeat(300))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);

/** The CSP's directives by name: `{ 'script-src': "'self'", … }`. */
function cspOf(header: string | string[] | undefined): Record<string, string> {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe(`serving the back office under /admin on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let webDist: string;
  let adminDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'khela-web-'));
    writeFileSync(path.join(webDist, 'index.html'), SITE_INDEX);
    adminDist = mkdtempSync(path.join(tmpdir(), 'khela-admin-'));
    mkdirSync(path.join(adminDist, 'assets'));
    writeFileSync(path.join(adminDist, 'index.html'), ADMIN_INDEX);
    // As the build leaves them: the file and its two compressed copies.
    const asset = path.join(adminDist, 'assets', 'index-abc.js');
    writeFileSync(asset, SCRIPT);
    writeFileSync(`${asset}.br`, SCRIPT_BR);
    writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
    writeFileSync(path.join(adminDist, 'theme-init.js'), '/* theme */');
    t = await createTestApp({ WEB_DIST: webDist, ADMIN_DIST: adminDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(adminDist, { recursive: true, force: true });
  });

  it.each(['/admin', '/admin/', '/admin/login', '/admin/staff/sessions', '/admin/setup/some-token?x=1'])(
    'answers the deep link %s with the back office page, revalidated',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('the back office');
      expect(res.body).not.toContain('the player site');
    },
  );

  it('gives the back office page a strict CSP of its own: no inline script, never framed, calls to itself only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/audit' });
    const csp = cspOf(res.headers['content-security-policy']);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['style-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The player site keeps its own policy.
    const site = await t.app.inject({ method: 'GET', url: '/home' });
    expect(site.body).toContain('the player site');
    expect(cspOf(site.headers['content-security-policy'])['frame-ancestors']).toBe("'self'");
  });

  it('sends the bundle precompressed and cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(SCRIPT_BR)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/admin/theme-init.js' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a missing file of the bundle with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(['/bo/nothing-here', '/bo/staff/sessions', '/psp/callback/unknown'])(
    'never answers the API path %s with a page: a JSON 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    },
  );

  it("answers the back office's calls with the API's short header set", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bo/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves no back office file from the site root, and no site page under /admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/admin/index.html' });
    expect(res.body).toContain('the back office');
  });

  it('tells the back office apart from a site path that only starts alike', () => {
    expect(isAdminUrl('/admin')).toBe(true);
    expect(isAdminUrl('/admin/x')).toBe(true);
    expect(isAdminUrl('/admin?x=1')).toBe(true);
    expect(isAdminUrl('/administrator')).toBe(false);
    expect(isAdminUrl('/home/admin')).toBe(false);
  });
});
