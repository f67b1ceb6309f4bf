import { BANNER_FRAME_PAGES, LOGIN_FRAME_PAGE } from '@khela/contract/constants';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/pages.json';
import { LOGIN_PATH, ROUTES } from './routes';

describe('the route table', () => {
  it('gives every page a title and a description (locales.test keeps every language complete)', () => {
    const pages = [...new Set(ROUTES.map((r) => r.page)), 'login', 'notFound'];
    for (const page of pages) {
      expect(en.title, page).toHaveProperty(page);
      expect(en.description, page).toHaveProperty(page);
    }
    for (const route of ROUTES.filter((r) => r.category)) {
      expect(en.categories, route.path).toHaveProperty(route.category as string);
    }
  });

  it('names the pages the server paints in the banner frame exactly as the routes draw them', () => {
    // The frame is the header, the side menu's column where the page has one, and the carousel
    // on top of the page (layout.tsx); /register shows its banner inside its own card instead.
    const framed = Object.fromEntries(
      ROUTES.filter((r) => r.layout.header && r.layout.banner && r.bannerGroup && r.page !== 'register').map((r) => [
        r.path,
        { sideMenu: r.layout.sideMenu },
      ]),
    );
    expect(BANNER_FRAME_PAGES).toEqual(framed);
    expect(LOGIN_FRAME_PAGE).toBe(LOGIN_PATH);
  });
});
