import type { SlotSymbol } from '@khela/contract/inhouse';

/**
 * The symbols' art, drawn here as SVG (no outside artwork). Every design is one <symbol> in a
 * hidden sprite; a reel cell is a <use> of it, so a spinning strip of dozens of cells stays
 * cheap. Designs are matched to the model's symbol ids by name; an id with no design of its own
 * gets the next unused one, so any model still shows distinct symbols. WILD and SCATTER are
 * chosen by kind, whatever their ids.
 */

const GRADIENTS = `
<linearGradient id="g-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset=".55" stop-color="#f59e0b"/><stop offset="1" stop-color="#b45309"/></linearGradient>
<linearGradient id="g-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fca5a5"/><stop offset=".5" stop-color="#ef4444"/><stop offset="1" stop-color="#991b1b"/></linearGradient>
<linearGradient id="g-blue" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bae6fd"/><stop offset=".5" stop-color="#38bdf8"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient>
<linearGradient id="g-green" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#86efac"/><stop offset="1" stop-color="#15803d"/></linearGradient>
<linearGradient id="g-purple" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9d5ff"/><stop offset=".5" stop-color="#a855f7"/><stop offset="1" stop-color="#6b21a8"/></linearGradient>
<linearGradient id="g-wild" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f43f5e"/><stop offset=".35" stop-color="#f59e0b"/><stop offset=".65" stop-color="#22c55e"/><stop offset="1" stop-color="#3b82f6"/></linearGradient>
<radialGradient id="g-scatter"><stop offset="0" stop-color="#fff7ed"/><stop offset=".45" stop-color="#f472b6"/><stop offset="1" stop-color="#7e22ce"/></radialGradient>`;

const STAR = 'M50 8l12 27 29 3-22 20 7 29-26-15-26 15 7-29-22-20 29-3z';

