import { randomUUID } from 'node:crypto';
import {
  addMethodCall,
  cashierApproveCall,
  cashierQueueCall,
  cashierReconcileCall,
  cashierRejectCall,
  cashierRequestCall,
  cashierSettingsCall,
  cashierSettingsSaveCall,
  cashierTotalsCall,
  dashboardCall,
  editMethodCall,
  IS_AGENT,
  messagesCall,
  methodLogoCall,
  playerCashierCall,
  staffMethodsCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerProvider } from '../src/modules/cashier/providers';
import type { PaymentProvider, ProviderRecord } from '../src/modules/cashier/providers/adapter';
import * as provider from '../src/modules/provider/service';
import { createBrand } from '../src/modules/system/brand-create';
import { adjust } from '../src/modules/wallet/service';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { injectDriver, type ProviderDriver } from './provider-driver';
import { bearerOf, staffSessionWithRoles } from './staff-helpers';

/**
 * The finance desk (CASHIER.md "The finance desk"): settings and methods saved under their
 * version and audited, queues oldest first paged by keyset, a request's detail with the player's
 * figures, daily totals, reconciliation against a provider's own records, and who may do what.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';
let t: TestApp;
let d: ProviderDriver;
let brandId: number;
let finance: string;
let support: string;
let auditor: string;
let content: string;

/** The test provider's records: what reconciliation compares ours with. */
let providerRecords: ProviderRecord[] = [];
const testProvider: PaymentProvider = {
  name: 'testpay',
  channels: ['bkash', 'nagad'],
  createDeposit: async () => ({ redirectUrl: 'https://testpay.example/checkout' }),
  queryDeposit: async () => null,
  createPayout: async () => null,
  records: async () => providerRecords,
  verifyWebhook: async () => {
    throw new Error('not used');
  },
};

