import { randomUUID } from 'node:crypto';
import { fromMinor, INHOUSE_VENDOR, IS_AGENT, MAX_MINOR } from '@khela/contract';
import {
  CRASH_MAX_MULTIPLIER,
  CRASH_STAKE_LEVELS,
  DICE_MIN_CHANCE,
  diceMultiplier,
  offeredStakes,
  SLOT_MODEL_1,
  smallestStake,
  winOf,
} from '@khela/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditWin, debitStake, walletOf } from '../src/modules/inhouse/crash/money';
import type { CrashBet } from '../src/modules/inhouse/crash/repo';
import { DICE_BET_LEVELS } from '../src/modules/inhouse/dice/service';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { invalidateBrandCache } from '../src/platform/brand';
import { AppError } from '../src/platform/errors';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { concurrently, injectDriver, inSequence, type ProviderDriver } from './provider-driver';

/**
 * Caps on provider wins (decision 0025): a win over the brand's ratio or amount cap is answered
 * like any win but held in the vendor's suspense account, with an audit entry and an alert,
 * until staff release it to the player or void it to the house — each exactly once. The
 * in-house games' largest wins stay under the default caps. Runs on PGlite and PostgreSQL.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';
/** The largest win of slot-1 in stakes (packages/games README, from `roundStatistics`). */
const SLOT_1_MAX_WIN_STAKES = 2_306n;

let t: TestApp;
let d: ProviderDriver;
let brandId: number;
let n = 0;

type Player = { id: bigint; playerId: string; token: string; currency: string };

async function newPlayer(opening: bigint, opts: { trial?: boolean; game?: string } = {}): Promise<Player> {
  n++;
  const isAgent = opts.trial ? IS_AGENT.TRIAL : IS_AGENT.PLAYER;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `cap${n}${randomUUID().slice(0, 6)}`, member_label: '[]', is_agent: isAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent };
  if (opening > 0n)
    await adjust(t.db, { brandId, member: holder, amount: opening, currency: 'BDT', reason: 'test', actor: 'test' });
  const s = await provider.createGameSession(t.db, { member: holder, vendor: VENDOR, gameCode: opts.game ?? GAME });
  return { id: m.id, playerId: m.id.toString(), token: s.token, currency: s.currency };
}