/** Named designs, each drawn in a 100 × 100 box. */
const DESIGNS: Record<string, string> = {
  seven: `<path d="M22 18h58v14L52 88H33l28-54H22z" fill="url(#g-red)" stroke="#450a0a" stroke-width="4" stroke-linejoin="round"/>`,
  diamond: `<path d="M26 16h48l18 22-42 50L8 38z" fill="url(#g-blue)" stroke="#0c4a6e" stroke-width="4" stroke-linejoin="round"/><path d="M8 38h84M36 16l-6 22 20 50 20-50-6-22" fill="none" stroke="#e0f2fe" stroke-width="2.5" opacity=".8"/>`,
  bell: `<path d="M50 12c-20 0-28 18-28 36 0 12-8 20-12 24h80c-4-4-12-12-12-24 0-18-8-36-28-36z" fill="url(#g-gold)" stroke="#78350f" stroke-width="4" stroke-linejoin="round"/><circle cx="50" cy="82" r="8" fill="#b45309" stroke="#78350f" stroke-width="3"/><rect x="45" y="5" width="10" height="10" rx="4" fill="#b45309"/>`,
  bar: `<rect x="8" y="28" width="84" height="44" rx="8" fill="#111827" stroke="url(#g-gold)" stroke-width="6"/><text x="50" y="62" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="30" fill="url(#g-gold)">BAR</text>`,
  star: `<path d="${STAR}" fill="url(#g-purple)" stroke="#3b0764" stroke-width="4" stroke-linejoin="round"/>`,
  clover: `<g fill="url(#g-green)" stroke="#14532d" stroke-width="3"><circle cx="36" cy="34" r="17"/><circle cx="64" cy="34" r="17"/><circle cx="36" cy="60" r="17"/><circle cx="64" cy="60" r="17"/></g><path d="M50 50q6 26 16 40" fill="none" stroke="#14532d" stroke-width="6" stroke-linecap="round"/>`,
  crown: `<path d="M12 74 8 28l22 20 20-32 20 32 22-20-4 46z" fill="url(#g-gold)" stroke="#78350f" stroke-width="4" stroke-linejoin="round"/><rect x="12" y="74" width="76" height="12" rx="3" fill="#b45309" stroke="#78350f" stroke-width="3"/><circle cx="50" cy="58" r="7" fill="#ef4444"/>`,
  cherry: `<path d="M34 62C40 36 52 20 70 12M66 60C64 40 66 26 70 12" fill="none" stroke="#15803d" stroke-width="5" stroke-linecap="round"/><path d="M70 12q14 2 16 14-14 0-16-14z" fill="#22c55e"/><circle cx="32" cy="70" r="18" fill="url(#g-red)" stroke="#7f1d1d" stroke-width="3"/><circle cx="66" cy="70" r="18" fill="url(#g-red)" stroke="#7f1d1d" stroke-width="3"/><circle cx="26" cy="64" r="4" fill="#fee2e2"/><circle cx="60" cy="64" r="4" fill="#fee2e2"/>`,
  lemon: `<ellipse cx="50" cy="52" rx="38" ry="28" fill="#facc15" stroke="#a16207" stroke-width="4"/><path d="M12 52l-6-3M88 52l6-3" stroke="#a16207" stroke-width="5" stroke-linecap="round"/><ellipse cx="38" cy="42" rx="12" ry="6" fill="#fef9c3" opacity=".8"/>`,
  grape: `<g fill="url(#g-purple)" stroke="#3b0764" stroke-width="2.5"><circle cx="36" cy="36" r="12"/><circle cx="60" cy="36" r="12"/><circle cx="48" cy="54" r="12"/><circle cx="26" cy="54" r="11"/><circle cx="70" cy="54" r="11"/><circle cx="38" cy="72" r="11"/><circle cx="60" cy="72" r="11"/><circle cx="49" cy="88" r="9"/></g><path d="M48 24q4-12 16-16" fill="none" stroke="#15803d" stroke-width="5" stroke-linecap="round"/>`,
  melon: `<path d="M8 40h84a42 42 0 0 1-84 0z" fill="#ef4444" stroke="#166534" stroke-width="8"/><g fill="#1f2937"><ellipse cx="34" cy="52" rx="3" ry="5"/><ellipse cx="50" cy="60" rx="3" ry="5"/><ellipse cx="66" cy="52" rx="3" ry="5"/></g>`,
  lotus: `<g stroke="#831843" stroke-width="3" stroke-linejoin="round"><path d="M50 18c12 14 12 40 0 58-12-18-12-44 0-58z" fill="#f9a8d4"/><path d="M50 76C34 70 20 54 18 34c16 4 28 20 32 42z" fill="#f472b6"/><path d="M50 76c16-6 30-22 32-42-16 4-28 20-32 42z" fill="#f472b6"/></g><path d="M20 82h60" stroke="#15803d" stroke-width="6" stroke-linecap="round"/>`,
  tiger: `<path d="M20 30 14 12l22 8M80 30l6-18-22 8" fill="#f59e0b" stroke="#431407" stroke-width="4" stroke-linejoin="round"/><ellipse cx="50" cy="54" rx="38" ry="36" fill="url(#g-gold)" stroke="#431407" stroke-width="4"/><g fill="#1c0a03"><path d="M50 18l-5 14h10z"/><path d="M13 48l16 4-16 6zM87 48l-16 4 16 6zM16 66l14-2-10 10zM84 66l-14-2 10 10z"/></g><ellipse cx="50" cy="72" rx="18" ry="13" fill="#fff7ed"/><g fill="#052e16"><ellipse cx="36" cy="50" rx="6" ry="7"/><ellipse cx="64" cy="50" rx="6" ry="7"/></g><path d="M43 64h14l-7 8z" fill="#7c2d12"/><path d="M50 72v6M42 80q8 4 16 0" fill="none" stroke="#431407" stroke-width="3" stroke-linecap="round"/>`,
  elephant: `<path d="M30 34C6 26 4 62 24 70l10-8z M70 34c24-8 26 28 6 36l-10-8z" fill="#94a3b8" stroke="#1e293b" stroke-width="4" stroke-linejoin="round"/><ellipse cx="50" cy="46" rx="24" ry="26" fill="#cbd5e1" stroke="#1e293b" stroke-width="4"/><path d="M42 62c0 14 0 24 6 28 6 3 10-2 8-6-4 0-5-4-5-22" fill="#cbd5e1" stroke="#1e293b" stroke-width="4" stroke-linejoin="round"/><path d="M38 64q-6 10-14 8M62 64q6 10 14 8" fill="none" stroke="#fffbeb" stroke-width="5" stroke-linecap="round"/><circle cx="40" cy="42" r="4" fill="#0f172a"/><circle cx="60" cy="42" r="4" fill="#0f172a"/><path d="M40 22h20l-10-8z" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>`,
  peacock: `<g stroke="#064e3b" stroke-width="2"><circle cx="50" cy="42" r="38" fill="#059669"/><g fill="#0ea5e9"><circle cx="22" cy="30" r="8"/><circle cx="36" cy="14" r="8"/><circle cx="64" cy="14" r="8"/><circle cx="78" cy="30" r="8"/><circle cx="16" cy="52" r="7"/><circle cx="84" cy="52" r="7"/></g></g><g fill="#1e3a8a"><circle cx="22" cy="30" r="4"/><circle cx="36" cy="14" r="4"/><circle cx="64" cy="14" r="4"/><circle cx="78" cy="30" r="4"/><circle cx="16" cy="52" r="3.5"/><circle cx="84" cy="52" r="3.5"/></g><path d="M50 92c-12 0-16-14-12-30 2-10 4-24 12-26 8 2 10 16 12 26 4 16 0 30-12 30z" fill="url(#g-blue)" stroke="#172554" stroke-width="3"/><circle cx="50" cy="30" r="9" fill="#2563eb" stroke="#172554" stroke-width="3"/><path d="M58 30l10 3-10 2z" fill="#fbbf24"/><circle cx="52" cy="28" r="2" fill="#fff"/><path d="M46 21l-2-8M50 21v-9M54 21l2-8" stroke="#1d4ed8" stroke-width="2.5" stroke-linecap="round"/>`,
  fish: `<path d="M14 50c14-22 48-26 64 0-16 26-50 22-64 0z" fill="url(#g-blue)" stroke="#0c4a6e" stroke-width="4"/><path d="M78 50l14-16v32z" fill="#38bdf8" stroke="#0c4a6e" stroke-width="4" stroke-linejoin="round"/><circle cx="30" cy="46" r="5" fill="#0f172a"/>`,
};

