import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const PUBLIC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/public');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /manifest.webmanifest', () => {
  it("answers the brand's web app manifest, installable as a standalone app", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const m = res.json();
    expect(m).toMatchObject({
      name: 'Khela',
      short_name: 'Khela',
      lang: 'bn',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(m.description).toContain('স্লট');
    const icons = m.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Real pictures of the size they claim, shipped with the web app.
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      const [w, h] = pngSize(path.join(PUBLIC, icon.src));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });

  it("speaks the reader's language when the brand offers it, else the brand's default", async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest?lang=en' })).json();
    expect(en).toMatchObject({ lang: 'en', name: 'Khela' });
    expect(en.description).toMatch(/^Slots, live casino/);
    const other = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest?lang=vi' })).json();
    expect(other.lang).toBe('bn');
  });
});
