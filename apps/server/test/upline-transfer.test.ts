import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/invariants';
import { ACCOUNT_TEST_ENV, bearer } from './accounts-helpers';
import { call, demoBrandId, member, PIN, transfer } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { fetchKey, seal } from './sealing';

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  brandId = await demoBrandId(t.db);
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const balanceOf = async (token: string) =>
  (await call(t.app, 'GET', '/wps/v2/wallets/balance', token)).json().value.sumBalance as string;
const listOf = async (token: string) => (await call(t.app, 'GET', '/wps/cashier/transfers', token)).json().value;
const noticesOf = async (id: bigint) =>
  (
    await t.db.kysely
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', id)
      .where('kind', 'like', 'transfer.%')
      .orderBy('id')
      .execute()
  ).map((n) => ({ kind: n.kind, ...n.params }));
const movements = async (from: bigint) =>
  (
    await t.db.kysely
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', 'like', `transfer:${from}:%`)
      .execute()
  ).length;

/** An agent with a funded wallet, its player downline, and another agent's player. */
async function team() {
  const agent = await member(t.db, brandId, { isAgent: 1, balance: 500_000n, prefix: 'agt' });
  const player = await member(t.db, brandId, { uplineId: agent.id, balance: 100_000n, prefix: 'ply' });
  const stranger = await member(t.db, brandId, { prefix: 'str' });
  return { agent, player, stranger };
}

