import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CallDefinition,
  crashBetCall,
  crashCashOutCall,
  diceBetCall,
  diceRotateCall,
  GAME_TOKEN_HEADER,
  playBalanceCall,
  playOpenCall,
  slotSpinCall,
} from '@khela/contract';
import { playRound, roundMessage, SLOT_MODEL_1, seededRng, serverSeedHash } from '@khela/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRound } from '../src/modules/inhouse/repo';
import { betTxId, type PlayContext, replayStoredRound, roundIdOf, winTxId } from '../src/modules/inhouse/service';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { brandStore } from '../src/platform/brand';
import { hashToken } from '../src/platform/sessions';
import { bearer } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { type LaunchedPlayer, launchedPlayer, walletBalance } from './inhouse-helpers';

/** The in-house provider's game server (ARCHITECTURE §5): open, balance and slot spins. */

let t: TestApp;
let brandId: number;

type Player = LaunchedPlayer;

const newPlayer = (opening: bigint, opts: { trial?: boolean; game?: string } = {}): Promise<Player> =>
  launchedPlayer(t.db, brandId, { game: opts.game ?? 'slot', opening, trial: opts.trial, prefix: 'jl' });

async function openGame(p: Player) {
  return t.app.inject({ method: 'POST', url: playOpenCall.path, payload: { ticket: p.ticket } });
}

/** A player whose page has opened the slot: the page's token. */
async function playing(opening: bigint, opts: { trial?: boolean } = {}) {
  const p = await newPlayer(opening, opts);
  const res = await openGame(p);
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value;
  return { ...p, token: value.token as string, stakes: value.slot.stakes as string[] };
}

function spin(token: string, stake: string, requestId = `req-${randomUUID()}`) {
  return t.app.inject({
    method: 'POST',
    url: slotSpinCall.path,
    headers: { [GAME_TOKEN_HEADER]: token },
    payload: { stake, requestId },
  });
}

const balanceOf = (memberId: bigint) => walletBalance(t.db, memberId);

/** The JL ledger movements of a member: [idempotency key, amount on the wallet]. */
async function movements(memberId: bigint) {
  const r = await sql<{ key: string; amount: bigint }>`
    SELECT t.idempotency_key AS key, p.amount FROM ledger_transactions t
      JOIN postings p ON p.tx_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = ${memberId}
     WHERE t.member_id = ${memberId} AND t.idempotency_key LIKE 'provider:JL:%'
     ORDER BY t.id`.execute(t.db.kysely);
  return r.rows.map((x) => [x.key, BigInt(x.amount)] as const);
}