async function balanceOf(p: Pick<Player, 'id'>): Promise<bigint> {
  const r = await t.db.kysely
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallet_balances as b', 'b.account_id', 'a.id')
    .select('b.balance')
    .where('a.member_id', '=', p.id)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

/** A system account's balance: the sum of its postings. */
async function systemBalance(code: string, currency = 'BDT'): Promise<bigint> {
  const r = await sql<{ total: string | null }>`
    SELECT sum(p.amount)::text AS total FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.brand_id = ${brandId} AND a.code = ${code} AND a.currency = ${currency}`.execute(t.db.kysely);
  return BigInt(r.rows[0]?.total ?? '0');
}

/** Ledger transactions under one idempotency key. */
async function movementsUnder(key: string): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_transactions WHERE brand_id = ${brandId} AND idempotency_key = ${key}`.execute(
    t.db.kysely,
  );
  return r.rows[0]?.n ?? 0;
}

async function auditOf(event: string, txId: string) {
  const r = await sql<{ detail: Record<string, string> | string }>`
    SELECT detail FROM audit_log WHERE event = ${event} AND detail->>'txId' = ${txId}`.execute(t.db.kysely);
  return r.rows.map((row) => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail));
}

function ids() {
  const u = randomUUID().slice(0, 8);
  return { bet: `bet-${u}`, win: `win-${u}`, round: `r-${u}` };
}

function winBody(p: Player, o: { tx: string; round: string; amount: string; roundClosed?: boolean }) {
  return {
    txId: o.tx,
    playerId: p.playerId,
    roundId: o.round,
    gameCode: GAME,
    amount: o.amount,
    currency: p.currency,
    ...(o.roundClosed !== undefined ? { roundClosed: o.roundClosed } : {}),
  };
}

async function placeBet(p: Player, round: string, amount: string) {
  const bet = await d.send('bet', {
    txId: `bet-${round}-${randomUUID().slice(0, 4)}`,
    playerId: p.playerId,
    token: p.token,
    roundId: round,
    gameCode: GAME,
    amount,
    currency: p.currency,
  });
  expect(bet.status, bet.body).toBe(200);
}

async function betThenWin(p: Player, stake: string, win: string) {
  const i = ids();
  await placeBet(p, i.round, stake);
  const body = winBody(p, { tx: i.win, round: i.round, amount: win });
  return { ...i, body, reply: await d.send('win', body) };
}

async function setCaps(caps: { ratio?: number; amount?: bigint }) {
  await t.db.kysely
    .updateTable('brands')
    .set({
      ...(caps.ratio !== undefined ? { provider_win_ratio_cap: caps.ratio } : {}),
      ...(caps.amount !== undefined ? { provider_win_amount_cap: caps.amount } : {}),
    })
    .where('id', '=', brandId)
    .execute();
}

/** Runs `body` with the brand's caps changed, then puts the defaults back. */
async function withCaps(caps: { ratio?: number; amount?: bigint }, body: () => Promise<void>) {
  await setCaps(caps);
  try {
    await body();
  } finally {
    await setCaps({ ratio: 100_000, amount: 10_000_000_000n });
  }
}

async function heldIdOf(txId: string): Promise<bigint> {
  const row = await t.db.kysely
    .selectFrom('provider_held_wins')
    .select('id')
    .where('tx_id', '=', txId)
    .executeTakeFirstOrThrow();
  return row.id;
}

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
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe(`a win over the brand's caps on ${TEST_ENGINE}`, () => {
  it('holds a 9,999,999,999,999.99 win on a 0.01 bet: a normal 200, the wallet untouched, the money in suspense', async () => {
    const p = await newPlayer(1_000n);
    const suspenseBefore = await systemBalance(`suspense:${VENDOR}`);
    const countBefore = await provider.heldWinCount(t.db, brandId);
    const alerts: provider.HeldWinAlert[] = [];
    const off = provider.onHeldWin(t.db, (a) => alerts.push(a));
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const w = await betThenWin(p, '0.01', '9999999999999.99');
      // Exactly what a paid win answers, with the balance the player really has.
      expect(w.reply.status).toBe(200);
      expect(w.reply.body).toBe(
        JSON.stringify({
          success: true,
          value: { txId: w.win, playerId: p.playerId, currency: 'BDT', balance: '9.99' },
          message: 'ok',
          code: 'OK',
        }),
      );
      expect(await balanceOf(p)).toBe(999n);
      expect(await systemBalance(`suspense:${VENDOR}`)).toBe(suspenseBefore + 999_999_999_999_999n);
      expect(await movementsUnder(`provider:${VENDOR}:${w.win}`)).toBe(1);

      const held = await t.db.kysely
        .selectFrom('provider_held_wins')
        .selectAll()
        .where('tx_id', '=', w.win)
        .executeTakeFirstOrThrow();
      expect(held).toMatchObject({
        member_id: p.id,
        round_id: w.round,
        amount: 999_999_999_999_999n,
        stake_total: 1n,
        reason: 'both',
        status: 'held',
      });
      // The round shows what the player got: nothing paid yet, the win held.
      const round = await t.db.kysely
        .selectFrom('provider_rounds')
        .select(['win_total', 'held_total', 'status'])
        .where('round_id', '=', w.round)
        .executeTakeFirstOrThrow();
      expect(round).toEqual({ win_total: 0n, held_total: 999_999_999_999_999n, status: 'completed' });

      expect(await auditOf('provider.win.held', w.win)).toEqual([
        expect.objectContaining({ vendor: VENDOR, amount: '999999999999999', reason: 'both', roundId: w.round }),
      ]);
      expect(alerts).toEqual([expect.objectContaining({ txId: w.win, amount: 999_999_999_999_999n, reason: 'both' })]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ txId: w.win, amount: '999999999999999', reason: 'both' }),
        expect.stringContaining('held in suspense'),
      );
      expect(await provider.heldWinCount(t.db, brandId)).toBe(countBefore + 1);
    } finally {
      off();
      warn.mockRestore();
    }
  });

  it('a replay, in sequence or at once, answers the same bytes and holds nothing twice', async () => {
    const p = await newPlayer(1_000n);
    const w = await betThenWin(p, '1.00', '500000.00');
    expect(w.reply.status).toBe(200);
    const again = [...(await inSequence(d, 'win', w.body, 3)), ...(await concurrently(d, 'win', w.body, 5))];
    for (const r of again) expect(r.body).toBe(w.reply.body);
    expect(await movementsUnder(`provider:${VENDOR}:${w.win}`)).toBe(1);
    const rows = await t.db.kysely.selectFrom('provider_held_wins').select('id').where('tx_id', '=', w.win).execute();
    expect(rows).toHaveLength(1);
    expect(await balanceOf(p)).toBe(900n);
    // The same id with another amount is a duplicate, as for any win.
    const dup = await d.send('win', { ...w.body, amount: '500001.00' });
    expect(dup.json.code).toBe('DUPLICATE_TRANSACTION');
  });

  it('a held win ends its round like a paid one: a rollback after it is refused', async () => {
    const p = await newPlayer(1_000n);
    const i = ids();
    await d.send('bet', {
      txId: i.bet,
      playerId: p.playerId,
      token: p.token,
      roundId: i.round,
      gameCode: GAME,
      amount: '1.00',
      currency: p.currency,
    });
    const win = await d.send('win', winBody(p, { tx: i.win, round: i.round, amount: '999999.00', roundClosed: false }));
    expect(win.status).toBe(200);
    const rb = await d.send('rollback', {
      txId: `rb-${i.round}`,
      playerId: p.playerId,
      roundId: i.round,
      refTxId: i.bet,
      currency: p.currency,
    });
    expect(rb.json.code).toBe('ROLLBACK_AFTER_WIN');
    expect(await balanceOf(p)).toBe(900n);
  });

  it('holds a win over the single-win cap although its ratio is fine', async () => {
    await withCaps({ amount: 500_000n }, async () => {
      const p = await newPlayer(100_000n);
      const paid = await betThenWin(p, '100.00', '5000.00');
      expect(paid.reply.json.value).toMatchObject({ balance: '5900.00' });
      const held = await betThenWin(p, '100.00', '5000.01');
      expect(held.reply.status).toBe(200);
      expect(held.reply.json.value).toMatchObject({ balance: '5800.00' });
      expect(
        await t.db.kysely.selectFrom('provider_held_wins').select('reason').where('tx_id', '=', held.win).execute(),
      ).toEqual([{ reason: 'amount' }]);
    });
  });

  it("holds wins split in parts once the round's total goes over the ratio; a total at the cap is paid", async () => {
    await withCaps({ ratio: 10 }, async () => {
      const p = await newPlayer(1_000n);
      const i = ids();
      await placeBet(p, i.round, '1.00');
      const first = await d.send(
        'win',
        winBody(p, { tx: `${i.win}-1`, round: i.round, amount: '6.00', roundClosed: false }),
      );
      expect(first.json.value).toMatchObject({ balance: '15.00' });
      const second = await d.send(
        'win',
        winBody(p, { tx: `${i.win}-2`, round: i.round, amount: '4.00', roundClosed: false }),
      );
      expect(second.json.value).toMatchObject({ balance: '19.00' });
      const third = await d.send('win', winBody(p, { tx: `${i.win}-3`, round: i.round, amount: '0.01' }));
      expect(third.status).toBe(200);
      expect(third.json.value).toMatchObject({ balance: '19.00' });
      const held = await t.db.kysely
        .selectFrom('provider_held_wins')
        .select(['reason', 'stake_total', 'earlier_wins'])
        .where('tx_id', '=', `${i.win}-3`)
        .executeTakeFirstOrThrow();
      expect(held).toEqual({ reason: 'ratio', stake_total: 100n, earlier_wins: 1_000n });
    });
  });

  it('never holds play money', async () => {
    const p = await newPlayer(0n, { trial: true });
    const w = await betThenWin(p, '0.01', '9999.99');
    expect(w.reply.status).toBe(200);
    expect(await balanceOf(p)).toBe(200_000n - 1n + 999_999n);
    expect(
      await t.db.kysely.selectFrom('provider_held_wins').select('id').where('tx_id', '=', w.win).execute(),
    ).toEqual([]);
  });
});

