import { describe, expect, it } from 'vitest';
import en from '../locales/en/pages.json';
import { ROUTES } from './routes';

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
});
