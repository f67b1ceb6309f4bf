/**
 * Draws the demo catalog's vendor and game icons (catalog-icons.ts) as small SVGs into
 * apps/web/public/img. Deterministic, so re-running changes nothing.
 *
 *   npx tsx apps/server/scripts/draw-catalog-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_VENDORS, gameIcon, vendorIcon } from '../src/seed/demo-catalog';
import { gameSvg, vendorSvg } from './catalog-icons';

const PUBLIC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/public');

mkdirSync(path.join(PUBLIC, 'img/vendors'), { recursive: true });
mkdirSync(path.join(PUBLIC, 'img/games'), { recursive: true });
let n = 0;
for (const v of DEMO_VENDORS) {
  writeFileSync(path.join(PUBLIC, vendorIcon(v)), vendorSvg(v));
  n++;
  for (const game of v.games) {
    writeFileSync(path.join(PUBLIC, gameIcon(game)), gameSvg(v, game));
    n++;
  }
}
console.log(`drew ${n} icons into ${PUBLIC}/img`);
