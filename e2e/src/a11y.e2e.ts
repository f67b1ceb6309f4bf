import { describe, expect, it } from 'vitest';
import { type AxeViolation, blocking, describeViolations, runAxe } from './axe';
import { DESKTOP, PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { open, settle, useKhela } from './support';

type Theme = 'dark' | 'light';

/** Each page with an element that only shows once its content has loaded. */
const PAGES: { path: string; ready: string }[] = [
  { path: '/', ready: 'footer' },
  { path: '/register', ready: 'main h1' },
  { path: '/helpmc', ready: 'main .help-section' },
];

/** No violation found; otherwise the report of each, in the log and in the failure. */
function expectNone(found: AxeViolation[], where: string) {
  if (found.length > 0) console.error(describeViolations(where, found));
  expect(
    found.map((v) => v.id),
    describeViolations(where, found),
  ).toEqual([]);
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  const env = useKhela();

  async function audit(path: string, ready: string, theme: Theme, viewport: { width: number; height: number }) {
    const { context, page, errors } = await open(env.browser, {
      viewport,
      // The carousel and marquee hold still, so contrast is measured on what a reader sees at rest.
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript((th) => localStorage.setItem('theme', th), theme);
      await page.goto(`${env.khela.url}${path}`);
      await page.locator(ready).first().waitFor();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      // axe can only measure colour contrast of what is inside the viewport: grow it to the whole
      // page (same width, so the same layout) so text below the fold and in the side menu's own
      // scroll area is checked too.
      const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, fullHeight) });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expectNone(blocking(await runAxe(page)), `${path} ${theme} ${viewport.width}x${viewport.height}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  for (const theme of ['dark', 'light'] as const) {
    for (const { path, ready } of PAGES) {
      it(`${path} in the ${theme} theme at desktop size`, () => audit(path, ready, theme, DESKTOP));
    }
  }
  for (const theme of ['dark', 'light'] as const) {
    it(`/ in the ${theme} theme at phone size`, () => audit('/', 'footer', theme, PHONE));
  }

  // The account menu is only there once opened: its panel, its items and their colours.
  for (const theme of ['dark', 'light'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`the open account menu in the ${theme} theme at ${size} size`, async () => {
        const account = await fundedPlayer(env.khela, 'menu');
        const { context, page, errors } = await openLoggedIn(env, account, 'bn', { theme, viewport });
        try {
          await page.locator('.avatar-menu-button').click();
          await page.locator('.avatar-menu-panel').getByRole('menuitem').first().waitFor();
          await settle(page);
          expectNone(blocking(await runAxe(page, '.avatar-menu-panel')), `account menu ${theme} ${size}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
