import { randomUUID } from 'node:crypto';
import type { CrashBetEvent, CrashMessage } from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { WebSocket } from 'ws';
import type { Database } from '../../../platform/db';
import { type Fragment, fragmentsOf, reassembler } from './notify';
import { createOutbox } from './outbox';

/**
 * The crash game's live feed: the sockets of this process by brand, and (on PostgreSQL) the
 * fan-out between processes through NOTIFY on CHANNEL, like platform/realtime.ts. Whoever
 * produces an event (the leader's round loop, any process taking a bet or a cash-out)
 * delivers it to its own sockets and publishes it; every other process delivers it to theirs.
 *
 * Bets and cash-outs are queued per brand and go out together every BATCH_MS as one `batch`
 * message, serialized once: a busy round has a thousand of each, and one message per event to
 * each of a thousand sockets is a million sends that starve the requests. Any other message
 * sends the brand's queue first, so a page never sees a cash-out after the bust that followed it.
 */
const CHANNEL = 'khela_crash';

/**
 * How long bets and cash-outs wait to be sent together: short enough that the live list keeps
 * up with the curve (a cash-out shows within a fifth of a second), long enough that a thousand
 * players' events make at most five messages a second per socket. Each message is one write
 * per socket, the feed's main cost: at 100 ms the writes of a busy flight took twice the time
 * for the same events.
 */
export const BATCH_MS = 200;

export type Feed = {
  add(brandId: number, socket: WebSocket): void;
  remove(brandId: number, socket: WebSocket): void;
  publish(brandId: number, message: CrashMessage): void;
  /** Starts listening to other processes (PostgreSQL with a URL only). */
  listen(url: string): Promise<void>;
  close(): Promise<void>;
};

const isBetEvent = (m: CrashMessage): m is CrashBetEvent => m.type === 'bet' || m.type === 'cashout';

export function createFeed(db: Database, log: FastifyBaseLogger): Feed {
  const sockets = new Map<number, Set<WebSocket>>();
  const queues = new Map<number, CrashBetEvent[]>();
  const origin = randomUUID();
  const incoming = reassembler();
  let listener: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** NOTIFYs go out one after the other, so other processes get this one's messages in order. */
  let notifying: Promise<unknown> = Promise.resolve();

  const outbox = createOutbox();

  function deliver(brandId: number, text: string) {
    const set = sockets.get(brandId);
    if (set) outbox.send(set, text);
  }

  function fanOut(brandId: number, text: string) {
    if (!listener) return;
    const payloads = fragmentsOf(origin, brandId, text);
    notifying = notifying.then(() =>
      // One statement: its notifications are delivered together and in order.
      sql`SELECT ${sql.join(payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`))}`
        .execute(db.kysely)
        .catch((err) => log.warn({ err }, 'crash feed: publish failed')),
    );
  }

  function send(brandId: number, message: CrashMessage) {
    const text = JSON.stringify(message);
    deliver(brandId, text);
    fanOut(brandId, text);
  }

  function flush(brandId: number) {
    const events = queues.get(brandId);
    if (!events) return;
    queues.delete(brandId);
    send(brandId, { type: 'batch', events });
  }

  function flushAll() {
    timer = null;
    for (const brandId of [...queues.keys()]) flush(brandId);
  }

  async function connect(url: string, delay: number) {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      let fragment: Fragment;
      try {
        fragment = JSON.parse(n.payload ?? '') as Fragment;
      } catch {
        log.warn('crash feed: unreadable notification');
        return;
      }
      if (fragment.o === origin) return;
      const text = incoming.add(fragment);
      if (text !== null) deliver(fragment.b, text);
    });
    c.on('error', () => {
      if (closed) return;
      listener = null;
      incoming.clear();
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
      if (closed) return;
      if (isBetEvent(message)) {
        const queue = queues.get(brandId);
        if (queue) queue.push(message);
        else queues.set(brandId, [message]);
        if (!timer) {
          timer = setTimeout(flushAll, BATCH_MS);
          timer.unref();
        }
        return;
      }
      flush(brandId);
      send(brandId, message);
    },
    async listen(url) {
      if (db.kind === 'postgres' && !listener) await connect(url, 500);
    },
    async close() {
      // What is queued still goes out, before the sockets close.
      if (timer) clearTimeout(timer);
      flushAll();
      outbox.drain();
      closed = true;
      for (const set of sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
      await notifying;
      await listener?.end().catch(() => {});
    },
  };
}
