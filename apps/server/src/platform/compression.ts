import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: a header and a compression context cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Per request, speed over the last few per cent: brotli 4 beats gzip 6 on size at a similar cost. */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/** Methods whose answers may be compressed: reads only (see below). */
const COMPRESSIBLE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Compresses answers (brotli or gzip, as the client accepts) above COMPRESS_THRESHOLD_BYTES:
 * the site's pages, brand content, game lists, records. The built assets are compressed once at
 * build time and @fastify/static sends those files (web.ts); this covers what is made per request.
 *
 * Only the answers to reads are compressed. BREACH recovers a secret from the length of
 * compressed answers that also reflect what the attacker sent; Khela's secrets travel in the
 * answers to writes — a login, registration or free play hands out a session token, a launch a
 * ticket, a game page's open call its game token — so those are never compressed, whatever
 * their size. A read carries no credential in its answer, and a session travels only in the
 * Authorization header (never a cookie), so no other site can make a player's browser send one.
 *
 * Request bodies are never decompressed: a small compressed body must not inflate past the
 * limits that route.ts checks on the declared length.
 */
export const compression = fp(async (app: FastifyInstance) => {
  // Registered before the compress plugin's own hook, so it sees the flag on every route.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.every((m) => COMPRESSIBLE_METHODS.has(m))) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
});
