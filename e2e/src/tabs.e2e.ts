import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, exact, type Lang, open, t, useKhela } from './support';

/*
 * One login for the whole browser: the session token lives in sessionStorage (spec §3), which
 * each tab has its own of, yet a login in one tab logs the others in, a tab opened later finds
 * the session, and a logout in any tab logs them all out. Along the way the home page greets
 * the member: a welcome at the first login, "good to see you again" at the next.
 */

const LANG: Lang = 'en';

describe('the tabs of one browser share the login', () => {
  const env = useKhela({ LOGIN_RATE_PER_MINUTE: '1000' });

  const header = (page: Page) => page.getByRole('banner');
  const loginButton = (page: Page) => header(page).getByRole('button', { name: exact(t(LANG, 'header.login')) });
  const avatarButton = (page: Page, name: string) =>
    header(page).getByRole('button', { name: exact(t(LANG, 'account.menu', { name })) });
  const greeting = (page: Page) => page.locator('.welcome-text');

  /** The header's login popup, filled and sent once the human check (ALTCHA) has solved itself. */
  async function logIn(page: Page, account: string, password: string) {
    await loginButton(page).click();
    const form = page.getByRole('form', { name: exact(t(LANG, 'auth.loginTitle')) });
    await form.locator('altcha-widget .altcha').waitFor({ timeout: 20_000 });
    await form.getByLabel(new RegExp(`^＊?${t(LANG, 'validation.fields.username')}$`)).fill(account);
    await form.getByLabel(new RegExp(`^＊?${t(LANG, 'validation.fields.password')}$`)).fill(password);
    await form.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
    await form.getByRole('button', { name: exact(t(LANG, 'auth.loginButton')) }).click();
    expect((await answer).status()).toBe(200);
  }

  async function logOut(page: Page, name: string) {
    await avatarButton(page, name).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: exact(t(LANG, 'account.signOut')) })
      .click();
    const dialog = page.getByRole('dialog', { name: exact(t(LANG, 'account.signOut')) });
    await dialog.getByRole('button', { name: exact(t(LANG, 'account.confirm')) }).click();
  }

  it('logs every tab in and out together, and a tab opened later finds the session', { timeout: 120_000 }, async () => {
    const account = `tabs${Date.now().toString(36).slice(-7)}`;
    const password = 'Kh#tabs2024Z';
    await addMember(env.khela, { account, password, nickname: 'Salma' });

    const { context, page: first, errors } = await open(env.browser);
    try {
      await context.addInitScript((l) => localStorage.setItem('lang', l), LANG);
      const second = await context.newPage();
      for (const page of [first, second]) {
        await page.goto(`${env.khela.url}/`);
        await loginButton(page).waitFor();
      }

      await logIn(first, account, password);
      await avatarButton(first, 'Salma').waitFor();
      // The other tab, without a reload.
      await avatarButton(second, 'Salma').waitFor();
      expect(await loginButton(second).count()).toBe(0);
      // A member's first login: welcomed, not greeted as one coming back.
      await greeting(second)
        .filter({ hasText: exact(t(LANG, 'pages.welcomeNew')) })
        .waitFor();

      const third = await context.newPage();
      await third.goto(`${env.khela.url}/rng`);
      await avatarButton(third, 'Salma').waitFor();

      await logOut(second, 'Salma');
      for (const page of [first, second, third]) await loginButton(page).waitFor();
      expect(await first.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

      // Logged in again, from another tab this time: now a returning member.
      await logIn(third, account, password);
      for (const page of [first, second, third]) await avatarButton(page, 'Salma').waitFor();
      await greeting(first)
        .filter({ hasText: exact(t(LANG, 'pages.welcomeBack')) })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
