/**
 * Draws the demo banners as the pictures the site shows: each public/img/banners/*.svg (the art,
 * kept as the source and for sites seeded before) into a WebP beside it, 1200 × 400, with
 * Debian's Chromium. A banner is the largest paint of its page: as a picture it is decoded away
 * from the page's main thread, where an illustrated SVG is built as a document of its own there
 * (tens of milliseconds on a phone, decision 0049) — and operators upload pictures too.
 *
 *   node apps/web/scripts/draw-banners.mjs
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/img/banners');
const WIDTH = 1200;
const HEIGHT = 400;
/** WebP quality: the gradients stay smooth; a banner weighs 14–18 KB. */
const QUALITY = 0.75;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const sources = readdirSync(DIR).filter((f) => f.endsWith('.svg'));
for (const file of sources) {
  const svg = readFileSync(path.join(DIR, file));
  const webp = await page.evaluate(
    async ({ src, width, height, quality }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(img, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality).split(',')[1];
    },
    { src: `data:image/svg+xml;base64,${svg.toString('base64')}`, width: WIDTH, height: HEIGHT, quality: QUALITY },
  );
  writeFileSync(path.join(DIR, file.replace(/\.svg$/, '.webp')), Buffer.from(webp, 'base64'));
}
await browser.close();
console.log(`drew ${sources.length} banners into ${DIR}`);
