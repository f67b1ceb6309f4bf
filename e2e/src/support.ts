import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@khela/contract/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/passwords';
import { type Khela, launchChromium, networkQuiet, openPage, startKhela } from './harness';

/** The two languages the demo brand offers (spec §1: BN default, EN). */
export type Lang = 'bn' | 'en';

const LOCALES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/web/src/locales');

/**
 * Every namespace file of a language, keyed like the app does: `header.login` is header.json's
 * `login`. A feature's lazily loaded pack (`cashier/errors.json`) merges into its namespace, as
 * the app merges it when the feature opens.
 */
function loadTexts(lang: Lang): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      const have = into[k];
      if (have && typeof have === 'object' && v && typeof v === 'object')
        merge(have as Record<string, unknown>, v as Record<string, unknown>);
      else into[k] = v;
    }
  };
  const read = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) read(path.join(dir, e.name));
      else if (e.name.endsWith('.json')) {
        const ns = e.name.slice(0, -'.json'.length);
        out[ns] ??= {};
        merge(out[ns], JSON.parse(readFileSync(path.join(dir, e.name), 'utf8')));
      }
    }
  };
  read(path.join(LOCALES, lang));
  return out;
}

const TEXTS: Record<Lang, Record<string, unknown>> = { bn: loadTexts('bn'), en: loadTexts('en') };

