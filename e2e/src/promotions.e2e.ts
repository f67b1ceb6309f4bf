import { CAROUSEL_AUTOPLAY_MS } from '@khela/contract/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PROMOTIONS } from '../../apps/server/src/seed/demo-promotions';
import { ANY_DIGIT, exact, type Lang, t, useKhela, visit } from './support';

/*
 * Spec §2 'Registration form': the carousel of new_player promotions, autoplaying every 5000 ms
 * with more than one, a tap opening the promotions route with the promotion's id; and the
 * promotions page it leads to. The promotions are the demo seed's.
 */

const LANGS = ['bn', 'en'] as const;
const NEW_PLAYER = DEMO_PROMOTIONS.filter((p) => p.category === 'new_player');
const idOf = (url: string) => new URL(url).searchParams.get('id');

describe('new-player promotions in the registration form', () => {
  const env = useKhela();

  const carouselOf = (page: Page, lang: Lang) =>
    page.getByRole('region', {
      name: exact(t(lang, 'promotions.carouselLabel', { category: t(lang, 'promotions.categories.new_player') })),
    });

  it('has at least two new-player promotions to show (the demo seed)', () => {
    expect(NEW_PLAYER.length).toBeGreaterThanOrEqual(2);
  });

  for (const lang of LANGS)
    it(`[${lang}] the register popup shows them, moves on after 5 s, and a tap opens the promotion`, async () => {
      // Autoplay is for visitors who have not asked for reduced motion.
      const { context, page, errors } = await visit(env, lang, '/', { reducedMotion: 'no-preference' });
      try {
        // Before the popup opens, so before the carousel can start its autoplay timer: measured
        // from any later moment, a busy machine's slow steps in between would shorten the wait.
        const opened = Date.now();
        await page
          .getByRole('banner')
          .getByRole('button', { name: exact(t(lang, 'header.register')) })
          .click();
        const dialog = page.getByRole('dialog');
        const carousel = carouselOf(page, lang);
        await dialog.getByRole('form', { name: exact(t(lang, 'auth.registerTitle')) }).waitFor();
        // Above the form, the first promotion in the popup's language; one dot per promotion.
        const [first, second] = NEW_PLAYER as [(typeof NEW_PLAYER)[0], (typeof NEW_PLAYER)[0]];
        await carousel.getByRole('link', { name: exact(first.title[lang]) }).waitFor();
        expect(await dialog.locator('.promotion-carousel + .auth-bonus').count()).toBe(1);
        expect(await carousel.getByRole('button', { name: new RegExp(ANY_DIGIT) }).count()).toBe(NEW_PLAYER.length);
        // Hidden slides are out of the accessibility tree: the second shows once autoplay moves on.
        const next = carousel.getByRole('link', { name: exact(second.title[lang]) });
        await next.waitFor({ timeout: CAROUSEL_AUTOPLAY_MS + 5000 });
        expect(Date.now() - opened).toBeGreaterThanOrEqual(CAROUSEL_AUTOPLAY_MS - 50);
        expect(await carousel.getByRole('link', { name: exact(first.title[lang]) }).count()).toBe(0);

        await next.click();
        await page.waitForURL((u) => u.pathname === '/promotions' && u.searchParams.has('id'));
        await page.getByRole('heading', { level: 1, name: exact(second.title[lang]) }).waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
        // The operator's text, rendered as sanitised HTML.
        const firstLine = second.body[lang].match(/<p>(.*?)<\/p>/)?.[1] as string;
        await page.getByText(firstLine, { exact: true }).waitFor();
        // The same promotion through the API, by the id in the address.
        const res = await page.request.get(`${env.khela.url}/wps/promotion/${idOf(page.url())}?language=${lang}`);
        expect(((await res.json()) as { value: { title: string } }).value.title).toBe(second.title[lang]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

  it('[bn] the /register page shows the carousel too, and the promotions page filters by type', async () => {
    const { context, page, errors } = await visit(env, 'bn', '/register');
    try {
      const carousel = carouselOf(page, 'bn');
      const first = NEW_PLAYER[0] as (typeof NEW_PLAYER)[0];
      await carousel.getByRole('link', { name: exact(first.title.bn) }).click();
      await page.getByRole('heading', { level: 1, name: exact(first.title.bn) }).waitFor();

      await page.getByRole('link', { name: exact(t('bn', 'pages.allPromotions')) }).click();
      await page.getByRole('heading', { level: 1, name: exact(t('bn', 'pages.title.promotions')) }).waitFor();
      const cards = page.locator('.promo-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(DEMO_PROMOTIONS.length);
      const filters = page.getByRole('navigation', { name: exact(t('bn', 'promotions.types')) });
      await filters.getByRole('link', { name: exact(t('bn', 'promotions.categories.sports')) }).click();
      await page.waitForURL((u) => u.searchParams.get('category') === 'sports');
      const sports = DEMO_PROMOTIONS.filter((p) => p.category === 'sports');
      await expect.poll(() => cards.count()).toBe(sports.length);
      expect(await cards.first().textContent()).toContain(sports[0]?.title.bn);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
