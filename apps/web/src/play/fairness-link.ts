import { h } from './dom';

/** The site's page that explains the in-house games' fairness and checks a round in the browser. */
export const FAIRNESS_PAGE = '/fairness';

/** The fairness page at a game's section, with a round's values to check at once when given. */
export function fairnessHref(game: 'crash' | 'dice' | 'slot', round: Record<string, string> = {}): string {
  return `${FAIRNESS_PAGE}?${new URLSearchParams({ game, ...round })}`;
}

/** A link to it that opens beside the game: the game plays on in its frame. */
export function fairnessLink(text: string, href: string, className = 'fair-link'): HTMLAnchorElement {
  return h('a', { href, target: '_blank', rel: 'noopener', className }, text);
}
