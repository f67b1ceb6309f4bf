import { randomUUID } from 'node:crypto';
import {
  type CrashBetView,
  type CrashRoundView,
  type CrashState,
  crashBetCall,
  crashCashOutCall,
  crashFeedSocket,
  crashStateCall,
  GAME_TOKEN_HEADER,
  IS_AGENT,
  playOpenCall,
} from '@khela/contract';
import { betOutcome, crashPointOf, elapsedFor, linksTo, replayCrashRound } from '@khela/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { betsOf, type CrashRound, latestRound } from '../src/modules/inhouse/crash/repo';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { openDatabase } from '../src/platform/db';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { launchedPlayer, openedGame, walletBalance } from './inhouse-helpers';

/** The multiplayer crash game (docs/decisions/0015-crash.md): round engine, bets, cash-outs, recovery, replay. */

let t: TestApp;
let brandId: number;
let n = 0;
/** The engine's clock: tests move it; nothing here waits for real time. */
let clock = Date.now() - 30 * 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0', RATE_LIMIT_MAX: '100000' });
  brandId = (await t.db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  t.app.crash.setClock(() => clock);
  // A short chain, so the tests also cross into a second one.
  t.app.crash.setTiming({ bettingMs: 5_000, pauseMs: 2_000, graceMs: 500, chainLength: 12 });
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

type Player = { id: bigint; token: string };
type FeedMessage = { type: string; [k: string]: unknown };

/** A feed message as the events it carries: a batch's bets and cash-outs in turn, else itself. */
const flatten = (msg: FeedMessage): FeedMessage[] => (msg.type === 'batch' ? (msg.events as FeedMessage[]) : [msg]);

async function player(app = t.app, opening = 1_000_000n): Promise<Player> {
  const p = await launchedPlayer(t.db, brandId, { game: 'crash', opening, prefix: 'cr' });
  return { id: p.id, token: (await openedGame(app, p.ticket)).token };
}

const bet = (p: Player, slot: number, stake: string, extra: Record<string, unknown> = {}, app = t.app) =>
  app.inject({
    method: 'POST',
    url: crashBetCall.path,
    headers: { [GAME_TOKEN_HEADER]: p.token },
    payload: { requestId: `b-${randomUUID()}`, slot, stake, ...extra },
  });

const cashOut = (p: Player, slot: number, requestId = `c-${randomUUID()}`) =>
  t.app.inject({
    method: 'POST',
    url: crashCashOutCall.path,
    headers: { [GAME_TOKEN_HEADER]: p.token },
    payload: { requestId, slot },
  });

const balanceOf = (memberId: bigint) => walletBalance(t.db, memberId);

async function current(): Promise<CrashRound> {
  const r = await latestRound(t.db, brandId);
  if (!r) throw new Error('no round');
  return r;
}

/** Plays rounds forward until a fresh betting window opens whose bust satisfies `wanted`. */
async function bettingRound(wanted: (bust: number) => boolean = () => true): Promise<CrashRound> {
  for (let i = 0; i < 500; i++) {
    const r = await latestRound(t.db, brandId);
    if (r?.status === 'betting' && clock < r.bettingEndsMs && wanted(r.bust)) return r;
    if (r) clock = Math.max(clock, r.status === 'betting' ? r.bettingEndsMs : r.bustMs + 10_000);
    await t.app.crash.advance(brandId);
    await t.app.crash.advance(brandId);
  }
  throw new Error('no such round');
}

/** Runs the current round past its bust and settles it. */
async function finishRound() {
  const r = await current();
  clock = Math.max(clock, r.bettingEndsMs);
  await t.app.crash.advance(brandId); // running
  clock = Math.max(clock, r.bustMs);
  await t.app.crash.advance(brandId); // busted
  clock = r.bustMs + 600;
  await t.app.crash.advance(brandId); // settled
  const after = await current();
  expect(after.settledMs).not.toBeNull();
}

describe(`crash on ${TEST_ENGINE}`, () => {
  it('tells the loop when the round next needs it: the end of the betting, the bust, the grace, the pause', async () => {
    const r = await bettingRound((bust) => bust >= 200);
    // Nothing to do until the betting ends: the loop leaves the round unread until then.
    expect(await t.app.crash.advance(brandId)).toBe(r.bettingEndsMs);
    clock = r.bettingEndsMs;
    expect(await t.app.crash.advance(brandId)).toBeNull(); // running: read again at once
    // No bet to cash out on the way: nothing is due before the bust.
    expect(await t.app.crash.advance(brandId)).toBe(r.bustMs);
    clock = r.bustMs;
    expect(await t.app.crash.advance(brandId)).toBeNull(); // busted
    expect(await t.app.crash.advance(brandId)).toBe(r.bustMs + 500); // the grace (timing above)
    clock = r.bustMs + 500;
    expect(await t.app.crash.advance(brandId)).toBeNull(); // settled
    expect((await current()).settledMs).not.toBeNull();
    expect(await t.app.crash.advance(brandId)).toBe(r.bustMs + 2_000); // the pause
    clock = r.bustMs + 2_000;
    expect(await t.app.crash.advance(brandId)).toBeNull(); // the next round opens
    const next = await current();
    expect([next.roundNo, next.status]).toEqual([r.roundNo + 1, 'betting']);
    expect(await t.app.crash.advance(brandId)).toBe(next.bettingEndsMs);
  });

  it('opens with the stakes, the RTP and the curve', async () => {
    n++;
    const m = await t.db.kysely
      .insertInto('members')
      .values({ brand_id: brandId, account: `cro${n}`, member_label: '[]', is_agent: IS_AGENT.PLAYER })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = await provider.createGameSession(t.db, {
      member: { id: m.id, brandId, isAgent: IS_AGENT.PLAYER },
      vendor: 'JL',
      gameCode: 'crash',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: playOpenCall.path,
      payload: { ticket: await provider.issueLaunchTicket(t.db, brandId, s.token) },
    });
    expect(res.json().value.crash).toMatchObject({ rtp: '97.00', maxMultiplier: 1_000_000, minTarget: 101 });
    expect(res.json().value.crash.stakes.slice(0, 3)).toEqual(['1.00', '2.00', '5.00']);
  });

  it('busts every round at crashPointOf of its revealed hash, linked to the published terminating hash', async () => {
    const p = await player();
    const seen: { roundNo: number; terminatingHash: string; chainIndex: number }[] = [];
    for (let i = 0; i < 15; i++) {
      await bettingRound();
      const state = await t.app.inject({
        method: 'GET',
        url: crashStateCall.path,
        headers: { [GAME_TOKEN_HEADER]: p.token },
      });
      const round = state.json().value.round;
      // Before the bust the hash and the bust point stay on the server.
      expect(round).toMatchObject({ phase: 'betting', hash: null, bust: null });
      seen.push(round);
      await finishRound();
    }
    const state = await t.app.inject({
      method: 'GET',
      url: crashStateCall.path,
      headers: { [GAME_TOKEN_HEADER]: p.token },
    });
    const history = state.json().value.history as { roundNo: number; hash: string; bust: number; chainIndex: number }[];
    for (const s of seen) {
      const h = history.find((x) => x.roundNo === s.roundNo);
      if (!h) throw new Error(`round ${s.roundNo} missing from the history`);
      expect(h.bust).toBe(crashPointOf(h.hash));
      expect(h.chainIndex).toBe(s.chainIndex);
      expect(linksTo(h.hash, s.terminatingHash, s.chainIndex)).toBe(true);
    }
    // Twelve hashes per chain here: fifteen rounds cross into a next chain at least once (where
    // the previous tests left the chain decides whether twice). Within a chain the index rises;
    // a chain once left never comes back.
    const changes = seen.filter((s, i) => i > 0 && s.terminatingHash !== seen[i - 1]?.terminatingHash).length;
    expect(changes).toBeGreaterThanOrEqual(1);
    expect(new Set(seen.map((s) => s.terminatingHash)).size).toBe(changes + 1);
    seen.forEach((s, i) => {
      const before = seen[i - 1];
      if (before?.terminatingHash === s.terminatingHash) expect(s.chainIndex).toBeGreaterThan(before.chainIndex);
    });
  });

  it('pays a cash-out before the bust once; after the bust it is refused and changes nothing', async () => {
    const round = await bettingRound((b) => b >= 200);
    const p = await player();
    const start = await balanceOf(p.id);
    expect((await bet(p, 1, '10.00')).statusCode).toBe(200);
    expect((await bet(p, 2, '5.00')).statusCode).toBe(200);
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId);
    clock = round.runningMs + elapsedFor(150);
    const requestId = `c-${randomUUID()}`;
    const first = await cashOut(p, 1, requestId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.bet).toMatchObject({ status: 'cashed', multiplier: 150, win: '15.00' });
    const again = await cashOut(p, 1, requestId);
    expect(again.json().value.bet).toMatchObject({ status: 'cashed', multiplier: 150, win: '15.00' });
    expect((await cashOut(p, 1)).json().code).toBe('ROUND_CLOSED');
    // Slot 2 asks at the bust time: too late.
    clock = round.bustMs;
    const late = await cashOut(p, 2);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ROUND_CLOSED');
    await finishRound();
    expect(await balanceOf(p.id)).toBe(start - 1000n - 500n + 1500n);
    const bets = await betsOf(t.db, round.id);
    expect(bets.map((b) => [b.slot, b.status, b.win])).toEqual([
      [1, 'cashed', 1500n],
      [2, 'lost', 0n],
    ]);
  });

  it('cashes auto targets out at the target, during the flight or at the settlement', async () => {
    const round = await bettingRound((b) => b >= 300);
    const p = await player();
    const q = await player();
    const start = await balanceOf(p.id);
    expect((await bet(p, 1, '10.00', { autoCashOut: '1.50' })).statusCode).toBe(200);
    expect((await bet(p, 2, '10.00', { autoCashOut: (round.bust / 100 + 1).toFixed(2) })).statusCode).toBe(200);
    expect((await bet(q, 1, '2.00', { autoCashOut: '3' })).statusCode).toBe(200);
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId);
    // The loop is told when the curve reaches the lowest open target, and wakes then.
    expect(await t.app.crash.advance(brandId)).toBe(round.runningMs + elapsedFor(150));
    clock = round.runningMs + elapsedFor(150) - 1;
    expect(await t.app.crash.advance(brandId)).toBe(round.runningMs + elapsedFor(150));
    clock = round.runningMs + elapsedFor(160);
    // The tick passes 1.50: p's slot 1 is paid now, and q's 3.00 is next.
    expect(await t.app.crash.advance(brandId)).toBe(round.runningMs + elapsedFor(300));
    expect((await betsOf(t.db, round.id)).find((b) => b.slot === 1 && b.memberId === p.id)).toMatchObject({
      status: 'cashed',
      multiplier: 150,
      win: 1500n,
      settled: true,
    });
    // No tick between 1.60 and the bust: q's 3.00 (≤ the bust) is still paid at 3.00.
    await finishRound();
    const bets = await betsOf(t.db, round.id);
    expect(bets.find((b) => b.memberId === q.id)).toMatchObject({ status: 'cashed', multiplier: 300, win: 600n });
    expect(bets.find((b) => b.memberId === p.id && b.slot === 2)).toMatchObject({ status: 'lost', win: 0n });
    expect(await balanceOf(p.id)).toBe(start - 2000n + 1500n);
  });

  it('takes two bets per player per round, one in each slot', async () => {
    await bettingRound();
    const p = await player();
    const start = await balanceOf(p.id);
    expect((await bet(p, 1, '1.00')).statusCode).toBe(200);
    expect((await bet(p, 2, '1.00')).statusCode).toBe(200);
    const third = await bet(p, 1, '1.00');
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('CONFLICT');
    expect(await balanceOf(p.id)).toBe(start - 200n);
    await finishRound();
  });

  it('refuses a third slot, a stake not offered and an automatic cash-out below 1.01×', async () => {
    await bettingRound();
    const p = await player();
    const start = await balanceOf(p.id);
    expect((await bet(p, 3, '1.00')).json().code).toBe('VALIDATION_FAILED');
    expect((await bet(p, 1, '3.00')).json().code).toBe('STAKE_NOT_OFFERED');
    expect((await bet(p, 1, '1.00', { autoCashOut: '1.00' })).json().code).toBe('VALIDATION_FAILED');
    expect(await balanceOf(p.id)).toBe(start);
    await finishRound();
  });

  it('refuses a bet once the betting window has closed', async () => {
    const round = await bettingRound();
    const p = await player();
    const start = await balanceOf(p.id);
    clock = round.bettingEndsMs;
    const late = await bet(p, 1, '1.00');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ROUND_CLOSED');
    expect(await balanceOf(p.id)).toBe(start);
    await finishRound();
  });

  it(`settles ${TEST_ENGINE === 'postgres' ? 200 : 40} players betting and cashing out at once`, async () => {
    const count = TEST_ENGINE === 'postgres' ? 200 : 40;
    const round = await bettingRound((b) => b >= 150);
    const players = await Promise.all(Array.from({ length: count }, () => player()));
    const start = new Map<bigint, bigint>();
    for (const p of players) start.set(p.id, await balanceOf(p.id));
    const placed = await Promise.all(players.map((p) => bet(p, 1, '10.00')));
    expect(placed.map((r) => r.statusCode)).toEqual(players.map(() => 200));
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId);
    const early = players.slice(0, count / 2);
    const late = players.slice(count / 2);
    clock = round.bustMs - 1;
    const m = (await import('@khela/games')).multiplierAt(clock - round.runningMs);
    // Each early player sends the same cash-out twice at once (a double tap, a retry).
    const earlyAnswers = await Promise.all(
      early.flatMap((p) => {
        const id = `c-${randomUUID()}`;
        return [cashOut(p, 1, id), cashOut(p, 1, id)];
      }),
    );
    for (const r of earlyAnswers) expect(r.statusCode, r.body).toBe(200);
    clock = round.bustMs;
    const lateAnswers = await Promise.all(late.map((p) => cashOut(p, 1)));
    for (const r of lateAnswers) expect(r.json().code).toBe('ROUND_CLOSED');
    await finishRound();
    const win = (1000n * BigInt(m)) / 100n;
    for (const p of early) expect(await balanceOf(p.id)).toBe((start.get(p.id) as bigint) - 1000n + win);
    for (const p of late) expect(await balanceOf(p.id)).toBe((start.get(p.id) as bigint) - 1000n);
    const wins = await sql<{ n: bigint }>`
      SELECT count(*)::bigint AS n FROM provider_transactions
       WHERE kind = 'win' AND round_id LIKE ${`crash-${round.roundNo}-%`} AND outcome = 'ok'`.execute(t.db.kysely);
    expect(Number(wins.rows[0]?.n)).toBe(count);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refunds every open bet exactly once when the server died mid-round', async () => {
    const round = await bettingRound((b) => b >= 200);
    const players = await Promise.all([player(), player(), player()]);
    const start = new Map<bigint, bigint>();
    for (const p of players) start.set(p.id, await balanceOf(p.id));
    for (const p of players) expect((await bet(p, 1, '20.00')).statusCode).toBe(200);
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId);
    clock = round.runningMs + elapsedFor(120);
    // The first player got out before the crash: that win stands.
    expect((await cashOut(players[0] as Player, 1)).statusCode).toBe(200);

    // A second server on the same database starts (the first one's process is gone: its
    // round never settles) and, as the new leader, recovers the round.
    const db2 = t.config.DATABASE_URL ? await openDatabase({ url: t.config.DATABASE_URL }) : t.db;
    const app2 = await buildApp(t.config, db2);
    await app2.ready();
    try {
      app2.crash.setClock(() => clock);
      await app2.crash.recover(brandId);
      await app2.crash.recover(brandId);
      const after = await latestRound(t.db, brandId);
      expect(after?.status).toBe('void');
      expect(after?.settledMs).not.toBeNull();
      const p0 = players[0] as Player;
      expect(await balanceOf(p0.id)).toBe((start.get(p0.id) as bigint) - 2000n + 2400n);
      for (const p of players.slice(1)) expect(await balanceOf(p.id)).toBe(start.get(p.id));
      const refunds = await sql<{ n: bigint }>`
        SELECT count(*)::bigint AS n FROM provider_transactions
         WHERE kind = 'rollback' AND round_id LIKE ${`crash-${round.roundNo}-%`} AND amount > 0`.execute(t.db.kysely);
      expect(Number(refunds.rows[0]?.n)).toBe(2);
      // The next round starts on the new server.
      await app2.crash.advance(brandId);
      expect((await latestRound(t.db, brandId))?.status).toBe('betting');
    } finally {
      await app2.close();
      if (db2 !== t.db) await db2.close();
    }
  });

  it('streams the round, bets, cash-outs and the bust to game pages authenticated by their game token', async () => {
    const refused = await t.app.injectWS(crashFeedSocket.path);
    const closed = new Promise<number>((r) => refused.on('close', (code) => r(code)));
    refused.send(JSON.stringify({ type: 'auth', token: 'not-a-game-session-token' }));
    expect(await closed).toBe(4401);

    const round = await bettingRound((b) => b >= 150);
    const p = await player();
    const ws = await t.app.injectWS(crashFeedSocket.path);
    const messages: FeedMessage[] = [];
    const received: string[] = [];
    ws.on('message', (data) => {
      // Every message is the contract's: a field the page does not expect fails here.
      const msg = crashFeedSocket.server.parse(JSON.parse(String(data))) as FeedMessage;
      // The earlier tests' bets and cash-outs may still be queued: a batch of theirs before the
      // hello is not this page's.
      if (msg.type !== 'hello' && received.length === 0) return;
      received.push(msg.type);
      messages.push(...flatten(msg));
    });
    /** The `count`-th message of a type; bets and cash-outs of this round only. */
    const until = (type: string, count = 1) =>
      vi.waitFor(
        () => {
          const ofType = messages.filter(
            (m) => m.type === type && (m.bet === undefined || (m.bet as CrashBetView).roundNo === round.roundNo),
          );
          const m = ofType[count - 1];
          if (!m) throw new Error(`no ${type} message; got ${messages.map((x) => x.type)}`);
          return m as unknown as { state: CrashState; round: CrashRoundView; bet: CrashBetView; roundNo: number };
        },
        { timeout: 2_000, interval: 10 },
      );
    ws.send(JSON.stringify({ type: 'auth', token: p.token }));
    const hello = await until('hello');
    expect(hello.state.round).toMatchObject({ roundNo: round.roundNo, phase: 'betting', hash: null });
    expect(hello.state.history.length).toBeGreaterThan(0);
    expect((await bet(p, 1, '1.00')).statusCode).toBe(200);
    expect((await bet(p, 2, '2.00')).statusCode).toBe(200);
    expect((await until('bet')).bet).toMatchObject({ roundNo: round.roundNo, slot: 1, stake: '1.00', status: 'open' });
    expect((await until('bet', 2)).bet).toMatchObject({ roundNo: round.roundNo, slot: 2, stake: '2.00' });
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId);
    expect((await until('round')).round).toMatchObject({ phase: 'running', startedAt: round.runningMs });
    clock = round.runningMs + elapsedFor(120);
    expect((await cashOut(p, 1)).statusCode).toBe(200);
    expect((await until('cashout')).bet).toMatchObject({ status: 'cashed', multiplier: 120, win: '1.20' });
    clock = round.bustMs;
    await t.app.crash.advance(brandId);
    const bust = await until('bust');
    expect(bust.round).toMatchObject({ phase: 'busted', bust: round.bust, hash: round.hash, bustAt: round.bustMs });
    await finishRound();
    // The settlement says the round is over: slot 2, still open, was lost.
    expect(await until('settled')).toEqual({ type: 'settled', roundNo: round.roundNo });
    // Bets and cash-outs come in batches, each sent before the message that followed it.
    expect(received.filter((type, i) => type !== received[i - 1])).toEqual([
      'hello',
      'batch',
      'round',
      'batch',
      'bust',
      'settled',
    ]);
    ws.terminate();
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    "carries a busy round's batches, larger than a NOTIFY, to the pages of another process, in order",
    async () => {
      const url = t.config.DATABASE_URL as string;
      const db2 = await openDatabase({ url });
      const app2 = await buildApp(t.config, db2);
      await app2.ready();
      try {
        await t.app.crash.feed.listen(url);
        await app2.crash.feed.listen(url);
        const p = await player(app2);
        const ws = await app2.injectWS(crashFeedSocket.path);
        const messages: FeedMessage[] = [];
        ws.on('message', (data) =>
          messages.push(crashFeedSocket.server.parse(JSON.parse(String(data))) as FeedMessage),
        );
        ws.send(JSON.stringify({ type: 'auth', token: p.token }));
        await vi.waitFor(() => expect(messages.map((m) => m.type)).toContain('hello'), {
          timeout: 2_000,
          interval: 10,
        });
        const roundNo = 1_000_000 + n++;
        // A thousand bets: far more than one NOTIFY payload holds, in one batch or in one list.
        const views = Array.from(
          { length: 1_000 },
          (_, i): CrashBetView => ({
            roundNo,
            name: `pl***${i}`,
            slot: 1,
            stake: '1.00',
            target: null,
            status: 'open',
            multiplier: null,
            win: null,
          }),
        );
        for (const bet of views) t.app.crash.env.publish(brandId, { type: 'bet', bet });
        t.app.crash.env.publish(brandId, { type: 'settled', roundNo });
        await vi.waitFor(() => expect(messages.map((m) => m.type)).toContain('settled'), {
          timeout: 3_000,
          interval: 10,
        });
        const events = messages.flatMap(flatten).filter((m) => (m as { bet?: CrashBetView }).bet?.roundNo === roundNo);
        expect(events.map((m) => (m.bet as CrashBetView).name)).toEqual(views.map((b) => b.name));
        expect(messages.at(-1)).toEqual({ type: 'settled', roundNo });
        ws.terminate();
      } finally {
        await app2.close();
        await db2.close();
      }
    },
  );

  it('replays every stored round to its stored outcomes', async () => {
    const rounds = await sql<{ id: bigint; hash: string; bust: number; chain_index: number; terminating_hash: string }>`
      SELECT r.id, r.hash, r.bust, r.chain_index, c.terminating_hash FROM crash_rounds r
        JOIN crash_chains c ON c.id = r.chain_id WHERE r.status = 'busted'`.execute(t.db.kysely);
    expect(rounds.rows.length).toBeGreaterThan(15);
    for (const r of rounds.rows) {
      const bets = await betsOf(t.db, r.id);
      const replay = replayCrashRound({
        hash: r.hash,
        chainIndex: r.chain_index,
        terminatingHash: r.terminating_hash,
        bets: bets.map((b) => ({ stake: b.stake, target: b.target, cashOutElapsedMs: b.cashoutElapsedMs })),
      });
      expect(replay.linked).toBe(true);
      expect(replay.bust).toBe(r.bust);
      replay.outcomes.forEach((o, i) => {
        const b = bets[i];
        expect([o.multiplier, o.win]).toEqual([b?.multiplier, b?.win]);
        expect(o.kind === 'lost' ? 'lost' : 'cashed').toBe(b?.status);
      });
    }
    expect(betOutcome(100, { stake: 1n, target: null, cashOutElapsedMs: 0 }).kind).toBe('lost');
  });
});

