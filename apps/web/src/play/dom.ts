/** A tiny element builder: the page is small enough that it needs no framework. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string | boolean>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === false || value === undefined) continue;
    el.setAttribute(name === 'className' ? 'class' : name, value === true ? '' : value);
  }
  el.append(...children);
  return el;
}

/** Resolves after `ms`, or at once when `ms` is 0 (reduced motion, a skipped presentation). */
export function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
