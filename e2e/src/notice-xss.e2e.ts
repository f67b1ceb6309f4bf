import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBrandId, exact, open, settle, t, useKhela } from './support';

/** Operator HTML with the classic ways to run script; none may run, and the sanitiser should drop them all. */
const HOSTILE_HTML = [
  '<p>Server maintenance is finished. <b>Thank you</b> for waiting.</p>',
  '<script>window.__pwned=1</script>',
  '<img src="x" onerror="window.__pwned=2">',
  '<a href="javascript:window.__pwned=3">x</a>',
  '<svg onload="window.__pwned=4"><circle r="1"></circle></svg>',
  '<details open ontoggle="window.__pwned=5"><summary>more</summary>details</details>',
  '<iframe src="javascript:window.__pwned=6"></iframe>',
  '<form action="javascript:window.__pwned=7"><button>go</button></form>',
].join('\n');

const TITLE = { bn: 'নিরাপত্তা পরীক্ষার ঘোষণা', en: 'Security check notice' };

type Probe = { __pwned?: number; __csp?: string[] };

/**
 * Records Content-Security-Policy violations of every page of the context in window.__csp as
 * '<directive> <blocked> <source file>'.
 */
async function recordCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as Probe;
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
    });
  });
}

/**
 * DOMPurify parses the operator's HTML in an inert DOMParser document (scripting off: nothing
 * there can run). Chromium still reports each inline handler attribute it parses there as a
 * script-src-attr violation, from the sanitiser's chunk. Those reports are the sanitiser reading
 * the payload, not anything executing; every other report would be.
 */
const SANITISER_PARSE = /^script-src-attr inline \S*\/assets\/sanitize-(?!lazy)[\w-]+\.js$/;

describe('notice modal with hostile operator HTML', () => {
  const env = useKhela();

  beforeAll(async () => {
    await env.khela.db.kysely
      .insertInto('announcements')
      .values({
        brand_id: await defaultBrandId(env.khela),
        type: 'PL',
        platform: 'W',
        title: JSON.stringify(TITLE),
        content: JSON.stringify({ bn: HOSTILE_HTML, en: HOSTILE_HTML }),
      })
      .execute();
  });

  it('shows the notice without running any of its script', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      await recordCspViolations(context);
      await page.goto(`${env.khela.url}/`);
      const menu = page.getByRole('complementary', { name: exact(t('bn', 'sideMenu.label')) });
      await menu.waitFor();
      await settle(page);
      // Notices are kept for the browser session: start from an empty cache so the list is read again.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await menu.getByRole('button', { name: exact(t('bn', 'sideMenu.announcements')) }).click();

      const dialog = page.getByRole('dialog', { name: exact(t('bn', 'notices.title')) });
      await dialog.getByRole('button', { name: TITLE.bn }).click();
      const detail = dialog.getByRole('article', { name: exact(TITLE.bn) });
      const content = detail.locator('.notice-content');
      await content.getByText('Thank you').waitFor();
      // Let the notice's images settle (an onerror would fire by then).
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.notice-content img')).every((img) => img.complete),
      );
      await settle(page);

      // A link left without a javascript: address (checked here) and without handler attributes
      // (checked below) has nothing to run when clicked.
      const link = content.getByText('x', { exact: true });
      if ((await link.count()) > 0) {
        const href = await link.getAttribute('href');
        expect(href ?? '').not.toMatch(/^\s*javascript:/i);
        await link.click();
      }

      const dom = await content.evaluate((root) => {
        const all: Element[] = [root, ...Array.from(root.querySelectorAll('*'))];
        return {
          scripts: root.querySelectorAll('script').length,
          frames: root.querySelectorAll('iframe, frame, object, embed, form').length,
          handlers: all.flatMap((el) => el.getAttributeNames().filter((a) => a.toLowerCase().startsWith('on'))),
          jsUrls: all.flatMap((el) =>
            el
              .getAttributeNames()
              .filter((a) => /^\s*javascript:/i.test(el.getAttribute(a) ?? ''))
              .map((a) => `${el.tagName.toLowerCase()}[${a}]`),
          ),
        };
      });
      expect(dom).toEqual({ scripts: 0, frames: 0, handlers: [], jsUrls: [] });
      expect(await dialog.locator('script, [onerror], [onload], [ontoggle]').count()).toBe(0);

      const probe = await page.evaluate(() => {
        const w = window as unknown as Probe;
        return { pwned: w.__pwned, csp: w.__csp ?? [] };
      });
      // Nothing ran, and the CSP had nothing to stop on the live page: the sanitiser removed it all.
      expect(probe.pwned).toBeUndefined();
      const parseReports = probe.csp.filter((v) => SANITISER_PARSE.test(v));
      expect(probe.csp.filter((v) => !SANITISER_PARSE.test(v))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/');
      // Chromium also logs each of those parse-time reports to the console; nothing else may be logged.
      const parseLogs = errors.filter((e) => /^Executing inline event handler violates .*'script-src-attr/.test(e));
      expect(errors.filter((e) => !parseLogs.includes(e))).toEqual([]);
      expect(parseLogs.length).toBe(parseReports.length);
    } finally {
      await context.close();
    }
  });

  it('is served with a Content-Security-Policy that forbids inline script', async () => {
    const { context, page } = await open(env.browser);
    try {
      await recordCspViolations(context);
      const response = await page.goto(`${env.khela.url}/`);
      const header = response?.headers()['content-security-policy'] ?? '';
      const directives = new Map(
        header
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [(name as string).toLowerCase(), values]),
      );
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
      expect(scriptSrc, `CSP: ${header}`).toBeDefined();
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
        expect(scriptSrc).not.toContain(loose);
      }
      const attr = directives.get('script-src-attr');
      if (attr) expect(attr).toEqual(["'none'"]);

      // And the browser enforces it: an inline script and an inline handler added to the page stay inert.
      await page.getByRole('banner').waitFor();
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 8';
        document.body.append(s);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__pwned = 9');
        img.src = 'data:,not-an-image';
        document.body.append(img);
      });
      await page.waitForFunction(() => ((window as unknown as Probe).__csp?.length ?? 0) >= 2);
      const probe = await page.evaluate(() => {
        const w = window as unknown as Probe;
        return { pwned: w.__pwned, csp: w.__csp };
      });
      expect(probe.pwned).toBeUndefined();
      expect(probe.csp).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script-src-elem inline/),
          expect.stringMatching(/^script-src-attr inline/),
        ]),
      );
    } finally {
      await context.close();
    }
  });
});
