import { formatter } from '@khela/contract/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tx } from './admin-texts';
import { fundedPlayer, openLoggedIn, openOffice, staffToken } from './sessions';
import { exact, t, useKhela } from './support';

/*
 * The back office's Players desk in Chromium: a staff member finds a player and locks them (the
 * player's open tab loses its session), adjusts a balance and finds it in the ledger and the
 * audit log, and a large adjustment waits for a second staff member — its requester cannot
 * approve it.
 */

/** The demo brand's taka, as the back office writes it in English. */
const taka = (amount: string, signed = false) => formatter('en').money(amount, { decimals: 2, symbol: '৳', signed });

/** The seeded demo player (apps/server/src/seed/demo.ts). */
const DEMO = { account: 'demo1234', nickname: 'Demo Player' };

describe('the back office: the Players desk', () => {
  const env = useKhela();

  async function searchAndOpen(page: Page, q: string) {
    await page.getByLabel(exact(tx('players.searchLabel'))).fill(q);
    await page.getByRole('button', { name: exact(tx('table.apply')) }).click();
    await page
      .getByRole('region', { name: exact(tx('players.searchTitle')) })
      .getByRole('link', { name: exact(q) })
      .click();
    await page.getByRole('heading', { name: exact(q) }).waitFor();
  }

  it("finds the demo player and locks them: the player's open tab loses its session", async () => {
    const player = await openLoggedIn(env, DEMO.account, 'en');
    const header = player.page.getByRole('banner');
    await header.getByRole('button', { name: exact(t('en', 'account.menu', { name: DEMO.nickname })) }).waitFor();

    const office = await openOffice(env, await staffToken(env, 'lock.e2e', 'owner'), '/players');
    try {
      const { page } = office;
      await page.getByText(tx('players.searchFirst')).waitFor();
      await searchAndOpen(page, DEMO.account);
      await page.getByRole('link', { name: exact(tx('players.tab.sessions')) }).click();
      await page.getByRole('table', { name: exact(tx('players.tab.sessions')) }).waitFor();

      await page.getByRole('button', { name: exact(tx('players.changeStatus')) }).click();
      const dialog = page.getByRole('dialog', { name: exact(tx('players.statusTitle', { account: DEMO.account })) });
      await dialog.getByLabel(exact(tx('players.newStatus'))).selectOption('locked');
      await dialog.getByLabel(exact(tx('players.reason'))).fill('Phone reported stolen');
      await dialog.getByRole('button', { name: exact(tx('players.review')) }).click();
      await dialog.getByText(tx('players.statusEffect.locked')).waitFor();
      await dialog
        .getByRole('button', { name: exact(tx('players.statusConfirm', { status: tx('players.status.locked') })) })
        .click();
      await page.getByText(/^The status is now Locked\./).waitFor();
      await page
        .getByRole('heading', { name: exact(DEMO.account) })
        .locator('..')
        .getByText(tx('players.status.locked'))
        .waitFor();
      await page.getByText(tx('players.sessions.empty')).waitFor();

      // The player's tab: its next call is refused, and the site shows it logged out.
      await player.page.reload();
      await header.getByRole('button', { name: exact(t('en', 'header.login')) }).waitFor();
      expect(await player.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    } finally {
      await office.context.close();
      await player.context.close();
    }
  });

  it('adjusts a balance with a reason, then finds it in the ledger and in the audit log', async () => {
    const account = await fundedPlayer(env.khela, 'adj');
    const { page, context } = await openOffice(env, await staffToken(env, 'adjust.e2e', 'owner'), '/players');
    try {
      await searchAndOpen(page, account);
      await page.getByText(taka('1000.00')).first().waitFor();
      await page.getByRole('button', { name: exact(tx('players.adjust.open')) }).click();
      const dialog = page.getByRole('dialog', { name: exact(tx('players.adjust.title', { account })) });
      await dialog.getByLabel(exact(tx('players.adjust.amount', { currency: '৳' }))).fill('২৫০');
      await dialog
        .getByLabel(exact(tx('players.adjust.category')))
        .selectOption({ label: tx('players.adjust.categories.goodwill') });
      await dialog.getByLabel(exact(tx('players.reason'))).fill('Goodwill for a slow withdrawal');
      await dialog.getByRole('button', { name: exact(tx('players.review')) }).click();
      await dialog.getByText(exact(taka('250', true))).waitFor();
      await dialog.getByText(exact(taka('1250.00'))).waitFor();
      await dialog.getByRole('button', { name: exact(tx('players.adjust.confirm')) }).click();
      await page
        .getByText(tx('players.adjust.donePosted', { amount: taka('250', true), balance: taka('1250.00') }))
        .waitFor();

      const ledger = page.getByRole('region', { name: exact(tx('players.tab.ledger')) });
      const row = ledger.getByRole('row').filter({ hasText: taka('250', true) });
      await row.getByText(tx('players.ledger.kinds.adjust')).waitFor();
      await row.getByText(taka('1250.00')).waitFor();

      await page
        .getByRole('navigation', { name: exact(tx('shell.navigation')) })
        .getByRole('link', { name: tx('nav.audit') })
        .click();
      const audit = page.getByRole('region', { name: exact(tx('audit.title')) });
      const entry = audit.getByRole('row').filter({ hasText: 'Goodwill for a slow withdrawal' }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain('wallet.adjust');
    } finally {
      await context.close();
    }
  });

  it('lets a second staff member approve an adjustment above the threshold, never its requester', async () => {
    const account = await fundedPlayer(env.khela, 'four');
    const requester = await openOffice(env, await staffToken(env, 'ask.e2e', 'owner'), '/players');
    const approver = await openOffice(env, await staffToken(env, 'approve.e2e', 'finance'), '/players/adjustments');
    try {
      const { page } = requester;
      await searchAndOpen(page, account);
      await page.getByRole('button', { name: exact(tx('players.adjust.open')) }).click();
      const dialog = page.getByRole('dialog', { name: exact(tx('players.adjust.title', { account })) });
      await dialog.getByLabel(exact(tx('players.adjust.amount', { currency: '৳' }))).fill('20,000');
      await dialog
        .getByLabel(exact(tx('players.adjust.category')))
        .selectOption({ label: tx('players.adjust.categories.compensation') });
      await dialog.getByLabel(exact(tx('players.reason'))).fill('Prize of the November tournament');
      await dialog.getByRole('button', { name: exact(tx('players.review')) }).click();
      await dialog.getByText(tx('players.adjust.fourEyes', { threshold: taka('10000.00') })).waitFor();
      await dialog.getByRole('button', { name: exact(tx('players.adjust.confirmRequest')) }).click();
      await page.getByText(tx('players.adjust.donePending', { amount: taka('20000', true) })).waitFor();

      // The requester's own approval: the server refuses it, and the dialog says why.
      await page.getByRole('link', { name: exact(tx('nav.players')) }).click();
      await page.getByRole('link', { name: exact(tx('players.queue.tab')) }).click();
      const mine = page
        .getByRole('region', { name: exact(tx('players.queue.title')) })
        .getByRole('row')
        .filter({ hasText: account });
      await mine.getByText(exact(tx('players.queue.you'))).waitFor();
      await mine.getByRole('button', { name: exact(tx('players.queue.approve')) }).click();
      const own = page.getByRole('dialog', { name: exact(tx('players.queue.approveTitle')) });
      await own.getByRole('button', { name: exact(tx('players.queue.approveConfirm')) }).click();
      await own.getByText(tx('errors.FOUR_EYES_REQUIRED')).waitFor();
      await own.getByRole('button', { name: exact(tx('players.cancel')) }).click();

      // A second staff member approves it: it posts, and leaves the queue.
      const other = approver.page;
      // Their queue was opened before the request: a reload shows it (as coming back to the tab would).
      await other.reload();
      const queue = other.getByRole('region', { name: exact(tx('players.queue.title')) });
      const theirs = queue.getByRole('row').filter({ hasText: account });
      await theirs.getByText(taka('20000', true)).waitFor();
      await theirs.getByRole('button', { name: exact(tx('players.queue.approve')) }).click();
      const approve = other.getByRole('dialog', { name: exact(tx('players.queue.approveTitle')) });
      await approve.getByRole('button', { name: exact(tx('players.queue.approveConfirm')) }).click();
      await approve.waitFor({ state: 'detached' });
      await queue.getByText(tx('players.queue.empty.pending')).waitFor();
      await other.getByRole('button', { name: exact(tx('players.queue.status.posted')) }).click();
      const posted = queue.getByRole('row').filter({ hasText: account });
      await posted.getByText(taka('21000.00')).waitFor();
    } finally {
      await requester.context.close();
      await approver.context.close();
    }
  });
});
