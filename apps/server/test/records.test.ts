import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameSession } from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { hashToken } from '../src/platform/sessions';
import { bearer } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { injectDriver, type ProviderDriver } from './provider-driver';

/** The player's records (spec §2 'Member centre pages'), built from real ledger movements and provider rounds. */

const VENDOR = 'JL';
let t: TestApp;
let d: ProviderDriver;
let brandId: number;
let n = 0;

type Player = { id: bigint; playerId: string; token: string; currency: string; web: string };

async function newPlayer(opening: bigint, opts: { trial?: boolean; game?: string } = {}): Promise<Player> {
  n++;
  const isAgent = opts.trial ? 4 : 0;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `rec${n}${randomUUID().slice(0, 6)}`, member_label: '[]', is_agent: isAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent };
  if (opening > 0n)
    await adjust(t.db, { brandId, member: holder, amount: opening, currency: 'BDT', reason: 'desk', actor: 'test' });
  const s = await createGameSession(t.db, { member: holder, vendor: VENDOR, gameCode: opts.game ?? 'slot-five' });
  const web = randomBytes(32).toString('base64url');
  await t.db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(web),
      member_id: m.id,
      login_type: 'test',
      expires_at: sql<Date>`now() + interval '1 hour'`,
      ip: '',
      user_agent: '',
    })
    .execute();
  return { id: m.id, playerId: m.id.toString(), token: s.token, currency: s.currency, web };
}

async function bet(p: Player, round: string, amount: string, game = 'slot-five') {
  const token =
    game === 'slot-five'
      ? p.token
      : (await createGameSession(t.db, { member: { id: p.id, brandId, isAgent: 0 }, vendor: VENDOR, gameCode: game }))
          .token;
  const r = await d.send('bet', {
    txId: `b-${randomUUID()}`,
    playerId: p.playerId,
    token,
    roundId: round,
    gameCode: game,
    amount,
    currency: p.currency,
  });
  expect(r.json.success, r.body).toBe(true);
}
async function win(p: Player, round: string, amount: string, game = 'slot-five') {
  const r = await d.send('win', {
    txId: `w-${randomUUID()}`,
    playerId: p.playerId,
    roundId: round,
    gameCode: game,
    amount,
    currency: p.currency,
  });
  expect(r.json.success, r.body).toBe(true);
}

const HOUR = 3_600_000;
function around(now = Date.now()) {
  return { startTime: new Date(now - HOUR).toISOString(), endTime: new Date(now + HOUR).toISOString() };
}

async function call(url: string, token: string | undefined, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
  return res;
}
const TX = '/wps/relay/ODSFE2_MemTransDet';
const BETS = '/wps/relay/ODSFE2_MemBetDet';
const PNL = '/wps/relay/ODSFE2_MemProfit';