describe("the in-house games' largest wins are paid at the default caps", () => {
  async function minBetOf(game: string): Promise<bigint> {
    const row = await t.db.kysely
      .selectFrom('games')
      .select('min_bet')
      .where('brand_id', '=', brandId)
      .where('code', '=', game)
      .executeTakeFirstOrThrow();
    return row.min_bet;
  }

  /** A stake and its win through the in-process seamless-wallet calls, as the game pays them. */
  async function playInHouse(game: string, stake: bigint, win: bigint) {
    const p = await newPlayer(stake, { game });
    const call = await provider.inProcessCall(
      { db: t.db, brandId, brand: { currency: 'BDT', currencyDecimals: 2 } },
      INHOUSE_VENDOR,
    );
    if (!call) throw new Error('no in-house vendor');
    const roundId = `${game}-max-${randomUUID().slice(0, 8)}`;
    const common = { playerId: p.playerId, roundId, gameCode: game, currency: 'BDT' };
    const bet = await provider.bet(call, {
      ...common,
      txId: `${roundId}:bet`,
      token: p.token,
      amount: fromMinor(stake, 2),
    });
    expect(bet.status, bet.body).toBe(200);
    const paid = await provider.win(call, { ...common, txId: `${roundId}:win`, amount: fromMinor(win, 2) });
    expect(paid.status, paid.body).toBe(200);
    return p;
  }

  it('crash at 10,000× on its largest stake, through the crash money path', async () => {
    const stake = (await minBetOf('crash')) * BigInt(Math.max(...CRASH_STAKE_LEVELS));
    const win = winOf(stake, CRASH_MAX_MULTIPLIER);
    expect(win).toBe(stake * 10_000n);
    const p = await newPlayer(stake, { game: 'crash' });
    const w = await walletOf(t.db, brandId);
    if (!w) throw new Error('no in-house vendor');
    const bet: CrashBet = {
      id: 1n,
      roundId: 1n,
      memberId: p.id,
      slot: 1,
      requestId: randomUUID(),
      providerRound: `crash-max-${randomUUID().slice(0, 8)}`,
      name: 'x',
      currency: 'BDT',
      stake,
      target: null,
      status: 'cashed',
      cashoutKind: 'auto',
      cashoutRequestId: null,
      cashoutMs: null,
      cashoutElapsedMs: null,
      multiplier: CRASH_MAX_MULTIPLIER,
      win,
      settled: false,
    };
    expect(await debitStake(w, bet, p.token)).toEqual({ ok: true, balance: 0n });
    expect(await creditWin(w, bet)).toEqual({ ok: true, balance: win });
    expect(await balanceOf(p)).toBe(win);
    expect(await provider.heldWins(t.db, brandId)).not.toContainEqual(expect.objectContaining({ memberId: p.id }));
  });

  it('slot at its largest win on its largest stake', async () => {
    const stakes = offeredStakes(SLOT_MODEL_1, smallestStake(SLOT_MODEL_1, await minBetOf('slot')));
    const stake = stakes[stakes.length - 1] as bigint;
    const p = await playInHouse('slot', stake, stake * SLOT_1_MAX_WIN_STAKES);
    expect(await balanceOf(p)).toBe(stake * SLOT_1_MAX_WIN_STAKES);
  });

  it('dice at its largest multiplier on its largest stake', async () => {
    const stake = (await minBetOf('dice')) * BigInt(Math.max(...DICE_BET_LEVELS));
    const win = (stake * BigInt(diceMultiplier(DICE_MIN_CHANCE, 'under'))) / 10_000n;
    expect(win).toBe(stake * 99n);
    const p = await playInHouse('dice', stake, win);
    expect(await balanceOf(p)).toBe(win);
  });
});

