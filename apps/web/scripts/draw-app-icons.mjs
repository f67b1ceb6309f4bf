/**
 * Draws the web app's home-screen icons (the manifest's, served by the server at
 * /manifest.webmanifest) as PNGs into public/img/app, from the logo mark, with Debian's
 * Chromium. "any" icons are the mark as it is; "maskable" ones put it on a full-bleed
 * background inside the 80 % safe circle, so a launcher's mask never cuts it.
 *
 *   node apps/web/scripts/draw-app-icons.mjs
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PUBLIC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public');
const OUT = path.join(PUBLIC, 'img/app');
const mark = readFileSync(path.join(PUBLIC, 'img/logo-mark.svg'), 'utf8');

/** name → [size, kind] */
const ICONS = {
  'icon-192.png': [192, 'any'],
  'icon-512.png': [512, 'any'],
  'icon-maskable-192.png': [192, 'maskable'],
  'icon-maskable-512.png': [512, 'maskable'],
  // iOS takes its home-screen icon from here (it ignores the manifest's): full bleed, no transparency.
  '../../apple-touch-icon.png': [180, 'maskable'],
};

/**
 * The maskable icon: the mark's gradient to every edge and its gold K alone in the middle, well
 * inside the safe circle (radius 40 %).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs><linearGradient id="mB" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset=".6" stop-color="#0f8a5f"/><stop offset="1" stop-color="#065f46"/></linearGradient><linearGradient id="mG" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset=".4" stop-color="#fbbf24"/><stop offset="1" stop-color="#d97706"/></linearGradient></defs><rect width="40" height="40" fill="url(#mB)"/><g transform="translate(20 20) scale(.8) translate(-20.75 -20)"><g fill="none" stroke="#053d2c" stroke-opacity=".45" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 1.2)"><path d="M13 10.5V29.5M28 10.5 17.5 20 28.5 29.5"/></g><g fill="none" stroke="url(#mG)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M13 10.5V29.5M28 10.5 17.5 20 28.5 29.5"/></g></g></svg>`;

const url = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function page(size, kind) {
  const src = url(kind === 'any' ? mark : maskable);
  return `<!doctype html><html><body style="margin:0;background:transparent"><img src="${src}" style="width:${size}px;height:${size}px;display:block"></body></html>`;
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, [size, kind]] of Object.entries(ICONS)) {
  const p = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await p.setContent(page(size, kind));
  await p.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  await p.screenshot({ path: path.join(OUT, name), omitBackground: kind === 'any' });
  await p.close();
}
await browser.close();
console.log(`drew ${Object.keys(ICONS).length} icons into ${OUT}`);
