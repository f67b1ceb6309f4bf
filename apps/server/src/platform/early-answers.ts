import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A call answered before Fastify makes a request of it (decision 0044). Given the request and
 * what follows its path in the URL ('' or '?…'), it either answers in full and returns true, or
 * returns false having written nothing, and the request goes to the call's Fastify route like any
 * other. It takes only what it is sure of — the common, plain request — and leaves the rest
 * (anything to decode, validate, refuse or log) to the route, which makes the same answer.
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, search: string) => boolean;

export type EarlyAnswers = {
  /** Answers GET requests for `path` early from now on, when `answer` takes them. */
  add(path: string, answer: EarlyAnswer): void;
  /** Whether a request was answered early: the server's first step (and the tests'). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the early answers in front of Fastify on the HTTP server Fastify made: Node calls the
 * server's one `request` listener, Fastify's handler, which becomes the step after them. Fastify
 * keeps making and configuring its server (timeouts, extra bindings for `localhost`, closing),
 * so nothing of that is repeated here; a server it binds besides the first goes straight to
 * Fastify. From the moment the app starts closing every request goes to Fastify, which refuses
 * new ones itself.
 */
export function installEarlyAnswers(app: FastifyInstance): EarlyAnswers {
  const byPath = new Map<string, EarlyAnswer>();
  let closing = false;

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (closing || req.method !== 'GET') return false;
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

  const server = app.server;
  const listeners = server.listeners('request') as Handler[];
  const fastify = listeners[0];
  if (listeners.length !== 1 || fastify === undefined) {
    throw new Error(`early answers expect Fastify's one request listener, found ${listeners.length}`);
  }
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!answer(req, res)) fastify(req, res);
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  return {
    add(path, early) {
      byPath.set(path, early);
    },
    answer,
  };
}
