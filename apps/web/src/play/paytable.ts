import { formatter } from '@khela/contract/format';
import type { SlotInfo } from '@khela/contract/inhouse';
import { h } from './dom';
import { paylineDiagram } from './reels';
import { type SymbolArt, symbolElement } from './symbols';
import type { Translate } from './texts';

/**
 * The rules panel, drawn from SlotInfo alone: what each symbol pays, the wild and scatter
 * rules, the paylines and the RTP. A modal dialog: focus moves in, Escape or Close returns it.
 */
export function paytablePanel(info: SlotInfo, art: Map<string, SymbolArt>, t: Translate, onClose: () => void) {
  // Counts and pays in the page's language's digits (১০০ in Bengali), like the money.
  const fmt = formatter(document.documentElement.lang || 'en');
  const num = (n: number) => fmt.count(n);
  const pays = h('ul', { className: 'pays' });
  // Regular symbols first, then WILD and SCATTER, each with its own rule under the list.
  const ordered = [...info.symbols].sort((a, b) => rankOf(a.kind) - rankOf(b.kind));
  for (const s of ordered) {
    const rows = s.pays
      .map((pay, count) => ({ pay, count }))
      .filter((p) => p.pay > 0)
      .reverse()
      .map((p) => h('li', {}, h('span', { className: 'count' }, `${num(p.count)}×`), ` ${num(p.pay)}`));
    pays.append(
      h(
        'li',
        { className: `pay pay-${s.kind}`, 'aria-label': s.id },
        symbolElement(art.get(s.id)),
        rows.length > 0 ? h('ul', {}, ...rows) : h('span', { className: 'muted' }, s.kind === 'wild' ? 'WILD' : s.id),
      ),
    );
  }
  const lines = h('ol', { className: 'lines' });
  info.paylines.forEach((rows, i) => {
    lines.append(h('li', {}, h('span', {}, num(i + 1)), paylineDiagram(rows, info.reels, info.rows)));
  });

  const close = h('button', { type: 'button', className: 'close' }, t('play.close'));
  close.addEventListener('click', onClose);
  const title = h('h2', { id: 'info-title' }, t('play.info'));
  const panel = h(
    'div',
    { className: 'info', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'info-title', hidden: true },
    h(
      'div',
      { className: 'info-body' },
      h('header', {}, title, close),
      h('h3', {}, t('play.paysTitle')),
      pays,
      h('p', {}, t('play.paysLine', { lines: info.paylines.length })),
      h('p', {}, t('play.wildRule')),
      h('p', {}, t('play.scatterRule')),
      h('p', {}, t('play.freeSpinsRule', info.freeSpins)),
      h('h3', {}, t('play.linesTitle', { count: info.paylines.length })),
      lines,
      h('p', {}, t('play.rtp', { rtp: fmt.decimal(info.rtp, 2) })),
      h('p', { className: 'muted' }, t('play.version', { version: info.modelVersion })),
    ),
  );
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  });
  return { panel, focusTarget: close };
}

function rankOf(kind: SlotInfo['symbols'][number]['kind']): number {
  return kind === 'regular' ? 0 : kind === 'wild' ? 1 : 2;
}
