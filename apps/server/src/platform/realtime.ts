import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { type RealtimeServerMessage, realtimeSocket } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { brandOf } from './brand';
import { liveSession, sessionStillLive } from './sessions';

/**
 * The authenticated WebSocket `/ws` (contract realtime.ts realtimeSocket, ARCHITECTURE §1): the
 * server pushes a member's balance changes (later unread counts and notices) right after commit.
 *
 * Protocol: the client's first message is `{ "type": "auth", "token": "<session token>" }`
 * (never in the URL, where proxies log it); the server answers `{ "type": "ready" }` or closes
 * with 4401. Sessions are re-checked every minute: a logged-out or expired session gets
 * `{ "type": "session-ended" }` and the socket closes.
 *
 * Several server processes (PostgreSQL): every push is also sent through NOTIFY on
 * CHANNEL, and each process delivers what other processes published to its own sockets. On
 * PGlite there is one process, so delivery is in-process only.
 */
export type Realtime = {
  /** Delivers a message to every open socket of the member, in every server process. */
  toMember(memberId: bigint, message: RealtimeServerMessage): void;
  /** Open, authenticated sockets in this process. */
  connections(): number;
  /** Closes the sockets whose session has ended (runs every minute). */
  recheck(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const CHANNEL = 'khela_realtime';
/** At most this many notifications in one statement (each payload is at most a few kilobytes). */
const NOTIFY_BATCH = 100;
const AUTH_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 30_000;
const RECHECK_EVERY_MS = 60_000;
/** Close codes in the private range: the client reconnects after 4000, not after 4401. */
export const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_GOING_AWAY = 1001;

type Client = { socket: WebSocket; memberId: string; sessionId: bigint; alive: boolean };

export async function installRealtime(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const members = new Map<string, Set<Client>>();
  const clients = new Set<Client>();
  const origin = randomUUID();

  function deliver(memberId: string, text: string) {
    for (const c of members.get(memberId) ?? []) if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
  }

  const fanOut = app.db.kind === 'postgres' && app.config.DATABASE_URL ? await listen(app, origin, deliver) : null;

  app.decorate('realtime', {
    toMember(memberId, message) {
      const text = JSON.stringify(message);
      deliver(memberId.toString(), text);
      fanOut?.publish(memberId.toString(), text);
    },
    connections: () => clients.size,
    recheck,
  } satisfies Realtime);

  async function recheck() {
    for (const c of [...clients]) {
      const live = await sessionStillLive(app.db, c.sessionId, app.config.SESSION_IDLE_MINUTES).catch(() => true);
      if (!live) {
        c.socket.send(JSON.stringify({ type: 'session-ended' } satisfies RealtimeServerMessage));
        c.socket.close(CLOSE_UNAUTHORIZED, 'session ended');
        drop(c);
      }
    }
  }

  function drop(c: Client) {
    clients.delete(c);
    const set = members.get(c.memberId);
    set?.delete(c);
    if (set?.size === 0) members.delete(c.memberId);
  }

  app.get(realtimeSocket.path, { websocket: true, schema: { hide: true } }, (socket, req) => {
    let client: Client | null = null;
    const authTimer = setTimeout(() => socket.close(CLOSE_UNAUTHORIZED, 'auth timeout'), AUTH_TIMEOUT_MS);
    socket.on('message', async (data, isBinary) => {
      if (client) return; // after auth the client has nothing to say; pings are frames
      clearTimeout(authTimer);
      const auth = realtimeSocket.client.safeParse(parseJson(isBinary ? '' : data.toString()));
      const session = auth.success
        ? await liveSession(app.db, auth.data.token, app.config.SESSION_IDLE_MINUTES).catch(() => null)
        : null;
      const brand = session ? await Promise.resolve(brandOf(req)).catch(() => null) : null;
      if (!session || !brand || brand.id !== session.brandId) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      client = { socket, memberId: session.memberId.toString(), sessionId: session.sessionId, alive: true };
      clients.add(client);
      let set = members.get(client.memberId);
      if (!set) {
        set = new Set();
        members.set(client.memberId, set);
      }
      set.add(client);
      socket.send(JSON.stringify({ type: 'ready' } satisfies RealtimeServerMessage));
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (client) drop(client);
    });
    socket.on('error', () => socket.terminate());
  });

  // Dead connections (a phone that lost its network) are found by unanswered pings.
  const pinger = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) {
        c.socket.terminate();
        drop(c);
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, PING_EVERY_MS);
  // Logged out, expired or idle sessions lose their sockets within a minute.
  const rechecker = setInterval(() => void recheck(), RECHECK_EVERY_MS);
  pinger.unref();
  rechecker.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(rechecker);
    for (const c of clients) c.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    await fanOut?.close();
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries); reconnects
 * with a growing delay when PostgreSQL drops it. Publishing goes through the pool with
 * pg_notify, which delivers only after the publisher's transaction commits.
 */
async function listen(app: FastifyInstance, origin: string, deliver: (memberId: string, text: string) => void) {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 500;

  async function connect() {
    const c = new pg.Client({ connectionString: app.config.DATABASE_URL });
    c.on('notification', (n) => {
      if (!n.payload) return;
      try {
        const { o, m, t } = JSON.parse(n.payload) as { o: string; m: string; t: string };
        if (o !== origin) deliver(m, t);
      } catch {
        app.log.warn('realtime: unreadable notification');
      }
    });
    c.on('error', () => {
      if (closed) return;
      client = null;
      c.end().catch(() => {});
      setTimeout(() => connect().catch(() => {}), delay).unref();
      delay = Math.min(delay * 2, 30_000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    delay = 500;
  }
  await connect();

  // What is published in one turn of the event loop goes out in one statement: under load a
  // round trip per balance change and per notice was a good part of a deposit's cost.
  let pending: string[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += NOTIFY_BATCH) {
      const payloads = batch.slice(i, i + NOTIFY_BATCH);
      sql`SELECT ${sql.join(payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`))}`
        .execute(app.db.kysely)
        .catch((err) => {
          app.log.warn({ err }, 'realtime: publish failed');
        });
    }
  };

  return {
    publish(memberId: string, text: string) {
      pending.push(JSON.stringify({ o: origin, m: memberId, t: text }));
      if (pending.length === 1) setImmediate(flush);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
