import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerJobs } from '../src/modules/provider/jobs';
import { createGameSession, resolveStaleRounds } from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { createScheduler } from '../src/platform/jobs';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { concurrently, flipByte, injectDriver, inSequence, type ProviderDriver } from './provider-driver';

/**
 * The provider conformance suite (docs/decisions/0009): every rule of MONEY.md "Seamless-wallet
 * rules", driven through a ProviderDriver the way an aggregator calls. Runs on PGlite and, with
 * KHELA_TEST_DB=postgres, on PostgreSQL.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';

let t: TestApp;
let d: ProviderDriver;
let secret: string;
let brandId: number;
let n = 0;

type Player = { id: bigint; playerId: string; token: string; currency: string; trial: boolean };

async function newPlayer(opening: bigint, opts: { trial?: boolean } = {}): Promise<Player> {
  n++;
  const isAgent = opts.trial ? 4 : 0;
  const m = await t.db.kysely
    .insertInto('members')
    .values({
      brand_id: brandId,
      account: `prov${n}${randomUUID().slice(0, 6)}`,
      member_label: '[]',
      is_agent: isAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent };
  if (opening > 0n && !opts.trial)
    await adjust(t.db, { brandId, member: holder, amount: opening, currency: 'BDT', reason: 'test', actor: 'test' });
  const s = await createGameSession(t.db, { member: holder, vendor: VENDOR, gameCode: GAME });
  return { id: m.id, playerId: m.id.toString(), token: s.token, currency: s.currency, trial: !!opts.trial };
}

async function balanceOf(p: Player): Promise<bigint> {
  const r = await t.db.kysely
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallet_balances as b', 'b.account_id', 'a.id')
    .select('b.balance')
    .where('a.member_id', '=', p.id)
    .where('a.currency', '=', p.currency)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

/** Ledger movements posted for this player by the provider. */
async function postings(p: Player): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_transactions
     WHERE member_id = ${p.id} AND idempotency_key LIKE ${`provider:${VENDOR}:%`}`.execute(t.db.kysely);
  return r.rows[0]?.n ?? 0;
}

function ids() {
  const u = randomUUID().slice(0, 8);
  return { tx: `tx-${u}`, round: `r-${u}` };
}

function betBody(p: Player, o: { tx: string; round: string; amount: string; roundClosed?: boolean }) {
  return {
    txId: o.tx,
    playerId: p.playerId,
    token: p.token,
    roundId: o.round,
    gameCode: GAME,
    amount: o.amount,
    currency: p.currency,
    ...(o.roundClosed !== undefined ? { roundClosed: o.roundClosed } : {}),
  };
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

function rollbackBody(p: Player, o: { tx: string; round: string; ref: string; amount?: string }) {
  return {
    txId: o.tx,
    playerId: p.playerId,
    roundId: o.round,
    refTxId: o.ref,
    currency: p.currency,
    ...(o.amount ? { amount: o.amount } : {}),
  };
}

async function roundOf(round: string) {
  return t.db.kysely
    .selectFrom('provider_rounds')
    .selectAll()
    .where('vendor', '=', VENDOR)
    .where('round_id', '=', round)
    .executeTakeFirstOrThrow();
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
  secret = v.secret;
  brandId = v.id;
  d = injectDriver(t.app, { vendor: VENDOR, secret });
});

afterAll(async () => {
  // The ledger's invariants hold after everything this file did.
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe('balance', () => {
  it('answers the wallet balance for a live game session', async () => {
    const p = await newPlayer(10_000n);
    const r = await d.send('balance', { playerId: p.playerId, token: p.token, currency: 'BDT' });
    expect(r.status).toBe(200);
    expect(r.json.value).toEqual({ playerId: p.playerId, currency: 'BDT', balance: '100.00' });
  });

  it('refuses an unknown token', async () => {
    const p = await newPlayer(0n);
    const r = await d.send('balance', { playerId: p.playerId, token: 'x'.repeat(43), currency: 'BDT' });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('GAME_SESSION_INVALID');
  });
});

describe('idempotency', () => {
  for (const call of ['bet', 'win', 'rollback'] as const) {
    it(`a ${call} replayed 3× in sequence and 10× at once posts once and answers the same bytes`, async () => {
      const p = await newPlayer(10_000n);
      const { tx, round } = ids();
      let body: Record<string, unknown>;
      if (call === 'bet') body = betBody(p, { tx, round, amount: '12.50' });
      else {
        const bet = await d.send('bet', betBody(p, { tx: `${tx}-bet`, round, amount: '12.50' }));
        expect(bet.status).toBe(200);
        body =
          call === 'win'
            ? winBody(p, { tx, round, amount: '30.00' })
            : rollbackBody(p, { tx, round, ref: `${tx}-bet` });
      }
      const before = await postings(p);
      const seq = await inSequence(d, call, body, 3);
      const par = await concurrently(d, call, body, 10);
      const all = [...seq, ...par];
      expect(all[0]?.status).toBe(200);
      for (const r of all) {
        expect(r.status).toBe(all[0]?.status);
        expect(r.body).toBe(all[0]?.body);
      }
      expect((await postings(p)) - before).toBe(1);
      const expected = { bet: 8_750n, win: 11_750n, rollback: 10_000n }[call];
      expect(await balanceOf(p)).toBe(expected);
    });
  }

  it('ten different bets at once with one id: one posts, the others are duplicates', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => d.send('bet', betBody(p, { tx, round, amount: `${i + 1}.00` }))),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.json.code === 'DUPLICATE_TRANSACTION')).toHaveLength(9);
    expect(await postings(p)).toBe(1);
  });

  it('the same id with another amount, round or player is a duplicate and posts nothing', async () => {
    const p = await newPlayer(10_000n);
    const q = await newPlayer(10_000n);
    const { tx, round } = ids();
    expect((await d.send('bet', betBody(p, { tx, round, amount: '5.00' }))).status).toBe(200);
    for (const other of [
      betBody(p, { tx, round, amount: '6.00' }),
      betBody(p, { tx, round: `${round}-x`, amount: '5.00' }),
      betBody(q, { tx, round, amount: '5.00' }),
    ]) {
      const r = await d.send('bet', other);
      expect(r.status).toBe(409);
      expect(r.json.code).toBe('DUPLICATE_TRANSACTION');
    }
    expect(await postings(p)).toBe(1);
    expect(await postings(q)).toBe(0);
    expect(await balanceOf(p)).toBe(9_500n);
    expect(await balanceOf(q)).toBe(10_000n);
  });

  it('a refusal is stored: the retry gets the same answer even after the balance changed', async () => {
    const p = await newPlayer(1_000n);
    const { tx, round } = ids();
    const body = betBody(p, { tx, round, amount: '20.00' });
    const first = await d.send('bet', body);
    expect(first.status).toBe(409);
    expect(first.json.code).toBe('INSUFFICIENT_FUNDS');
    await adjust(t.db, {
      brandId,
      member: { id: p.id, brandId, isAgent: 0 },
      amount: 10_000n,
      currency: 'BDT',
      reason: 'top-up',
      actor: 'test',
    });
    const again = await d.send('bet', body);
    expect(again.status).toBe(409);
    expect(again.body).toBe(first.body);
    expect(await postings(p)).toBe(0);
    expect(await balanceOf(p)).toBe(11_000n);
  });
});

describe('signatures', () => {
  it('one flipped byte → 401 and nothing changes', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const r = await d.send('bet', betBody(p, { tx, round, amount: '10.00' }), { tamper: flipByte });
    expect(r.status).toBe(401);
    expect(await postings(p)).toBe(0);
    expect(await balanceOf(p)).toBe(10_000n);
    const row = await t.db.kysely.selectFrom('provider_transactions').select('id').where('tx_id', '=', tx).execute();
    expect(row).toHaveLength(0);
  });

  it('a stale or future timestamp → 401', async () => {
    const p = await newPlayer(10_000n);
    // Ten seconds past the 300-s window each way: a second's rounding and a slow request cannot
    // bring a future timestamp back inside it.
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 310, now + 310]) {
      const { tx, round } = ids();
      const r = await d.send('bet', betBody(p, { tx, round, amount: '1.00' }), { timestamp });
      expect(r.status).toBe(401);
    }
    expect(await postings(p)).toBe(0);
  });

  it('a missing signature, another secret or an unknown vendor → 401', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const body = betBody(p, { tx, round, amount: '1.00' });
    expect((await d.send('bet', body, { signature: null })).status).toBe(401);
    expect((await d.send('bet', body, { signature: 'zz' })).status).toBe(401);
    expect((await d.send('bet', body, { secret: 'another-secret-of-enough-length-0000' })).status).toBe(401);
    const stranger = injectDriver(t.app, { vendor: 'XX', secret });
    expect((await stranger.send('bet', body)).status).toBe(401);
    expect(await postings(p)).toBe(0);
  });

  it('bad input is a clear 400, never a 500', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const bad = [
      '{"txId":',
      '[]',
      JSON.stringify({ ...betBody(p, { tx, round, amount: '1.001' }) }),
      JSON.stringify({ ...betBody(p, { tx, round, amount: '-1.00' }) }),
      JSON.stringify({ ...betBody(p, { tx, round, amount: '0' }) }),
      JSON.stringify({ ...betBody(p, { tx, round, amount: '1.00' }), extra: 1 }),
      JSON.stringify({ txId: tx }),
    ];
    for (const body of bad) {
      const r = await d.send('bet', body);
      expect(r.status, body).toBe(400);
      expect(['MALFORMED_JSON', 'VALIDATION_FAILED']).toContain(r.json.code);
    }
    const noType = await t.app.inject({ method: 'POST', url: `/provider/${VENDOR}/bet`, payload: 'x' });
    expect(noType.statusCode).toBe(401);
    const huge = await d.send('bet', JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(400);
    const unknown = await d.send('bet', betBody({ ...p, playerId: '999999999' }, { tx, round, amount: '1.00' }));
    expect(unknown.json.code).toBe('PLAYER_NOT_FOUND');
    expect(await postings(p)).toBe(0);
  });
});

describe('rules', () => {
  it('a win after a rollback is refused', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    expect((await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx }))).status).toBe(200);
    const w = await d.send('win', winBody(p, { tx: `${tx}-win`, round, amount: '50.00' }));
    expect(w.status).toBe(409);
    expect(w.json.code).toBe('BET_ROLLED_BACK');
    expect(await balanceOf(p)).toBe(10_000n);
    expect((await roundOf(round)).status).toBe('cancelled');
  });

  it('a rollback after a win is refused', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    expect((await d.send('win', winBody(p, { tx: `${tx}-win`, round, amount: '25.00' }))).status).toBe(200);
    const rb = await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx }));
    expect(rb.status).toBe(409);
    expect(rb.json.code).toBe('ROLLBACK_AFTER_WIN');
    expect(await balanceOf(p)).toBe(11_500n);
  });

  it('a win and a rollback on one round at once: exactly one passes', async () => {
    for (let i = 0; i < 5; i++) {
      const p = await newPlayer(10_000n);
      const { tx, round } = ids();
      await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
      const [w, rb] = await Promise.all([
        d.send('win', winBody(p, { tx: `${tx}-win`, round, amount: '25.00' })),
        d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx })),
      ]);
      expect([w.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
      expect(await balanceOf(p)).toBe(w.status === 200 ? 11_500n : 10_000n);
    }
  });

  it('a rollback reverses the stored amount, whatever the request says', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    const rb = await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx, amount: '999.00' }));
    expect(rb.status).toBe(200);
    expect(rb.json.value).toMatchObject({ balance: '100.00' });
    expect(await balanceOf(p)).toBe(10_000n);
    // A second rollback of the same bet (another id) moves nothing.
    const again = await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb2`, round, ref: tx }));
    expect(again.status).toBe(200);
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postings(p)).toBe(2);
  });

  it('a rollback of an unknown bet succeeds, moves nothing, and a late bet with that id is refused', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const rb = await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx }));
    expect(rb.status).toBe(200);
    expect(rb.json.value).toMatchObject({ balance: '100.00' });
    const late = await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('BET_ROLLED_BACK');
    expect(await postings(p)).toBe(0);
    expect(await balanceOf(p)).toBe(10_000n);
  });

  it('wins and rollbacks are accepted after the game session expired; bets are not', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    const first = await d.send('bet', betBody(p, { tx, round, amount: '10.00', roundClosed: false }));
    await d.send('bet', betBody(p, { tx: `${tx}-2`, round: `${round}-2`, amount: '5.00' }));
    await sql`UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE member_id = ${p.id}`.execute(
      t.db.kysely,
    );
    const w = await d.send('win', winBody(p, { tx: `${tx}-win`, round, amount: '40.00' }));
    expect(w.status).toBe(200);
    const rb = await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round: `${round}-2`, ref: `${tx}-2` }));
    expect(rb.status).toBe(200);
    expect(await balanceOf(p)).toBe(13_000n);
    const b = await d.send('bet', betBody(p, { tx: `${tx}-3`, round: `${round}-3`, amount: '1.00' }));
    expect(b.status).toBe(403);
    expect(b.json.code).toBe('GAME_SESSION_INVALID');
    expect((await d.send('balance', { playerId: p.playerId, token: p.token, currency: 'BDT' })).status).toBe(403);
    // A retry of a bet answered before the expiry still gets its first answer.
    const retry = await d.send('bet', betBody(p, { tx, round, amount: '10.00', roundClosed: false }));
    expect(retry.body).toBe(first.body);
    expect(await balanceOf(p)).toBe(13_000n);
  });

  it("a bet without a live game session, or with another player's, is refused", async () => {
    const p = await newPlayer(10_000n);
    const q = await newPlayer(10_000n);
    const { tx, round } = ids();
    const b = await d.send('bet', { ...betBody(p, { tx, round, amount: '1.00' }), token: q.token });
    expect(b.status).toBe(403);
    expect(b.json.code).toBe('GAME_SESSION_INVALID');
    const other = await d.send('bet', { ...betBody(p, { tx, round, amount: '1.00' }), gameCode: 'other-game' });
    expect(other.json.code).toBe('GAME_SESSION_INVALID');
    expect(await postings(p)).toBe(0);
  });

  it('a closed round takes no more bets or wins; a win needs a round', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    expect((await d.send('win', winBody(p, { tx: `${tx}-w`, round, amount: '0.00' }))).status).toBe(200);
    expect((await roundOf(round)).status).toBe('completed');
    const b = await d.send('bet', betBody(p, { tx: `${tx}-b2`, round, amount: '1.00' }));
    expect(b.json.code).toBe('ROUND_CLOSED');
    const w = await d.send('win', winBody(p, { tx: `${tx}-w2`, round, amount: '1.00' }));
    expect(w.json.code).toBe('ROUND_CLOSED');
    const nowhere = await d.send('win', winBody(p, { tx: `${tx}-w3`, round: `${round}-none`, amount: '1.00' }));
    expect(nowhere.json.code).toBe('ROUND_NOT_FOUND');
    expect(await balanceOf(p)).toBe(9_000n);
  });

  it('the round keeps what the betting record needs', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    await d.send('bet', betBody(p, { tx: `${tx}-2`, round, amount: '2.50' }));
    await d.send('win', winBody(p, { tx: `${tx}-w`, round, amount: '30.00' }));
    const r = await roundOf(round);
    expect(r).toMatchObject({
      vendor: VENDOR,
      game_code: GAME,
      member_id: p.id,
      stake_total: 1_250n,
      win_total: 3_000n,
      status: 'completed',
      closed_by: 'provider',
    });
    expect(r.closed_at).toBeInstanceOf(Date);
  });
});