describe('amounts the ledger cannot hold', () => {
  it('a 19-digit amount in a four-decimal currency is refused as bad input, never a 500', async () => {
    const p = await newPlayer(1_000n);
    const i = ids();
    await placeBet(p, i.round, '1.00');
    await t.db.kysely.updateTable('brands').set({ currency_decimals: 4 }).where('id', '=', brandId).execute();
    invalidateBrandCache();
    try {
      const r = await d.send('win', winBody(p, { tx: i.win, round: i.round, amount: '999999999999999.9999' }));
      expect(r.status, r.body).toBe(400);
      expect(r.json).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { amount: 'validation.invalid' } });
    } finally {
      await t.db.kysely.updateTable('brands').set({ currency_decimals: 2 }).where('id', '=', brandId).execute();
      invalidateBrandCache();
    }
  });

  it.each([
    ['paid into the wallet', { ratio: 2_147_483_647, amount: MAX_MINOR }],
    ['held in suspense', { ratio: 1, amount: 1n }],
  ])('wins whose sum would pass a bigint, %s, are refused with a 400 and post nothing', async (_, caps) => {
    await withCaps(caps, async () => {
      const p = await newPlayer(1_000n);
      const i = ids();
      await placeBet(p, i.round, '0.01');
      const big = '999999999999999.99';
      let refused: { status: number; code: string; i: number } | null = null;
      for (let k = 0; k < 100 && !refused; k++) {
        const r = await d.send(
          'win',
          winBody(p, { tx: `${i.win}-${k}`, round: i.round, amount: big, roundClosed: false }),
        );
        if (r.status !== 200) refused = { status: r.status, code: r.json.code, i: k };
      }
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      // 92 of these fit in a bigint; the next one would not.
      expect(refused?.i).toBe(92);
      expect(await movementsUnder(`provider:${VENDOR}:${i.win}-92`)).toBe(0);
    });
  });
});