/**
 * The shipped text of `key` in `lang` (the web app's locale files, so a wording change does not
 * break a test), with i18next's `{{name}}` placeholders filled in — a number as the site writes
 * it (Bengali digits in Bengali), a string as it is.
 */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = TEXTS[lang];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no text '${key}' in the ${lang} locale files`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`text '${key}' needs {{${name}}}`);
    const value = vars[name];
    return typeof value === 'number' ? formatter(lang).number(value) : String(value);
  });
}

/**
 * An amount as the site writes it (the one formatter, contract format.ts), in the demo brand's
 * two decimals: `money('bn', '10.50')` → '১০.৫০' (the header's figure, its symbol apart);
 * `money('en', '-20', { symbol: '৳' })` → '-৳20.00' (a record). A bigint is minor units.
 */
export function money(lang: Lang, amount: string | bigint, o: { symbol?: string; signed?: boolean } = {}): string {
  return formatter(lang).money(amount, { decimals: 2, ...o });
}

/** A digit as a page in either language writes it (a pattern for counting seconds on screen). */
export const ANY_DIGIT = '[0-9০-৯]';

/** An exact-match regular expression for a text (for role names and getByText). */
export function exact(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * The worker's browser: the files a worker runs one after another share it (they share the
 * worker's modules, e2e/vitest.config.ts), each in contexts of its own that it closes when done.
 * Launching Chromium for each file cost about two seconds of a core.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser;
  if (current) return current.then((b) => (b.isConnected() ? b : freshBrowser()));
  return freshBrowser();
}
function freshBrowser(): Promise<Browser> {
  workerBrowser = launchChromium();
  // A launch that failed is tried again by the next file, not handed on to it.
  workerBrowser.catch(() => {
    workerBrowser = undefined;
  });
  return workerBrowser;
}

/**
 * One server (fresh PGlite database) for a whole test file, and the worker's browser: call at
 * the top of a `describe`/file; the getters are valid inside tests and hooks. The file's pages
 * are closed after it, so none outlives its server.
 */
export function useKhela(env: Record<string, string> = {}): { readonly khela: Khela; readonly browser: Browser } {
  let khela: Khela | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [khela, browser] = await Promise.all([startKhela(env), sharedBrowser()]);
  });
  afterAll(async () => {
    await Promise.all((browser?.contexts() ?? []).map((c) => c.close()));
    await khela?.close();
  });
  return {
    get khela() {
      if (!khela) throw new Error('the server is not started (use inside a test or hook)');
      return khela;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started (use inside a test or hook)');
      return browser;
    },
  };
}

/**
 * Opens `path` in a fresh page in `lang` (stored as the language switch stores it; BN is the
 * brand default) and waits for the site header.
 */
export async function visit(
  env: { readonly khela: Khela; readonly browser: Browser },
  lang: Lang,
  path = '/',
  opts: Parameters<typeof openPage>[1] = {},
) {
  const opened = await open(env.browser, opts);
  if (lang !== 'bn') await opened.context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await opened.page.goto(`${env.khela.url}${path}`);
  await opened.page.getByRole('banner').waitFor();
  return opened;
}

/** The id of the default brand (the demo brand 'khela' on a fresh database). */
export async function defaultBrandId(khela: Khela): Promise<number> {
  const row = await khela.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Layout = { header: boolean; banner: boolean; footer: boolean; sideMenu: boolean };

/**
 * Which parts of the page frame are on screen, found by landmark: the site header is the only
 * `banner` landmark, the footer the only `contentinfo`, the side menu the `complementary`
 * landmark named by sideMenu.label; the route's banner carousel is the region named
 * banners.label inside the layout's banner slot (`.shell-banner`; the help centre page has a
 * carousel of its own inside `main`). Hidden elements do not count (role locators skip them).
 */
export async function layoutOf(page: Page, lang: Lang = 'bn'): Promise<Layout> {
  const [header, banner, footer, sideMenu] = await Promise.all([
    page.getByRole('banner').count(),
    page
      .locator('.shell-banner')
      .getByRole('region', { name: t(lang, 'banners.label'), exact: true })
      .count(),
    page.getByRole('contentinfo').count(),
    page.getByRole('complementary', { name: t(lang, 'sideMenu.label'), exact: true }).count(),
  ]);
  return { header: header > 0, banner: banner > 0, footer: footer > 0, sideMenu: sideMenu > 0 };
}

/** Waits until the network is quiet and the webfonts have settled. */
export async function settle(page: Page): Promise<void> {
  // Up to 30 s: on a busy two-core machine the page's last calls can take longer than the 10 s
  // a single wait is given elsewhere.
  await networkQuiet(page, 30_000);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * The harness's openPage with a 20 s default for waits and actions — a page of the site loads in
 * well under a second alone, but a two-core CI machine running two files' servers and browsers
 * at once has been seen to take ten — so a missing element still fails the test with
 * Playwright's message well inside vitest's 120 s test timeout.
 */
export async function open(browser: Browser, opts: Parameters<typeof openPage>[1] = {}): ReturnType<typeof openPage> {
  const opened = await openPage(browser, opts);
  opened.context.setDefaultTimeout(20_000);
  return opened;
}

/**
 * Adds a member to the default brand the way the demo seed does (argon2id hash, first login
 * already made), so a test that spends an account (wrong passwords, a password change) does not
 * spend the shared demo accounts. Returns the member's id.
 */
export async function addMember(
  khela: Khela,
  m: {
    account: string;
    password: string;
    nickname?: string;
    isAgent?: number;
    /** E.164 ('+8801712345678'), as Khela stores numbers, with countryDialingCode ('+880'). */
    mobileNum?: string;
    countryDialingCode?: string;
    email?: string;
  },
): Promise<bigint> {
  const row = await khela.db.kysely
    .insertInto('members')
    .values({
      brand_id: await defaultBrandId(khela),
      account: m.account,
      ...(m.nickname ? { nickname: m.nickname } : {}),
      ...(m.mobileNum ? { mobile_num: m.mobileNum, country_dialing_code: m.countryDialingCode ?? null } : {}),
      ...(m.email ? { email: m.email } : {}),
      is_agent: m.isAgent ?? 0,
      password_hash: await hashPassword(m.password),
      first_login: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

/** The JSON lines the server's console SMS transport or mail outbox wrote so far (oldest first). */
export function outbox<T = Record<string, string>>(khela: Khela, which: 'sms' | 'mail'): T[] {
  const file = path.join(khela.dataDir, which === 'sms' ? 'sms-outbox.jsonl' : 'mail-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/**
 * Waits for the next SMS to `to` (E.164, e.g. +8801712345678) after `seen` messages and returns
 * its 6-digit code.
 */
export function smsCode(khela: Khela, to: string, seen = 0, timeoutMs = 10_000): Promise<string> {
  return vi.waitFor(
    () => {
      const sent = outbox<{ to: string; text: string }>(khela, 'sms')
        .slice(seen)
        .filter((m) => m.to === to);
      const code = sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no SMS to ${to} in the outbox`);
      return code;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Sets a member's password as the demo seed does (argon2id hash). */
export async function setPassword(khela: Khela, account: string, password: string): Promise<void> {
  await khela.db.kysely
    .updateTable('members')
    .set({ password_hash: await hashPassword(password) })
    .where('account', '=', account)
    .where('brand_id', '=', await defaultBrandId(khela))
    .execute();
}
