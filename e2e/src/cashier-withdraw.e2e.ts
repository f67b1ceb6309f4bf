import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adjust } from '../../apps/server/src/modules/wallet/service';
import { tx } from './admin-texts';
import { PHONE } from './harness';
import { openLoggedIn, openOffice, staffToken } from './sessions';
import { addMember, defaultBrandId, exact, type Lang, money, t, useKhela } from './support';

/*
 * Withdrawals end to end (CASHIER.md "Withdrawal"): a player with nothing left to wager sets a
 * payment password and a payout account in the security centre, asks for a withdrawal, a
 * finance staff member approves it, the sandbox's payout console pays it, and the player says
 * only part of it arrived — a case at the finance desk. And five wrong payment passwords lock
 * withdrawals: the right one is refused while the lock lasts.
 */

const PAYMENT_PASSWORD = '246810';
const PAYEE = 'Rahim Uddin';

describe('the cashier: withdrawals', () => {
  const env = useKhela();

  /**
   * A new player holding `taka` from an operator's credit that asks no turnover (turnoverPct 0),
   * so the turnover meter starts at zero. Returns the account name.
   */
  async function playerWith(prefix: string, taka: number): Promise<string> {
    const account = `${prefix}${Date.now().toString(36).slice(-6)}`;
    const id = await addMember(env.khela, { account, password: 'Kh#players2024' });
    const brandId = await defaultBrandId(env.khela);
    await adjust(env.khela.db, {
      brandId,
      member: { id, brandId, isAgent: 0 },
      amount: BigInt(taka) * 100n,
      currency: 'BDT',
      reason: 'e2e: withdrawable funds',
      actor: 'e2e',
      turnoverPct: 0,
    });
    return account;
  }

  const centre = (page: Page, lang: Lang) => page.getByRole('dialog', { name: exact(t(lang, 'memberCentre.title')) });
  const heading = (page: Page, lang: Lang, pageKey: string) =>
    centre(page, lang).getByRole('heading', { name: exact(t(lang, `memberCentre.pages.${pageKey}`)) });

  /** In the security centre (open): sets the payment password and binds one payout account (bKash). */
  async function setUpSecurity(page: Page, lang: Lang) {
    await heading(page, lang, 'securityCenter').waitFor();
    const dialog = centre(page, lang);
    await dialog.getByText(t(lang, 'cashier.security.passwordNotSetAnyShape')).waitFor();
    await dialog.getByLabel(exact(t(lang, 'cashier.security.newPassword'))).fill(PAYMENT_PASSWORD);
    await dialog.getByLabel(exact(t(lang, 'cashier.security.repeatPassword'))).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: exact(t(lang, 'cashier.security.setPassword')) }).click();
    await dialog.getByText(t(lang, 'cashier.security.passwordSaved')).waitFor();
    await dialog.getByText(t(lang, 'cashier.security.passwordIsSet')).waitFor();

    await dialog.getByRole('button', { name: exact(t(lang, 'cashier.security.addAccount')) }).click();
    await dialog.getByLabel(t(lang, 'cashier.method')).selectOption({ label: lang === 'bn' ? 'বিকাশ' : 'bKash' });
    await dialog.getByLabel(exact(t(lang, 'cashier.security.accountNumber'))).fill('01712345678');
    await dialog.getByLabel(exact(t(lang, 'cashier.payee'))).fill(PAYEE);
    await dialog.getByLabel(exact(t(lang, 'cashier.paymentPassword'))).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: exact(t(lang, 'cashier.security.addAccount')) }).click();
    // Bound, shown masked but for its last four digits.
    await dialog.getByText(/5678/).first().waitFor();
    await dialog.getByRole('button', { name: exact(t(lang, 'cashier.security.remove')) }).waitFor();
  }

  /** The player's latest withdrawal's id, as the desk and the sandbox's console name it. */
  async function latestWithdrawal(account: string): Promise<string> {
    const row = await env.khela.db.kysely
      .selectFrom('cashier_requests as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select('c.id')
      .where('m.account', '=', account)
      .where('c.type', '=', 'withdraw')
      .orderBy('c.id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id.toString();
  }

  it('withdraws with nothing left to wager: approved, paid in the sandbox, partly received — a case (bn)', async () => {
    const lang: Lang = 'bn';
    const account = await playerWith('wd', 5000);
    const player = await openLoggedIn(env, account, lang, {
      path: '/?centre=member&page=securityCenter',
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const token = await staffToken(env, `fin.wd${Date.now().toString(36).slice(-4)}`, 'finance');
    const office = await openOffice(env, token, '/cashier/withdrawals');
    try {
      const { page } = player;
      await setUpSecurity(page, lang);

      // Closed, the centre gives the header back; its Withdraw opens the centre's withdraw page.
      await page.keyboard.press('Escape');
      await centre(page, lang).waitFor({ state: 'detached' });
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t(lang, 'wallet.withdraw')) })
        .click();
      await heading(page, lang, 'withdraw').waitFor();
      const dialog = centre(page, lang);
      await dialog.getByText(exact(t(lang, 'cashier.withdraw.turnoverMet'))).waitFor();
      await dialog.locator('.csh-chip', { hasText: money(lang, '1000') }).click();
      await dialog.getByRole('button', { name: exact(t(lang, 'cashier.continue')) }).click();
      await dialog.getByRole('heading', { name: exact(t(lang, 'cashier.withdraw.confirmTitle')) }).waitFor();
      // The payment password is asked with the figures it confirms.
      await dialog.getByLabel(exact(t(lang, 'cashier.paymentPassword'))).fill(PAYMENT_PASSWORD);
      await dialog.getByRole('button', { name: exact(t(lang, 'cashier.confirm')) }).click();
      const item = dialog.locator('.csh-item').first();
      await item.getByText(money(lang, '1000')).first().waitFor();
      // The amount left the wallet for the hold at once.
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe(money(lang, '4000'));
      const id = await latestWithdrawal(account);

      // The finance desk approves it (a confirmation first); the sandbox then holds the payout.
      const desk = office.page;
      await desk.reload();
      await desk.getByRole('link', { name: exact(tx('cashier.queue.open', { id, player: account })) }).click();
      const drawer = desk.getByRole('complementary', { name: exact(tx('cashier.request.title', { id })) });
      await drawer.getByRole('button', { name: exact(tx('cashier.actions.approve')) }).click();
      const confirm = desk.getByRole('dialog', { name: exact(tx('cashier.confirm.withdraw.approve')) });
      await confirm.getByRole('button', { name: exact(tx('cashier.confirmButton.approve')) }).click();
      await confirm.waitFor({ state: 'detached' });
      await drawer.getByRole('status').waitFor();

      // The sandbox's payout console: Pay (its signed result goes to the webhook over HTTP).
      await desk.goto(`${env.khela.url}/psp/sandbox/payouts?lang=en`);
      const row = desk.getByRole('row').filter({ has: desk.getByRole('cell', { name: exact(id) }) });
      await row.getByRole('button', { name: exact('Pay') }).click();
      await desk.getByRole('cell', { name: exact(id) }).waitFor({ state: 'detached' });

      // The player sees it paid (the notice over the socket) and says part of it did not arrive.
      await item
        .locator('.csh-item-head')
        .getByText(exact(t(lang, 'cashier.states.paid')))
        .waitFor({ timeout: 15_000 });
      await item.getByRole('radio', { name: exact(t(lang, 'cashier.confirmation.partial')) }).check();
      await item.getByLabel(exact(t(lang, 'cashier.confirmation.remaining'))).fill('৩০০');
      await item.getByRole('button', { name: exact(t(lang, 'cashier.confirmation.send')) }).click();
      await item.getByText(exact(t(lang, 'cashier.confirmation.partial'))).waitFor();
      await item.getByRole('radio').first().waitFor({ state: 'detached' });

      // The case at the finance desk's Cases tab.
      await desk.goto(`${env.khela.url}/admin/cashier/cases`);
      const cases = desk.getByRole('table', { name: exact(tx('cashier.cases.title')) });
      const kase = cases.getByRole('row').filter({ hasText: account });
      await kase.waitFor();
      expect(await kase.textContent()).toContain('300');
      expect(player.errors).toEqual([]);
      expect(office.errors).toEqual([]);
    } finally {
      await player.context.close();
      await office.context.close();
    }
  });

  it('locks withdrawals after five wrong payment passwords; the right one is refused while locked (en)', async () => {
    const lang: Lang = 'en';
    const account = await playerWith('lk', 3000);
    const { page, context, errors } = await openLoggedIn(env, account, lang, {
      path: '/?centre=member&page=securityCenter',
    });
    try {
      await setUpSecurity(page, lang);
      await page.goto(`${env.khela.url}/?centre=member&page=withdraw`);
      await heading(page, lang, 'withdraw').waitFor();
      const dialog = centre(page, lang);
      const password = dialog.getByLabel(exact(t(lang, 'cashier.paymentPassword')));
      const amount = dialog.getByLabel(exact(t(lang, 'cashier.amount')));
      // A wrong password stays on the confirmation, on its field; the lock sends the player back to the form.
      await amount.fill('500');
      await dialog.getByRole('button', { name: exact(t(lang, 'cashier.continue')) }).click();
      for (let i = 1; i <= 5; i++) {
        await password.fill('135799');
        await dialog.getByRole('button', { name: exact(t(lang, 'cashier.confirm')) }).click();
        const refusal = i < 5 ? 'errors.PAYMENT_PASSWORD_WRONG' : 'errors.PAYMENT_PASSWORD_LOCKED';
        await dialog
          .getByRole('alert')
          .filter({ hasText: t(lang, refusal) })
          .first()
          .waitFor();
      }
      // The lock, with the time it ends; the form cannot be sent.
      const lock = dialog.getByRole('alert').filter({ hasText: t(lang, 'errors.PAYMENT_PASSWORD_LOCKED') });
      const until = t(lang, 'cashier.lockedUntil', { time: '\u0000' }).split('\u0000')[0] as string;
      await lock.filter({ hasText: until }).first().waitFor();
      expect(await lock.filter({ hasText: until }).first().textContent()).toMatch(/\d{1,2}:\d{2}/);
      expect(await dialog.getByRole('button', { name: exact(t(lang, 'cashier.continue')) }).isDisabled()).toBe(true);
      const balance = page.getByTestId('header-balance');
      await expect.poll(() => balance.textContent()).toBe(money(lang, '3000'));

      // A sixth try with the right password (binding another payout account) is refused.
      await page.goto(`${env.khela.url}/?centre=member&page=securityCenter`);
      await heading(page, lang, 'securityCenter').waitFor();
      const security = centre(page, lang);
      await security.getByText(t(lang, 'errors.PAYMENT_PASSWORD_LOCKED')).first().waitFor();
      await security.getByRole('button', { name: exact(t(lang, 'cashier.security.addAccount')) }).click();
      await security.getByLabel(exact(t(lang, 'cashier.security.accountNumber'))).fill('01812345679');
      await security.getByLabel(exact(t(lang, 'cashier.paymentPassword'))).fill(PAYMENT_PASSWORD);
      await security.getByRole('button', { name: exact(t(lang, 'cashier.security.addAccount')) }).click();
      await security
        .getByRole('alert')
        .filter({ hasText: t(lang, 'errors.PAYMENT_PASSWORD_LOCKED') })
        .last()
        .waitFor();
      await expect
        .poll(() => security.getByRole('button', { name: exact(t(lang, 'cashier.security.remove')) }).count())
        .toBe(1);
      // The refusals are answered 4xx, which the browser logs; nothing else went wrong.
      expect(errors.filter((e) => !/status of 40[03] /.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
