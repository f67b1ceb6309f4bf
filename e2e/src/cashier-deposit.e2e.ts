import { formatter } from '@khela/contract/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tx } from './admin-texts';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn, openOffice, staffToken } from './sessions';
import { addMember, exact, type Lang, money, t, useKhela } from './support';

/*
 * Deposits end to end (CASHIER.md "Deposit"): on a phone, a player pays through the sandbox
 * provider's hosted checkout and the credit arrives by the provider's signed webhook over HTTP —
 * the header of the player's other open tab changes without a reload; and a bank transfer the
 * player reports is credited by a finance staff member at the back office's desk.
 */

const PHONE_SCREEN = { viewport: PHONE, isMobile: true, hasTouch: true };

/** The member centre's open page is `pageKey` (its heading in the centre dialog). */
const centrePage = (page: Page, lang: Lang, pageKey: string) =>
  page
    .getByRole('dialog', { name: exact(t(lang, 'memberCentre.title')) })
    .getByRole('heading', { name: exact(t(lang, `memberCentre.pages.${pageKey}`)) });

/** The deposit the page shows, from the address the checkout returns to (…&deposit=<id>). */
const depositIn = (page: Page) => new URL(page.url()).searchParams.get('deposit');

describe('the cashier: deposits', () => {
  const env = useKhela();

  for (const lang of ['bn', 'en'] as const) {
    it(`deposits through the sandbox checkout on a phone; the header follows without a reload (${lang})`, async () => {
      const account = await fundedPlayer(env.khela, `dp${lang}`, 100_000n); // ৳1,000
      const { page, context, errors } = await openLoggedIn(env, account, lang, PHONE_SCREEN);
      // A second tab of the same session stays on the home page: its header must follow the
      // credit over the socket, with no reload (the first tab goes to the checkout and back).
      const watcher = await context.newPage();
      const watcherErrors: string[] = [];
      watcher.on('pageerror', (e) => watcherErrors.push(e.message));
      watcher.on('console', (m) => {
        if (m.type() === 'error') watcherErrors.push(m.text());
      });
      await watcher.goto(env.khela.url);
      const watched = watcher.getByTestId('header-balance');
      await expect.poll(() => watched.textContent()).toBe(money(lang, '1000'));
      let reloaded = false;
      watcher.on('framenavigated', (f) => {
        if (f === watcher.mainFrame()) reloaded = true;
      });
      try {
        const balance = page.getByTestId('header-balance');
        await expect.poll(() => balance.textContent()).toBe(money(lang, '1000'));

        await page
          .getByRole('banner')
          .getByRole('button', { name: exact(t(lang, 'wallet.deposit')) })
          .click();
        await centrePage(page, lang, 'depositv2').waitFor();
        const address = new URL(page.url()).searchParams;
        expect([address.get('centre'), address.get('page')]).toEqual(['member', 'depositv2']);

        await page.locator('label.csh-method', { hasText: lang === 'bn' ? 'বিকাশ' : 'bKash' }).click();
        await expect
          .poll(() => page.getByRole('radio', { name: lang === 'bn' ? 'বিকাশ' : 'bKash' }).isChecked())
          .toBe(true);
        await page.locator('.csh-chip', { hasText: money(lang, '2000') }).click();
        await expect
          .poll(() => page.getByLabel(exact(t(lang, 'cashier.amount'))).inputValue())
          .toBe(formatter(lang).number('2000'));
        await page.getByRole('button', { name: exact(t(lang, 'cashier.continue')) }).click();
        await page.getByRole('heading', { name: exact(t(lang, 'cashier.deposit.confirmTitle')) }).waitFor();
        await page.getByRole('button', { name: exact(t(lang, 'cashier.confirm')) }).click();

        // The sandbox's hosted checkout, served by Khela itself, in this tab.
        await page.waitForURL(/\/psp\/sandbox\/checkout\//);
        await page.getByRole('button', { name: /^(Approve|অনুমোদন করুন)$/ }).click();

        // Back on the deposit page with the deposit credited (the signed webhook went first).
        await page.waitForURL(/[?&]deposit=\d+/);
        expect(new URL(page.url()).searchParams.get('page')).toBe('depositv2');
        await page
          .locator('.csh-status-head')
          .getByText(exact(t(lang, 'cashier.states.credited')))
          .waitFor();
        await expect.poll(() => balance.textContent()).toBe(money(lang, '3000'));

        // The other tab: the new balance came over the socket.
        await expect.poll(() => watched.textContent()).toBe(money(lang, '3000'));
        expect(reloaded).toBe(false);
        expect(depositIn(page)).toMatch(/^\d+$/);
        expect(errors).toEqual([]);
        expect(watcherErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('credits a bank transfer once a finance staff member approves it at the desk (en)', async () => {
    const lang: Lang = 'en';
    const account = `bank${Date.now().toString(36).slice(-6)}`;
    await addMember(env.khela, { account, password: 'Kh#players2024' });
    const player = await openLoggedIn(env, account, lang, { path: '/?centre=member&page=depositv2' });
    const token = await staffToken(env, `fin.dep${Date.now().toString(36).slice(-4)}`, 'finance');
    const office = await openOffice(env, token, '/cashier/deposits');
    try {
      const { page } = player;
      await centrePage(page, lang, 'depositv2').waitFor();
      await page.locator('label.csh-method', { hasText: 'Bank transfer' }).click();
      await expect.poll(() => page.getByRole('radio', { name: 'Bank transfer' }).isChecked()).toBe(true);
      await page.locator('.csh-chip', { hasText: money(lang, '5000') }).click();
      await page.getByRole('button', { name: exact(t(lang, 'cashier.continue')) }).click();
      await page.getByRole('button', { name: exact(t(lang, 'cashier.confirm')) }).click();

      // The operator's account and the reference to write on the transfer.
      const bank = page.getByRole('region', { name: exact(t(lang, 'cashier.bank.title')) });
      await bank.getByText(exact('0000-1234-5678-90')).waitFor();
      await bank.getByText(exact('Khela Demo Operator')).waitFor();
      const reference = bank.locator('div', { hasText: t(lang, 'cashier.bank.transferReference') }).locator('code');
      await expect.poll(() => reference.textContent()).toMatch(/\S{4,}/);
      const id = depositIn(page);
      expect(id).toMatch(/^\d+$/);

      await bank.getByLabel(exact(t(lang, 'cashier.bank.yourReference'))).fill('TRX-E2E-40721');
      await bank.getByRole('button', { name: exact(t(lang, 'cashier.bank.send')) }).click();
      await page.getByText(t(lang, 'cashier.deposit.underReview')).waitFor();

      // The finance desk: the deposit waits in the queue; approve it through the confirmation.
      const desk = office.page;
      await desk.reload();
      await desk
        .getByRole('link', { name: exact(tx('cashier.queue.open', { id: id as string, player: account })) })
        .click();
      const drawer = desk.getByRole('complementary', {
        name: exact(tx('cashier.request.title', { id: id as string })),
      });
      await drawer.getByText(exact('TRX-E2E-40721')).waitFor();
      await drawer.getByRole('button', { name: exact(tx('cashier.actions.approve')) }).click();
      const confirm = desk.getByRole('dialog', { name: exact(tx('cashier.confirm.deposit.approve')) });
      await confirm.getByRole('button', { name: exact(tx('cashier.confirmButton.approve')) }).click();
      await confirm.waitFor({ state: 'detached' });
      await drawer.getByRole('status').waitFor();

      // The player: credited, and the header balance up without a reload.
      await page
        .locator('.csh-status-head')
        .getByText(exact(t(lang, 'cashier.states.credited')))
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe(money(lang, '5000'));
      expect(player.errors).toEqual([]);
      expect(office.errors).toEqual([]);
    } finally {
      await player.context.close();
      await office.context.close();
    }
  });
});