describe('play money', () => {
  it('a trial account plays with PLAY money and never with the brand currency', async () => {
    const p = await newPlayer(0n, { trial: true });
    expect(p.currency).toBe('PLAY');
    const { tx, round } = ids();
    const b = await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    expect(b.status).toBe(200);
    expect(b.json.value).toMatchObject({ currency: 'PLAY', balance: '1990.00' });
    const real = await d.send('bet', { ...betBody(p, { tx: `${tx}-2`, round, amount: '1.00' }), currency: 'BDT' });
    expect(real.json.code).toBe('CURRENCY_MISMATCH');
  });

  it('a real-money vendor refuses trial accounts', async () => {
    await t.db.kysely
      .insertInto('provider_vendors')
      .values({ brand_id: brandId, code: 'RM', name: 'Real money', wallets: 'real', secret })
      .execute();
    const rm = injectDriver(t.app, { vendor: 'RM', secret });
    const p = await newPlayer(0n, { trial: true });
    const { tx, round } = ids();
    const r = await rm.send('win', winBody(p, { tx, round, amount: '1.00' }));
    expect(r.json.code).toBe('TRIAL_ACCOUNT');
  });
});

describe('concurrency', () => {
  it('concurrent 1-unit bets on a wallet holding half of them: exactly half succeed', async () => {
    const bets = TEST_ENGINE === 'postgres' ? 1_000 : 200;
    const p = await newPlayer(BigInt(bets / 2));
    const replies = await Promise.all(
      Array.from({ length: bets }, (_, i) =>
        d.send('bet', betBody(p, { tx: `c-${p.id}-${i}`, round: `cr-${p.id}-${i}`, amount: '0.01' })),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(bets / 2);
    expect(replies.filter((r) => r.json.code === 'INSUFFICIENT_FUNDS')).toHaveLength(bets / 2);
    expect(await balanceOf(p)).toBe(0n);
    expect(await postings(p)).toBe(bets / 2);
  }, 120_000);
});

describe('resolver', () => {
  async function abandon(round: string) {
    await sql`UPDATE provider_rounds SET updated_at = now() - interval '2 hours' WHERE round_id = ${round}`.execute(
      t.db.kysely,
    );
  }

  it('refunds an abandoned round of bets exactly once, even run twice at once, and cancels it', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    await d.send('bet', betBody(p, { tx: `${tx}-2`, round, amount: '5.00' }));
    expect(await balanceOf(p)).toBe(8_500n);
    await abandon(round);
    await Promise.all([
      resolveStaleRounds(t.db, { delaySeconds: 3600 }),
      resolveStaleRounds(t.db, { delaySeconds: 3600 }),
    ]);
    await resolveStaleRounds(t.db, { delaySeconds: 3600 });
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postings(p)).toBe(4);
    const r = await roundOf(round);
    expect(r).toMatchObject({ status: 'cancelled', closed_by: 'resolver', refund_total: 1_500n });
    // A win arriving after the refund is refused; the provider's own rollback moves nothing.
    expect((await d.send('win', winBody(p, { tx: `${tx}-w`, round, amount: '9.00' }))).json.code).toBe(
      'BET_ROLLED_BACK',
    );
    expect((await d.send('rollback', rollbackBody(p, { tx: `${tx}-rb`, round, ref: tx }))).status).toBe(200);
    expect(await balanceOf(p)).toBe(10_000n);
  });

  it('completes an abandoned round that has a win, and leaves fresh rounds open', async () => {
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '10.00' }));
    await d.send('win', winBody(p, { tx: `${tx}-w`, round, amount: '4.00', roundClosed: false }));
    await d.send('bet', betBody(p, { tx: `${tx}-fresh`, round: `${round}-fresh`, amount: '1.00' }));
    await abandon(round);
    await resolveStaleRounds(t.db, { delaySeconds: 3600 });
    expect(await roundOf(round)).toMatchObject({ status: 'completed', closed_by: 'resolver' });
    expect((await roundOf(`${round}-fresh`)).status).toBe('open');
    expect(await balanceOf(p)).toBe(9_300n);
  });

  it('runs as the round-resolver job on the job engine, and not at all when switched off', async () => {
    expect(providerJobs({ ...t.app.config, PROVIDER_RESOLVER_INTERVAL_SECONDS: 0 })).toEqual([]);
    const config = { ...t.app.config, PROVIDER_RESOLVER_INTERVAL_SECONDS: 60, PROVIDER_ROUND_TIMEOUT_SECONDS: 3600 };
    const p = await newPlayer(10_000n);
    const { tx, round } = ids();
    await d.send('bet', betBody(p, { tx, round, amount: '2.00' }));
    await abandon(round);
    const scheduler = createScheduler({ db: t.db, config, jobs: providerJobs(config), log: t.app.log, runner: 'test' });
    await scheduler.tick();
    expect(await roundOf(round)).toMatchObject({ status: 'cancelled', closed_by: 'resolver' });
    expect(await balanceOf(p)).toBe(10_000n);
    const run = await t.db.kysely
      .selectFrom('job_runs')
      .select(['status', 'result'])
      .where('job', '=', 'round-resolver')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'succeeded', result: { cancelled: 1 } });
  });
});
