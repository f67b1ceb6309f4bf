import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './harness';
import { open, settle, t, useKhela } from './support';

/** The bundle budgets (.size-limit.cjs), as `npx size-limit` reads them from the build. */
type Budget = { name: string; path: string[]; limit: string };
const budgets = createRequire(import.meta.url)('../../.size-limit.cjs') as Budget[];
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/web/dist');

/** The site paths of the files a budget counts. */
function counted(name: string): string[] {
  const budget = budgets.find((b) => b.name === name);
  if (!budget) throw new Error(`no budget named ${name}`);
  return budget.path.map((p) => `/${path.relative(dist, p)}`);
}

describe('a first visit to / downloads only what the home route budget counts', () => {
  const env = useKhela();

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${size}`, async () => {
      // A first visit: the popup notice opens, as it does for a new visitor.
      const { context, page, errors } = await open(env.browser, { viewport, popups: true });
      try {
        const loaded = new Set<string>();
        page.on('response', (r) => {
          const { pathname } = new URL(r.url());
          if (/\.(js|css)$/.test(pathname)) loaded.add(pathname);
        });
        await page.goto(`${env.khela.url}/`);
        // The first screen has settled once the popup notice has opened over it.
        await page.getByRole('dialog', { name: t('bn', 'notices.title') }).waitFor();
        await settle(page);
        const js = [...loaded].filter((f) => f.endsWith('.js'));
        const css = [...loaded].filter((f) => f.endsWith('.css'));
        expect(js.length).toBeGreaterThan(3);
        expect(js.filter((f) => !counted('JS loaded for the home route').includes(f))).toEqual([]);
        expect(css.filter((f) => !counted('CSS loaded for the home route').includes(f))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("a first visit asks for the site's code after the first screen (decision 0050)", () => {
  const env = useKhela();

  for (const path of ['/', '/login']) {
    it(`on ${path}: once the first screen is painted and its picture has arrived`, async () => {
      const { context, page, errors } = await open(env.browser, { viewport: PHONE });
      try {
        await page.goto(`${env.khela.url}${path}`);
        // The site has loaded once its layout (or the login popup's form) is on screen.
        await page.locator('#root input, #root main').first().waitFor();
        const timing = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const picture = resources.find((r) => r.name.includes('/img/banners/'));
          const code = resources.filter((r) => /\/assets\/[^/]+\.js$/.test(r.name));
          return {
            painted: paint?.startTime ?? Number.NaN,
            pictureArrived: picture?.responseEnd ?? Number.NaN,
            firstCodeAsked: Math.min(...code.map((r) => r.startTime)),
            files: code.length,
          };
        });
        expect(timing.files).toBeGreaterThan(3);
        expect(timing.firstCodeAsked).toBeGreaterThanOrEqual(timing.painted);
        expect(timing.firstCodeAsked).toBeGreaterThanOrEqual(timing.pictureArrived);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
