import { randomBytes } from 'node:crypto';
import type { CashierRequest, MethodsAnswer } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDeposits } from '../src/modules/cashier/deposit-credit';
import { approveDeposit, rejectDeposit } from '../src/modules/cashier/deposit-desk';
import { registerProvider } from '../src/modules/cashier/providers';
import type { PaymentProvider, ProviderResult } from '../src/modules/cashier/providers/adapter';
import { cashierSettings } from '../src/modules/cashier/settings';
import type { StaffCaller } from '../src/modules/staff/sessions';
import type { Desk } from '../src/modules/staff-players/guard';
import { createBrand } from '../src/modules/system/brand-create';
import { checkLedger } from '../src/modules/wallet/invariants';
import type { BrandSnapshot } from '../src/platform/brand';
import { AppError } from '../src/platform/errors';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { TEST_SECRETS_KEY } from './staff-helpers';

/** Deposits (CASHIER.md "Deposit"): methods, orders and their refusals, bank transfers at the desk, expiry, a second provider. */

type Value = CashierRequest & MethodsAnswer;
let t: TestApp;
let brandId: number;
const brand = {} as BrandSnapshot;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, language: lang },
    ...(payload ? { payload } : {}),
  });
  const json = res.json() as { success: boolean; code: string; value: Value; fieldErrors?: Record<string, string> };
  return { status: res.statusCode, ...json };
}

async function methodId(direction: 'deposit' | 'withdraw', kind: 'psp' | 'bank_transfer', channel?: string) {
  let q = t.db.kysely
    .selectFrom('cashier_methods')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('direction', '=', direction)
    .where('kind', '=', kind);
  if (channel) q = q.where('channel', '=', channel);
  return (await q.executeTakeFirstOrThrow()).id;
}

async function balanceOf(memberId: bigint): Promise<bigint> {
  const r = await sql<{ balance: bigint }>`
    SELECT b.balance FROM ledger_accounts a JOIN wallet_balances b ON b.account_id = a.id
     WHERE a.member_id = ${memberId} AND a.currency = 'BDT'`.execute(t.db.kysely);
  return r.rows[0]?.balance ?? 0n;
}