describe('release and void', () => {
  async function heldWin(stake = '1.00', amount = '250000.00') {
    const p = await newPlayer(1_000n);
    const w = await betThenWin(p, stake, amount);
    expect(w.reply.status).toBe(200);
    return { p, txId: w.win, id: await heldIdOf(w.win), amount: 25_000_000n };
  }

  it('releases a held win to the player exactly once, even asked ten times at once', async () => {
    const h = await heldWin();
    const suspense = await systemBalance(`suspense:${VENDOR}`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        provider.releaseHeldWin(t.db, { brandId, id: h.id, actor: 'test:staff', note: 'checked the round log' }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) expect(r.win).toMatchObject({ status: 'released', decidedBy: 'test:staff' });
    expect(await balanceOf(h.p)).toBe(900n + h.amount);
    expect(await systemBalance(`suspense:${VENDOR}`)).toBe(suspense - h.amount);
    expect(await movementsUnder(`suspense:${VENDOR}:${h.txId}`)).toBe(1);
    expect(await auditOf('provider.win.released', h.txId)).toHaveLength(1);
    // The round now shows the win as paid.
    const round = await t.db.kysely
      .selectFrom('provider_rounds')
      .select(['win_total', 'held_total'])
      .where('round_id', '=', results[0]?.win.roundId ?? '')
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ win_total: h.amount, held_total: 0n });
    // Asked again later: the same decision, nothing moves.
    const again = await provider.releaseHeldWin(t.db, { brandId, id: h.id, actor: 'other', note: 'again' });
    expect(again.replayed).toBe(true);
    expect(await balanceOf(h.p)).toBe(900n + h.amount);
  });

  it('voids a held win to the house exactly once; releases racing it lose with a conflict', async () => {
    const h = await heldWin();
    const house = await systemBalance('house');
    const suspense = await systemBalance(`suspense:${VENDOR}`);
    const decisions = Array.from({ length: 10 }, (_, k) =>
      (k % 2 === 0 ? provider.voidHeldWin : provider.releaseHeldWin)(t.db, {
        brandId,
        id: h.id,
        actor: `test:${k}`,
        note: 'a race',
      }),
    );
    const settled = await Promise.allSettled(decisions);
    const firsts = settled.filter((s) => s.status === 'fulfilled' && !s.value.replayed);
    expect(firsts).toHaveLength(1);
    const winner = firsts[0]?.status === 'fulfilled' ? firsts[0].value.win.status : null;
    // Every other call either repeats the winning decision or is refused as a conflict.
    for (const s of settled) {
      if (s.status === 'fulfilled') expect(s.value.win.status).toBe(winner);
      else expect(s.reason).toMatchObject({ code: 'CONFLICT' });
    }
    expect(await movementsUnder(`suspense:${VENDOR}:${h.txId}`)).toBe(1);
    expect(await systemBalance(`suspense:${VENDOR}`)).toBe(suspense - h.amount);
    if (winner === 'voided') {
      expect(await systemBalance('house')).toBe(house + h.amount);
      expect(await balanceOf(h.p)).toBe(900n);
    } else {
      expect(await systemBalance('house')).toBe(house);
      expect(await balanceOf(h.p)).toBe(900n + h.amount);
    }
    // Once decided, the other decision is refused.
    const other = winner === 'voided' ? provider.releaseHeldWin : provider.voidHeldWin;
    await expect(other(t.db, { brandId, id: h.id, actor: 'late', note: 'late' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('a void pays the house and never the player', async () => {
    const h = await heldWin();
    const house = await systemBalance('house');
    const v = await provider.voidHeldWin(t.db, { brandId, id: h.id, actor: 'test', note: 'forged round' });
    expect(v).toMatchObject({ replayed: false, win: { status: 'voided', note: 'forged round' } });
    expect(await systemBalance('house')).toBe(house + h.amount);
    expect(await balanceOf(h.p)).toBe(900n);
    expect(await auditOf('provider.win.voided', h.txId)).toEqual([expect.objectContaining({ note: 'forged round' })]);
  });

  it('refuses an unknown held win, another brand, and a decision without a note', async () => {
    const h = await heldWin();
    const ask = (o: Partial<provider.Decision>) =>
      provider.releaseHeldWin(t.db, { brandId, id: h.id, actor: 'test', note: 'x', ...o });
    await expect(ask({ id: 987_654_321n })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ask({ brandId: brandId + 1000 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ask({ note: '   ' })).rejects.toBeInstanceOf(AppError);
    expect((await provider.heldWins(t.db, brandId, { limit: 1000 })).map((w) => w.id)).toContain(h.id);
  });

  it('counts the wins waiting for staff per brand, for the back office badge', async () => {
    const before = await provider.heldWinCount(t.db, brandId);
    const h = await heldWin();
    expect(await provider.heldWinCount(t.db, brandId)).toBe(before + 1);
    expect((await provider.heldWinCounts(t.db)).get(brandId)).toBe(before + 1);
    await provider.voidHeldWin(t.db, { brandId, id: h.id, actor: 'test', note: 'done' });
    expect(await provider.heldWinCount(t.db, brandId)).toBe(before);
  });
});