describe(`upline transfers on ${TEST_ENGINE}`, () => {
  it('sends a player’s money to its upline agent, seen by both sides with a notice each', async () => {
    const { agent, player } = await team();
    const res = await transfer(t.app, player.token, { amount: '250.50', remark: 'for the team' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      direction: 'out',
      counterparty: agent.account,
      amount: '250.50',
      currency: 'BDT',
      remark: 'for the team',
    });
    expect(await balanceOf(player.token)).toBe('749.50');
    expect(await balanceOf(agent.token)).toBe('5250.50');
    const mine = await listOf(player.token);
    expect(mine).toMatchObject({ upline: agent.account, isAgent: false, min: '100.00', max: '50000.00' });
    expect(mine.list).toHaveLength(1);
    const theirs = await listOf(agent.token);
    expect(theirs).toMatchObject({ upline: null, isAgent: true });
    expect(theirs.list[0]).toMatchObject({ direction: 'in', counterparty: player.account, amount: '250.50' });
    expect(await noticesOf(player.id)).toEqual([
      { kind: 'transfer.sent', amount: '250.50', currency: 'BDT', to: agent.account },
    ]);
    expect(await noticesOf(agent.id)).toEqual([
      { kind: 'transfer.received', amount: '250.50', currency: 'BDT', from: player.account },
    ]);
    // Money an agent receives asks no turnover of it; only a player's incoming transfer does.
    const turnover = await t.db.kysely
      .selectFrom('turnover_requirements')
      .select('id')
      .where('member_id', '=', agent.id)
      .where('source', '=', 'upline')
      .execute();
    // An agent receiving from its player is asked no turnover (its funding credit asks its own).
    expect(turnover).toEqual([]);
  });

  it('sends an agent’s money to a direct downline, with a turnover requirement for the player', async () => {
    const { agent, player } = await team();
    const res = await transfer(t.app, agent.token, { toAccount: player.account.toUpperCase(), amount: '300' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ direction: 'out', counterparty: player.account, amount: '300.00' });
    expect(await balanceOf(player.token)).toBe('1300.00');
    const req = await t.db.kysely
      .selectFrom('turnover_requirements')
      .selectAll()
      .where('member_id', '=', player.id)
      .where('source', '=', 'upline')
      .executeTakeFirstOrThrow();
    expect(req).toMatchObject({ source: 'upline', required_minor: 30_000n, remaining_minor: 30_000n });
    expect(req.source_key).toMatch(new RegExp(`^transfer:${agent.id}:`));
  });

  it('refuses anyone but the upline or a direct downline, and moves nothing', async () => {
    const { agent, player, stranger } = await team();
    const sub = await member(t.db, brandId, { isAgent: 1, uplineId: agent.id, balance: 100_000n });
    const grandchild = await member(t.db, brandId, { uplineId: sub.id });
    const refusals = [
      await transfer(t.app, agent.token, { toAccount: stranger.account, amount: '200' }),
      await transfer(t.app, agent.token, { toAccount: grandchild.account, amount: '200' }),
      await transfer(t.app, agent.token, { toAccount: 'nobody-at-all', amount: '200' }),
      await transfer(t.app, player.token, { toAccount: stranger.account, amount: '200' }),
      // A player without an upline agent has no one to send to.
      await transfer(t.app, stranger.token, { amount: '200' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'TRANSFER_NOT_ALLOWED' });
    }
    // A sub-agent is a direct downline too.
    expect((await transfer(t.app, agent.token, { toAccount: sub.account, amount: '200' })).statusCode).toBe(200);
    const agentNeedsName = await transfer(t.app, agent.token, { amount: '200' });
    expect(agentNeedsName.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { toAccount: 'validation.required' },
    });
    expect(await movements(player.id)).toBe(0);
    expect(await movements(stranger.id)).toBe(0);
    expect(await movements(agent.id)).toBe(1);
  });

  it('keeps amounts within the brand’s limits and remarks within 140 characters', async () => {
    const { player } = await team();
    for (const amount of ['99.99', '50000.01']) {
      const res = await transfer(t.app, player.token, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        fieldErrors: { amount: 'errors.AMOUNT_OUT_OF_RANGE' },
      });
    }
    const bad = await transfer(t.app, player.token, { amount: '1.234' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { amount: 'validation.invalid' } });
    const long = await transfer(t.app, player.token, { amount: '200', remark: 'x'.repeat(141) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toHaveProperty('remark');
    expect(await movements(player.id)).toBe(0);
  });

  it('answers a replayed requestId as the first time and refuses it with another amount', async () => {
    const { agent, player } = await team();
    const requestId = randomUUID();
    const first = await transfer(t.app, player.token, { requestId, amount: '200' });
    const again = await transfer(t.app, player.token, { requestId, amount: '200' });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual(first.json().value);
    const other = await transfer(t.app, player.token, { requestId, amount: '300' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
    expect(await movements(player.id)).toBe(1);
    expect(await balanceOf(player.token)).toBe('800.00');
    expect((await listOf(agent.token)).list).toHaveLength(1);
  });

  it('moves the money once for 20 identical requests sent at once', async () => {
    const { agent, player } = await team();
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => transfer(t.app, player.token, { requestId, amount: '200' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().value.id)).size).toBe(1);
    expect(await movements(player.id)).toBe(1);
    expect(await balanceOf(player.token)).toBe('800.00');
    expect(await balanceOf(agent.token)).toBe('5200.00');
    expect(await noticesOf(agent.id)).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('moves money both ways between the same two wallets at once without a deadlock', async () => {
    const { agent, player } = await team();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? transfer(t.app, agent.token, { toAccount: player.account, amount: '100' })
          : transfer(t.app, player.token, { amount: '100' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await balanceOf(player.token)).toBe('1000.00');
    expect(await balanceOf(agent.token)).toBe('5000.00');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses more than the wallet holds and leaves nothing behind', async () => {
    const { agent, player } = await team();
    const requestId = randomUUID();
    const res = await transfer(t.app, player.token, { requestId, amount: '1000.01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(player.token)).toBe('1000.00');
    expect(await movements(player.id)).toBe(0);
    expect((await listOf(player.token)).list).toEqual([]);
    expect(await noticesOf(player.id)).toEqual([]);
    expect(await noticesOf(agent.id)).toEqual([]);
    // The requestId was not used up: sent again for what the wallet holds, it goes through.
    expect((await transfer(t.app, player.token, { requestId, amount: '1000' })).statusCode).toBe(200);
    expect(await balanceOf(player.token)).toBe('0.00');
  });

  it('takes a sealed body, as the site sends it', async () => {
    const { agent, player } = await team();
    const body = { requestId: randomUUID(), amount: '200', remark: 'sealed', paymentPassword: PIN };
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/transfers',
      headers: bearer(player.token),
      payload: await seal(await fetchKey(t.app), 'POST', '/wps/cashier/transfers', body),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ counterparty: agent.account, amount: '200.00', remark: 'sealed' });
  });

  it('refuses a trial account and a call without a session', async () => {
    const trial = await member(t.db, brandId, { isAgent: 4 });
    expect((await transfer(t.app, trial.token, { amount: '200' })).json().code).toBe('TRIAL_ACCOUNT');
    const anon = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/transfers',
      payload: { requestId: randomUUID(), amount: '200', paymentPassword: PIN },
    });
    expect(anon.statusCode).toBe(401);
  });
});
