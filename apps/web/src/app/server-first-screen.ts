/** What the server painted before any script ran (index.html's first screen), kept by main.tsx. */
let nodes: readonly Node[] = [];

/**
 * Keeps the page's first paint so that the status gate goes on showing it while the site loads:
 * the frame with the first banner stays where it is instead of giving way to a splash and back.
 * The nodes themselves are kept, not their markup: React empties the root on its first render and
 * the gate puts them back in the same commit, so the banner is neither fetched nor painted anew.
 */
export function keepServerFirstScreen(root: HTMLElement) {
  nodes = [...root.childNodes].filter((n) => n.nodeType === Node.ELEMENT_NODE);
}

export function serverFirstScreen(): readonly Node[] {
  return nodes;
}
