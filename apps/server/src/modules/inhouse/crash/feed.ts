import { randomUUID } from 'node:crypto';
import type { CrashMessage } from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { WebSocket } from 'ws';
import type { Database } from '../../../platform/db';

/**
 * The crash game's live feed: the sockets of this process by brand, and (on PostgreSQL) the
 * fan-out between processes through NOTIFY on CHANNEL, like platform/realtime.ts. Whoever
 * produces an event (the leader's round loop, any process taking a bet or a cash-out)
 * delivers it to its own sockets and publishes it; every other process delivers it to theirs.
 */
const CHANNEL = 'khela_crash';

export type Feed = {
  add(brandId: number, socket: WebSocket): void;
  remove(brandId: number, socket: WebSocket): void;
  publish(brandId: number, message: CrashMessage): void;
  /** Starts listening to other processes (PostgreSQL with a URL only). */
  listen(url: string): Promise<void>;
  close(): Promise<void>;
};

export function createFeed(db: Database, log: FastifyBaseLogger): Feed {
  const sockets = new Map<number, Set<WebSocket>>();
  const origin = randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;

  function deliver(brandId: number, text: string) {
    for (const s of sockets.get(brandId) ?? []) if (s.readyState === s.OPEN) s.send(text);
  }

  async function connect(url: string, delay: number) {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      try {
        const { o, b, t } = JSON.parse(n.payload ?? '') as { o: string; b: number; t: string };
        if (o !== origin) deliver(b, t);
      } catch {
        log.warn('crash feed: unreadable notification');
      }
    });
    c.on('error', () => {
      if (closed) return;
      listener = null;
      c.end().catch(() => {});
      setTimeout(() => connect(url, Math.min(delay * 2, 30_000)).catch(() => {}), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
  }

  return {
    add(brandId, socket) {
      let set = sockets.get(brandId);
      if (!set) {
        set = new Set();
        sockets.set(brandId, set);
      }
      set.add(socket);
    },
    remove(brandId, socket) {
      const set = sockets.get(brandId);
      set?.delete(socket);
      if (set?.size === 0) sockets.delete(brandId);
    },
    publish(brandId, message) {
      const text = JSON.stringify(message);
      deliver(brandId, text);
      if (!listener) return;
      const payload = JSON.stringify({ o: origin, b: brandId, t: text });
      // NOTIFY payloads stop at 8000 bytes; a settled round with many bets is sent locally only
      // (the other processes' pages read the settled list from the next hello/state).
      if (payload.length > 7900) return;
      sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(db.kysely).catch((err) => {
        log.warn({ err }, 'crash feed: publish failed');
      });
    },
    async listen(url) {
      if (db.kind === 'postgres' && !listener) await connect(url, 500);
    },
    async close() {
      closed = true;
      for (const set of sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
      await listener?.end().catch(() => {});
    },
  };
}
