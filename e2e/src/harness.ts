import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { invalidateBrandCache } from '../../apps/server/src/platform/brand';
import { loadConfig } from '../../apps/server/src/platform/config';
import { type Database, openDatabase } from '../../apps/server/src/platform/db';
import { migrate } from '../../apps/server/src/platform/migrate';
import { seedDemo } from '../../apps/server/src/seed/demo';
import '../../apps/server/test/templates';

const WEB_DIST = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/web/dist');

export type Khela = {
  url: string;
  db: Database;
  app: FastifyInstance;
  /** The server's DATA_DIR (a fresh temp dir): sms-outbox.jsonl and mail-outbox.jsonl land here. */
  dataDir: string;
  refresh(): void;
  close(): Promise<void>;
};

/**
 * The run's database templates when Vitest runs this file; none when a script does (the
 * screenshot scripts start Khela through here with plain Node, where `inject` throws).
 */
function runTemplates(): ReturnType<typeof inject<'databaseTemplates'>> | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * The real server with the built web app, on its own fresh PGlite database and a free port.
 * The test holds the database handle so it can change brand settings as an operator would.
 */
export async function startKhela(env: Record<string, string> = {}): Promise<Khela> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-e2e-'));
  // A copy of the run's migrated, demo-seeded database (global-setup.ts) when there is one:
  // a fresh PGlite would run initdb and every migration for each file.
  const template = runTemplates()?.pglite.seeded;
  const db = await openDatabase({
    dataDir,
    small: true,
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  if (!template) {
    await migrate(db);
    await seedDemo(db);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST,
    RATE_LIMIT_MAX: '100000',
    // The real ALTCHA widget still solves a real proof of work in Chromium, at a test's price:
    // at the production cost each login or registration through the form spent seconds of a
    // busy core (the server tests hold the cost's own checks).
    HUMAN_CHECK_COST: '100',
    DATA_DIR: dataDir,
    ...env,
  });
  const app = await buildApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    app,
    dataDir,
    refresh: () => invalidateBrandCache(),
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * A page that records console errors and uncaught exceptions, so a test can assert there were none.
 * The session's popup announcement is marked as seen unless `popups` is set, so it does not cover
 * what a test clicks.
 *
 * The context is a fresh visitor's, but it may be one an earlier test of the file closed with
 * the same options (`close()` hands it back, see `lease`): starting a browser context cost
 * Chromium about 1.7 s of CPU of the 5–6 s a first page load took on a slow two-core machine,
 * with a page in a kept context showing the same site from the same empty state. What a test
 * did to it is undone before the next one gets it: its pages closed, the HTTP cache, cookies and
 * every origin's storage emptied, its init scripts, routes, listeners and permissions removed.
 */
export async function openPage(
  browser: Browser,
  opts: BrowserContextOptions & { popups?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const key = JSON.stringify(opts);
  const kept = takeKept(browser, key);
  const context = kept ?? (await newVisitorContext(browser, opts));
  const page = await context.newPage();
  if (kept) await emptied(kept, page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context: lease(context, key), page, errors };
}

async function newVisitorContext(browser: Browser, opts: BrowserContextOptions & { popups?: boolean }) {
  const { popups, ...contextOptions } = opts;
  // Reduced motion unless a test asks for motion: headless Chromium composites in software, and
  // the home page's announcements marquee alone kept a core busy for as long as the page was open
  // (1.0 core against 0.02 held still) — on a two-core machine, time taken from the server and
  // the other file's browser. A test of what moves opts in with `reducedMotion: 'no-preference'`.
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', ...contextOptions });
  // A blank page (a new one, or one handed back) has no storage: reading it there throws, and
  // the error would land in the page's list after the test's own check.
  if (!popups)
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) sessionStorage.setItem('noticePopupSeen', '1');
    });
  // Every page of the context, popups and second tabs too, has its requests followed.
  context.on('page', followRequests);
  return context;
}

/** `on`/`off` of any of a context's events (Playwright types each event's overload apart). */
type Subscribe = (event: string, listener: (...args: never[]) => unknown) => unknown;

/** Contexts handed back by the tests, by the options they were made with. */
const kept = new Map<string, BrowserContext[]>();