let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const v = await t.db.kysely
    .selectFrom('provider_vendors')
    .innerJoin('brands', 'brands.id', 'provider_vendors.brand_id')
    .select(['provider_vendors.secret', 'brands.id'])
    .where('brands.merchant_code', '=', 'khela')
    .where('provider_vendors.code', '=', VENDOR)
    .executeTakeFirstOrThrow();
  brandId = v.id;
  d = injectDriver(t.app, { vendor: VENDOR, secret: v.secret });
  alice = await newPlayer(100_000n); // 1,000.00
  bob = await newPlayer(50_000n);
  // alice: round 1 bets 10, wins 25 (completed); round 2 bets 5 then rolled back (cancelled);
  // round 3 bets 7 and stays open.
  await bet(alice, 'a-r1', '10.00');
  await win(alice, 'a-r1', '25.00');
  const b2 = `b-${randomUUID()}`;
  expect(
    (
      await d.send('bet', {
        txId: b2,
        playerId: alice.playerId,
        token: alice.token,
        roundId: 'a-r2',
        gameCode: 'slot-five',
        amount: '5.00',
        currency: 'BDT',
      })
    ).json.success,
  ).toBe(true);
  expect(
    (
      await d.send('rollback', {
        txId: `rb-${randomUUID()}`,
        playerId: alice.playerId,
        roundId: 'a-r2',
        refTxId: b2,
        currency: 'BDT',
      })
    ).json.success,
  ).toBe(true);
  await bet(alice, 'a-r3', '7.00', 'fish-one');
  // bob: one losing round
  await bet(bob, 'b-r1', '3.00');
  await win(bob, 'b-r1', '0.00');
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe(`account record on ${TEST_ENGINE}`, () => {
  it('lists the player’s wallet movements newest first with signed amounts, balances and rounds', async () => {
    const res = await call(TX, alice.web, around());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v).toMatchObject({ total: 6, pageNo: 1, pageSize: 20, totalPages: 1, currency: 'BDT', playMoney: false });
    expect(
      v.list.map((r: { type: string; amount: string; balanceAfter: string }) => [r.type, r.amount, r.balanceAfter]),
    ).toEqual([
      ['bet', '-7.00', '1008.00'],
      ['rollback', '5.00', '1015.00'],
      ['bet', '-5.00', '1010.00'],
      ['win', '25.00', '1015.00'],
      ['bet', '-10.00', '990.00'],
      ['adjust', '1000.00', '1000.00'],
    ]);
    expect(v.list[0]).toMatchObject({ roundId: 'a-r3', detail: 'JL fish-one' });
    // the operator's reason stays with the operator
    expect(v.list[5]).toMatchObject({ roundId: null, detail: '', category: null });
    expect(v.summary).toEqual({ credits: '1030.00', debits: '-22.00', net: '1008.00' });
  });

  it('filters by type and pages, keeping the range totals', async () => {
    const bets = (await call(TX, alice.web, { ...around(), type: 'bet', pageSize: 2 })).json().value;
    expect(bets).toMatchObject({
      total: 3,
      totalPages: 2,
      summary: { credits: '0.00', debits: '-22.00', net: '-22.00' },
    });
    expect(bets.list.map((r: { amount: string }) => r.amount)).toEqual(['-7.00', '-5.00']);
    const second = (await call(TX, alice.web, { ...around(), type: 'bet', pageSize: 2, pageNo: 2 })).json().value;
    expect(second.list.map((r: { amount: string }) => r.amount)).toEqual(['-10.00']);
    const far = (await call(TX, alice.web, { ...around(), type: 'bet', pageSize: 2, pageNo: 9 })).json().value;
    expect(far.list).toEqual([]);
  });

  it('keeps to [start, end): a movement exactly at the end is left out, one at the start kept', async () => {
    const row = await sql<{ at: Date }>`
      SELECT t.created_at AS at FROM ledger_transactions t WHERE t.member_id = ${alice.id} AND t.kind = 'adjust'`.execute(
      t.db.kysely,
    );
    const at = new Date(row.rows[0]?.at as Date);
    // created_at carries microseconds: bound just after it
    const justAfter = new Date(at.getTime() + 1);
    const before = (
      await call(TX, alice.web, {
        startTime: new Date(at.getTime() - HOUR).toISOString(),
        endTime: justAfter.toISOString(),
        type: 'adjust',
      })
    ).json().value;
    expect(before.total).toBe(1);
    const after = (
      await call(TX, alice.web, {
        startTime: justAfter.toISOString(),
        endTime: new Date(at.getTime() + HOUR).toISOString(),
        type: 'adjust',
      })
    ).json().value;
    expect(after.total).toBe(0);
    const past = (await call(TX, alice.web, around(Date.now() - 48 * HOUR))).json().value;
    expect(past).toMatchObject({ total: 0, list: [], totalPages: 1, summary: { net: '0.00' } });
  });

  it('shows a player only their own movements', async () => {
    const v = (await call(TX, bob.web, around())).json().value;
    expect(v.total).toBe(2); // the credit and the bet: a 0.00 win moves no money;
    expect(v.list.every((r: { roundId: string | null }) => r.roundId === null || r.roundId.startsWith('b-'))).toBe(
      true,
    );
  });

  it('shows a trial account its play money, marked as such', async () => {
    const trial = await newPlayer(0n, { trial: true });
    const v = (await call(TX, trial.web, around())).json().value;
    expect(v).toMatchObject({ currency: 'PLAY', playMoney: true, total: 1 });
    expect(v.list[0]).toMatchObject({ type: 'opening', amount: '2000.00', balanceAfter: '2000.00' });
  });
});

