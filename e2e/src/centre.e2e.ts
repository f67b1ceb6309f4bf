import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './sessions';
import { addMember, exact, type Lang, open, t, useKhela } from './support';

/*
 * The member centre lives in the address (ARCHITECTURE §7, spec §2 'Member centre pages'):
 * opened from the avatar menu or the side menu it reads `?centre=member&page=…`, a reload shows
 * the same page, Back closes it, and the address opened in a fresh tab asks to log in first
 * (spec §6), then shows the page.
 */

const PASSWORD = 'Kh#centre2024';

async function player(env: Parameters<typeof openLoggedIn>[0], prefix: string): Promise<string> {
  const account = `${prefix}${Date.now().toString(36).slice(-6)}`;
  await addMember(env.khela, { account, password: PASSWORD });
  return account;
}

const centreOf = (page: Page, lang: Lang) => page.getByRole('dialog', { name: t(lang, 'memberCentre.title') });
/**
 * Waits until the centre shows `pageId` as its open page (its menu entry is the current one); a
 * page titled apart from its id (messageV2 reads "Messages") names its title's key.
 */
const pageOpen = (page: Page, lang: Lang, pageId: string, titleKey = `memberCentre.pages.${pageId}`) =>
  centreOf(page, lang)
    .getByRole('navigation', { name: t(lang, 'memberCentre.title') })
    .locator('[aria-current="page"]', { hasText: exact(t(lang, titleKey)) })
    .waitFor();
const addressOf = (page: Page) => new URL(page.url());

describe('the member centre in the address', () => {
  // One login through the real form (and its human check) below.
  const env = useKhela({ LOGIN_RATE_PER_MINUTE: '1000' });

  it('opens from the avatar menu, stays open on reload, and closes with Back', async () => {
    const lang = 'bn';
    const account = await player(env, 'ctr');
    const { page, errors, context } = await openLoggedIn(env, account, lang, { path: '/rng' });
    await page.getByRole('button', { name: new RegExp(account) }).click();
    await page.getByRole('menuitem', { name: exact(t(lang, 'account.bettingRecord')) }).click();
    await pageOpen(page, lang, 'personalHistoryCopy');
    expect(addressOf(page).pathname).toBe('/rng');
    expect(addressOf(page).searchParams.get('centre')).toBe('member');
    expect(addressOf(page).searchParams.get('page')).toBe('personalHistoryCopy');

    await page.reload();
    await pageOpen(page, lang, 'personalHistoryCopy');

    await page.goBack();
    await centreOf(page, lang).waitFor({ state: 'detached' });
    expect(addressOf(page).pathname).toBe('/rng');
    expect(addressOf(page).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the inbox from the side menu's Messages", async () => {
    const lang = 'en';
    const account = await player(env, 'msg');
    const { page, errors, context } = await openLoggedIn(env, account, lang);
    await page
      .getByRole('complementary', { name: t(lang, 'sideMenu.label'), exact: true })
      .getByRole('link', { name: exact(t(lang, 'sideMenu.messages')) })
      .click();
    await pageOpen(page, lang, 'messageV2', 'memberCentre.pages.inbox');
    // The cashier's inbox (messageV2): a new player has no messages yet.
    await centreOf(page, lang).getByText(t(lang, 'cashier.inbox.empty')).waitFor();
    expect(addressOf(page).searchParams.get('page')).toBe('messageV2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a fresh tab with the address to log in, then shows the page', async () => {
    const lang = 'en';
    const account = await player(env, 'lnk');
    const { page, errors, context } = await open(env.browser);
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto(`${env.khela.url}/rng?centre=member&page=transactionHistory`);

    const form = page.getByRole('form', { name: exact(t(lang, 'auth.loginTitle')) });
    // The human check's widget arrives lazily and solves its proof-of-work once the form has focus.
    await form.locator('altcha-widget .altcha').waitFor({ timeout: 20_000 });
    await form.getByLabel(new RegExp(`^＊?${t(lang, 'validation.fields.username')}$`)).fill(account);
    await form.getByLabel(new RegExp(`^＊?${t(lang, 'validation.fields.password')}$`)).fill(PASSWORD);
    await form.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();

    // The login goes to / (spec §4); the page it was asked for opens there.
    await pageOpen(page, lang, 'transactionHistory');
    expect(addressOf(page).searchParams.get('page')).toBe('transactionHistory');
    expect(errors).toEqual([]);
    await context.close();
  });
});
