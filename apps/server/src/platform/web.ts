import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from './errors';
import { keptAnswers } from './kept';

/**
 * Paths owned by the API: an unknown one is a 404 envelope, never a page. `/bo/` is the back
 * office's calls and `/psp/` the payment providers' callbacks.
 */
const API_PREFIXES = ['/wps/', '/lgw/', '/bo/', '/psp/', '/docs', '/provider/', '/ws', '/play/'];

/** The back office's own address space (BACK-OFFICE.md "Shape"): its pages and its bundle. */
export const ADMIN_BASE = '/admin';

/** Whether a URL is the back office's (`/admin`, `/admin/…`), not a page of the site's. */
export function isAdminUrl(url: string): boolean {
  return (
    url.startsWith(ADMIN_BASE) &&
    (url.length === ADMIN_BASE.length || url[ADMIN_BASE.length] === '/' || url[ADMIN_BASE.length] === '?')
  );
}

/** Hashed build output: the name changes with the content, so a browser may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What the first screen of a page needs before its script has run, found by the module that
 * knows (the system module: the page's first banner). The page's HTML asks for it at once.
 */
export type PageHead = {
  /** The image that will be the page's largest paint (LCP): preloaded with high priority. */
  lcpImage?: string | undefined;
  /**
   * How the page's first screen shows `lcpImage` before any script has run, painted from
   * index.html's `first-screen-frame` template instead of the splash: the site's frame with the
   * image as its first banner (`sideMenu` keeps the menu's column beside it), or the login
   * popup's sheet with the image as its picture.
   */
  frame?: { kind: 'banner'; sideMenu: boolean } | { kind: 'login' } | undefined;
};

export type PageHeadOf = (req: FastifyRequest, pathname: string) => PageHead | Promise<PageHead>;

type PageVariant = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's page for a request (index.html with its head hints), or null without a build. */
    sitePage: ((req: FastifyRequest, pathname: string) => Promise<PageVariant>) | null;
    /** The back office's one page (apps/admin's index.html), or null without its build. */
    adminPage: PageVariant | null;
  }
}

const escapeAttribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FRAME_TEMPLATE = /<template id="first-screen-frame">([\s\S]*?)<\/template>\s*/;
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
const part = (name: string) => new RegExp(`<!--${name}-->[\\s\\S]*?<!--/${name}-->`, 'g');
const BANNER_PART = part('banner');
const SIDE_PART = part('side');
const LOGIN_PART = part('login');

const MARKERS = /<!--\/?(banner|side|login)-->/g;

/** The template's frame for `frame`: the parts of the other kind taken out, then the markers. */
function frameBody(template: string, frame: NonNullable<PageHead['frame']>): string {
  let body = template.replace(frame.kind === 'login' ? BANNER_PART : LOGIN_PART, '');
  if (frame.kind === 'banner' && !frame.sideMenu) body = body.replace(SIDE_PART, '');
  return body.replace(MARKERS, '');
}

/**
 * index.html with the head hints put before `</head>` and, for a page with a frame, that frame as
 * its first screen. The frame's template never reaches the browser.
 */
export function pageHtml(template: string, head: PageHead): string {
  const frame = FRAME_TEMPLATE.exec(template)?.[1];
  let html = template.replace(FRAME_TEMPLATE, '');
  if (head.lcpImage) {
    const image = escapeAttribute(head.lcpImage);
    // Right after the title, before the stylesheet written into the page: the first thing the
    // browser asks for once the page's first bytes arrive.
    const preload = `<link rel="preload" as="image" href="${image}" fetchpriority="high">`;
    html = html.includes('</title>')
      ? html.replace('</title>', `</title>${preload}`)
      : html.replace('</head>', `${preload}</head>`);
    if (head.frame && frame && FIRST_SCREEN.test(html)) {
      const body = frameBody(frame, head.frame).replaceAll(
        'class="first-banner" src=""',
        `class="first-banner" src="${image}"`,
      );
      html = html.replace(FIRST_SCREEN, () => body);
    }
  }
  return html;
}

/**
 * The encoding to send: brotli, else gzip, else none (a `;q=0` refuses one). Kept per value: a
 * browser sends the same one on every request, and browsers only a handful between them; a value
 * longer than any browser's is read each time rather than kept.
 */
const encodingKept = keptAnswers(encodingOf, 100, 120);

export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  return header ? encodingKept(header) : null;
}

