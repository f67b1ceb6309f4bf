import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/**
 * A call answered before Fastify makes a request of it (decision 0044). Given the request and
 * what follows its path in the URL ('' or '?…'), it either answers in full and returns true, or
 * returns false having written nothing, and the request goes to the call's Fastify route like any
 * other. It takes only what it is sure of — the common, plain request — and leaves the rest
 * (anything to decode, validate, refuse or log) to the route, which makes the same answer.
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, search: string) => boolean;

export type EarlyAnswers = {
  /** The HTTP server Fastify listens with (its `serverFactory`). */
  serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions): Server;
  /** Answers GET requests for `path` early from now on, when `answer` takes them. */
  add(path: string, answer: EarlyAnswer): void;
  /** Whether a request was answered early (the server's first step, and the tests'). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Every request goes to Fastify from now on: a closing server refuses new ones itself. */
  stop(): void;
};

export function earlyAnswers(): EarlyAnswers {
  const byPath = new Map<string, EarlyAnswer>();
  let stopped = false;

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (stopped || req.method !== 'GET') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const early = byPath.get(q < 0 ? url : url.slice(0, q));
    if (early === undefined) return false;
    try {
      return early(req, res, q < 0 ? '' : url.slice(q));
    } catch {
      // An answer decides before it writes, so a throw has written nothing: the route answers.
      if (!res.headersSent) return false;
      res.destroy();
      return true;
    }
  }

  return {
    serverFactory(handler, options) {
      const server = createServer((req, res) => {
        if (!answer(req, res)) handler(req, res);
      });
      // What Fastify sets on the HTTP server it makes itself (fastify/lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    add(path, early) {
      byPath.set(path, early);
    },
    answer,
    stop() {
      stopped = true;
    },
  };
}
