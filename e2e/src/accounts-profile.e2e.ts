import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, defaultBrandId, exact, type Lang, open, t, useKhela } from './support';

/*
 * The player's avatar and language (spec §2 avatar menu, §1 'Language change … notifies the
 * server'): choosing a built-in avatar and uploading a picture update the header at once, in
 * BN and EN; a language chosen while logged in comes back when the player logs in on a fresh
 * browser.
 */

const FIXTURE_PNG = readFileSync(
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/server/test/fixtures/avatar-64x48.png'),
);
const unique = (n = 8) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)]).join('');
const strongPassword = () => `Kh#${unique(8)}9Z`;

describe('accounts: avatar and language', () => {
  const env = useKhela({ LOGIN_RATE_PER_MINUTE: '1000' });

  /**
   * A session for the member, as a login opens it; the browser is logged in by holding its token
   * (spec §4 'logged in means a session token exists').
   */
  async function logIn(context: BrowserContext, memberId: bigint): Promise<void> {
    const token = await sessionFor(memberId);
    await context.addInitScript((tok) => sessionStorage.setItem('token', tok), token);
  }

  async function sessionFor(memberId: bigint): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await env.khela.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(token).digest(),
        member_id: memberId,
        expires_at: sql<Date>`now() + interval '1 hour'`,
      })
      .execute();
    return token;
  }

  async function closing(context: BrowserContext, body: () => Promise<void>) {
    try {
      await body();
    } finally {
      await context.close();
    }
  }

  const header = (page: Page) => page.getByRole('banner');
  const avatarButton = (page: Page, lang: Lang, name: string) =>
    header(page).getByRole('button', { name: exact(t(lang, 'account.menu', { name })) });
  /** The header's avatar picture: its address, once the browser has drawn it. */
  const headerAvatar = async (page: Page, lang: Lang, name: string) => {
    const img = avatarButton(page, lang, name).locator('img');
    return img.evaluate((el: HTMLImageElement) =>
      el.complete && el.naturalWidth > 0 ? new URL(el.src).pathname : `not loaded: ${el.src}`,
    );
  };

  for (const lang of ['bn', 'en'] as const) {
    it(`[${lang}] chooses a built-in avatar, then uploads a PNG; the header shows each at once`, async () => {
      const account = `av${lang}${unique(8)}`;
      const nickname = `Avatar ${lang}`;
      const id = await addMember(env.khela, { account, password: strongPassword(), nickname });
      const { context, page, errors } = await open(env.browser);
      await closing(context, async () => {
        await logIn(context, id);
        if (lang !== 'bn') await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await page.goto(env.khela.url);
        await avatarButton(page, lang, nickname).click();
        await page.getByRole('menuitem', { name: exact(t(lang, 'account.changeAvatar')) }).click();
        const dialog = page.getByRole('dialog', { name: exact(t(lang, 'account.changeAvatar')) });
        await expect.poll(() => headerAvatar(page, lang, nickname)).toBe('/img/avatar-default.svg');

        // A built-in one.
        const tiger = dialog.getByRole('button', { name: exact(t(lang, 'account.avatars.tiger')) });
        await tiger.click();
        await dialog
          .getByRole('status')
          .filter({ hasText: t(lang, 'account.avatarSaved') })
          .waitFor();
        expect(await tiger.getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => headerAvatar(page, lang, nickname)).toBe('/img/avatars/tiger.svg');

        // A picture of one's own: the browser scales it and the server stores it.
        const upload = page.waitForResponse((r) => r.url().endsWith('/wps/member/info/icon'));
        await fileInput(dialog, lang).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: FIXTURE_PNG });
        expect((await upload).status()).toBe(200);
        await expect.poll(() => headerAvatar(page, lang, nickname)).toMatch(/^\/wps\/member\/avatar\/[\w-]{22}$/);
        const stored = await env.khela.db.kysely
          .selectFrom('members')
          .select('avatar')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(await headerAvatar(page, lang, nickname)).toBe(stored.avatar);
        const served = await page.request.get(`${env.khela.url}${stored.avatar}`);
        expect(served.headers()['content-type']).toMatch(/^image\/(webp|png)$/);
        expect(served.headers()['x-content-type-options']).toBe('nosniff');

        // A text file renamed .png: refused in words, nothing changed.
        const refused = page.waitForResponse((r) => r.url().endsWith('/wps/member/info/icon'));
        await fileInput(dialog, lang).setInputFiles({
          name: 'notes.png',
          mimeType: 'image/png',
          buffer: Buffer.from('these are my notes, not a picture\n'),
        });
        expect((await refused).status()).toBe(400);
        await dialog
          .getByRole('alert')
          .filter({ hasText: t(lang, 'errors.AVATAR_NOT_IMAGE') })
          .waitFor();
        expect(await headerAvatar(page, lang, nickname)).toBe(stored.avatar);

        // The menu's own avatar shows the same picture.
        await dialog.getByRole('button', { name: exact(t(lang, 'common.close')) }).click();
        await avatarButton(page, lang, nickname).click();
        const menuAvatar = page.locator('.avatar-menu-head img');
        await expect
          .poll(() => menuAvatar.evaluate((el: HTMLImageElement) => new URL(el.src).pathname))
          .toBe(stored.avatar);
        // Chromium logs the refused upload's 400 itself; nothing else may be logged.
        expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
      });
    });
  }

  const fileInput = (dialog: Locator, lang: Lang) =>
    dialog.locator('input[type="file"]').and(dialog.getByLabel(t(lang, 'account.uploadAvatar')));

  /** The real login form, human check included, as a player on a new browser uses it. */
  async function logInWithForm(page: Page, lang: Lang, account: string, password: string) {
    await header(page)
      .getByRole('button', { name: exact(t(lang, 'header.login')) })
      .click();
    const form = page.getByRole('form', { name: exact(t(lang, 'auth.loginTitle')) });
    await form.locator('altcha-widget .altcha').waitFor({ timeout: 20_000 });
    const field = (name: string) =>
      form.getByLabel(
        new RegExp(`^＊?${t(lang, `validation.fields.${name}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
    await field('username').fill(account);
    await field('password').fill(password);
    await form.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
    await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
    expect((await answer).status()).toBe(200);
  }

  /** Switches the language with the header's picker, and waits for the server to be told. */
  async function switchLanguage(page: Page, from: Lang, to: Lang) {
    const names = { bn: 'বাংলা', en: 'English' };
    const told = page.waitForResponse(
      (r) => r.url().endsWith('/wps/member/language') && r.request().method() === 'PUT',
    );
    await header(page)
      .getByRole('button', { name: t(from, 'language.current', { name: names[from] }) })
      .click();
    await page.getByRole('menuitemradio', { name: names[to] }).click();
    expect((await told).status()).toBe(200);
  }

  const storedLanguage = async (id: bigint) =>
    (await env.khela.db.kysely.selectFrom('members').select('language').where('id', '=', id).executeTakeFirstOrThrow())
      .language;

  for (const [brandDefault, chosen] of [
    ['bn', 'en'],
    ['en', 'bn'],
  ] as const) {
    it(`[${chosen}] a language chosen while logged in comes back on a fresh browser (brand default ${brandDefault})`, async () => {
      const brandId = await defaultBrandId(env.khela);
      await env.khela.db.kysely
        .updateTable('brands')
        .set({ default_language: brandDefault })
        .where('id', '=', brandId)
        .execute();
      env.khela.refresh();
      try {
        const account = `lg${chosen}${unique(8)}`;
        const password = strongPassword();
        const nickname = `Lang ${chosen}`;
        const id = await addMember(env.khela, { account, password, nickname });

        const first = await open(env.browser);
        await closing(first.context, async () => {
          await logIn(first.context, id);
          await first.page.goto(env.khela.url);
          await avatarButton(first.page, brandDefault, nickname).waitFor();
          await switchLanguage(first.page, brandDefault, chosen);
          await avatarButton(first.page, chosen, nickname).waitFor();
          expect(first.errors).toEqual([]);
        });
        expect(await storedLanguage(id)).toBe(chosen);

        // A new browser: nothing stored, so the site opens in the brand's default language…
        const fresh = await open(env.browser);
        await closing(fresh.context, async () => {
          await fresh.page.goto(env.khela.url);
          await header(fresh.page)
            .getByRole('button', { name: exact(t(brandDefault, 'header.login')) })
            .waitFor();
          expect(await fresh.page.evaluate(() => localStorage.getItem('lang'))).toBeNull();
          // …and switches to the account's language once the player logs in.
          await logInWithForm(fresh.page, brandDefault, account, password);
          await avatarButton(fresh.page, chosen, nickname).waitFor();
          expect(await fresh.page.evaluate(() => document.documentElement.lang)).toBe(chosen);
          expect(await fresh.page.evaluate(() => localStorage.getItem('lang'))).toBe(chosen);
          expect(fresh.errors).toEqual([]);
        });
      } finally {
        await env.khela.db.kysely
          .updateTable('brands')
          .set({ default_language: 'bn' })
          .where('id', '=', brandId)
          .execute();
        env.khela.refresh();
      }
    });
  }
});
