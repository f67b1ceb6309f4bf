import { describe, expect, it } from 'vitest';
import { adjust } from '../../apps/server/src/modules/wallet/service';
import { PHONE } from './harness';
import { openLoggedIn } from './sessions';
import { addMember, defaultBrandId, exact, type Lang, open, t, useKhela } from './support';

/*
 * The logged-in header's wallet (spec §2 'Header'; ARCHITECTURE §1, the realtime socket): the
 * balance in the brand currency and the player's language, hidden on demand, and changed live —
 * without a reload — when the ledger posts a movement, here an operator's adjustment.
 */

const LANGS = ['bn', 'en'] as const;

/** The demo players' opening balance (seed), as the header writes it in each language. */
const OPENING: Record<Lang, string> = { bn: '১০,০০০.০০', en: '10,000.00' };
const AFTER_CREDIT: Record<Lang, string> = { bn: '১০,২৫০.৫০', en: '10,250.50' };

describe('the header wallet', () => {
  const env = useKhela();

  const loggedIn = (lang: Lang, account: string, opts: { phone?: boolean } = {}) =>
    openLoggedIn(env, account, lang, opts.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});

  for (const lang of LANGS) {
    it(`shows the balance and follows a credit live (${lang})`, async () => {
      // a player of this test's own, so the shared demo balance is not disturbed
      const account = `wallet${lang}${Date.now().toString(36).slice(-5)}`;
      const id = await addMember(env.khela, { account, password: 'Kh#wallet2024' });
      const brandId = await defaultBrandId(env.khela);
      const member = { id, brandId, isAgent: 0 };
      await adjust(env.khela.db, {
        brandId,
        member,
        amount: 1_000_000n,
        currency: 'BDT',
        reason: 'opening',
        actor: 'e2e',
      });
      const { page, errors, context } = await loggedIn(lang, account);
      const balance = page.getByTestId('header-balance');
      await expect.poll(() => balance.textContent()).toBe(OPENING[lang]);
      await expect.poll(() => page.getByRole('banner').getByText('৳').count()).toBeGreaterThan(0);

      await adjust(env.khela.db, {
        brandId,
        member,
        amount: 25_050n,
        currency: 'BDT',
        reason: 'live push test',
        actor: 'e2e',
      });
      // no reload: the socket brings it
      await expect.poll(() => balance.textContent(), { timeout: 5_000 }).toBe(AFTER_CREDIT[lang]);

      await page.getByRole('button', { name: exact(t(lang, 'wallet.hideBalance')) }).click();
      expect(await balance.textContent()).toBe('****');
      await page.reload();
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('****');
      await page.getByRole('button', { name: exact(t(lang, 'wallet.showBalance')) }).click();

      // Deposit opens the member centre's deposit page (spec §2 depositv2).
      await page.getByRole('button', { name: exact(t(lang, 'wallet.deposit')) }).click();
      await page
        .getByRole('dialog', { name: exact(t(lang, 'memberCentre.title')) })
        .getByRole('heading', { name: exact(t(lang, 'memberCentre.pages.depositv2')) })
        .waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('depositv2');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows play money to a trial account and sends it to register', async () => {
    const opened = await open(env.browser);
    await opened.context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await opened.page.goto(env.khela.url);
    await opened.page
      .getByRole('banner')
      .getByRole('button', { name: exact(t('en', 'header.login')) })
      .click();
    // Free play waits for the human check, as registration does.
    await opened.page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    await opened.page.getByRole('button', { name: exact(t('en', 'auth.freePlay')) }).click();
    const balance = opened.page.getByTestId('header-balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('2,000.00');
    await opened.page
      .getByRole('banner')
      .getByText(exact(t('en', 'wallet.playMoney')))
      .waitFor();
    await opened.page.getByRole('button', { name: exact(t('en', 'wallet.deposit')) }).click();
    await opened.page.getByRole('dialog').getByText(t('en', 'errors.TRIAL_ACCOUNT')).waitFor();
    await opened.context.close();
  });
});
