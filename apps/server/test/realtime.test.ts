import { IS_AGENT, realtimeSocket, type ServerMessage } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { adjust } from '../src/modules/wallet/service';
import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { ACCOUNT_TEST_ENV, bearer, login, register } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

let t: TestApp;
const demo = DEMO_MEMBERS[0];

beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

/** Collects a socket's messages, each as the contract's server message, and its close code. */
function watch(ws: WebSocket) {
  const messages: ServerMessage<typeof realtimeSocket>[] = [];
  let closeCode: number | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  ws.on('message', (d) => {
    messages.push(realtimeSocket.server.parse(JSON.parse(d.toString())));
    wake();
  });
  ws.on('close', (code) => {
    closeCode = code;
    wake();
  });
  return {
    messages,
    closeCode: () => closeCode,
    async until(pred: () => boolean, ms = 5_000) {
      const end = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(messages)} close ${closeCode}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
  };
}

async function demoSession() {
  const res = await login(t.app, demo.account, demo.password);
  const v = res.json().value;
  const m = await t.db.kysely
    .selectFrom('members')
    .select(['id', 'brand_id'])
    .where('account', '=', demo.account)
    .executeTakeFirstOrThrow();
  return { token: v.token as string, member: { id: m.id, brandId: m.brand_id, isAgent: IS_AGENT.PLAYER } };
}

describe(`realtime /ws on ${TEST_ENGINE}`, () => {
  it('closes a socket that does not authenticate with a live session', async () => {
    const { token } = await demoSession();
    const firsts = [
      '{"type":"auth","token":"not-a-real-token-at-all"}',
      'hello',
      '{"type":"auth"}',
      // Not the contract's client message, though its token is live.
      JSON.stringify({ type: 'auth', token, also: 1 }),
      JSON.stringify({ type: 'login', token }),
    ];
    for (const first of firsts) {
      const ws = await t.app.injectWS(realtimeSocket.path);
      const w = watch(ws);
      ws.send(first);
      await w.until(() => w.closeCode() !== null);
      expect(w.closeCode()).toBe(4401);
      expect(w.messages).toEqual([]);
    }
  });

  it('pushes the new balance right after a movement commits, to every socket of the member', async () => {
    const { token, member } = await demoSession();
    const sockets = [await t.app.injectWS(realtimeSocket.path), await t.app.injectWS(realtimeSocket.path)];
    const watched = sockets.map(watch);
    for (const ws of sockets) ws.send(JSON.stringify({ type: 'auth', token }));
    for (const w of watched) await w.until(() => w.messages.some((m) => m.type === 'ready'));
    const before = (await t.app.inject({ url: '/wps/v2/wallets/balance', headers: bearer(token) })).json().value
      .sumBalance;
    const done = await adjust(t.db, {
      brandId: member.brandId,
      member,
      amount: 1_234n,
      currency: 'BDT',
      reason: 'realtime test',
      actor: 'test',
    });
    const expected = ((Number(before) * 100 + 1_234) / 100).toFixed(2);
    expect(done.balance).toBe(BigInt(Math.round(Number(expected) * 100)));
    for (const w of watched) {
      await w.until(() => w.messages.some((m) => m.type === 'balance'));
      expect(w.messages.find((m) => m.type === 'balance')).toEqual({
        type: 'balance',
        sumBalance: expected,
        currency: 'BDT',
      });
    }
    for (const ws of sockets) ws.terminate();
  });

  it('does not tell one member about another member’s balance', async () => {
    const { res, username } = await register(t.app);
    const other = await t.db.kysely
      .selectFrom('members')
      .select(['id', 'brand_id'])
      .where('account', '=', username)
      .executeTakeFirstOrThrow();
    const ws = await t.app.injectWS(realtimeSocket.path);
    const w = watch(ws);
    ws.send(JSON.stringify({ type: 'auth', token: res.json().value.token }));
    await w.until(() => w.messages.some((m) => m.type === 'ready'));
    const { member } = await demoSession();
    await adjust(t.db, { brandId: member.brandId, member, amount: 100n, currency: 'BDT', reason: 'x', actor: 'test' });
    // Then this member's own movement: once its balance arrives, one sent for the other member
    // before it would have arrived too.
    const own = { id: other.id, brandId: other.brand_id, isAgent: IS_AGENT.PLAYER };
    await adjust(t.db, {
      brandId: own.brandId,
      member: own,
      amount: 250n,
      currency: 'BDT',
      reason: 'x',
      actor: 'test',
    });
    await w.until(() => w.messages.some((m) => m.type === 'balance'));
    expect(w.messages.filter((m) => m.type === 'balance')).toEqual([
      { type: 'balance', sumBalance: '2.50', currency: 'BDT' },
    ]);
    ws.terminate();
  });

  it('ends the socket of a session that logged out', async () => {
    const { token } = await demoSession();
    const ws = await t.app.injectWS(realtimeSocket.path);
    const w = watch(ws);
    ws.send(JSON.stringify({ type: 'auth', token }));
    await w.until(() => w.messages.some((m) => m.type === 'ready'));
    expect(t.app.realtime.connections()).toBeGreaterThan(0);
    await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token) });
    await t.app.realtime.recheck();
    await w.until(() => w.closeCode() !== null);
    expect(w.messages.at(-1)).toEqual({ type: 'session-ended' });
    expect(w.closeCode()).toBe(4401);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('realtime across server processes', () => {
  it('delivers a movement made by one process to a socket held by another', async () => {
    const { buildApp } = await import('../src/app');
    const { openDatabase } = await import('../src/platform/db');
    // A second server over the same PostgreSQL database, as behind a load balancer.
    const db2 = await openDatabase({ url: t.config.DATABASE_URL });
    const app2 = await buildApp(t.config, db2);
    await app2.ready();
    try {
      const { token, member } = await demoSession();
      const ws = await t.app.injectWS(realtimeSocket.path);
      const w = watch(ws);
      ws.send(JSON.stringify({ type: 'auth', token }));
      await w.until(() => w.messages.some((m) => m.type === 'ready'));
      const done = await adjust(db2, {
        brandId: member.brandId,
        member,
        amount: 500n,
        currency: 'BDT',
        reason: 'x',
        actor: 'test',
      });
      await w.until(() => w.messages.some((m) => m.type === 'balance'));
      expect(w.messages.find((m) => m.type === 'balance')).toMatchObject({
        sumBalance: (Number(done.balance) / 100).toFixed(2),
      });
      ws.terminate();
    } finally {
      await app2.close();
      await db2.close();
    }
  });
});
