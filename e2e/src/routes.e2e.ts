import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PROMOTIONS } from '../../apps/server/src/seed/demo-promotions';
import { exact, type Layout, layoutOf, open, settle, t, useKhela } from './support';

/** Layout parts a route must (true) or must not (false) show; a part left out is not specified. */
type Expected = Partial<Layout>;

const ALL: Expected = { header: true, banner: true, footer: true, sideMenu: true };
const HEADER_ONLY: Expected = { header: true, banner: false, footer: false, sideMenu: false };
const BRAND = 'Khela';

/**
 * Spec §2 'Routes', every path and alias, with its layout and the page heading that proves the
 * right page is shown.
 * - /cockfight and /hot: the table gives lobbies a banner, but §2's list of banner groups has
 *   none for them, so whether they show one is not specified.
 * - /helpmc: 'no header' — and the table names nothing else for it.
 * - /help and /login are not in the table: /help shows the w_help banner group (§2) under a
 *   header; /login is where the guard sends visitors, under the site header.
 */
const ROUTES: { path: string; layout: Expected; heading: string }[] = [
  ...['/', '/index', '/index.html', '/home'].map((path) => ({
    path,
    layout: ALL,
    heading: t('bn', 'pages.welcomeTitle', { brand: BRAND }),
  })),
  ...['/register', '/register.html'].map((path) => ({
    path,
    layout: { header: true, banner: true, footer: false, sideMenu: false },
    heading: t('bn', 'pages.createAccount'),
  })),
  {
    path: '/pointMall',
    layout: { header: true, banner: true, footer: true, sideMenu: false },
    heading: t('bn', 'pages.title.pointMall'),
  },
  { path: '/lottery', layout: HEADER_ONLY, heading: t('bn', 'pages.title.lottery') },
  {
    path: '/vnlottery',
    layout: { header: true, banner: false, footer: false, sideMenu: true },
    heading: t('bn', 'pages.title.vnlottery'),
  },
  ...(
    [
      ['/rng', 'RNG'],
      ['/pvp', 'PVP'],
      ['/live', 'LIVE'],
      ['/fish', 'FISH'],
      ['/sports', 'SPORTS'],
      ['/esports', 'ESPORTS'],
      ['/inhouse', 'INHOUSE'],
      ['/elott', 'ELOTT'],
    ] as const
  ).map(([path, category]) => ({ path, layout: ALL, heading: t('bn', `pages.categories.${category}`) })),
  ...(
    [
      ['/cockfight', 'COCKFIGHT'],
      ['/hot', 'HOT'],
    ] as const
  ).map(([path, category]) => ({
    path,
    layout: { header: true, footer: true, sideMenu: true },
    heading: t('bn', `pages.categories.${category}`),
  })),
  {
    path: '/promotions',
    layout: { header: true, banner: false, footer: true, sideMenu: true },
    heading: t('bn', 'pages.title.promotions'),
  },
  {
    // The demo seed's first promotion (ids start at 1 on a fresh database).
    path: '/promoDetail?id=1',
    layout: { header: true, banner: false, footer: true, sideMenu: true },
    heading: DEMO_PROMOTIONS[0]?.title.bn ?? '',
  },
  {
    path: '/seamless',
    layout: { header: true, banner: false, footer: false, sideMenu: true },
    heading: t('bn', 'pages.title.seamless'),
  },
  {
    path: '/helpmc',
    layout: { header: false, banner: false, footer: false, sideMenu: false },
    heading: t('bn', 'help.title'),
  },
  { path: '/help', layout: { header: true, banner: true }, heading: t('bn', 'help.title') },
  ...['/down', '/download'].map((path) => ({
    path,
    layout: ALL,
    heading: t('bn', 'download.pageTitle', { brand: BRAND }),
  })),
  { path: '/game', layout: HEADER_ONLY, heading: t('bn', 'pages.title.game') },
  { path: '/login', layout: { header: true }, heading: t('bn', 'app.loginRequiredTitle') },
];

const NOT_FOUND = t('bn', 'app.notFoundTitle');

/** Scroll position, how far the page can scroll, and the viewport height. */
const scrollState = (page: Page) =>
  page.evaluate(() => ({
    y: window.scrollY,
    max: document.documentElement.scrollHeight - window.innerHeight,
  }));