describe(`betting record and P&L on ${TEST_ENGINE}`, () => {
  it('lists the player’s rounds with stake, win, net and status, and totals them', async () => {
    const v = (await call(BETS, alice.web, around())).json().value;
    expect(v).toMatchObject({ total: 3, playMoney: false, currency: 'BDT' });
    expect(
      v.list.map((r: { roundId: string; stake: string; win: string; net: string; status: string }) => [
        r.roundId,
        r.stake,
        r.win,
        r.net,
        r.status,
      ]),
    ).toEqual([
      ['a-r3', '7.00', '0.00', '-7.00', 'open'],
      ['a-r2', '0.00', '0.00', '0.00', 'cancelled'],
      ['a-r1', '10.00', '25.00', '15.00', 'completed'],
    ]);
    expect(v.list[2]).toMatchObject({ vendor: 'JL', gameCode: 'slot-five' });
    expect(v.list[2].closedAt).not.toBeNull();
    expect(v.summary).toEqual({ rounds: 3, stake: '17.00', win: '25.00', net: '8.00' });
  });

  it('filters by status, vendor and game, and pages', async () => {
    const done = (await call(BETS, alice.web, { ...around(), status: 'completed' })).json().value;
    expect(done.list.map((r: { roundId: string }) => r.roundId)).toEqual(['a-r1']);
    const fish = (await call(BETS, alice.web, { ...around(), gameCode: 'fish-one' })).json().value;
    expect(fish.list.map((r: { roundId: string }) => r.roundId)).toEqual(['a-r3']);
    expect((await call(BETS, alice.web, { ...around(), vendor: 'PG' })).json().value.total).toBe(0);
    const page2 = (await call(BETS, alice.web, { ...around(), pageSize: 2, pageNo: 2 })).json().value;
    expect(page2).toMatchObject({ total: 3, totalPages: 2 });
    expect(page2.list.map((r: { roundId: string }) => r.roundId)).toEqual(['a-r1']);
  });

  it('never shows another player’s rounds', async () => {
    const v = (await call(BETS, bob.web, around())).json().value;
    expect(v.list.map((r: { roundId: string }) => r.roundId)).toEqual(['b-r1']);
    expect((await call(BETS, bob.web, { ...around(), gameCode: 'fish-one' })).json().value.total).toBe(0);
  });

  it('sums P&L per vendor and per day', async () => {
    const byVendor = (await call(PNL, alice.web, around())).json().value;
    expect(byVendor).toMatchObject({
      groupBy: 'vendor',
      rows: [{ key: 'JL', rounds: 3, stake: '17.00', win: '25.00', net: '8.00' }],
      total: { rounds: 3, net: '8.00' },
    });
    const byDay = (await call(PNL, alice.web, { ...around(), groupBy: 'day', utcOffsetMinutes: 360 })).json().value;
    const today = new Date(Date.now() + 360 * 60_000).toISOString().slice(0, 10);
    expect(byDay.rows.map((r: { key: string }) => r.key)).toContain(today);
    expect(byDay.total).toEqual(byVendor.total);
    expect((await call(PNL, bob.web, around())).json().value.total).toEqual({
      rounds: 1,
      stake: '3.00',
      win: '0.00',
      net: '-3.00',
    });
  });

  it("names each round's game from the catalog in the asked language, its code when the catalog lacks it", async () => {
    const carol = await newPlayer(10_000n);
    await bet(carol, 'c-r1', '1.00', 'slot');
    await win(carol, 'c-r1', '0.00', 'slot');
    await bet(carol, 'c-r2', '1.00');
    const names = async (language?: string) =>
      (await call(BETS, carol.web, { ...around(), ...(language ? { language } : {}) }))
        .json()
        .value.list.map((r: { gameCode: string; gameName: string }) => [r.gameCode, r.gameName]);
    expect(await names('en')).toEqual([
      ['slot-five', 'slot-five'],
      ['slot', 'Khela Slots'],
    ]);
    expect(await names('bn')).toEqual([
      ['slot-five', 'slot-five'],
      ['slot', 'খেলা স্লট'],
    ]);
    // The brand's default language (Bengali in the demo) when none is asked.
    expect(await names()).toEqual(await names('bn'));
    expect((await call(BETS, carol.web, { ...around(), language: 'xx' })).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('needs a session', async () => {
    for (const url of [TX, BETS, PNL]) expect((await call(url, undefined, around())).statusCode).toBe(401);
  });

  it('answers 401 to a visitor before it looks at the body', async () => {
    for (const url of [TX, BETS, PNL]) {
      const res = await call(url, undefined, { startTime: 'yesterday', pageSize: 1000, steal: true });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers a translated 400 with field errors, never a 500', async () => {
    const now = Date.now();
    const cases: [string, unknown, string][] = [
      [TX, {}, 'startTime'],
      [TX, { ...around(), type: 'steal' }, 'type'],
      [TX, { ...around(), pageSize: 1000 }, 'pageSize'],
      [TX, { ...around(), pageNo: 0 }, 'pageNo'],
      [TX, { ...around(), pageNo: 1.5 }, 'pageNo'],
      [TX, { startTime: 'yesterday', endTime: new Date().toISOString() }, 'startTime'],
      [TX, { startTime: new Date(now).toISOString(), endTime: new Date(now - HOUR).toISOString() }, 'endTime'],
      [
        TX,
        { startTime: new Date(now - 100 * 24 * HOUR).toISOString(), endTime: new Date(now).toISOString() },
        'endTime',
      ],
      [TX, { ...around(), memberId: '1' }, 'memberId'],
      [BETS, { ...around(), status: 'won' }, 'status'],
      [BETS, { ...around(), vendor: "JL' OR 1=1" }, 'vendor'],
      [PNL, { ...around(), groupBy: 'member' }, 'groupBy'],
      [PNL, { ...around(), utcOffsetMinutes: 5000 }, 'utcOffsetMinutes'],
    ];
    for (const [url, body, field] of cases) {
      const res = await call(url, alice.web, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
      });
      expect(Object.keys(res.json().fieldErrors), JSON.stringify(body)).toContain(field);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: TX,
      headers: { ...bearer(alice.web), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(raw.statusCode).toBe(400);
  });
});
