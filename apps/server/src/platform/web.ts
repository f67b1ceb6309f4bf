import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from './errors';

/** Paths owned by the API: an unknown one is a 404 envelope, never the web app. */
const API_PREFIXES = ['/wps/', '/lgw/', '/docs', '/provider/', '/ws', '/play/'];

/**
 * Serves the built web app from the same process (ARCHITECTURE §1). Hashed assets are cached
 * for a year; any other GET that asks for HTML receives index.html so the client router can
 * show the page — or its own 404 page.
 */
export const webApp = fp(async (app: FastifyInstance) => {
  const dist = app.config.webDist;
  const indexPath = path.join(dist, 'index.html');
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
          : 'public, max-age=300',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      !path.extname(url);
    if (!wantsPage) return reply.code(404).send(failure('NOT_FOUND'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
});