describe('routes of spec §2', () => {
  const env = useKhela();

  /**
   * The route checks share a few visitor pages, one for each check running at once (vitest's
   * maxConcurrency): each route is still a full load of its address, as a typed or shared link
   * is, but with the site's files already in the page's cache. A fresh context for every route
   * cost Chromium about 3 s of CPU each (a cold cache and a new renderer) — most of this file's
   * time on a two-core machine; the cold first visit has its own test (first-visit.e2e.ts). A
   * page whose check failed is closed, not shared.
   */
  const idle: Awaited<ReturnType<typeof open>>[] = [];
  async function withVisitorPage(check: (opened: Awaited<ReturnType<typeof open>>) => Promise<void>) {
    const opened = idle.pop() ?? (await open(env.browser));
    opened.errors.length = 0;
    try {
      await check(opened);
    } catch (e) {
      await opened.context.close();
      throw e;
    }
    idle.push(opened);
  }

  for (const route of ROUTES) {
    it.concurrent(`${route.path} shows its page and layout without console errors`, async ({ expect }) => {
      await withVisitorPage(async ({ page, errors }) => {
        const response = await page.goto(`${env.khela.url}${route.path}`);
        // The server answers every route of the site with the web app.
        expect(
          { status: response?.status(), type: response?.headers()['content-type'] },
          `GET ${route.path}`,
        ).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
        await page.getByRole('heading', { level: 1, name: exact(route.heading) }).waitFor();
        await settle(page);
        // Polled: the footer comes once the first screen has settled (DeferredFooter), which can
        // be a moment after the network went quiet. A part a route must not show is never built.
        const specified = async () => {
          const layout = await layoutOf(page);
          return Object.fromEntries(
            (Object.keys(route.layout) as (keyof Layout)[]).map((part) => [part, layout[part]]),
          );
        };
        await expect.poll(specified).toEqual(route.layout);
        expect(await page.getByRole('heading', { name: exact(NOT_FOUND) }).count()).toBe(0);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(route.path);
        expect(errors).toEqual([]);
      });
    });
  }

  it('an unknown path shows the 404 page under the site header, without console errors', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      await page.goto(`${env.khela.url}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: exact(NOT_FOUND) }).waitFor();
      await settle(page);
      expect((await layoutOf(page)).header).toBe(true);
      await page.getByText(t('bn', 'app.notFoundText'), { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/no-such-page');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('every navigation scrolls to the top', async () => {
    // A short window, so every page here scrolls.
    const { context, page, errors } = await open(env.browser, { viewport: { width: 1280, height: 600 } });
    try {
      const menu = page.getByRole('complementary', { name: exact(t('bn', 'sideMenu.label')) });
      // Start on /hot so its page code is loaded: the later navigation back to it renders at once
      // instead of passing through a short loading screen (which would reset the scroll by itself).
      await page.goto(`${env.khela.url}/hot`);
      await page.getByRole('heading', { level: 1, name: exact(t('bn', 'pages.categories.HOT')) }).waitFor();
      await settle(page);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect((await scrollState(page)).y).toBeGreaterThan(0);
      await menu.getByRole('link', { name: exact(t('bn', 'sideMenu.home')) }).click();
      await page
        .getByRole('heading', { level: 1, name: exact(t('bn', 'pages.welcomeTitle', { brand: BRAND })) })
        .waitFor();
      await settle(page);
      expect((await scrollState(page)).y).toBe(0);

      // Part way down: a position the next page is tall enough to keep if nothing reset it.
      await page.evaluate(() => window.scrollTo(0, 250));
      const before = await scrollState(page);
      expect(before.y).toBe(250);
      await menu.getByRole('link', { name: exact(t('bn', 'sideMenu.hot')) }).click();
      await page.getByRole('heading', { level: 1, name: exact(t('bn', 'pages.categories.HOT')) }).waitFor();
      await settle(page);
      const after = await scrollState(page);
      // The page could have kept the earlier position; it is at the top.
      expect(after.max).toBeGreaterThanOrEqual(before.y);
      expect(after.y).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/hot');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe('navigation to an address with a hash scrolls to its target', () => {
    /** The last help section: far enough down the help centre that reaching it needs a scroll. */
    async function lastSectionId(): Promise<string> {
      const row = await env.khela.db.kysely
        .selectFrom('help_sections')
        .innerJoin('brands', 'brands.id', 'help_sections.brand_id')
        .select('help_sections.key')
        .where('brands.is_default', '=', true)
        .orderBy('help_sections.sort', 'desc')
        .orderBy('help_sections.id', 'desc')
        .executeTakeFirstOrThrow();
      return `help-${row.key}`;
    }

    /** The target is at the top of the window, or the page is scrolled as far as it can go towards it. */
    async function expectScrolledTo(page: Page, id: string) {
      const target = page.locator(`[id="${id}"]`);
      await target.waitFor();
      await settle(page);
      const where = () =>
        target.evaluate((el) => {
          const top = Math.round(el.getBoundingClientRect().top);
          const max = document.documentElement.scrollHeight - window.innerHeight;
          const y = Math.round(window.scrollY);
          return { top, y, max, ok: y > 0 && (Math.abs(top) <= 2 || (y >= max - 1 && top < window.innerHeight)) };
        });
      // Smooth scrolling takes a few frames.
      await vi.waitFor(
        async () => {
          const state = await where();
          expect(state, `#${id}: target top ${state.top}px, scrollY ${state.y} of ${state.max}`).toMatchObject({
            ok: true,
          });
        },
        { timeout: 5_000, interval: 100 },
      );
    }

    it('in the app (client-side navigation)', async () => {
      const id = await lastSectionId();
      const { context, page, errors } = await open(env.browser, { viewport: { width: 1280, height: 600 } });
      try {
        await page.goto(`${env.khela.url}/`);
        await page.getByRole('banner').waitFor();
        await settle(page);
        await page.evaluate(() => window.scrollTo(0, 300));
        // No link of the site carries a hash yet: navigate the way a router link does
        // (history.pushState, then the popstate the router listens to).
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        }, `/helpmc#${id}`);
        await page.getByRole('heading', { level: 1, name: exact(t('bn', 'help.title')) }).waitFor();
        await expectScrolledTo(page, id);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('when the page is opened', async () => {
      const id = await lastSectionId();
      const { context, page, errors } = await open(env.browser, { viewport: { width: 1280, height: 600 } });
      try {
        await page.goto(`${env.khela.url}/helpmc#${id}`);
        await page.getByRole('heading', { level: 1, name: exact(t('bn', 'help.title')) }).waitFor();
        await expectScrolledTo(page, id);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
