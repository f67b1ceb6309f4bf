import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH, ROUTES } from '../../apps/web/src/app/routes';
import { PHONE } from './harness';
import { exact, type Lang, open, settle, t, useKhela } from './support';

/*
 * No link on the site is dead. Every href of the home page, a lobby, the login page, the side
 * menu and the app download guide is collected in the browser: a link to this site must answer
 * 200 (a page of the route table, or a file that exists), and no link may point at a placeholder
 * host. The site installs as an app: its manifest and icons are served, the download button
 * shows the browser's install dialog when Chromium offers one, and otherwise the guide shows how
 * to add the site to the home screen.
 */

/** Hosts that exist only in examples and tests (RFC 2606, RFC 6761). */
const PLACEHOLDER_HOST = /(^|\.)(example(\.(com|net|org))?|invalid|test|localhost)$/i;

/** Every page address the web app routes (the rest is its not-found page). */
const ROUTED = new Set(
  [...ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]), LOGIN_PATH].map((p) => p.toLowerCase()),
);

/** The absolute http(s) targets of every link and `<link>` in the document, hidden ones included. */
function hrefsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement | HTMLLinkElement>('a[href], link[href]')]
      .map((e) => e.href)
      .filter((h) => /^https?:/.test(h)),
  );
}

describe('links', () => {
  const env = useKhela();

  /** What is wrong with each link: a placeholder host, a page outside the routes, an answer not 200. */
  async function deadLinks(hrefs: Iterable<string>): Promise<string[]> {
    const problems: string[] = [];
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      if (PLACEHOLDER_HOST.test(url.hostname)) problems.push(`placeholder host: ${href}`);
      // Other sites cannot be reached from this machine; their hosts are checked above.
      if (url.origin !== env.khela.url) continue;
      if (path.extname(url.pathname) === '' && !ROUTED.has(url.pathname.toLowerCase().replace(/(.)\/$/, '$1')))
        problems.push(`no such page: ${href}`);
      const res = await fetch(href);
      if (res.status !== 200) problems.push(`${res.status}: ${href}`);
    }
    return problems;
  }

  for (const lang of ['bn', 'en'] as const) {
    it(`on home, a lobby, the login page, the side menu and the download guide all lead somewhere (${lang})`, async () => {
      const { context, page, errors } = await open(env.browser);
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const hrefs: string[] = [];
        for (const at of ['/', '/rng', LOGIN_PATH, '/down']) {
          await page.goto(`${env.khela.url}${at}`);
          await page.getByRole('banner').waitFor();
          await settle(page);
          hrefs.push(...(await hrefsOf(page)));
        }
        // The side menu (every category and vendor, folded lists too) and the download guide.
        await page.goto(`${env.khela.url}/`);
        const menu = page.getByRole('complementary', { name: exact(t(lang, 'sideMenu.label')) });
        await menu.getByRole('link', { name: exact(t(lang, 'sideMenu.helpCenter')) }).waitFor();
        await settle(page);
        await menu.getByRole('button', { name: exact(t(lang, 'sideMenu.downloadApp')) }).click();
        const guide = page.getByRole('dialog', { name: exact(t(lang, 'download.title')) });
        for (const os of ['android', 'ios'] as const) {
          await guide.getByRole('tab', { name: exact(t(lang, `download.${os}.name`)) }).click();
          await guide.getByTestId('qr-code').waitFor();
          hrefs.push(...(await hrefsOf(page)));
        }
        expect(hrefs.length).toBeGreaterThan(30);
        expect(hrefs).toContain(`${env.khela.url}/manifest.webmanifest?lang=${lang}`);
        expect(await deadLinks(hrefs)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("serves the brand's app manifest in the reader's language, with icons that exist", async () => {
    for (const lang of ['bn', 'en'] as const) {
      const res = await fetch(`${env.khela.url}/manifest.webmanifest?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const m = (await res.json()) as { name: string; lang: string; display: string; icons: { src: string }[] };
      expect(m).toMatchObject({ name: 'Khela', lang, display: 'standalone' });
      for (const icon of m.icons) {
        const file = await fetch(new URL(icon.src, env.khela.url));
        expect(file.status, icon.src).toBe(200);
        expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      }
    }
    // iOS looks for its home-screen icon at this fixed address.
    expect((await fetch(`${env.khela.url}/apple-touch-icon.png`)).status).toBe(200);
  });

  describe('installing the site as an app', () => {
    async function phone(lang: Lang, userAgent?: string) {
      const opened = await open(env.browser, {
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        ...(userAgent ? { userAgent } : {}),
      });
      await opened.context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await opened.page.goto(`${env.khela.url}/`);
      await opened.page.getByRole('button', { name: exact(t(lang, 'header.openMenu')) }).click();
      return opened;
    }

    it("shows Chromium's install dialog from the download button when the browser offers it", async () => {
      const lang: Lang = 'bn';
      const { context, page, errors } = await phone(lang);
      try {
        // What Chromium fires once the site is installable and the visitor engaged with it.
        await page.evaluate(() => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: () => {
              (window as unknown as { prompted: boolean }).prompted = true;
              return Promise.resolve();
            },
            userChoice: Promise.resolve({ outcome: 'accepted' }),
          });
          window.dispatchEvent(offer);
        });
        const menu = page.getByRole('complementary', { name: exact(t(lang, 'sideMenu.label')) });
        await menu.getByRole('button', { name: exact(t(lang, 'sideMenu.downloadApp')) }).click();
        await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
        expect(await page.getByRole('dialog', { name: exact(t(lang, 'download.title')) }).count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('shows an iPhone how to add the site to its home screen', async () => {
      const lang: Lang = 'en';
      const iphone =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
      const { context, page, errors } = await phone(lang, iphone);
      try {
        const menu = page.getByRole('complementary', { name: exact(t(lang, 'sideMenu.label')) });
        await menu.getByRole('button', { name: exact(t(lang, 'sideMenu.downloadApp')) }).click();
        const guide = page.getByRole('dialog', { name: exact(t(lang, 'download.title')) });
        const ios = guide.getByRole('tab', { name: exact(t(lang, 'download.ios.name')) });
        expect(await ios.getAttribute('aria-selected')).toBe('true');
        for (let n = 1; n <= 4; n++)
          await guide.getByRole('heading', { name: exact(t(lang, `download.web.ios.step${n}Title`)) }).waitFor();
        expect(await guide.getByTestId('qr-code').getAttribute('data-value')).toBe(`${env.khela.url}/down`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
