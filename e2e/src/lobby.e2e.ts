import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { sessionFor } from './sessions';
import { defaultBrandId, exact, type Lang, open, t, useKhela } from './support';

/*
 * The game lobby (spec §2 'Category navigation') against the seeded demo catalog: browse, filter,
 * search and page; a visitor's click asks for a login; a player's favourite survives a reload.
 */

const LANGS = ['bn', 'en'] as const;
/** Extra slot games so the Slots lobby has a second page (42 a page). */
const EXTRA = 40;

describe('the game lobby', () => {
  const env = useKhela();

  beforeAll(async () => {
    const brandId = await defaultBrandId(env.khela);
    const vendor = await env.khela.db.kysely
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('vassalage', '=', 'SBS')
      .executeTakeFirstOrThrow();
    await env.khela.db.kysely
      .insertInto('games')
      .values(
        Array.from({ length: EXTRA }, (_, i) => ({
          brand_id: brandId,
          vendor_id: vendor.id,
          code: `SBS-EXTRA${i}`,
          names: JSON.stringify({ bn: `অতিরিক্ত রিল ${i}`, en: `Extra Reel ${i}` }),
          game_classify: 'video',
          min_bet: 20n,
          icon: '/img/games/sbs-deer.svg',
          sort: 100 + i,
        })),
      )
      .execute();
  });

  async function visit(lang: Lang, path: string, opts: { token?: string; phone?: boolean } = {}) {
    const opened = await open(env.browser, opts.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
    await opened.context.addInitScript(
      (a) => {
        localStorage.setItem('lang', a.lang);
        if (a.token) sessionStorage.setItem('token', a.token);
      },
      { lang, token: opts.token ?? '' },
    );
    await opened.page.goto(env.khela.url + path);
    return opened;
  }

  for (const lang of LANGS) {
    it(`browses, filters, searches and pages the slots lobby (${lang})`, async () => {
      const { page, errors, context } = await visit(lang, '/rng');
      const grid = page.getByRole('list', { name: exact(t(lang, 'lobby.gamesLabel')) });
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(42);
      const pager = page.getByRole('navigation', { name: exact(t(lang, 'lobby.pages')) });
      await pager.getByRole('button', { name: exact(t(lang, 'notices.page', { n: 2 })) }).click();
      await expect.poll(() => page.url()).toContain('pageNo=2');
      // 16 demo slots and 40 extra: 56 in all, so 14 on page 2
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(56 - 42);

      // a filter toggles on (back to page 1) and off again
      const classic = page.getByRole('button', { name: exact(t(lang, 'lobby.classify.classic')) });
      await classic.click();
      await expect.poll(() => classic.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(4);
      expect(page.url()).not.toContain('pageNo');
      await classic.click();
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(42);

      // search by name in the page's language
      const name = lang === 'bn' ? 'ইলিশ গোল্ড' : 'Hilsa Gold';
      await page.getByRole('searchbox', { name: exact(t(lang, 'lobby.searchLabel')) }).fill(name.split(' ')[0] ?? '');
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
      await expect.poll(() => grid.getByText(name).count()).toBe(1);
      await page
        .getByRole('button', { name: exact(t(lang, 'lobby.reset')) })
        .first()
        .click();
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(42);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`asks a visitor who picks a game to log in (${lang})`, async () => {
      const { page, errors, context } = await visit(lang, '/inhouse', { phone: lang === 'bn' });
      const name = lang === 'bn' ? 'খেলা স্লট' : 'Khela Slots';
      await page.getByRole('button', { name: exact(name) }).click();
      await page.getByRole('dialog', { name: exact(t(lang, 'auth.loginTitle')) }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/inhouse');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`keeps a player's favourite across a reload and lists it (${lang})`, async () => {
      const { token } = await sessionFor(env.khela, 'demo1234');
      const { page, errors, context } = await visit(lang, '/fish', { token });
      const name = lang === 'bn' ? 'সাগরের রাজা' : 'Ocean King';
      const add = page.getByRole('button', { name: exact(t(lang, 'lobby.favouriteAdd', { game: name })) });
      const remove = page.getByRole('button', { name: exact(t(lang, 'lobby.favouriteRemove', { game: name })) });
      await add.click();
      await remove.waitFor();
      await page.reload();
      await remove.waitFor();
      expect(await remove.getAttribute('aria-pressed')).toBe('true');

      await page.goto(`${env.khela.url}/hot`);
      await page.getByRole('tab', { name: exact(t(lang, 'lobby.tabs.favourites')) }).click();
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: exact(name) }).waitFor();
      // tidy up for the other language's run
      await panel.getByRole('button', { name: exact(t(lang, 'lobby.favouriteRemove', { game: name })) }).click();
      await panel.getByText(t(lang, 'lobby.favouritesEmpty')).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
