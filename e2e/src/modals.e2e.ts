import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { exact, open, settle, t, useKhela } from './support';

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

/** Whether keyboard focus is on an element inside `dialog`. */
const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

describe('modals and the phone drawer', () => {
  const env = useKhela();

  async function home(opts: Parameters<typeof open>[1] = {}) {
    const opened = await open(env.browser, opts);
    await opened.page.goto(`${env.khela.url}/`);
    await opened.page.getByRole('banner').waitFor();
    await settle(opened.page);
    return opened;
  }

  it('the header Login button opens the popup in login mode; it locks scrolling, traps focus and closes on Escape', async () => {
    const { context, page, errors } = await home();
    try {
      expect(await bodyOverflow(page)).toBe('');
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'header.login')) })
        .click();
      const dialog = page.getByRole('dialog', { name: exact(t('bn', 'auth.loginTitle')) });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(
        await dialog.getByRole('tab', { name: exact(t('bn', 'auth.tabLogin')) }).getAttribute('aria-selected'),
      ).toBe('true');
      expect(await bodyOverflow(page)).toBe('hidden');

      // Focus moves into the dialog and stays there, forwards and backwards.
      await expect.poll(() => focusInside(dialog)).toBe(true);
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog), `focus left the dialog after ${i + 1} Tab presses`).toBe(true);
      }
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(dialog), `focus left the dialog after ${i + 1} Shift+Tab presses`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await bodyOverflow(page)).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the header Register button (DIRECTREG3 on) opens the popup in register mode; a click outside closes it', async () => {
    const flag = await env.khela.db.kysely
      .selectFrom('whitelabel_modules')
      .innerJoin('brands', 'brands.id', 'whitelabel_modules.brand_id')
      .select('whitelabel_modules.enabled')
      .where('brands.is_default', '=', true)
      .where('whitelabel_modules.code', '=', 'DIRECTREG3')
      .executeTakeFirstOrThrow();
    expect(flag.enabled).toBe(true);

    const { context, page, errors } = await home();
    try {
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'header.register')) })
        .click();
      const dialog = page.getByRole('dialog', { name: exact(t('bn', 'auth.registerTitle')) });
      await dialog.waitFor();
      expect(
        await dialog.getByRole('tab', { name: exact(t('bn', 'auth.tabRegister')) }).getAttribute('aria-selected'),
      ).toBe('true');
      expect(await bodyOverflow(page)).toBe('hidden');

      // A point of the backdrop well away from the dialog.
      const box = await dialog.boundingBox();
      if (!box) throw new Error('the dialog has no box');
      const outside = { x: 8, y: 8 };
      expect(outside.x < box.x || outside.y < box.y).toBe(true);
      await page.mouse.click(outside.x, outside.y);
      await dialog.waitFor({ state: 'detached' });
      expect(await bodyOverflow(page)).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the side menu opens the download modal: Android and iOS tabs, four steps each to install the site, a QR code on step 1', async () => {
    const { context, page, errors } = await home();
    try {
      const menu = page.getByRole('complementary', { name: exact(t('bn', 'sideMenu.label')) });
      await menu.getByRole('button', { name: exact(t('bn', 'sideMenu.downloadApp')) }).click();
      const dialog = page.getByRole('dialog', { name: exact(t('bn', 'download.title')) });
      await dialog.waitFor();
      expect(await bodyOverflow(page)).toBe('hidden');

      const tabs = dialog.getByRole('tablist', { name: exact(t('bn', 'download.platforms')) }).getByRole('tab');
      expect(await tabs.allTextContents()).toEqual([t('bn', 'download.android.name'), t('bn', 'download.ios.name')]);

      // The demo brand has no app of its own: the steps install the site itself, and the QR code
      // opens the download page on the phone.
      for (const os of ['android', 'ios'] as const) {
        const name = t('bn', `download.${os}.name`);
        const tab = dialog.getByRole('tab', { name: exact(name) });
        await tab.click();
        expect(await tab.getAttribute('aria-selected')).toBe('true');
        const steps = dialog.getByRole('tabpanel').getByRole('listitem');
        expect(await steps.count()).toBe(4);
        for (let n = 1; n <= 4; n++) {
          await steps
            .nth(n - 1)
            .getByRole('heading', { name: exact(t('bn', `download.web.${os}.step${n}Title`)) })
            .waitFor();
        }
        const qr = steps.first().getByRole('img', { name: exact(t('bn', 'download.web.qrTitle')) });
        await qr.waitFor();
        expect(await qr.getAttribute('data-value')).toBe(`${env.khela.url}/down`);
        // Spec §2: 100 px.
        expect(await qr.evaluate((el) => [el.getAttribute('width'), el.getAttribute('height')])).toEqual([
          '100',
          '100',
        ]);
        for (let n = 2; n <= 4; n++)
          expect(
            await steps
              .nth(n - 1)
              .getByRole('img', { name: /./ })
              .count(),
          ).toBe(0);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("on a phone the side menu is a drawer opened by the header's menu button", async () => {
    const { context, page, errors } = await home({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const menu = page.getByRole('complementary', { name: exact(t('bn', 'sideMenu.label')) });
      const button = page.getByRole('banner').getByRole('button', { name: exact(t('bn', 'header.openMenu')) });
      // Closed: off screen and hidden from assistive technology.
      expect(await menu.count()).toBe(0);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      await button.click();
      await menu.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(async () => {
          const box = await menu.boundingBox();
          return box ? Math.round(box.x) : null;
        })
        .toBe(0);
      const box = await menu.boundingBox();
      expect(box?.width).toBeLessThan(PHONE.width);
      expect(await bodyOverflow(page)).toBe('hidden');
      await menu.getByRole('link', { name: exact(t('bn', 'sideMenu.home')) }).waitFor();

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await bodyOverflow(page)).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