/** Card-rank designs: a letter on a coloured coin, for low symbols (A K Q J 10 9). */
const RANK_COLOURS = ['#f97316', '#22c55e', '#3b82f6', '#e11d48', '#a855f7', '#14b8a6'];

function rank(label: string, colour: string): string {
  const size = label.length > 1 ? 40 : 54;
  return `<circle cx="50" cy="50" r="40" fill="${colour}" stroke="#0f172a" stroke-width="4"/><circle cx="50" cy="50" r="32" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="3"/><text x="50" y="${50 + size * 0.36}" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="${size}" fill="#ffffff" stroke="#0f172a" stroke-width="2" paint-order="stroke">${label}</text>`;
}

const WILD = `<rect x="6" y="18" width="88" height="64" rx="14" fill="url(#g-wild)" stroke="#fde68a" stroke-width="5"/><text x="50" y="62" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="28" fill="#ffffff" stroke="#111827" stroke-width="3" paint-order="stroke">WILD</text>`;
const SCATTER = `<path d="M50 2l9 22 23-9-9 23 22 9-22 9 9 23-23-9-9 22-9-22-23 9 9-23L4 56l22-9-9-23 23 9z" fill="url(#g-scatter)" stroke="#fdf4ff" stroke-width="3" stroke-linejoin="round"/><path d="${STAR}" transform="translate(25 25) scale(.5)" fill="#fde047" stroke="#713f12" stroke-width="5"/>`;

const RANKS = ['A', 'K', 'Q', 'J', '10', '9'];
/** Rank symbols may be named by word (the slot-1 model's `ace` … `ten`). */
const RANK_NAMES: Record<string, string> = { ace: 'A', king: 'K', queen: 'Q', jack: 'J', ten: '10', nine: '9' };
const FALLBACK_ORDER = Object.keys(DESIGNS);

export type SymbolArt = { id: string; kind: SlotSymbol['kind']; spriteId: string; svg: string };

const idFor = (symbolId: string) => `sym-${symbolId.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Art for every symbol of the model: named designs first, then the unused ones in order. */
export function symbolArt(symbols: readonly SlotSymbol[]): Map<string, SymbolArt> {
  const art = new Map<string, SymbolArt>();
  const used = new Set<string>();
  const pending: SlotSymbol[] = [];
  for (const s of symbols) {
    const name = s.id.toLowerCase();
    let svg: string | undefined;
    if (s.kind === 'wild') svg = WILD;
    else if (s.kind === 'scatter') svg = SCATTER;
    else if (DESIGNS[name] && !used.has(name)) {
      used.add(name);
      svg = DESIGNS[name];
    } else {
      const label = RANK_NAMES[name] ?? s.id.toUpperCase();
      if (RANKS.includes(label)) svg = rank(label, RANK_COLOURS[RANKS.indexOf(label)] as string);
    }
    if (svg) art.set(s.id, { id: s.id, kind: s.kind, spriteId: idFor(s.id), svg });
    else pending.push(s);
  }
  const free = FALLBACK_ORDER.filter((n) => !used.has(n));
  pending.forEach((s, i) => {
    // Past the named designs, coins with the id's first letter keep symbols apart.
    const svg =
      DESIGNS[free[i] ?? ''] ??
      rank(escapeXml(s.id.slice(0, 2).toUpperCase()), RANK_COLOURS[i % RANK_COLOURS.length] as string);
    art.set(s.id, { id: s.id, kind: s.kind, spriteId: idFor(s.id), svg });
  });
  return art;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The hidden sprite every cell refers to; added once to the page. */
export function spriteElement(art: Map<string, SymbolArt>): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'sprite');
  // Our own constant markup only: ids are sanitised by idFor, labels by escapeXml.
  svg.innerHTML = `<defs>${GRADIENTS}</defs>${[...art.values()]
    .map((a) => `<symbol id="${a.spriteId}" viewBox="0 0 100 100">${a.svg}</symbol>`)
    .join('')}`;
  return svg;
}

/** One symbol picture (a <use> of the sprite). */
export function symbolElement(art: SymbolArt | undefined): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `sym sym-${art?.kind ?? 'regular'}`);
  const use = document.createElementNS(SVG_NS, 'use');
  use.setAttribute('href', `#${art?.spriteId ?? ''}`);
  svg.append(use);
  return svg;
}
