import { type CrashBetView, type CrashMessage, type CrashRoundView, crashFeedSocket } from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { BATCH_MS, createFeed } from '../src/modules/inhouse/crash/feed';
import { type Fragment, fragmentsOf, reassembler } from '../src/modules/inhouse/crash/notify';
import { createOutbox } from '../src/modules/inhouse/crash/outbox';
import type { Database } from '../src/platform/db';

/** The crash feed on its own: batching of bets and cash-outs, order, sliced sending, NOTIFY fragments. */

const bet = (name: string, status: CrashBetView['status'] = 'open'): CrashBetView => ({
  roundNo: 4,
  name,
  slot: 1,
  stake: '1.00',
  target: null,
  status,
  multiplier: status === 'cashed' ? 150 : null,
  win: status === 'cashed' ? '1.50' : null,
});
const round: CrashRoundView = {
  roundNo: 4,
  chainIndex: 4,
  terminatingHash: 'ab'.repeat(32),
  phase: 'busted',
  bettingEndsAt: 1,
  startedAt: 1,
  bust: 180,
  hash: 'cd'.repeat(32),
  bustAt: 2,
};

/** A socket that keeps what it is sent, read as `read` reads it. */
function socket(read: (text: string) => CrashMessage = JSON.parse) {
  const sent: CrashMessage[] = [];
  const s = {
    OPEN: 1,
    readyState: 1,
    send: (data: Buffer | string) => sent.push(read(String(data))),
    close() {
      s.readyState = 3;
    },
  };
  return { ws: s as unknown as WebSocket, sent };
}

const quiet = { warn() {} } as unknown as FastifyBaseLogger;

/** Moves the (fake) clock on, then lets the outbox take its turn on the real event loop. */
async function after(ms: number) {
  vi.advanceTimersByTime(ms);
  await new Promise((r) => setImmediate(r));
}
const feedOf = () => createFeed({ kind: 'pglite' } as Database, quiet);
/** A game page's socket: what the feed sends must be the contract's server message. */
const page = () => socket((text) => crashFeedSocket.server.parse(JSON.parse(text)));

describe('the crash feed', () => {
  beforeEach(() => {
    // The batch timer only: the outbox's turns run on the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a brand's bets and cash-outs as one batch, in order, to each of its sockets", async () => {
    const feed = feedOf();
    const [a, b, other] = [page(), page(), page()];
    feed.add(1, a.ws);
    feed.add(1, b.ws);
    feed.add(2, other.ws);
    feed.publish(1, { type: 'bet', bet: bet('aa***1') });
    feed.publish(1, { type: 'bet', bet: bet('bb***2') });
    feed.publish(1, { type: 'cashout', bet: bet('aa***1', 'cashed') });
    await after(BATCH_MS - 1);
    expect(a.sent).toEqual([]);
    await after(1);
    const batch: CrashMessage = {
      type: 'batch',
      events: [
        { type: 'bet', bet: bet('aa***1') },
        { type: 'bet', bet: bet('bb***2') },
        { type: 'cashout', bet: bet('aa***1', 'cashed') },
      ],
    };
    expect(a.sent).toEqual([batch]);
    expect(b.sent).toEqual([batch]);
    expect(other.sent).toEqual([]);
    await after(BATCH_MS * 5);
    expect(a.sent).toHaveLength(1);
    await feed.close();
  });

  it('sends what is queued before any other message, so no cash-out shows after the bust', async () => {
    const feed = feedOf();
    const a = page();
    feed.add(1, a.ws);
    feed.publish(1, { type: 'cashout', bet: bet('aa***1', 'cashed') });
    feed.publish(1, { type: 'bust', round, serverNow: 3 });
    await after(0);
    expect(a.sent.map((m) => m.type)).toEqual(['batch', 'bust']);
    await after(BATCH_MS);
    expect(a.sent).toHaveLength(2);
    await feed.close();
  });

  it('sends what is queued when it closes, then stops its timer', async () => {
    const feed = feedOf();
    const a = page();
    feed.add(1, a.ws);
    feed.publish(1, { type: 'bet', bet: bet('aa***1') });
    await feed.close();
    expect(a.sent.map((m) => m.type)).toEqual(['batch']);
    expect(vi.getTimerCount()).toBe(0);
    feed.publish(1, { type: 'bet', bet: bet('bb***2') });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the crash feed's outbox", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes to a slice of the sockets per turn, each message after the one before', () => {
    const outbox = createOutbox(100);
    const all = Array.from({ length: 250 }, socket);
    const late = socket();
    outbox.send(
      all.map((s) => s.ws),
      '{"type":"bust"}',
    );
    outbox.send([...all.map((s) => s.ws), late.ws], '{"type":"settled"}');
    const got = () => all.map((s) => s.sent.length).reduce((a, b) => a + b, 0);
    vi.advanceTimersToNextTimer();
    expect(got()).toBe(100);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    // The first message has reached every socket; the second one the first fifty.
    expect(got()).toBe(300);
    expect(all[249]?.sent.map((m) => m.type)).toEqual(['bust']);
    expect(all[49]?.sent.map((m) => m.type)).toEqual(['bust', 'settled']);
    outbox.drain();
    expect(got()).toBe(500);
    expect(late.sent.map((m) => m.type)).toEqual(['settled']);
    expect(all[249]?.sent.map((m) => m.type)).toEqual(['bust', 'settled']);
  });

  it('skips sockets closed before their turn', () => {
    const outbox = createOutbox(100);
    const [open, closing] = [socket(), socket()];
    outbox.send([open.ws, closing.ws], '{"type":"bust"}');
    closing.ws.close();
    vi.advanceTimersToNextTimer();
    expect([open.sent.length, closing.sent.length]).toEqual([1, 0]);
  });
});

describe("the crash feed's NOTIFY payloads", () => {
  const origin = '6f1c1a52-8a57-4a4e-9a1e-2f8f0f0c1d11';

  it('sends a small message whole', () => {
    const [payload, ...more] = fragmentsOf(origin, 3, '{"type":"bust"}');
    expect(more).toEqual([]);
    expect(JSON.parse(payload as string)).toEqual({ o: origin, b: 3, t: '{"type":"bust"}' });
  });

  it('cuts a large message into payloads under the limit and joins them in any order', () => {
    // Quotes, backslashes and Bengali names: their escaped and encoded sizes differ from their length.
    const events = Array.from({ length: 1_000 }, (_, i) => ({ type: 'bet', bet: bet(`\u09b0\u09be***${i}"\\`) }));
    const text = JSON.stringify({ type: 'batch', events });
    const payloads = fragmentsOf(origin, 3, text);
    expect(payloads.length).toBeGreaterThan(10);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7_900);
    const fragments = payloads.map((p) => JSON.parse(p) as Fragment);
    const join = reassembler();
    const answers = [...fragments.slice(1), fragments[0] as Fragment].map((f) => join.add(f));
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true);
    expect(answers.at(-1)).toBe(text);
    // A second message of the same process is joined on its own.
    const next = fragmentsOf(origin, 3, text).map((p) => join.add(JSON.parse(p)));
    expect(next.at(-1)).toBe(text);
  });

  it('cuts surrogate pairs and tight limits without losing a character', () => {
    const text = 'x🚀"y'.repeat(500);
    const payloads = fragmentsOf(origin, 1, text, 300);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(300);
    const join = reassembler();
    expect(payloads.map((p) => join.add(JSON.parse(p))).at(-1)).toBe(text);
  });
});