function takeKept(browser: Browser, key: string): BrowserContext | undefined {
  const list = kept.get(key) ?? [];
  for (let context = list.pop(); context; context = list.pop()) {
    // The file's end closes every context of the browser (support.ts), kept ones too.
    if (!context.isClosed() && context.browser() === browser) return context;
  }
  return undefined;
}

/** Empties a kept context through its new `page` and closes the page the last test left. */
async function emptied(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setStorageState({ cookies: [], origins: [] });
  await Promise.all(context.pages().map((p) => (p === page ? undefined : p.close())));
}

/**
 * The test's view of a context: `close()` hands it back for the next test instead, once what the
 * test added is removed and its pages are left blank (so nothing of theirs runs on: no timer, no
 * socket, no call to the server); init scripts and listeners added through it are recorded for
 * that. A context that fails to clean up is closed for real.
 */
function lease(context: BrowserContext, key: string): BrowserContext {
  const scripts: Promise<{ dispose(): Promise<void> }>[] = [];
  const listeners: [string, (...args: never[]) => unknown][] = [];
  let handedBack = false;
  async function handBack() {
    if (handedBack || context.isClosed()) return;
    handedBack = true;
    try {
      for (const [event, listener] of listeners) (context.off as Subscribe).call(context, event, listener);
      await Promise.all(scripts.map(async (s) => (await s).dispose()));
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.clearPermissions();
      const [first, ...others] = context.pages();
      await Promise.all(others.map((p) => p.close()));
      if (first) await first.goto('about:blank');
      const list = kept.get(key) ?? [];
      list.push(context);
      kept.set(key, list);
    } catch {
      await context.close().catch(() => {});
    }
  }
  const view: BrowserContext = new Proxy(context, {
    get(target, prop) {
      if (prop === 'close') return handBack;
      if (prop === 'addInitScript')
        return (...args: Parameters<BrowserContext['addInitScript']>) => {
          const added = target.addInitScript(...args);
          scripts.push(added);
          return added;
        };
      if (prop === 'on' || prop === 'addListener')
        return (event: string, listener: (...args: never[]) => unknown) => {
          listeners.push([event, listener]);
          (target.on as Subscribe).call(target, event, listener);
          return view;
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return view;
}

/**
 * Each page's requests to the network still waiting for their answer, and when the last one
 * started or ended. Playwright's own 'networkidle' also waits for `blob:` loads, and the human
 * check's proof-of-work worker, loaded from a blob and ended once it has solved, can leave one
 * counted as waiting for good: the page then never reads as quiet. A blob or data URL is no
 * network traffic, so it is not followed here.
 */
type Traffic = { waiting: Map<Request, number>; lastChange: number };
const traffic = new WeakMap<Page, Traffic>();
const isNetwork = (r: Request) => /^https?:/.test(r.url());
/** How long no request may start or end before a page counts as quiet (as 'networkidle'). */
const QUIET_MS = 500;

function followRequests(page: Page) {
  const t: Traffic = { waiting: new Map(), lastChange: Date.now() };
  traffic.set(page, t);
  const ended = (r: Request) => {
    if (t.waiting.delete(r)) t.lastChange = Date.now();
  };
  page.on('request', (r) => {
    if (!isNetwork(r)) return;
    t.waiting.set(r, Date.now());
    t.lastChange = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Resolves once `page` has loaded and no request of its has started or ended for QUIET_MS;
 * after `timeoutMs` fails naming what it was still waiting for.
 */
export async function networkQuiet(page: Page, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await page.waitForLoadState('load', { timeout: timeoutMs });
  const t = traffic.get(page);
  if (!t) throw new Error('networkQuiet: the page is not of a context openPage() made');
  for (;;) {
    const now = Date.now();
    if (t.waiting.size === 0 && now - t.lastChange >= QUIET_MS) return;
    if (now > deadline) {
      const waiting = [...t.waiting]
        .sort((a, b) => a[1] - b[1])
        .map(([r, at]) => `${r.method()} ${r.url()} (${now - at} ms)`);
      throw new Error(`the network did not go quiet in ${timeoutMs} ms; in flight: ${waiting.join(', ') || 'nothing'}`);
    }
    // The next moment the page could be quiet, or a short look again while a request waits.
    await new Promise((resolve) => setTimeout(resolve, t.waiting.size === 0 ? QUIET_MS - (now - t.lastChange) : 50));
  }
}
