import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { countryOf } from '../../apps/server/src/platform/geo';
import { exact, type Lang, open, settle, t, useKhela } from './support';

/** A public address geoip-country places in Bangladesh (checked below, so a new database cannot silently move it). */
const BD_IP = '103.4.144.1';
/** A public address in the United States. */
const US_IP = '8.8.8.8';
/** The demo brand's customer service (its Telegram channel, csType 3): what Contact Us opens. */
const SUPPORT = 'https://t.me/khela_demo_support';
/** The demo brand's name (apps/server/src/seed/demo.ts). */
const BRAND = 'Khela';

describe('system status screens', () => {
  // Behind a proxy that names the visitor in X-Forwarded-For; status 1 does not depend on it.
  const env = useKhela({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });

  afterEach(async () => {
    await env.khela.db.kysely
      .updateTable('brands')
      .set({ maintenance_start: null, maintenance_end: null, deny_countries: [], allow_countries: [] })
      .where('is_default', '=', true)
      .execute();
    env.khela.refresh();
  });

  async function startMaintenance(): Promise<Date> {
    const row = await env.khela.db.kysely
      .updateTable('brands')
      .set({
        maintenance_start: sql`now() - interval '1 hour'`,
        maintenance_end: sql`now() + interval '2 hours'`,
      })
      .where('is_default', '=', true)
      .returning('maintenance_end')
      .executeTakeFirstOrThrow();
    env.khela.refresh();
    return new Date(row.maintenance_end as unknown as string);
  }

  /**
   * The end time as the formatter (contract format.ts) writes it, in the page's time zone: medium
   * date, short time; Bengali in Bengali digits on the 24-hour clock, English day first.
   */
  function formatEnd(page: Page, lang: Lang, end: Date): Promise<string> {
    return page.evaluate(
      ({ tag, iso, h23 }) =>
        new Intl.DateTimeFormat(tag, {
          dateStyle: 'medium',
          timeStyle: 'short',
          hourCycle: h23 ? 'h23' : 'h12',
        }).format(new Date(iso)),
      { tag: lang === 'bn' ? 'bn-BD-u-nu-beng' : 'en-IN-u-nu-latn', iso: end.toISOString(), h23: lang === 'bn' },
    );
  }

  /**
   * Opens / in `lang` (Dhaka time, optionally behind the proxy's header), waits for the screen's
   * heading and the fonts, runs `check`, then asserts the console stayed clean and closes.
   */
  async function onScreen(
    lang: Lang,
    heading: string,
    opts: { headers?: Record<string, string> },
    check: (page: Page, context: BrowserContext) => Promise<void>,
  ) {
    const { context, page, errors } = await open(env.browser, {
      timezoneId: 'Asia/Dhaka',
      ...(opts.headers ? { extraHTTPHeaders: opts.headers } : {}),
    });
    try {
      if (lang !== 'bn') await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${env.khela.url}/`);
      await page.getByRole('heading', { level: 1, name: exact(heading) }).waitFor();
      await settle(page);
      await check(page, context);
      // The first screen asks for its banners and menus with the status, before it knows the site
      // is closed to this visitor; the server refuses them (503 in maintenance, 403 restricted)
      // and the browser logs each refusal. Anything else is an error.
      expect(errors.filter((e) => !/status of (503|403) /.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** Denies Bangladesh: a visitor from there gets status 2. */
  async function denyBangladesh() {
    await env.khela.db.kysely
      .updateTable('brands')
      .set({ deny_countries: ['BD'] })
      .where('is_default', '=', true)
      .execute();
    env.khela.refresh();
  }

  /** Contact Us opens customer service in a new tab; the outside address is answered locally. */
  async function expectContactUsOpensSupport(context: BrowserContext, page: Page, lang: Lang) {
    await context.route(`${SUPPORT}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>support</title>' }),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: exact(t(lang, 'status.contactUs')) }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(SUPPORT);
    // The site itself stays where it was.
    expect(new URL(page.url()).pathname).toBe('/');
    await popup.close();
  }

  for (const lang of ['bn', 'en'] as const)
    it(`status 1 [${lang}]: System Maintenance with the end time and a Contact Us button`, async () => {
      const end = await startMaintenance();
      await onScreen(lang, t(lang, 'status.maintenanceTitle'), {}, async (page, context) => {
        // spec §2's wording, in English: 'Dear valued Customer: …'.
        if (lang === 'en') expect(t(lang, 'status.apology')).toMatch(/^Dear valued Customer: /);
        await page.getByText(t(lang, 'status.apology'), { exact: true }).waitFor();
        const until = t(lang, 'status.maintenanceUntil', { time: await formatEnd(page, lang, end) });
        await page.getByText(until, { exact: true }).waitFor();
        // The site is not shown behind it.
        expect(await page.getByRole('banner').count()).toBe(0);
        await expectContactUsOpensSupport(context, page, lang);
      });
    });

  it('status 2: shows IP Restriction with the visitor IP and country for a denied country', async () => {
    expect(countryOf(BD_IP)).toBe('BD');
    await denyBangladesh();
    const headers = { 'x-forwarded-for': BD_IP };
    await onScreen('bn', t('bn', 'status.restrictedTitle'), { headers }, async (page, context) => {
      await page.getByText(t('bn', 'status.apology'), { exact: true }).waitFor();
      const facts = page.locator('main');
      await facts.getByText(t('bn', 'status.ipAddress'), { exact: true }).waitFor();
      await facts.getByText(BD_IP, { exact: true }).waitFor();
      await facts.getByText(t('bn', 'status.country'), { exact: true }).waitFor();
      const bangladesh = new Intl.DisplayNames(['bn-BD'], { type: 'region' }).of('BD') as string;
      await facts.getByText(`${bangladesh} (BD)`, { exact: true }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      await expectContactUsOpensSupport(context, page, 'bn');
    });
  });

  it('status 0: a visitor from a country that is not denied sees the site', async () => {
    expect(countryOf(US_IP)).toBe('US');
    await denyBangladesh();
    const headers = { 'x-forwarded-for': US_IP };
    // The home page's heading: the welcome strip.
    await onScreen('bn', t('bn', 'pages.welcomeTitle', { brand: BRAND }), { headers }, async (page) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'header.login')) })
        .waitFor();
      expect(await page.getByRole('heading', { name: exact(t('bn', 'status.restrictedTitle')) }).count()).toBe(0);
    });
  });
});
