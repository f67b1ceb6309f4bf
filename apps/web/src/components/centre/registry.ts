import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { CENTRES, type CentreName, type CentrePageId } from './centres';

/** One page of a centre, as its feature registers it. */
export type CentrePage<C extends CentreName = CentreName> = {
  centre: C;
  page: CentrePageId<C>;
  /** The menu label and the page's heading. */
  titleKey: string;
  /** Drawn before the label in the menu. */
  icon?: ReactNode;
  /**
   * The page itself, a lazy chunk of its feature. Without one the page is listed and says it is
   * not available yet, so a spec page a feature has not built yet is an honest page, not a dead
   * click.
   */
  component?: LazyExoticComponent<ComponentType>;
};

const registered = new Map<CentreName, Map<string, CentrePage>>();

/**
 * Adds a page to a centre's menu. Features call it from a small module of theirs (its page
 * components stay lazy); the app imports those modules with the centre's chunk. A page with a
 * component wins over a placeholder of the same id, whichever module the app imports first.
 */
export function registerCentrePage<C extends CentreName>(page: CentrePage<C>): void {
  let pages = registered.get(page.centre);
  if (!pages) {
    pages = new Map();
    registered.set(page.centre, pages);
  }
  if (pages.get(page.page)?.component && !page.component) return;
  pages.set(page.page, page as CentrePage);
}

/** A centre's registered pages in the spec's menu order (centres.ts). */
export function centrePages(centre: CentreName): CentrePage[] {
  const pages = registered.get(centre);
  if (!pages) return [];
  return CENTRES[centre].pages.flatMap((id) => {
    const page = pages.get(id);
    return page ? [page] : [];
  });
}