async function roundsOf(memberId: bigint) {
  return t.db.kysely.selectFrom('inhouse_rounds').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

async function playContext(): Promise<PlayContext> {
  const brand = await brandStore(t.db).byId(brandId);
  return { db: t.db, brandId, brand: brand.info };
}

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const b = await t.db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  brandId = b.id;
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe(`in-house open on ${TEST_ENGINE}`, () => {
  it("tells the page the brand's currency symbol and decimals, so it writes amounts as the site does", async () => {
    const res = await openGame(await newPlayer(100_000n));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ currency: 'BDT', currencySymbol: '৳', decimals: 2 });
  });

  it('redeems a launch ticket once for a fresh session token, the balance and the slot model', async () => {
    const p = await newPlayer(100_000n);
    const res = await openGame(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v).toMatchObject({
      gameCode: 'slot',
      gameName: 'Khela Slots',
      currency: 'BDT',
      language: 'en',
      balance: '1000.00',
      playMoney: false,
    });
    expect(v.token).not.toBe(p.sessionToken);
    expect(v.slot).toMatchObject({ modelVersion: 'slot-1', reels: 5, rows: 3, rtp: '96.00' });
    expect(v.slot.paylines).toHaveLength(20);
    // min_bet 100 poisha × the bet levels 1, 2, 5 … 100
    expect(v.slot.stakes).toEqual(['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00']);

    const again = await openGame(p);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'LAUNCH_TICKET_INVALID' });
    // The launch's own token was replaced: only the page's token plays.
    const old = await t.app.inject({
      method: 'GET',
      url: playBalanceCall.path,
      headers: { [GAME_TOKEN_HEADER]: p.sessionToken },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.GAME_SESSION_INVALID' });
  });

  it('refuses an expired ticket and an unknown one', async () => {
    const p = await newPlayer(0n);
    await t.db.kysely
      .updateTable('game_sessions')
      .set({ ticket_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('member_id', '=', p.id)
      .execute();
    expect((await openGame(p)).json().code).toBe('LAUNCH_TICKET_INVALID');
    const unknown = await t.app.inject({
      method: 'POST',
      url: playOpenCall.path,
      payload: { ticket: randomBytes(24).toString('base64url') },
    });
    expect(unknown.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: playOpenCall.path, payload: { ticket: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers the balance to the page token only', async () => {
    const p = await playing(5_000n);
    const ok = await t.app.inject({
      method: 'GET',
      url: playBalanceCall.path,
      headers: { [GAME_TOKEN_HEADER]: p.token },
    });
    expect(ok.json().value).toEqual({ balance: '50.00', currency: 'BDT' });
    const none = await t.app.inject({ method: 'GET', url: playBalanceCall.path });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.GAME_SESSION_INVALID' });
  });
});

describe(`game calls on ${TEST_ENGINE}`, () => {
  const bodyCalls: CallDefinition[] = [slotSpinCall, diceRotateCall, diceBetCall, crashBetCall, crashCashOutCall];

  it('answer 401 to a caller without a game token before they look at a malformed body', async () => {
    for (const call of bodyCalls) {
      const res = await t.app.inject({ method: call.method, url: call.path, payload: { stake: 'lots', extra: 1 } });
      expect(res.statusCode, call.path).toBe(401);
      expect(res.json(), call.path).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.GAME_SESSION_INVALID' });
    }
  });

  it('answer 401 to an unknown game token before they parse a body that is not JSON', async () => {
    for (const call of bodyCalls) {
      const res = await t.app.inject({
        method: call.method,
        url: call.path,
        headers: { [GAME_TOKEN_HEADER]: randomBytes(24).toString('base64url'), 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(res.statusCode, call.path).toBe(401);
      expect(res.json().code, call.path).toBe('UNAUTHORIZED');
    }
  });

  it('validate the body once the game session is proven', async () => {
    const p = await playing(1_000n);
    const res = await t.app.inject({
      method: 'POST',
      url: slotSpinCall.path,
      headers: { [GAME_TOKEN_HEADER]: p.token },
      payload: { stake: 'lots' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe(`slot spins on ${TEST_ENGINE}`, () => {
  it('debits the stake and credits the win exactly as the stored outcome says', async () => {
    const p = await playing(100_000n);
    let expected = 100_000n;
    for (let i = 0; i < 20; i++) {
      const res = await spin(p.token, '5.00');
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      const [row] = await t.db.kysely
        .selectFrom('inhouse_rounds')
        .selectAll()
        .where('round_id', '=', v.roundId)
        .execute();
      expect(row).toBeDefined();
      if (!row) return;
      expect(row.stake).toBe(500n);
      expect(v.win).toBe((Number(row.win) / 100).toFixed(2));
      expect(v.serverSeed).toBe(row.server_seed);
      expect(v.spins).toHaveLength(1 + (v.spins[0].freeSpinsAwarded as number));
      expected += row.win - row.stake;
      expect(v.balance).toBe((Number(expected) / 100).toFixed(2));
      const moved = (await movements(p.id)).filter(([k]) => k.includes(row.round_id));
      expect(moved).toEqual([
        [`provider:JL:${betTxId(row.round_id)}`, -500n],
        ...(row.win > 0n ? [[`provider:JL:${winTxId(row.round_id)}`, row.win] as const] : []),
      ]);
      const round = await t.db.kysely
        .selectFrom('provider_rounds')
        .selectAll()
        .where('round_id', '=', row.round_id)
        .executeTakeFirstOrThrow();
      expect(round).toMatchObject({ status: 'completed', stake_total: 500n, win_total: row.win, game_code: 'slot' });
    }
    expect(await balanceOf(p.id)).toBe(expected);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("commits each round's seed before the spin: the hash shown first is the hash of the seed the round reveals", async () => {
    const p = await newPlayer(100_000n);
    const opened = (await openGame(p)).json().value;
    let shown = opened.slotSeedHash as string;
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const seeds = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const v = (await spin(opened.token, '1.00')).json().value;
      expect(serverSeedHash(v.serverSeed)).toBe(shown);
      expect(v.serverSeedHash).toBe(shown);
      expect(v.nextServerSeedHash).not.toBe(shown);
      seeds.add(v.serverSeed);
      shown = v.nextServerSeedHash;
    }
    expect(seeds.size).toBe(3);
    // The game opened again shows the same commitment: the next round's seed is already chosen.
    const s = await provider.createGameSession(t.db, {
      member: { id: p.id, brandId, isAgent: p.isAgent },
      vendor: 'JL',
      gameCode: 'slot',
      language: 'en',
    });
    const reopened = (
      await openGame({ ...p, ticket: await provider.issueLaunchTicket(t.db, brandId, s.token) })
    ).json();
    expect(reopened.value.slotSeedHash).toBe(shown);
  });

  it('shows the rounds in the betting record and their postings in the account record', async () => {
    const p = await playing(10_000n);
    const res = await spin(p.token, '1.00');
    const v = res.json().value;
    const web = randomBytes(32).toString('base64url');
    await t.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: hashToken(web),
        member_id: p.id,
        login_type: 'test',
        expires_at: sql<Date>`now() + interval '1 hour'`,
        ip: '',
        user_agent: '',
      })
      .execute();
    const range = {
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const bets = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemBetDet',
      headers: bearer(web),
      payload: range,
    });
    expect(bets.statusCode, bets.body).toBe(200);
    expect(bets.json().value.list).toEqual([
      expect.objectContaining({ roundId: v.roundId, stake: '1.00', win: v.win }),
    ]);
    const txs = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: bearer(web),
      payload: range,
    });
    const types = txs.json().value.list.map((r: { type: string; amount: string }) => [r.type, r.amount]);
    expect(types).toContainEqual(['bet', '-1.00']);
    if (v.win !== '0.00') expect(types).toContainEqual(['win', v.win]);
  });

  it('refuses a stake that is not offered, and a session of another game, moving nothing', async () => {
    const p = await playing(10_000n);
    for (const stake of ['3.00', '0.00', '1.001', '1000.00']) {
      const res = await spin(p.token, stake);
      expect(res.statusCode).toBe(400);
      expect(['STAKE_NOT_OFFERED', 'VALIDATION_FAILED']).toContain(res.json().code);
    }
    const crash = await newPlayer(10_000n, { game: 'crash' });
    const opened = await openGame(crash);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().value.slot).toBeUndefined();
    const other = await spin(opened.json().value.token, '1.00');
    expect(other.json().code).toBe('GAME_SESSION_INVALID');
    expect(await movements(p.id)).toEqual([]);
    expect(await roundsOf(p.id)).toEqual([]);
  });

  it('refuses a stake above the balance: no round recorded, nothing moved', async () => {
    const p = await playing(150n);
    const res = await spin(p.token, '2.00');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await roundsOf(p.id)).toEqual([]);
    expect(await movements(p.id)).toEqual([]);
    expect(await balanceOf(p.id)).toBe(150n);
    const rounds = await t.db.kysely.selectFrom('provider_rounds').selectAll().where('member_id', '=', p.id).execute();
    expect(rounds).toEqual([]);
  });

  it('spins once for a repeated requestId, one after the other and at the same time', async () => {
    const p = await playing(100_000n);
    const first = await spin(p.token, '1.00', 'again-and-again');
    const second = await spin(p.token, '1.00', 'again-and-again');
    expect(second.json().value).toEqual(first.json().value);
    const racing = await Promise.all(Array.from({ length: 6 }, () => spin(p.token, '2.00', 'all-at-once')));
    const answers = racing.map((r) => r.json().value);
    for (const a of answers) {
      expect(a.roundId).toBe(answers[0].roundId);
      expect(a.spins).toEqual(answers[0].spins);
    }
    expect(await roundsOf(p.id)).toHaveLength(2);
    const keys = (await movements(p.id)).map(([k]) => k);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k.endsWith(':bet'))).toHaveLength(2);
    // The same requestId with another stake is not a retry.
    const other = await spin(p.token, '5.00', 'again-and-again');
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
  });

  it('lets a trial account spin with play money', async () => {
    const p = await playing(0n, { trial: true });
    const res = await spin(p.token, '1.00');
    expect(res.statusCode, res.body).toBe(200);
    const row = (await roundsOf(p.id))[0];
    expect(row?.currency).toBe('PLAY');
    expect(await balanceOf(p.id)).toBe(200_000n - 100n + (row?.win ?? 0n));
  });

  it('finishes a round interrupted between its bet and its win when the page retries', async () => {
    const p = await playing(10_000n);
    const ctx = await playContext();
    const requestId = 'crashed-mid-round';
    const roundId = roundIdOf(p.id, requestId);
    const inputs = { modelVersion: SLOT_MODEL_1.version, stake: '100' };
    const seed = 'ab'.repeat(32);
    const played = playRound(SLOT_MODEL_1, seededRng(seed, roundMessage(inputs)), 100n);
    const replayed = replayStoredRound({ modelVersion: 'slot-1', serverSeed: seed, inputs });
    const row = await insertRound(t.db, {
      brandId,
      memberId: p.id,
      gameCode: 'slot',
      roundId,
      modelVersion: 'slot-1',
      serverSeed: seed,
      inputs,
      outcome: replayed.outcome,
      currency: 'BDT',
      stake: 100n,
      win: played.win,
    });
    // The process died right after the stake was taken.
    const bet = await provider.bet(
      {
        db: t.db,
        brandId,
        brand: ctx.brand,
        vendor: {
          brandId,
          code: 'JL',
          name: 'JL',
          secret: '',
          wallets: 'both',
          caps: { ratio: 100_000, amount: 10_000_000_000n },
        },
      },
      {
        txId: betTxId(roundId),
        playerId: p.id.toString(),
        token: p.token,
        roundId,
        gameCode: 'slot',
        amount: '1.00',
        currency: 'BDT',
        roundClosed: false,
      },
    );
    expect(bet.status).toBe(200);
    expect(row).not.toBeNull();
    const res = await spin(p.token, '1.00', requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ roundId, serverSeed: seed });
    expect(await balanceOf(p.id)).toBe(10_000n - 100n + played.win);
    expect((await movements(p.id)).map(([k]) => k).filter((k) => k.endsWith(':bet'))).toHaveLength(1);
  });

  it('refunds an interrupted round through the round resolver when the page never comes back', async () => {
    const p = await playing(10_000n);
    const ctx = await playContext();
    const roundId = roundIdOf(p.id, 'never-came-back');
    const inputs = { modelVersion: 'slot-1', stake: '100' };
    const replayed = replayStoredRound({ modelVersion: 'slot-1', serverSeed: 'cd'.repeat(32), inputs });
    const row = await insertRound(t.db, {
      brandId,
      memberId: p.id,
      gameCode: 'slot',
      roundId,
      modelVersion: 'slot-1',
      serverSeed: 'cd'.repeat(32),
      inputs,
      outcome: replayed.outcome,
      currency: 'BDT',
      stake: 100n,
      win: replayed.round.win,
    });
    if (!row) throw new Error('round not stored');
    // The stake was taken, then the process died and the page never came back.
    await provider.bet(
      {
        db: t.db,
        brandId,
        brand: ctx.brand,
        vendor: {
          brandId,
          code: 'JL',
          name: 'JL',
          secret: '',
          wallets: 'both',
          caps: { ratio: 100_000, amount: 10_000_000_000n },
        },
      },
      {
        txId: betTxId(roundId),
        playerId: p.id.toString(),
        token: p.token,
        roundId,
        gameCode: 'slot',
        amount: '1.00',
        currency: 'BDT',
        roundClosed: false,
      },
    );
    expect(await balanceOf(p.id)).toBe(9_900n);
    await sql`UPDATE provider_rounds SET updated_at = now() - interval '1 hour' WHERE round_id = ${roundId}`.execute(
      t.db.kysely,
    );
    const resolved = await provider.resolveStaleRounds(t.db, { delaySeconds: 60 });
    expect(resolved.cancelled).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(p.id)).toBe(10_000n);
  });

  it('replays 200 recorded rounds from their rows to identical outcomes and amounts', async () => {
    const p = await playing(10_000_000n);
    for (let i = 0; i < 200; i++) {
      const res = await spin(p.token, p.stakes[i % p.stakes.length] as string);
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await roundsOf(p.id);
    expect(rows).toHaveLength(200);
    const moved = await movements(p.id);
    const amountOf = (key: string) => moved.find(([k]) => k === `provider:JL:${key}`)?.[1] ?? 0n;
    let net = 0n;
    for (const row of rows) {
      const again = replayStoredRound({
        modelVersion: row.model_version,
        serverSeed: row.server_seed,
        inputs: row.inputs,
      });
      expect(again.outcome).toEqual(row.outcome);
      expect(again.round.win).toBe(row.win);
      expect(again.round.stake).toBe(row.stake);
      expect(amountOf(betTxId(row.round_id))).toBe(again.postings.bet);
      expect(amountOf(winTxId(row.round_id))).toBe(again.postings.win);
      net += again.postings.bet + again.postings.win;
    }
    expect(await balanceOf(p.id)).toBe(10_000_000n + net);
  }, 120_000); // two hundred spins through the API take long on a busy two-core machine
});
