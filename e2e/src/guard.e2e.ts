import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exact, open, settle, t, useKhela } from './support';

const path = (page: Page) => new URL(page.url()).pathname;

describe("route guard: the brand's 'logged in to home page' setting", () => {
  const env = useKhela();

  async function setLoginRequired(on: boolean) {
    await env.khela.db.kysely
      .updateTable('brands')
      .set({ logged_in_to_home_page: on })
      .where('is_default', '=', true)
      .execute();
    env.khela.refresh();
  }

  describe('on', () => {
    beforeAll(() => setLoginRequired(true));
    afterAll(() => setLoginRequired(false));

    it('sends a visitor from /rng to /login, with the login prompt and popup', async () => {
      const { context, page, errors } = await open(env.browser);
      try {
        await page.goto(`${env.khela.url}/rng`);
        await page.getByRole('heading', { level: 1, name: exact(t('bn', 'app.loginRequiredTitle')) }).waitFor();
        expect(path(page)).toBe('/login');
        await page.getByRole('dialog', { name: exact(t('bn', 'auth.loginTitle')) }).waitFor();
        // The lobby never rendered.
        expect(await page.getByRole('heading', { name: exact(t('bn', 'pages.categories.RNG')) }).count()).toBe(0);
        await settle(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('sends a visitor from / to /login', async () => {
      const { context, page, errors } = await open(env.browser);
      try {
        await page.goto(`${env.khela.url}/`);
        await page.getByRole('heading', { level: 1, name: exact(t('bn', 'app.loginRequiredTitle')) }).waitFor();
        expect(path(page)).toBe('/login');
        await settle(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    // Each exempt page, with a heading only that page shows.
    const OPEN_PAGES: [string, string][] = [
      ['/helpmc', t('bn', 'help.title')],
      ['/register', t('bn', 'pages.createAccount')],
      ['/help', t('bn', 'help.title')],
      ['/download', t('bn', 'download.pageTitle', { brand: 'Khela' })],
    ];
    for (const [route, heading] of OPEN_PAGES) {
      it(`keeps ${route} open`, async () => {
        const { context, page, errors } = await open(env.browser);
        try {
          await page.goto(`${env.khela.url}${route}`);
          await page.getByRole('heading', { level: 1, name: exact(heading) }).waitFor();
          await settle(page);
          expect(path(page)).toBe(route);
          expect(await page.getByRole('heading', { name: exact(t('bn', 'app.loginRequiredTitle')) }).count()).toBe(0);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });

  describe('off', () => {
    it('opens /rng for a visitor', async () => {
      await setLoginRequired(false);
      const { context, page, errors } = await open(env.browser);
      try {
        await page.goto(`${env.khela.url}/rng`);
        await page
          .getByRole('banner')
          .getByRole('button', { name: exact(t('bn', 'header.login')) })
          .waitFor();
        await settle(page);
        expect(path(page)).toBe('/rng');
        expect(await page.getByRole('heading', { name: exact(t('bn', 'app.loginRequiredTitle')) }).count()).toBe(0);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
