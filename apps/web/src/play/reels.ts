import type { SlotInfo } from '@khela/contract/inhouse';
import { type SymbolArt, symbolElement } from './symbols';

/**
 * The reels: one column per reel, each a strip of cells moved with a CSS transform. A spin
 * builds, per reel, the answer's window on top of the strip's next symbols on top of what is
 * shown now, then slides it down until the window sits in view — so every reel stops exactly on
 * the answer's stops, left to right.
 */

/** Symbols that pass by before a reel stops; later reels run longer, so they stop later. */
const PASS_BY = 14;
const EXTRA_PER_REEL = 4;
const BASE_MS = 700;
const MS_PER_REEL = 220;

export type SpinOptions = { quick: boolean };

const SVG_NS = 'http://www.w3.org/2000/svg';

export class Reels {
  readonly element: HTMLElement;
  private readonly strips: HTMLElement[] = [];
  private readonly overlay: SVGSVGElement;
  private shown: string[][] = [];

  constructor(
    private readonly info: SlotInfo,
    private readonly art: Map<string, SymbolArt>,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'reels';
    for (let r = 0; r < info.reels; r++) {
      const reel = document.createElement('div');
      reel.className = 'reel';
      const strip = document.createElement('div');
      strip.className = 'strip';
      reel.append(strip);
      this.element.append(reel);
      this.strips.push(strip);
    }
    this.overlay = document.createElementNS(SVG_NS, 'svg');
    this.overlay.setAttribute('class', 'paylines');
    this.overlay.setAttribute('viewBox', `0 0 ${info.reels * 100} ${info.rows * 100}`);
    this.overlay.setAttribute('preserveAspectRatio', 'none');
    this.overlay.setAttribute('aria-hidden', 'true');
    this.element.append(this.overlay);
    // Before the first spin: the strips at their starts.
    this.show(info.strips.map((strip) => Array.from({ length: info.rows }, (_, i) => strip[i % strip.length] ?? '')));
  }

  /** The symbols now in view, window[reel][row] (what the screen reader hears of the reels). */
  get window(): string[][] {
    return this.shown;
  }

  /** Shows a window at once. */
  show(window: string[][]) {
    this.shown = window;
    this.strips.forEach((strip, r) => {
      strip.getAnimations?.().forEach((a) => {
        a.cancel();
      });
      strip.replaceChildren(...(window[r] ?? []).map((id, row) => this.cell(id, row)));
    });
  }

  /** Spins to `stops`, showing `window`; resolves when the last reel has stopped. */
  async spin(stops: number[], window: string[][], { quick }: SpinOptions): Promise<void> {
    this.clearHighlight();
    const canAnimate = typeof this.element.animate === 'function';
    if (quick || !canAnimate) {
      this.show(window);
      return;
    }
    const runs = this.strips.map((strip, r) => {
      const source = this.info.strips[r] ?? [];
      const stop = stops[r] ?? 0;
      const passBy = PASS_BY + r * EXTRA_PER_REEL;
      const between = Array.from(
        { length: passBy },
        (_, k) => source[(stop + this.info.rows + k) % source.length] ?? '',
      );
      const ids = [...(window[r] ?? []), ...between, ...(this.shown[r] ?? [])];
      strip.replaceChildren(...ids.map((id, i) => this.cell(id, i < this.info.rows ? i : -1)));
      // Percentages of the strip's own height, so nothing needs measuring.
      const from = ((passBy + this.info.rows) / ids.length) * 100;
      const animation = strip.animate([{ transform: `translateY(-${from}%)` }, { transform: 'translateY(0)' }], {
        duration: BASE_MS + r * MS_PER_REEL,
        // Ends a little past the stop and settles back: the reel "lands".
        easing: 'cubic-bezier(.25,.6,.3,1.06)',
      });
      return animation.finished.then(
        () => this.land(r, window[r] ?? []),
        () => this.land(r, window[r] ?? []),
      );
    });
    await Promise.all(runs);
    this.shown = window;
  }

  private land(reel: number, ids: string[]) {
    this.strips[reel]?.replaceChildren(...ids.map((id, row) => this.cell(id, row)));
  }

  /** Marks a payline's winning cells (the first `count` reels) and draws the line. */
  highlightLine(line: number, count: number) {
    this.clearHighlight();
    const rows = this.info.paylines[line] ?? [];
    rows.forEach((row, reel) => {
      if (reel < count) this.cellAt(reel, row)?.classList.add('win');
    });
    const path = document.createElementNS(SVG_NS, 'polyline');
    path.setAttribute('points', rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' '));
    path.setAttribute('class', `line line-${line % 5}`);
    this.overlay.replaceChildren(path);
  }

  /** Marks every cell showing one of `ids` (the scatters). */
  highlightSymbols(ids: ReadonlySet<string>) {
    this.clearHighlight();
    this.shown.forEach((col, reel) => {
      col.forEach((id, row) => {
        if (ids.has(id)) this.cellAt(reel, row)?.classList.add('win');
      });
    });
  }

  clearHighlight() {
    for (const c of this.element.querySelectorAll('.cell.win')) c.classList.remove('win');
    this.overlay.replaceChildren();
  }

  private cellAt(reel: number, row: number): Element | null {
    return this.strips[reel]?.querySelector(`[data-row="${row}"]`) ?? null;
  }

  private cell(id: string, row: number): HTMLElement {
    const cell = document.createElement('div');
    cell.className = 'cell';
    if (row >= 0) cell.dataset.row = String(row);
    cell.dataset.symbol = id;
    cell.append(symbolElement(this.art.get(id)));
    return cell;
  }
}

/** A small drawing of one payline on a reels × rows grid (the paytable's line list). */
export function paylineDiagram(rows: readonly number[], reels: number, rowCount: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${reels * 10} ${rowCount * 10}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'payline-diagram');
  for (let r = 0; r < reels; r++) {
    for (let row = 0; row < rowCount; row++) {
      const rect = document.createElementNS(SVG_NS, 'rect');
      rect.setAttribute('x', String(r * 10 + 1));
      rect.setAttribute('y', String(row * 10 + 1));
      rect.setAttribute('width', '8');
      rect.setAttribute('height', '8');
      rect.setAttribute('rx', '1.5');
      if (rows[r] === row) rect.setAttribute('class', 'on');
      svg.append(rect);
    }
  }
  return svg;
}
