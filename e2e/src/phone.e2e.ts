import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { exact, type Lang, t, useKhela } from './support';

/*
 * A 390-px phone: what the logged-in header holds (the wallet with its hide and refresh
 * buttons, Deposit and Withdraw, beside the menu, logo, theme switch and avatar) all shows,
 * inside the screen, none over another, even with a balance in the lakhs; and a lobby tile's
 * favourite star leaves its maintenance mark readable.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(name: string, l: Locator): Promise<Box & { name: string }> {
  const box = await l.boundingBox();
  if (!box || box.width === 0 || box.height === 0) throw new Error(`${name} is not shown`);
  return { name, ...box };
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each pair of boxes that overlap, by name ('' when none do). */
function overlapping(boxes: (Box & { name: string })[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) if (overlap(a, b)) found.push(`${a.name} × ${b.name}`);
  return found;
}

const inside = (b: Box, width: number) => b.x >= 0 && b.x + b.width <= width;

describe('a phone, 390 px wide', () => {
  const env = useKhela();

  async function phonePage(lang: Lang, path: string, theme: 'dark' | 'light') {
    // 12,34,567.50: the longest balance a Bengali header shows in this test.
    const account = await fundedPlayer(env.khela, `ph${lang}`, 123_456_750n);
    return openLoggedIn(env, account, lang, { path, theme, viewport: PHONE, isMobile: true, hasTouch: true });
  }

  for (const [lang, theme] of [
    ['bn', 'dark'],
    ['en', 'light'],
  ] as const) {
    it(`shows the whole logged-in header, nothing over anything else (${lang}, ${theme})`, async () => {
      const { page, context, errors } = await phonePage(lang, '/', theme);
      try {
        const header = page.getByRole('banner');
        const value = page.getByTestId('header-balance');
        await expect.poll(() => value.textContent()).toMatch(/\p{Nd}/u);
        const button = (key: string) => header.getByRole('button', { name: exact(t(lang, key)) });
        const parts = [
          await boxOf('menu', button('header.openMenu')),
          await boxOf('logo', header.getByRole('link', { name: t(lang, 'header.home', { brand: 'Khela' }) })),
          await boxOf('theme', header.locator('.site-header-actions > .icon-btn')),
          await boxOf('avatar', header.locator('.avatar-menu-button')),
          await boxOf('balance', header.locator('.hb-amount')),
          await boxOf('deposit', button('wallet.deposit')),
          await boxOf('withdraw', button('wallet.withdraw')),
        ];
        expect(parts.filter((b) => !inside(b, PHONE.width)).map((b) => b.name)).toEqual([]);
        expect(overlapping(parts)).toEqual([]);
        // Inside the balance: the amount, then hide and refresh, apart.
        const pill = [
          await boxOf('amount', value),
          await boxOf('hide', button('wallet.hideBalance')),
          await boxOf('refresh', button('wallet.refreshBalance')),
        ];
        expect(overlapping(pill)).toEqual([]);

        // They work: hide, show, refresh, and Withdraw opens the cashier.
        await button('wallet.hideBalance').click();
        await expect.poll(() => value.textContent()).toBe('****');
        await button('wallet.showBalance').click();
        await expect.poll(() => value.textContent()).toMatch(/\p{Nd}/u);
        const refreshed = page.waitForResponse((r) => r.url().includes('/wps/v2/wallets/balance'));
        await button('wallet.refreshBalance').click();
        expect((await refreshed).status()).toBe(200);
        await button('wallet.withdraw').click();
        await page
          .getByRole('dialog', { name: exact(t(lang, 'memberCentre.title')) })
          .getByRole('heading', { name: exact(t(lang, 'memberCentre.pages.withdraw')) })
          .waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the favourite star off the maintenance mark of a lobby tile', async () => {
    const lang: Lang = 'bn';
    const { page, context, errors } = await phonePage(lang, '/rng?vassalage=LTS', 'dark');
    try {
      const tile = page.locator('.game-tile.is-maintenance').first();
      await tile.scrollIntoViewIfNeeded();
      const badge = await boxOf('maintenance', tile.getByText(exact(t(lang, 'lobby.maintenance'))));
      const star = await boxOf('star', tile.locator('.game-fav'));
      const art = await boxOf('picture', tile.locator('.game-tile-art'));
      expect(overlapping([badge, star])).toEqual([]);
      // The mark is whole: inside its picture, not cut off.
      expect(badge.x >= art.x && badge.x + badge.width <= art.x + art.width).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
