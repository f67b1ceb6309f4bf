import type { DemoGame, DemoVendor } from '../src/seed/demo-catalog';

/**
 * The demo catalog's icons as SVG text: a coloured tile per vendor with its code, a motif per
 * game category (and classification) on a gradient per game. Deterministic: colours come from a
 * hash of the code. draw-catalog-icons.ts writes them into apps/web/public/img.
 */

function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** Category hues keep a lobby's tiles in one family; the game's hash moves them a little. */
const HUE: Record<string, number> = {
  RNG: 330,
  FISH: 195,
  PVP: 265,
  LIVE: 350,
  ELOTT: 40,
  LOTT: 25,
  COCKFIGHT: 15,
  SPORTS: 140,
  ESPORTS: 285,
  INHOUSE: 160,
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function vendorSvg(v: DemoVendor): string {
  const h = (HUE[v.category] ?? 200) + (hash(v.vassalage) % 50) - 25;
  const label = v.vassalage.replace(/^TCG_/, '').slice(0, 4);
  const size = label.length <= 2 ? 26 : label.length === 3 ? 21 : 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${esc(v.en)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 52%)"/><stop offset="1" stop-color="hsl(${h + 30} 65% 32%)"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><circle cx="52" cy="12" r="18" fill="#fff" opacity=".12"/><text x="32" y="${32 + size * 0.36}" font-family="system-ui,sans-serif" font-size="${size}" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".5">${esc(label)}</text></svg>\n`;
}

const W = 'fill="#fff"';
const GOLD = 'fill="#ffd36b"';

/** A motif per category (and classification), drawn in a 200×200 box around its centre. */
export function motif(category: string, game: DemoGame, seed: number): string {
  const c = game.classify ?? '';
  switch (category) {
    case 'RNG': {
      const reel = (x: number, sym: string) =>
        `<rect x="${x}" y="62" width="40" height="64" rx="8" fill="#fff" opacity=".92"/>${sym}`;
      const sym =
        c === 'classic'
          ? (x: number) =>
              `<text x="${x + 20}" y="108" font-family="system-ui,sans-serif" font-size="40" font-weight="900" fill="#d61f4f" text-anchor="middle">7</text>`
          : c === 'jackpot'
            ? (x: number) => `<circle cx="${x + 20}" cy="94" r="13" ${GOLD} stroke="#b8860b" stroke-width="3"/>`
            : c === 'megaways'
              ? (x: number) =>
                  `<rect x="${x + 8}" y="72" width="24" height="8" rx="3" fill="#7b3fe4"/><rect x="${x + 8}" y="90" width="24" height="8" rx="3" fill="#e4a53f"/><rect x="${x + 8}" y="108" width="24" height="8" rx="3" fill="#3fb0e4"/>`
              : (x: number) => `<path d="M${x + 20} 76l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z" fill="#f2a30f"/>`;
      return `<rect x="40" y="50" width="120" height="88" rx="14" fill="#000" opacity=".25"/>${reel(46, sym(46))}${reel(80, sym(80))}${reel(114, sym(114))}<rect x="44" y="140" width="112" height="10" rx="5" ${GOLD} opacity=".9"/>`;
    }
    case 'FISH': {
      const flip = seed % 2 ? 'translate(200 0) scale(-1 1)' : '';
      return `<g transform="${flip}"><path d="M52 100c22-34 70-40 100 0-30 40-78 34-100 0z" ${W} opacity=".92"/><path d="M52 100l-22-22v44z" ${W} opacity=".8"/><circle cx="130" cy="94" r="6" fill="#123"/><path d="M96 80c8 12 8 28 0 40" stroke="hsl(200 60% 45%)" stroke-width="4" fill="none"/></g><circle cx="150" cy="56" r="8" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/><circle cx="166" cy="36" r="5" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>`;
    }
    case 'PVP':
      if (c === 'board')
        return `<rect x="52" y="60" width="70" height="70" rx="14" ${W} transform="rotate(-10 87 95)"/><rect x="92" y="78" width="62" height="62" rx="12" ${W} opacity=".85" transform="rotate(12 123 109)"/><circle cx="74" cy="84" r="7" fill="#333"/><circle cx="100" cy="106" r="7" fill="#333"/><circle cx="112" cy="102" r="6" fill="#333"/><circle cx="134" cy="118" r="6" fill="#333"/>`;
      return `<rect x="54" y="52" width="66" height="96" rx="10" ${W} opacity=".85" transform="rotate(-12 87 100)"/><rect x="84" y="52" width="66" height="96" rx="10" ${W} transform="rotate(10 117 100)"/><path d="M118 78l16 22-16 22-16-22z" fill="#d61f4f" transform="rotate(10 117 100)"/>`;
    case 'LIVE':
      if (c === 'roulette' || c === 'gameshow') {
        const spokes = Array.from({ length: 12 }, (_, i) => {
          const a = (i * Math.PI) / 6;
          return `<line x1="100" y1="100" x2="${(100 + 50 * Math.cos(a)).toFixed(1)}" y2="${(100 + 50 * Math.sin(a)).toFixed(1)}" stroke="#fff" stroke-width="3" opacity=".7"/>`;
        }).join('');
        return `<circle cx="100" cy="100" r="58" fill="#000" opacity=".25"/><circle cx="100" cy="100" r="52" fill="none" stroke="#fff" stroke-width="8"/>${spokes}<circle cx="100" cy="100" r="14" ${GOLD}/><circle cx="134" cy="70" r="6" ${W}/>`;
      }
      return `<ellipse cx="100" cy="130" rx="70" ry="22" fill="#0b5d3b" opacity=".8"/><rect x="62" y="56" width="48" height="68" rx="8" ${W} transform="rotate(-8 86 90)"/><rect x="94" y="56" width="48" height="68" rx="8" ${W} transform="rotate(8 118 90)"/><text x="118" y="100" font-family="system-ui,sans-serif" font-size="26" font-weight="800" fill="#d61f4f" text-anchor="middle" transform="rotate(8 118 90)">A</text>`;
    case 'ELOTT':
    case 'LOTT': {
      const nums = [(seed % 9) + 1, ((seed >>> 4) % 9) + 1, ((seed >>> 8) % 9) + 1];
      const cols = ['#ffd36b', '#fff', '#ff8aa8'];
      return nums
        .map(
          (n, i) =>
            `<circle cx="${60 + i * 40}" cy="${i === 1 ? 86 : 112}" r="26" fill="${cols[i]}"/><text x="${60 + i * 40}" y="${(i === 1 ? 86 : 112) + 10}" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="#333" text-anchor="middle">${n}</text>`,
        )
        .join('');
    }
    case 'COCKFIGHT':
      return `<path d="M70 140c-6-40 14-72 48-76 10-1 20 4 24 12l18 4-16 10c2 26-16 50-44 54z" ${W} opacity=".92"/><circle cx="92" cy="56" r="9" fill="#e23b3b"/><circle cx="106" cy="50" r="10" fill="#e23b3b"/><circle cx="120" cy="56" r="9" fill="#e23b3b"/><circle cx="128" cy="80" r="5" fill="#222"/><path d="M132 104c6 6 6 14 0 20" stroke="#e23b3b" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'SPORTS':
      if (c === 'virtual')
        return `<rect x="46" y="58" width="108" height="74" rx="10" fill="#000" opacity=".3"/><circle cx="100" cy="95" r="26" ${W}/><path d="M100 80l12 9-5 14h-14l-5-14z" fill="#222"/><rect x="86" y="136" width="28" height="10" rx="3" ${W} opacity=".7"/>`;
      return `<circle cx="100" cy="100" r="48" ${W}/><path d="M100 72l24 18-9 28h-30l-9-28z" fill="#222"/><path d="M100 52v20M124 90l22-8M115 118l14 18M85 118l-14 18M76 90l-22-8" stroke="#222" stroke-width="4"/>`;
    case 'ESPORTS':
      return `<path d="M58 82c6-12 22-14 42-14s36 2 42 14l12 40c3 12-12 20-22 10l-12-12H80l-12 12c-10 10-25 2-22-10z" ${W} opacity=".92"/><path d="M70 96h20M80 86v20" stroke="#333" stroke-width="6" stroke-linecap="round"/><circle cx="122" cy="92" r="6" fill="#e23b3b"/><circle cx="134" cy="104" r="6" fill="#3b82e2"/>`;
    default:
      if (c === 'dice') {
        // Two dice, a five and a three, tumbling.
        const pip = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="6" fill="#0f3d5c"/>`;
        const five = [pip(-16, -16), pip(16, -16), pip(0, 0), pip(-16, 16), pip(16, 16)].join('');
        const three = [pip(-15, -15), pip(0, 0), pip(15, 15)].join('');
        return `<g transform="translate(78 88) rotate(-14)"><rect x="-34" y="-34" width="68" height="68" rx="14" ${W}/>${five}</g><g transform="translate(128 124) rotate(12)"><rect x="-30" y="-30" width="60" height="60" rx="12" ${W} opacity=".92"/>${three}</g><circle cx="150" cy="60" r="5" ${GOLD}/><circle cx="46" cy="146" r="4" ${GOLD} opacity=".8"/>`;
      }
      if (c === 'crash')
        return `<path d="M100 40c24 18 30 50 20 80H80c-10-30-4-62 20-80z" ${W}/><circle cx="100" cy="80" r="10" fill="hsl(200 70% 45%)"/><path d="M80 120l-14 20 22-6M120 120l14 20-22-6" ${W} opacity=".8"/><path d="M92 134l8 24 8-24z" fill="#ffb020"/>`;
      return `<rect x="48" y="48" width="104" height="112" rx="16" fill="#000" opacity=".28"/><rect x="56" y="66" width="88" height="50" rx="8" ${W}/><text x="100" y="102" font-family="system-ui,sans-serif" font-size="30" font-weight="900" fill="#0f8a5f" text-anchor="middle" letter-spacing="4">777</text><rect x="70" y="128" width="60" height="14" rx="7" ${GOLD}/><circle cx="162" cy="78" r="8" ${GOLD}/><rect x="158" y="84" width="8" height="40" rx="4" ${GOLD}/>`;
  }
}

export function gameSvg(v: DemoVendor, game: DemoGame): string {
  const seed = hash(game.code);
  const h = (HUE[v.category] ?? 200) + (seed % 60) - 30;
  const x = 30 + (seed % 140);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><title>${esc(game.en)}</title><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 72% 46%)"/><stop offset="1" stop-color="hsl(${h + 35} 70% 22%)"/></linearGradient><radialGradient id="l" cx=".5" cy=".35" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="200" height="200" fill="url(#b)"/><rect width="200" height="200" fill="url(#l)"/><circle cx="${x}" cy="180" r="60" fill="#fff" opacity=".06"/>${motif(v.category, game, seed)}</svg>\n`;
}
