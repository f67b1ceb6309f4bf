import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandStore } from '../../platform/brand';
import { AppError } from '../../platform/errors';

/** The in-house games that have a page in play.html (the catalog's JL game codes). */
export const INHOUSE_PAGES: readonly string[] = ['slot', 'dice', 'crash'];

/**
 * The game page's own policy, stricter than the site's: it only runs its bundle and talks to
 * /play/api on its own origin. It may be framed by its own origin and by the operator's sites
 * (every brand domain): with launchGameCDNs the page comes from a launch host, another origin
 * than the site whose /game page frames it.
 */
export function playPageCsp(siteHosts: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    ["frame-ancestors 'self'", ...siteHosts.filter((h) => HOST.test(h))].join(' '),
  ].join('; ');
}

/** A host name (and port) as a CSP source: nothing that could end the directive. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

function playPageHeaders(siteHosts: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': playPageCsp(siteHosts),
    // Only for browsers without frame-ancestors, and only when no other site frames the page
    // (X-Frame-Options cannot name one).
    ...(siteHosts.length === 0 ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
    // The address carries a launch ticket until the page strips it: never send it onwards.
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/**
 * Serves GET /play/<game> with the built play.html for a known in-house game; any other
 * /play/… path is a 404 envelope (the site's index.html never answers under /play/, see
 * platform/web.ts). Without a built web app the pages are 404s too, like every other page.
 */
export const inhousePage = fp(async (app: FastifyInstance) => {
  const file = path.join(app.config.webDist, 'play.html');
  const html = existsSync(file) ? readFileSync(file) : null;
  if (!html) app.log.warn({ file }, 'game page not built; run `npm run build` to serve /play/<game>');

  app.get<{ Params: { game: string } }>('/play/:game', { schema: { hide: true } }, async (req, reply) => {
    const { game } = req.params;
    if (!html || !INHOUSE_PAGES.includes(game)) throw new AppError('NOT_FOUND');
    const hosts = await brandStore(app.db).siteHosts();
    // The site's pages carry X-Frame-Options (security-headers.ts); it cannot name other sites.
    if (hosts.length > 0) reply.removeHeader('x-frame-options');
    return reply.headers(playPageHeaders(hosts)).type('text/html; charset=utf-8').send(html);
  });
});
