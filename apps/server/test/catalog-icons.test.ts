import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameSvg, motif, vendorSvg } from '../scripts/catalog-icons';
import { DEMO_VENDORS, gameIcon, vendorIcon } from '../src/seed/demo-catalog';

const PUBLIC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/public');

describe('the demo catalog icons', () => {
  it('draws each in-house game its own picture', () => {
    const inhouse = DEMO_VENDORS.filter((v) => v.category === 'INHOUSE').flatMap((v) => v.games);
    expect(inhouse.map((g) => g.code).sort()).toEqual(['crash', 'dice', 'slot']);
    const pictures = inhouse.map((g) => motif('INHOUSE', g, 0));
    expect(new Set(pictures).size).toBe(inhouse.length);
  });

  it('ships the icons the drawer draws (re-run scripts/draw-catalog-icons.ts after a change)', () => {
    for (const v of DEMO_VENDORS) {
      expect(readFileSync(path.join(PUBLIC, vendorIcon(v)), 'utf8'), v.vassalage).toBe(vendorSvg(v));
      for (const g of v.games) {
        expect(readFileSync(path.join(PUBLIC, gameIcon(g)), 'utf8'), g.code).toBe(gameSvg(v, g));
      }
    }
  });
});
