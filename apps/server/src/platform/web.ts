import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from './errors';

/** Paths owned by the API: an unknown one is a 404 envelope, never the web app. */
const API_PREFIXES = ['/wps/', '/lgw/', '/docs', '/provider/', '/ws', '/play/'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The built site's index.html, when there is one. */
    spaIndex: Buffer | null;
  }
}

/**
 * The one not-found handler (rate limited like every route): an unknown API path is a 404
 * envelope; any other GET for a page receives index.html so the client router shows it — or
 * its own 404 page.
 */
export function installNotFound(app: FastifyInstance) {
  app.setNotFoundHandler({ preHandler: app.limiter.hook() }, (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage =
      app.spaIndex !== null &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      // '/register.html' is a page of the spec; '/assets/x.js' is a missing file.
      ['', '.html'].includes(path.extname(url));
    if (!wantsPage) return reply.code(404).send(failure('NOT_FOUND'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(app.spaIndex);
  });
}

/**
 * Serves the built web app from the same process (ARCHITECTURE §1). Hashed assets are cached
 * for a year; pages are answered by the not-found handler above.
 */
export const webApp = fp(async (app: FastifyInstance) => {
  const dist = app.config.webDist;
  const indexPath = path.join(dist, 'index.html');
  app.decorate('spaIndex', null);
  if (!existsSync(indexPath)) {
    app.log.warn({ dist }, 'web app not built; run `npm run build` to serve the site');
    return;
  }
  const indexHtml = readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : // index.html names the current asset hashes: always revalidate it.
            filePath.endsWith('.html')
            ? 'no-cache'
            : 'public, max-age=300',
      );
    },
  });
  app.spaIndex = indexHtml;
});