async function desk(): Promise<Desk> {
  const s = await t.db.kysely
    .insertInto('staff')
    .values({
      brand_id: brandId,
      username: `f${randomBytes(4).toString('hex')}`,
      roles: ['finance'],
      created_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staff = {
    id: BigInt(s.id),
    brandId,
    merchantCode: 'khela',
    username: 'f',
    roles: ['finance'],
    permissions: [],
  };
  return { db: t.db, staff: staff as unknown as StaffCaller, ip: '127.0.0.1' };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'none';
}

async function bankDeposit(token: string, amount = '2000') {
  const r = await call('POST', '/wps/cashier/deposit', token, {
    methodId: await methodId('deposit', 'bank_transfer'),
    amount,
  });
  expect(r.status).toBe(200);
  return r.value;
}

describe(`deposits on ${TEST_ENGINE}`, () => {
  it('lists the brand methods of each direction in order, named in the reader language', async () => {
    const m = await memberWithSession(t.db, brandId);
    const en = await call('GET', '/wps/cashier/methods?type=deposit', m.token);
    expect(en.value.list.map((x) => x.name)).toEqual(['bKash', 'Nagad', 'Rocket', 'Upay', 'Bank transfer']);
    expect(en.value.list[0]).toMatchObject({
      min: '200.00',
      max: '25000.00',
      presets: ['500.00', '1000.00', '2000.00', '5000.00'],
      logoUrl: null,
    });
    const bn = await call('GET', '/wps/cashier/methods?type=deposit', m.token, undefined, 'bn');
    expect(bn.value.list[0]?.name).toBe('বিকাশ');
    const out = await call('GET', '/wps/cashier/methods?type=withdraw', m.token);
    expect(out.value.list.map((x) => `${x.kind}:${x.channel}`)).toEqual([
      'psp:bkash',
      'psp:nagad',
      'bank_transfer:bank',
    ]);
    expect(out.value.promotions).toEqual([]);
  });

  it('hides a method whose provider this server lacks, and lists the deposit promotions', async () => {
    const m = await memberWithSession(t.db, brandId);
    await t.db.kysely
      .insertInto('cashier_methods')
      .values({
        brand_id: brandId,
        direction: 'deposit',
        kind: 'psp',
        provider: 'nowhere',
        channel: 'card',
        name_bn: 'x',
        name_en: 'Nowhere',
        currency: 'BDT',
        min_minor: 100n,
        max_minor: 1000n,
        sort: 99,
      })
      .execute();
    const promo = await t.db.kysely
      .insertInto('promotions')
      .values({
        brand_id: brandId,
        category: 'deposit',
        title: JSON.stringify({ en: 'Deposit bonus', bn: 'ডিপোজিট বোনাস' }),
        image_url: '/p.png',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await call('GET', '/wps/cashier/methods?type=deposit', m.token);
    expect(r.value.list.map((x) => x.name)).not.toContain('Nowhere');
    expect(r.value.promotions).toContainEqual({ id: promo.id, title: 'Deposit bonus' });
    // The promotion chosen is remembered; one not open to deposits is refused.
    const d = await call('POST', '/wps/cashier/deposit', m.token, {
      methodId: await methodId('deposit', 'psp', 'nagad'),
      amount: '500',
      promotionId: promo.id,
    });
    expect(d.status).toBe(200);
    const row = await t.db.kysely
      .selectFrom('cashier_requests')
      .select('promotion_id')
      .where('id', '=', BigInt(d.value.id))
      .executeTakeFirstOrThrow();
    expect(row.promotion_id).toBe(promo.id);
    const bad = await call('POST', '/wps/cashier/deposit', m.token, {
      methodId: await methodId('deposit', 'psp', 'nagad'),
      amount: '500',
      promotionId: 999999,
    });
    expect(bad.fieldErrors).toEqual({ promotionId: 'validation.invalid' });
  });

  it('a brand made by brand create has nothing switched on: the sandbox off, no methods', async () => {
    const b = await createBrand(
      t.db,
      {
        code: `cash${randomBytes(3).toString('hex')}`,
        domain: `cash${randomBytes(3).toString('hex')}.example`,
        currency: 'BDT',
        languages: ['bn', 'en'],
      },
      'test',
    );
    expect((await cashierSettings(t.db, b.id)).sandbox_enabled).toBe(false);
    const methods = await t.db.kysely.selectFrom('cashier_methods').select('id').where('brand_id', '=', b.id).execute();
    expect(methods).toEqual([]);
    expect((await cashierSettings(t.db, brandId)).sandbox_enabled).toBe(true);
  });

  it('refuses a trial account on every deposit call', async () => {
    const trial = await memberWithSession(t.db, brandId, { isAgent: 4 });
    for (const [method, url, body] of [
      ['GET', '/wps/cashier/methods?type=deposit', undefined],
      ['POST', '/wps/cashier/deposit', { methodId: 1, amount: '500' }],
      ['GET', '/wps/cashier/deposit/1', undefined],
    ] as const) {
      const r = await call(method, url, trial.token, body);
      expect(r.status).toBe(403);
      expect(r.code).toBe('TRIAL_ACCOUNT');
    }
  });

  it('refuses an amount outside the method limits, naming the field, and writes nothing', async () => {
    const m = await memberWithSession(t.db, brandId);
    for (const amount of ['199.99', '25000.01']) {
      const r = await call('POST', '/wps/cashier/deposit', m.token, {
        methodId: await methodId('deposit', 'psp', 'bkash'),
        amount,
      });
      expect(r.code).toBe('AMOUNT_OUT_OF_RANGE');
      expect(r.fieldErrors).toEqual({ amount: 'errors.AMOUNT_OUT_OF_RANGE' });
    }
    const rows = await t.db.kysely.selectFrom('cashier_requests').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toEqual([]);
  });

  it('blocks a deposit order under a cool-off, a self-exclusion or a deposit limit written directly', async () => {
    const bkash = await methodId('deposit', 'psp', 'bkash');
    for (const limit of [
      { kind: 'cool_off' as const, until: new Date(Date.now() + 3_600_000) },
      { kind: 'self_exclusion' as const, until: null },
      { kind: 'deposit_day' as const, amount_minor: 30000n },
    ]) {
      const m = await memberWithSession(t.db, brandId);
      await t.db.kysely
        .insertInto('responsible_play_limits')
        .values({ brand_id: brandId, member_id: m.id, ...limit })
        .execute();
      const r = await call('POST', '/wps/cashier/deposit', m.token, { methodId: bkash, amount: '500' });
      expect(r.code).toBe('RESPONSIBLE_PLAY_BLOCK');
      const rows = await t.db.kysely
        .selectFrom('cashier_requests')
        .select('id')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toEqual([]);
    }
    // A cool-off that has ended no longer blocks; a limit with room lets the deposit through.
    const m = await memberWithSession(t.db, brandId);
    await t.db.kysely
      .insertInto('responsible_play_limits')
      .values([
        { brand_id: brandId, member_id: m.id, kind: 'cool_off', until: new Date(Date.now() - 1000) },
        { brand_id: brandId, member_id: m.id, kind: 'deposit_week', amount_minor: 50000n },
      ])
      .execute();
    expect((await call('POST', '/wps/cashier/deposit', m.token, { methodId: bkash, amount: '500' })).status).toBe(200);
  });

  it('a bank transfer: details and a reference, the player reference once per method, the desk crediting once', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await bankDeposit(m.token);
    expect(d.state).toBe('pending');
    expect(d.transferReference).toMatch(/^KH[23456789A-HJKMNP-Z]{8}$/);
    expect(d.bank).toMatchObject({ accountName: 'Khela Demo Operator' });
    const ref = `TRX${randomBytes(4).toString('hex').toUpperCase()}`;
    const sub = await call('POST', `/wps/cashier/deposit/${d.id}/reference`, m.token, { reference: ref });
    expect(sub.value.state).toBe('submitted');
    expect(sub.value.playerReference).toBe(ref);
    // The same reference on another deposit of the method is refused, and that deposit stays as it was.
    const other = await memberWithSession(t.db, brandId);
    const d2 = await bankDeposit(other.token);
    const reused = await call('POST', `/wps/cashier/deposit/${d2.id}/reference`, other.token, {
      reference: ref.toLowerCase(),
    });
    expect(reused.status).toBe(409);
    expect(reused.code).toBe('REFERENCE_USED');
    expect((await call('GET', `/wps/cashier/deposit/${d2.id}`, other.token)).value.state).toBe('pending');
    // Another player's deposit is not found.
    expect((await call('GET', `/wps/cashier/deposit/${d.id}`, other.token)).status).toBe(404);

    // Two staff approving at once: one credit.
    const [a, b] = [await desk(), await desk()];
    const codes = await Promise.all([
      refusal(approveDeposit(a, brand, BigInt(d.id))),
      refusal(approveDeposit(b, brand, BigInt(d.id))),
    ]);
    expect(codes.sort()).toEqual(['REQUEST_STATE', 'none']);
    expect(await balanceOf(m.id)).toBe(200000n);
    const txs = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM ledger_transactions WHERE idempotency_key = ${`deposit:${d.id}`}`.execute(
      t.db.kysely,
    );
    expect(txs.rows[0]?.n).toBe('1');
    const after = await call('GET', `/wps/cashier/deposit/${d.id}`, m.token);
    expect(after.value.history.map((h) => h.state)).toEqual(['pending', 'submitted', 'credited']);
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'staff_id'])
      .where('target', '=', `deposit:${d.id}`)
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.event).toBe('deposit.approved');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('rejects with the reason the player sees; a decided deposit cannot be decided again', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await bankDeposit(m.token);
    await call('POST', `/wps/cashier/deposit/${d.id}/reference`, m.token, {
      reference: `R${randomBytes(4).toString('hex')}`,
    });
    const staff = await desk();
    await rejectDeposit(staff, brand, BigInt(d.id), 'No such transfer arrived');
    const after = await call('GET', `/wps/cashier/deposit/${d.id}`, m.token);
    expect(after.value).toMatchObject({ state: 'rejected', reason: 'No such transfer arrived' });
    expect(await refusal(approveDeposit(staff, brand, BigInt(d.id)))).toBe('REQUEST_STATE');
    const notice = await t.db.kysely
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: 'deposit.rejected', params: { reason: 'No such transfer arrived' } });
    expect(await balanceOf(m.id)).toBe(0n);
  });

  it('needs two different staff members above the four-eyes threshold', async () => {
    await t.db.kysely
      .updateTable('cashier_settings')
      .set({ four_eyes_minor: 100000n })
      .where('brand_id', '=', brandId)
      .execute();
    try {
      const m = await memberWithSession(t.db, brandId);
      const d = await bankDeposit(m.token, '5000');
      await call('POST', `/wps/cashier/deposit/${d.id}/reference`, m.token, {
        reference: `F${randomBytes(4).toString('hex')}`,
      });
      const [first, second] = [await desk(), await desk()];
      await approveDeposit(first, brand, BigInt(d.id));
      expect(await balanceOf(m.id)).toBe(0n);
      expect(await refusal(approveDeposit(first, brand, BigInt(d.id)))).toBe('FOUR_EYES_REQUIRED');
      await approveDeposit(second, brand, BigInt(d.id));
      expect(await balanceOf(m.id)).toBe(500000n);
      const events = await t.db.kysely
        .selectFrom('audit_log')
        .select('event')
        .where('target', '=', `deposit:${d.id}`)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.event)).toEqual(['deposit.approve.first', 'deposit.self.refused', 'deposit.approved']);
    } finally {
      await t.db.kysely
        .updateTable('cashier_settings')
        .set({ four_eyes_minor: 5000000n })
        .where('brand_id', '=', brandId)
        .execute();
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('the expiry job ends deposits left unpaid past their time, with a notice', async () => {
    const m = await memberWithSession(t.db, brandId);
    const psp = (
      await call('POST', '/wps/cashier/deposit', m.token, {
        methodId: await methodId('deposit', 'psp', 'rocket'),
        amount: '300',
      })
    ).value;
    const bank = await bankDeposit(m.token);
    const submitted = await bankDeposit(m.token);
    await call('POST', `/wps/cashier/deposit/${submitted.id}/reference`, m.token, {
      reference: `E${randomBytes(4).toString('hex')}`,
    });
    const expiresAt = new Date(psp.expiresAt as string).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(29 * 60_000);
    await t.db.kysely
      .updateTable('cashier_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    expect(await expireDeposits(t.db)).toBeGreaterThanOrEqual(2);
    expect((await call('GET', `/wps/cashier/deposit/${psp.id}`, m.token)).value.state).toBe('expired');
    expect((await call('GET', `/wps/cashier/deposit/${bank.id}`, m.token)).value.state).toBe('expired');
    // A reported bank transfer waits for staff, however late.
    expect((await call('GET', `/wps/cashier/deposit/${submitted.id}`, m.token)).value.state).toBe('submitted');
    const notices = await t.db.kysely
      .selectFrom('member_messages')
      .select('kind')
      .where('member_id', '=', m.id)
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['deposit.expired', 'deposit.expired']);
    expect(await expireDeposits(t.db)).toBe(0);
  });

  it('a sandbox result that cannot be delivered (no listening socket) stays in its books for the expiry job', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = (
      await call('POST', '/wps/cashier/deposit', m.token, {
        methodId: await methodId('deposit', 'psp', 'upay'),
        amount: '400',
      })
    ).value;
    const token = (d.redirectUrl as string).split('/psp/sandbox/checkout/')[1];
    const res = await t.app.inject({
      method: 'POST',
      url: `/psp/sandbox/checkout/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    expect(res.statusCode).toBe(303);
    expect((await call('GET', `/wps/cashier/deposit/${d.id}`, m.token)).value.state).toBe('pending');
    await t.db.kysely
      .updateTable('cashier_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(d.id))
      .execute();
    await expireDeposits(t.db);
    expect((await call('GET', `/wps/cashier/deposit/${d.id}`, m.token)).value.state).toBe('credited');
    expect(await balanceOf(m.id)).toBe(40000n);
    // A form that is not one of the buttons is refused like any bad input.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/psp/sandbox/checkout/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=steal',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a second provider, registered from outside the cashier, takes a deposit end to end', async () => {
    const secret = randomBytes(16).toString('hex');
    const sign = (body: string) => `${secret}:${body.length}`;
    const testpay: PaymentProvider = {
      name: 'testpay',
      channels: ['card'],
      async createDeposit(order) {
        return { redirectUrl: `https://testpay.example/pay/${order.orderToken}` };
      },
      async queryDeposit() {
        return null;
      },
      async createPayout() {
        return null;
      },
      async records() {
        return [];
      },
      async verifyWebhook(req, raw): Promise<ProviderResult> {
        if (req.headers['x-testpay'] !== sign(raw.toString())) throw new AppError('UNAUTHORIZED');
        const b = JSON.parse(raw.toString()) as { order: string; id: string; cents: string };
        return {
          kind: 'deposit',
          requestId: b.order,
          providerTxId: b.id,
          status: 'paid',
          amountMinor: BigInt(b.cents),
          currency: 'BDT',
        };
      },
    };
    registerProvider(testpay);
    const method = await t.db.kysely
      .insertInto('cashier_methods')
      .values({
        brand_id: brandId,
        direction: 'deposit',
        kind: 'psp',
        provider: 'testpay',
        channel: 'card',
        name_bn: 'কার্ড',
        name_en: 'Card',
        currency: 'BDT',
        min_minor: 100n,
        max_minor: 1000000n,
        sort: 50,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await memberWithSession(t.db, brandId);
    const listed = await call('GET', '/wps/cashier/methods?type=deposit', m.token);
    expect(listed.value.list.map((x) => x.name)).toContain('Card');
    const d = (await call('POST', '/wps/cashier/deposit', m.token, { methodId: method.id, amount: '123.45' })).value;
    expect(d.redirectUrl).toMatch(/^https:\/\/testpay\.example\/pay\//);
    const body = JSON.stringify({ order: d.id, id: 'tp-1', cents: '12345' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/psp/testpay/webhook',
      headers: { 'content-type': 'application/json', 'x-testpay': 'nope' },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/psp/testpay/webhook',
      headers: { 'content-type': 'application/json', 'x-testpay': sign(body) },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().value).toEqual({ requestId: d.id, state: 'credited' });
    expect(await balanceOf(m.id)).toBe(12345n);
    const legs = await sql<{ code: string; amount: bigint }>`
      SELECT a.code, p.amount FROM postings p JOIN ledger_transactions x ON x.id = p.tx_id JOIN ledger_accounts a ON a.id = p.account_id
       WHERE x.idempotency_key = ${`deposit:${d.id}`} ORDER BY a.code`.execute(t.db.kysely);
    expect(legs.rows).toEqual([
      { code: 'player', amount: 12345n },
      { code: 'psp:testpay', amount: -12345n },
    ]);
    // An unknown provider's webhook is unauthorised like a forged one.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/psp/nobody/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unknown.statusCode).toBe(401);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('posts a fee the operator bears to the fee account, and one the player bears from the amount', async () => {
    const m = await memberWithSession(t.db, brandId);
    const bankId = await methodId('deposit', 'bank_transfer');
    await t.db.kysely.updateTable('cashier_methods').set({ fee_bp: 100 }).where('id', '=', bankId).execute();
    try {
      const d = await bankDeposit(m.token, '2000');
      expect(d.fee).toBe('20.00');
      await call('POST', `/wps/cashier/deposit/${d.id}/reference`, m.token, {
        reference: `P${randomBytes(4).toString('hex')}`,
      });
      await approveDeposit(await desk(), brand, BigInt(d.id));
      expect(await balanceOf(m.id)).toBe(200000n);
      const legs = await sql<{ code: string; amount: bigint }>`
        SELECT a.code, p.amount FROM postings p JOIN ledger_transactions x ON x.id = p.tx_id JOIN ledger_accounts a ON a.id = p.account_id
         WHERE x.idempotency_key = ${`deposit:${d.id}`} ORDER BY a.code`.execute(t.db.kysely);
      expect(legs.rows).toEqual([
        { code: `bank:${bankId}`, amount: -198000n },
        { code: 'cashier_fee', amount: -2000n },
        { code: 'player', amount: 200000n },
      ]);
    } finally {
      await t.db.kysely.updateTable('cashier_methods').set({ fee_bp: 0 }).where('id', '=', bankId).execute();
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
