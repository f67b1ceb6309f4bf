import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors';

/** The in-house games that have a page in play.html (the catalog's JL game codes). */
export const INHOUSE_PAGES: readonly string[] = ['slot', 'dice', 'crash'];

/**
 * The game page's own policy, stricter than the site's: it only runs its bundle, talks to
 * /play/api on this origin, and may be framed by this site only (the /game page's iframe).
 */
export const PLAY_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const PLAY_PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': PLAY_PAGE_CSP,
  'x-frame-options': 'SAMEORIGIN',
  // The address carries a launch ticket until the page strips it: never send it onwards.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

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
    return reply.headers(PLAY_PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
  });
});
