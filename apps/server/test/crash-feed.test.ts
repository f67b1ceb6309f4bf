import type { CrashBetView, CrashMessage, CrashRoundView } from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { BATCH_MS, createFeed } from '../src/modules/inhouse/crash/feed';
import { type Fragment, fragmentsOf, reassembler } from '../src/modules/inhouse/crash/notify';
import type { Database } from '../src/platform/db';

/** The crash feed on its own: batching of bets and cash-outs, order, NOTIFY fragments. */

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

/** A socket that keeps what it is sent. */
function socket() {
  const sent: CrashMessage[] = [];
  const s = {
    OPEN: 1,
    readyState: 1,
    send: (data: Buffer | string) => sent.push(JSON.parse(String(data))),
    close() {
      s.readyState = 3;
    },
  };
  return { ws: s as unknown as WebSocket, sent };
}

const quiet = { warn() {} } as unknown as FastifyBaseLogger;
const feedOf = () => createFeed({ kind: 'pglite' } as Database, quiet);

describe('the crash feed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a brand's bets and cash-outs as one batch, in order, to each of its sockets", async () => {
    const feed = feedOf();
    const [a, b, other] = [socket(), socket(), socket()];
    feed.add(1, a.ws);
    feed.add(1, b.ws);
    feed.add(2, other.ws);
    feed.publish(1, { type: 'bet', bet: bet('aa***1') });
    feed.publish(1, { type: 'bet', bet: bet('bb***2') });
    feed.publish(1, { type: 'cashout', bet: bet('aa***1', 'cashed') });
    expect(a.sent).toEqual([]);
    vi.advanceTimersByTime(BATCH_MS);
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
    vi.advanceTimersByTime(BATCH_MS * 5);
    expect(a.sent).toHaveLength(1);
    await feed.close();
  });

  it('sends what is queued before any other message, so no cash-out shows after the bust', async () => {
    const feed = feedOf();
    const a = socket();
    feed.add(1, a.ws);
    feed.publish(1, { type: 'cashout', bet: bet('aa***1', 'cashed') });
    feed.publish(1, { type: 'bust', round, serverNow: 3 });
    expect(a.sent.map((m) => m.type)).toEqual(['batch', 'bust']);
    vi.advanceTimersByTime(BATCH_MS);
    expect(a.sent).toHaveLength(2);
    await feed.close();
  });

  it('sends what is queued when it closes, then stops its timer', async () => {
    const feed = feedOf();
    const a = socket();
    feed.add(1, a.ws);
    feed.publish(1, { type: 'bet', bet: bet('aa***1') });
    await feed.close();
    expect(a.sent.map((m) => m.type)).toEqual(['batch']);
    expect(vi.getTimerCount()).toBe(0);
    feed.publish(1, { type: 'bet', bet: bet('bb***2') });
    expect(vi.getTimerCount()).toBe(0);
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
    const bets = Array.from({ length: 1_000 }, (_, i) => bet(`\u09b0\u09be***${i}"\\`, 'lost'));
    const text = JSON.stringify({ type: 'settled', roundNo: 4, bets });
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