describe(`the crash round loop on ${TEST_ENGINE}`, () => {
  it('runs rounds on the real clock in one process only, and a second process takes over when it stops', async () => {
    const fast = { bettingMs: 150, pauseMs: 100, graceMs: 50, tickMs: 20 };
    t.app.crash.setClock(() => Date.now());
    t.app.crash.setTiming(fast);
    const waitFor = (what: () => Promise<boolean>, label: string) =>
      vi.waitFor(
        async () => {
          if (await what()) return;
          throw new Error(
            `timed out waiting for ${label}: ${JSON.stringify(await latestRound(t.db, brandId), (_, v) => (typeof v === 'bigint' ? String(v) : v))} ${errors.map(String)}`,
          );
        },
        { timeout: 6_000, interval: 20 },
      );
    const busted = async () =>
      Number(
        (
          await sql<{ n: bigint }>`SELECT count(*)::bigint AS n FROM crash_rounds WHERE status = 'busted'`.execute(
            t.db.kysely,
          )
        ).rows[0]?.n,
      );
    const before = await busted();
    const errors: unknown[] = [];
    t.app.crash.env.onError = (err) => errors.push(err);
    t.app.crash.startLoop();
    // Bust points may be large: only the first few rounds that bust quickly are awaited.
    await waitFor(
      async () => (await busted()) >= before + 1 || (await latestRound(t.db, brandId))?.status === 'running',
      'a round',
    );
    expect(t.app.crash.isLeader()).toBe(true);

    if (TEST_ENGINE === 'postgres' && t.config.DATABASE_URL) {
      const db2 = await openDatabase({ url: t.config.DATABASE_URL });
      const app2 = await buildApp(t.config, db2);
      await app2.ready();
      try {
        app2.crash.setTiming(fast);
        app2.crash.startLoop();
        // Once it has tried for the lead, it stands by while the first process holds it.
        await waitFor(async () => app2.crash.leadAttempts() > 0, 'the second process to try for the lead');
        expect(app2.crash.isLeader()).toBe(false);
        // The leader goes away: the other process wins the lock, voids the round it left and goes on.
        const atStop = await current();
        await t.app.crash.stopLoop();
        await waitFor(async () => app2.crash.isLeader(), 'the second process to lead');
        // A round left betting or running is voided and the next starts at once; after a bust,
        // the next starts after the pause: either way soon, whatever the bust points.
        await waitFor(async () => (await current()).roundNo > atStop.roundNo, 'the next round');
      } finally {
        await app2.close();
        await db2.close();
      }
    } else await t.app.crash.stopLoop();
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