function encodingOf(header: string): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(token.trim() === '*' ? 'gzip' : token.trim());
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Pages differ only in their hints; each variant is compressed once and kept. */
const MAX_VARIANTS = 200;

function variantsOf(template: string) {
  const cache = new Map<string, PageVariant>();
  return (head: PageHead): PageVariant => {
    const text = pageHtml(template, head);
    let v = cache.get(text);
    if (!v) {
      const html = Buffer.from(text);
      v = {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
      };
      if (cache.size >= MAX_VARIANTS) cache.clear();
      cache.set(text, v);
    }
    return v;
  };
}

/**
 * Sends a page: revalidated on every visit (it names the current asset hashes) but answered with
 * 304 while unchanged, compressed as the browser accepts.
 */
function sendPage(req: FastifyRequest, reply: FastifyReply, page: PageVariant) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', page.etag);
  reply.header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}

/**
 * The one not-found handler (rate limited like every route): an unknown API path is a 404
 * envelope; any other GET for a page receives index.html so the client router shows it — or
 * its own 404 page.
 */
export function installNotFound(app: FastifyInstance) {
  app.setNotFoundHandler({ preHandler: app.limiter.hook() }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const pageLike = (req.method === 'GET' || req.method === 'HEAD') && ['', '.html'].includes(path.extname(url));
    // The back office answers its own deep links with its own page, never the site's.
    if (isAdminUrl(url)) {
      if (!pageLike || !app.adminPage) return reply.code(404).send(failure('NOT_FOUND'));
      return sendPage(req, reply, app.adminPage);
    }
    const wantsPage =
      app.sitePage !== null &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      // '/register.html' is a page of the spec; '/assets/x.js' is a missing file.
      ['', '.html'].includes(path.extname(url));
    if (!wantsPage || !app.sitePage) return reply.code(404).send(failure('NOT_FOUND'));
    return sendPage(req, reply, await app.sitePage(req, url));
  });
}

/** Hashed assets for a year, other files of the build for five minutes, pages revalidated. */
function cacheControlOf(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`)
    ? IMMUTABLE
    : // play.html names the current asset hashes: always revalidate it.
      filePath.endsWith('.html')
      ? 'no-cache'
      : 'public, max-age=300';
}

/**
 * Serves the built web app from the same process (ARCHITECTURE §1). The build writes a brotli
 * and a gzip copy beside every compressible file (apps/web/precompress.ts), sent as the browser
 * accepts. Hashed assets are cached for a year; pages are answered by the not-found handler
 * above, index.html included, with what their first screen needs in their head (`headOf`).
 */
export const webApp = fp(async (app: FastifyInstance, opts: { headOf?: PageHeadOf }) => {
  const dist = app.config.webDist;
  const indexPath = path.join(dist, 'index.html');
  app.decorate('sitePage', null);
  if (!existsSync(indexPath)) {
    app.log.warn({ dist }, 'web app not built; run `npm run build` to serve the site');
    return;
  }
  const variant = variantsOf(readFileSync(indexPath, 'utf8'));
  const headOf = opts.headOf ?? (() => ({}));
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The site's page goes out with its head hints, from the not-found handler.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, filePath) {
      res.header('cache-control', cacheControlOf(filePath));
    },
  });
  app.sitePage = async (req, pathname) => {
    try {
      return variant(await headOf(req, pathname));
    } catch (err) {
      // The hints only speed the page up: without them it still works.
      req.log.warn({ err }, 'page head hints failed');
      return variant({});
    }
  };
});

/**
 * Serves the built back office (apps/admin) under /admin: its own bundle, precompressed and
 * cached like the site's, and its one page for every deep link (the not-found handler above).
 * The player site's page never names these files, so a player never downloads them; the strict
 * CSP of these answers is set in security-headers.ts.
 */
export const adminApp = fp(async (app: FastifyInstance) => {
  const dist = app.config.adminDist;
  const indexPath = path.join(dist, 'index.html');
  app.decorate('adminPage', null);
  if (!existsSync(indexPath)) {
    app.log.warn({ dist }, 'back office not built; run `npm run build` to serve /admin');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${ADMIN_BASE}/`,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The site's registration already decorated the reply with sendFile.
    decorateReply: false,
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, filePath) {
      res.header('cache-control', cacheControlOf(filePath));
    },
  });
  app.adminPage = variantsOf(readFileSync(indexPath, 'utf8'))({});
});