type Call = { method: string; path: string };
function send(
  c: Call,
  token: string,
  opts: { body?: unknown; params?: Record<string, string | number>; query?: string } = {},
) {
  return t.app.inject({
    method: c.method as 'GET',
    url: c.path.replace(/:(\w+)/g, (_, k: string) => String(opts.params?.[k])) + (opts.query ?? ''),
    headers: bearerOf(token),
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

async function newMember(balanceMinor = 0n) {
  const isAgent = IS_AGENT.PLAYER;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `desk${randomUUID().slice(0, 8)}`, member_label: '[]', is_agent: isAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (balanceMinor > 0n)
    await adjust(t.db, {
      brandId,
      member: { id: m.id, brandId, isAgent },
      amount: balanceMinor,
      currency: 'BDT',
      reason: 'test',
      actor: 'test',
    });
  return m.id;
}

const bankMethod = {
  direction: 'deposit',
  kind: 'bank_transfer',
  provider: null,
  channel: 'bank',
  nameBn: 'ব্যাংক ট্রান্সফার',
  nameEn: 'Bank transfer',
  min: '500',
  max: '50000',
  feeBp: 0,
  feeFixed: '0',
  feeBearer: 'operator',
  presets: ['500', '1000'],
  processingMinutes: 30,
  enabled: true,
  sort: 1,
  bankName: 'Khela Bank',
  bankAccountName: 'Khela Ltd',
  bankAccountNumber: '0011223344',
  bankBranch: 'Gulshan',
  bankRoutingNumber: '123456789',
};

async function addMethod(body: Record<string, unknown>) {
  const res = await send(addMethodCall, finance, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; version: number; logoUrl: string | null };
}

/** A request written as the player's side would leave it, `ageMinutes` old. */
async function insertRequest(v: {
  member: bigint;
  type: 'deposit' | 'withdraw';
  state: string;
  amount: bigint;
  methodId?: number | null;
  ageMinutes?: number;
  fee?: bigint;
  providerTxId?: string;
  paid?: boolean;
}) {
  const at = new Date(Date.now() - (v.ageMinutes ?? 0) * 60_000);
  const r = await t.db.kysely
    .insertInto('cashier_requests')
    .values({
      brand_id: brandId,
      member_id: v.member,
      type: v.type,
      method_id: v.methodId ?? null,
      state: v.state as 'submitted',
      amount_minor: v.amount,
      fee_minor: v.fee ?? 0n,
      currency: 'BDT',
      provider_tx_id: v.providerTxId ?? null,
      provider: v.providerTxId ? 'testpay' : null,
      created_at: at,
      updated_at: at,
      decided_at: v.state === 'credited' ? new Date() : null,
      paid_at: v.paid ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
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
  registerProvider(testProvider);
  finance = await staffSessionWithRoles(t, ['finance']);
  support = await staffSessionWithRoles(t, ['support']);
  auditor = await staffSessionWithRoles(t, ['auditor']);
  content = await staffSessionWithRoles(t, ['content']);
  // The queues count every open request of the brand: start from none.
  await sql`DELETE FROM cashier_request_events`.execute(t.db.kysely);
  await sql`DELETE FROM cashier_cases`.execute(t.db.kysely);
  await sql`DELETE FROM cashier_requests`.execute(t.db.kysely);
});

afterAll(async () => {
  await t.close();
});

describe(`the finance desk on ${TEST_ENGINE}`, () => {
  it('saves the cashier settings under their version, refuses a stale save and audits the change', async () => {
    const read = await send(cashierSettingsCall, finance);
    expect(read.statusCode, read.body).toBe(200);
    const s = read.json().value;
    expect(s.withdrawMin).toBe('200.00');
    const { version, updatedAt: _u, updatedBy: _b, currency: _c, decimals: _d, ...fields } = s;
    const saved = await send(cashierSettingsSaveCall, finance, {
      body: {
        ...fields,
        version,
        withdrawMin: '300',
        fourEyes: '20000.50',
        sandboxEnabled: !fields.sandboxEnabled,
        reason: 'new limits',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ withdrawMin: '300.00', fourEyes: '20000.50', version: version + 1 });
    const row = await t.db.kysely
      .selectFrom('cashier_settings')
      .select(['withdraw_min_minor', 'four_eyes_minor'])
      .where('brand_id', '=', brandId)
      .executeTakeFirstOrThrow();
    expect(BigInt(row.withdraw_min_minor)).toBe(30000n);
    expect(BigInt(row.four_eyes_minor)).toBe(2000050n);

    const stale = await send(cashierSettingsSaveCall, finance, { body: { ...fields, version, withdrawMin: '400' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');

    const badOrder = await send(cashierSettingsSaveCall, finance, {
      body: { ...fields, version: version + 1, withdrawMin: '9000', withdrawMax: '100' },
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fieldErrors).toMatchObject({ withdrawMax: 'cashier.invalid.maxBelowMin' });

    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('event', '=', 'cashier.settings.changed')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.reason).toBe('new limits');
    // The demo brand has the sandbox on; whichever it was, the save flipped it.
    expect(audited[0]?.before).toMatchObject({ withdrawMin: '200.00', sandboxEnabled: fields.sandboxEnabled });
    expect(audited[0]?.after).toMatchObject({ withdrawMin: '300.00', sandboxEnabled: !fields.sandboxEnabled });
  });

  it('adds and edits methods with their rules, and refuses a stale edit', async () => {
    const m = await addMethod(bankMethod);
    const list = (await send(staffMethodsCall, finance)).json().value;
    expect(list.list.find((x: { id: number }) => x.id === m.id)).toMatchObject({
      nameEn: 'Bank transfer',
      min: '500.00',
    });
    expect(list.providers.map((p: { name: string }) => p.name)).toContain('testpay');

    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await send(addMethodCall, finance, { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    };
    await refused({ ...bankMethod, min: '600', max: '500' }, 'max');
    await refused({ ...bankMethod, provider: 'testpay' }, 'provider');
    await refused({ ...bankMethod, kind: 'psp', provider: null }, 'provider');
    await refused({ ...bankMethod, kind: 'psp', provider: 'nobody' }, 'provider');
    await refused({ ...bankMethod, bankAccountNumber: '' }, 'bankAccountNumber');
    await refused({ ...bankMethod, presets: ['100'] }, 'presets');
    // A bank-transfer withdrawal method pays out to players' own accounts: no operator account needed.
    await addMethod({
      ...bankMethod,
      direction: 'withdraw',
      bankName: null,
      bankAccountName: null,
      bankAccountNumber: null,
    });

    const edited = await send(editMethodCall, finance, {
      params: { id: m.id },
      body: { ...bankMethod, nameEn: 'Bank deposit', enabled: false, version: m.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ nameEn: 'Bank deposit', enabled: false, version: m.version + 1 });
    const stale = await send(editMethodCall, finance, {
      params: { id: m.id },
      body: { ...bankMethod, version: m.version },
    });
    expect(stale.json().code).toBe('STALE_EDIT');
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('event', 'in', ['cashier.method.added', 'cashier.method.changed'])
      .execute();
    expect(events.filter((e) => e.event === 'cashier.method.changed')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'cashier.method.added')).toHaveLength(2);
  });

  it('stores an uploaded logo served at its address, and refuses what is not an image', async () => {
    const m = await addMethod({ ...bankMethod, nameEn: 'Logo bank' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await send(methodLogoCall, finance, { params: { id: m.id }, body: { image: png.toString('base64') } });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().value.logoUrl as string;
    expect(url).toMatch(/^\/wps\/cashier\/logo\/[A-Za-z0-9_-]{22}$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');

    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const bad = await send(methodLogoCall, finance, { params: { id: m.id }, body: { image: html } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ image: 'cashier.invalid.logoNotImage' });
    const big = Buffer.concat([png, Buffer.alloc(600 * 1024)]).toString('base64');
    const tooBig = await send(methodLogoCall, finance, { params: { id: m.id }, body: { image: big } });
    expect(tooBig.statusCode).toBe(400);
    // The refused uploads changed nothing: the first logo still stands.
    const after = (await send(staffMethodsCall, finance)).json().value.list.find((x: { id: number }) => x.id === m.id);
    expect(after.logoUrl).toBe(url);
  });

  it('pages a queue oldest first by keyset, with its length and oldest age', async () => {
    const member = await newMember();
    const ids: string[] = [];
    // Five open deposits, 50 … 10 minutes old, and one credited one that is not in the queue.
    for (const age of [30, 50, 10, 40, 20])
      ids.push(
        await insertRequest({
          member,
          type: 'deposit',
          state: age === 40 ? 'submitted' : 'under_review',
          amount: 100_000n,
          ageMinutes: age,
        }),
      );
    await insertRequest({ member, type: 'deposit', state: 'credited', amount: 100_000n, ageMinutes: 90 });
    await insertRequest({ member, type: 'withdraw', state: 'under_review', amount: 100_000n, ageMinutes: 5 });

    const first = await send(cashierQueueCall, support, { query: '?type=deposit&pageSize=2' });
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json().value;
    expect(p1.total).toBe(5);
    expect(p1.oldestAgeSeconds).toBeGreaterThanOrEqual(50 * 60 - 5);
    const byAge = [ids[1], ids[3], ids[0], ids[4], ids[2]];
    expect(p1.list.map((r: { id: string }) => r.id)).toEqual(byAge.slice(0, 2));
    const p2 = (await send(cashierQueueCall, support, { query: `?type=deposit&pageSize=2&after=${p1.next}` })).json()
      .value;
    expect(p2.list.map((r: { id: string }) => r.id)).toEqual(byAge.slice(2, 4));
    const p3 = (await send(cashierQueueCall, support, { query: `?type=deposit&pageSize=2&after=${p2.next}` })).json()
      .value;
    expect(p3.list.map((r: { id: string }) => r.id)).toEqual(byAge.slice(4));
    expect(p3.next).toBeNull();

    const one = (await send(cashierQueueCall, support, { query: '?type=deposit&state=submitted' })).json().value;
    expect(one.list.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    const w = (await send(cashierQueueCall, support, { query: '?type=withdraw' })).json().value;
    expect(w.total).toBe(1);
    const bad = await send(cashierQueueCall, support, { query: '?type=deposit&after=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a request with its history and the player's balance, turnover, deposits, stakes and wins", async () => {
    const member = await newMember(500_000n);
    const s = await provider.createGameSession(t.db, {
      member: { id: member, brandId, isAgent: IS_AGENT.PLAYER },
      vendor: VENDOR,
      gameCode: GAME,
    });
    const tx = (k: string) => `${k}-${randomUUID().slice(0, 8)}`;
    const base = { playerId: String(member), gameCode: GAME, currency: s.currency };
    expect(
      (await d.send('bet', { ...base, txId: tx('bet'), roundId: 'dr1', amount: '40.00', token: s.token })).status,
    ).toBe(200);
    expect(
      (await d.send('win', { ...base, txId: tx('win'), roundId: 'dr1', amount: '15.00', roundClosed: true })).status,
    ).toBe(200);
    await t.db.kysely
      .insertInto('turnover_requirements')
      .values([
        {
          brand_id: brandId,
          member_id: member,
          source: 'deposit',
          source_key: `t:${member}:1`,
          required_minor: 100_000n,
          remaining_minor: 70_000n,
        },
        {
          brand_id: brandId,
          member_id: member,
          source: 'deposit',
          source_key: `t:${member}:2`,
          required_minor: 5_000n,
          remaining_minor: 0n,
        },
      ])
      .execute();
    await insertRequest({ member, type: 'deposit', state: 'credited', amount: 250_000n, ageMinutes: 60 * 24 * 3 });
    await insertRequest({ member, type: 'deposit', state: 'credited', amount: 999_000n, ageMinutes: 60 * 24 * 40 });
    await insertRequest({ member, type: 'withdraw', state: 'paid', amount: 30_000n, ageMinutes: 60, paid: true });
    const id = await insertRequest({ member, type: 'withdraw', state: 'under_review', amount: 50_000n, ageMinutes: 3 });
    await t.db.kysely
      .insertInto('cashier_request_events')
      .values([
        { request_id: BigInt(id), state: 'under_review', actor: 'member', note: null },
        {
          request_id: BigInt(id),
          state: 'under_review',
          actor: `staff:${(await t.db.kysely.selectFrom('staff').select('id').executeTakeFirstOrThrow()).id}`,
          note: 'first look',
        },
      ])
      .execute();

    const res = await send(cashierRequestCall, finance, { params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.amount.amount).toBe('500.00');
    expect(v.history).toHaveLength(2);
    expect(v.history[0].actor).toBe('member');
    expect(v.history[1].actor).not.toMatch(/^staff:/);
    expect(v.player.balance.amount).toBe('4975.00');
    expect(v.player.turnoverRemaining.amount).toBe('700.00');
    expect(v.player.deposits.amount).toBe('2500.00');
    expect(v.player.withdrawals.amount).toBe('300.00');
    expect(v.player.stakes.amount).toBe('40.00');
    expect(v.player.wins.amount).toBe('15.00');
    expect(v.player.recent.map((r: { id: string }) => r.id)).not.toContain(id);
    expect(v.player.recent).toHaveLength(3);

    const missing = await send(cashierRequestCall, finance, { params: { id: '999999999' } });
    expect(missing.statusCode).toBe(404);
  });

  it('names the first approver of a request above the four-eyes threshold and says it needs a second', async () => {
    const member = await newMember();
    const first = await t.db.kysely
      .insertInto('staff')
      .values({ brand_id: brandId, username: 'karim.first', roles: ['finance'], created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The first test set the threshold to 20,000.50.
    const big = await insertRequest({ member, type: 'withdraw', state: 'under_review', amount: 3_000_000n });
    await t.db.kysely
      .updateTable('cashier_requests')
      .set({ first_approved_by: first.id, first_approved_at: new Date() })
      .where('id', '=', BigInt(big))
      .execute();
    const small = await insertRequest({ member, type: 'withdraw', state: 'under_review', amount: 100_000n });
    const view = async (id: string) => (await send(cashierRequestCall, finance, { params: { id } })).json().value;
    expect(await view(big)).toMatchObject({ firstApprovedBy: 'karim.first', needsSecondApproval: true });
    expect(await view(small)).toMatchObject({ firstApprovedBy: null, needsSecondApproval: false });
    await t.db.kysely
      .deleteFrom('cashier_requests')
      .where('id', 'in', [BigInt(big), BigInt(small)])
      .execute();
  });

  it('rejects with a reason from the list and a note, which the player reads with the method in their language', async () => {
    const method = await addMethod({ ...bankMethod, sort: 7, nameBn: 'সিটি ব্যাংক', nameEn: 'City Bank' });
    const m = await memberWithSession(t.db, brandId);
    const id = await insertRequest({
      member: m.id,
      type: 'deposit',
      state: 'under_review',
      amount: 80_000n,
      methodId: method.id,
    });
    // Neither a reason nor older free text: refused, nothing moves.
    const none = await send(cashierRejectCall, finance, { params: { id }, body: { note: 'no reason' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toHaveProperty('reasonCode');
    const unknown = await send(cashierRejectCall, finance, { params: { id }, body: { reasonCode: 'bored' } });
    expect(unknown.statusCode).toBe(400);

    const res = await send(cashierRejectCall, finance, {
      params: { id },
      body: { reasonCode: 'payment_not_received', note: 'Bank statement of 27 Nov shows nothing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      state: 'rejected',
      reason: '[payment_not_received] Bank statement of 27 Nov shows nothing',
    });
    const inbox = (lang: string) =>
      t.app.inject({ method: 'GET', url: messagesCall.path, headers: { ...bearerOf(m.token), language: lang } });
    const [bn, en] = await Promise.all([inbox('bn'), inbox('en')]);
    expect(bn.statusCode, bn.body).toBe(200);
    // The notice was written with the English name; the listing adds both for the page to pick.
    expect(bn.json().value.list[0]).toMatchObject({
      kind: 'deposit.rejected',
      requestId: id,
      params: {
        method: 'City Bank',
        method_bn: 'সিটি ব্যাংক',
        method_en: 'City Bank',
        reason: '[payment_not_received] Bank statement of 27 Nov shows nothing',
      },
    });
    expect(en.json().value.list).toEqual(bn.json().value.list);

    // Older callers' free text still rejects, stored as typed.
    const old = await insertRequest({ member: m.id, type: 'deposit', state: 'under_review', amount: 60_000n });
    const legacy = await send(cashierRejectCall, finance, {
      params: { id: old },
      body: { reason: 'No transfer seen' },
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().value).toMatchObject({ state: 'rejected', reason: 'No transfer seen' });
  });

  it("answers NOT_FOUND for another brand's request before any decision", async () => {
    const otherId = (
      await createBrand(
        t.db,
        { code: 'otherdesk', domain: 'other-desk.example', currency: 'BDT', languages: ['bn', 'en'] },
        'test',
      )
    ).id;
    const theirs = await t.db.kysely
      .insertInto('members')
      .values({
        brand_id: otherId,
        account: `oth${randomUUID().slice(0, 6)}`,
        member_label: '[]',
        is_agent: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await t.db.kysely
      .insertInto('cashier_requests')
      .values({
        brand_id: otherId,
        member_id: theirs.id,
        type: 'deposit',
        state: 'under_review',
        amount_minor: 1000n,
        currency: 'BDT',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await send(cashierApproveCall, finance, { params: { id: String(r.id) }, body: {} });
    expect(res.statusCode).toBe(404);
    expect((await send(cashierRequestCall, finance, { params: { id: String(r.id) } })).statusCode).toBe(404);
  });

  it('totals credited deposits and paid withdrawals per day and method, with fees', async () => {
    const member = await newMember();
    const dep = await addMethod({ ...bankMethod, nameBn: 'মোট ব্যাংক', nameEn: 'Totals bank' });
    await insertRequest({
      member,
      type: 'deposit',
      state: 'credited',
      amount: 100_000n,
      fee: 1_000n,
      methodId: dep.id,
    });
    await insertRequest({ member, type: 'deposit', state: 'credited', amount: 50_000n, fee: 500n, methodId: dep.id });
    await insertRequest({ member, type: 'deposit', state: 'rejected', amount: 70_000n, methodId: dep.id });
    const { rows } = await sql<{
      d: string;
    }>`SELECT to_char((now() AT TIME ZONE 'Asia/Dhaka')::date, 'YYYY-MM-DD') AS d`.execute(t.db.kysely);
    const today = rows[0]?.d as string;
    const res = await send(cashierTotalsCall, finance, { query: `?from=${today}&to=${today}` });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().value.list.find((r: { methodId: number }) => r.methodId === dep.id);
    expect(row).toMatchObject({ day: today, direction: 'deposit', count: 2, methodName: 'মোট ব্যাংক' });
    expect(row.amount.amount).toBe('1500.00');
    expect(row.fees.amount).toBe('15.00');
    const backwards = await send(cashierTotalsCall, finance, { query: `?from=${today}&to=2020-01-01` });
    expect(backwards.statusCode).toBe(400);

    const dash = await send(dashboardCall, finance);
    expect(dash.statusCode, dash.body).toBe(200);
    const c = dash.json().value.cashier;
    expect(Number(c.deposits)).toBeGreaterThanOrEqual(1500);
    expect(c.queues.deposits.total).toBe(5);
    expect(c.queues.withdrawals.total).toBeGreaterThanOrEqual(1);
  });

  it("lists every difference between a day's requests and the provider's records", async () => {
    const member = await newMember();
    const m = await addMethod({
      ...bankMethod,
      kind: 'psp',
      provider: 'testpay',
      channel: 'bkash',
      nameEn: 'bKash',
      bankName: null,
      bankAccountName: null,
      bankAccountNumber: null,
      bankBranch: null,
      bankRoutingNumber: null,
    });
    const dep = (amount: bigint, state: string, tx: string) =>
      insertRequest({ member, type: 'deposit', state, amount, methodId: m.id, providerTxId: tx });
    const same = await dep(100_000n, 'credited', 'tx-same');
    const ours = await dep(20_000n, 'credited', 'tx-ours');
    const amount = await dep(30_000n, 'credited', 'tx-amount');
    const state = await dep(40_000n, 'expired', 'tx-state');
    await dep(60_000n, 'expired', 'tx-quiet'); // expired on both sides' silence: not a difference
    const rec = (requestId: string, providerTxId: string, amountMinor: bigint, status: 'paid' | 'failed' = 'paid') => ({
      kind: 'deposit' as const,
      requestId,
      providerTxId,
      amountMinor,
      currency: 'BDT',
      status,
    });
    providerRecords = [
      rec(same, 'tx-same', 100_000n),
      rec(amount, 'tx-amount', 35_000n),
      rec(state, 'tx-state', 40_000n),
      rec('123456789', 'tx-theirs', 10_000n),
    ];
    const { rows } = await sql<{
      d: string;
    }>`SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d`.execute(t.db.kysely);
    const res = await send(cashierReconcileCall, finance, { query: `?day=${rows[0]?.d}&methodId=${m.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.matched).toBe(1);
    const kinds = Object.fromEntries(v.differences.map((x: { kind: string }) => [x.kind, x]));
    expect(v.differences).toHaveLength(4);
    expect(kinds.ours_only).toMatchObject({ requestId: ours });
    expect(kinds.provider_only).toMatchObject({ providerTxId: 'tx-theirs', requestId: null });
    expect(kinds.amount).toMatchObject({ requestId: amount, ours: '300.00 BDT', theirs: '350.00 BDT' });
    expect(kinds.state).toMatchObject({ requestId: state, ours: 'expired', theirs: 'paid' });

    const bank = await addMethod({ ...bankMethod, nameEn: 'No provider' });
    const refused = await send(cashierReconcileCall, finance, { query: `?day=${rows[0]?.d}&methodId=${bank.id}` });
    expect(refused.statusCode).toBe(400);
  });

  it("shows a player's deposits and withdrawals, newest first, on the profile tab", async () => {
    const member = await newMember();
    const a = await insertRequest({ member, type: 'deposit', state: 'credited', amount: 10_000n });
    const b = await insertRequest({ member, type: 'withdraw', state: 'under_review', amount: 20_000n });
    const c = await insertRequest({ member, type: 'deposit', state: 'rejected', amount: 30_000n });
    const p1 = (await send(playerCashierCall, support, { params: { id: String(member) }, query: '?pageSize=2' })).json()
      .value;
    expect(p1.list.map((r: { id: string }) => r.id)).toEqual([c, b]);
    const p2 = (
      await send(playerCashierCall, support, { params: { id: String(member) }, query: `?pageSize=2&before=${p1.next}` })
    ).json().value;
    expect(p2.list.map((r: { id: string }) => r.id)).toEqual([a]);
    expect(p2.next).toBeNull();
  });

  it('lets only the roles that hold the permission read, decide or configure', async () => {
    expect((await send(cashierQueueCall, content, { query: '?type=deposit' })).statusCode).toBe(403);
    expect((await send(cashierSettingsCall, content)).statusCode).toBe(403);
    expect((await send(cashierQueueCall, auditor, { query: '?type=deposit' })).statusCode).toBe(200);
    expect((await send(cashierSettingsCall, auditor)).statusCode).toBe(200);
    const settings = (await send(cashierSettingsCall, auditor)).json().value;
    const { updatedAt: _u, updatedBy: _b, currency: _c, decimals: _d, ...body } = settings;
    expect((await send(cashierSettingsSaveCall, auditor, { body })).statusCode).toBe(403);
    expect((await send(addMethodCall, auditor, { body: bankMethod })).statusCode).toBe(403);
    expect((await send(cashierApproveCall, auditor, { params: { id: '1' }, body: {} })).statusCode).toBe(403);
    // Support reads the queues but neither decides nor configures.
    expect((await send(cashierApproveCall, support, { params: { id: '1' }, body: {} })).statusCode).toBe(403);
    expect((await send(addMethodCall, support, { body: bankMethod })).statusCode).toBe(403);
  });
});
