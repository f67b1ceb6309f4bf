import { type CashierRequest, type MethodsAnswer, PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER } from '@khela/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDeposits, onDepositResult } from '../src/modules/cashier/deposit-credit';
import {
  SANDBOX,
  sandboxProvider,
  signedWebhook,
  WEBHOOK_KEYS_SECONDS,
} from '../src/modules/cashier/providers/sandbox';
import { systemAccount, walletOf } from '../src/modules/wallet/accounts';
import { checkLedger } from '../src/modules/wallet/invariants';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The sandbox provider end to end over real HTTP (the app listens on a port): its hosted
 * checkout, the signed webhook its buttons send to /psp/sandbox/webhook, and the refusals of a
 * tampered, stale or mismatched result.
 */

/** Any answer's value, read loosely: a request or a methods list. */
type Value = CashierRequest & MethodsAnswer;

let t: TestApp;
let base: string;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

async function api(path: string, token: string, init: { method?: string; body?: unknown; lang?: string } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      language: init.lang ?? 'en',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { success: boolean; code: string; value: Value } };
}

async function sandboxMethod(channel = 'bkash') {
  const m = await t.db.kysely
    .selectFrom('cashier_methods')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('direction', '=', 'deposit')
    .where('provider', '=', SANDBOX)
    .where('channel', '=', channel)
    .executeTakeFirstOrThrow();
  return m.id;
}

async function balanceOf(memberId: bigint): Promise<bigint> {
  const r = await sql<{ balance: bigint }>`
    SELECT b.balance FROM ledger_accounts a JOIN wallet_balances b ON b.account_id = a.id
     WHERE a.member_id = ${memberId} AND a.currency = 'BDT'`.execute(t.db.kysely);
  return r.rows[0]?.balance ?? 0n;
}

async function depositTxCount(id: string): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ledger_transactions WHERE idempotency_key = ${`deposit:${id}`}`.execute(
    t.db.kysely,
  );
  return Number(r.rows[0]?.n ?? 0);
}

async function order(token: string, amount = '500') {
  const r = await api('/wps/cashier/deposit', token, {
    method: 'POST',
    body: { methodId: await sandboxMethod(), amount },
  });
  expect(r.status).toBe(200);
  return r.json.value as { id: string; state: string; redirectUrl: string; amount: string };
}

function tokenOf(redirectUrl: string): string {
  return redirectUrl.split('/psp/sandbox/checkout/')[1] as string;
}

async function webhook(raw: string, headers: Record<string, string>) {
  const res = await fetch(`${base}/psp/sandbox/webhook`, { method: 'POST', headers, body: raw });
  return { status: res.status, text: await res.text() };
}

/** A provider's paid result for an order of ৳1,000, as the webhook hands it on. */
const paid = (requestId: string, txId: string) =>
  onDepositResult(t.db, brandId, 'sandbox', {
    kind: 'deposit',
    requestId,
    providerTxId: txId,
    status: 'paid',
    amountMinor: 100000n,
    currency: 'BDT',
  });

describe(`the sandbox provider over HTTP on ${TEST_ENGINE}`, () => {
  it('serves a checkout page in the brand language with the amount and three plain form buttons, no script', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token);
    expect(d.state).toBe('pending');
    expect(d.redirectUrl).toMatch(/\/psp\/sandbox\/checkout\/[A-Za-z0-9_-]{32}$/);
    const res = await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('৫০০.০০৳');
    expect(html).toContain('অনুমোদন করুন');
    expect(html).toContain('value="later"');
    expect(html).not.toContain('<script');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    const en = await (await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}?lang=en`)).text();
    expect(en).toContain('Approve');
    expect((await fetch(`${base}/psp/sandbox/checkout/${'x'.repeat(32)}`)).status).toBe(404);
  });

  it('approve sends a signed webhook over HTTP that credits once, and returns the player to the deposit page', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token, '750');
    const res = await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/?centre=member&page=depositv2&deposit=${d.id}`);
    const after = await api(`/wps/cashier/deposit/${d.id}`, m.token);
    expect(after.json.value.state).toBe('credited');
    expect(after.json.value.history.map((h: { state: string }) => h.state)).toEqual(['created', 'pending', 'credited']);
    expect(await balanceOf(m.id)).toBe(75000n);
    expect(await depositTxCount(d.id)).toBe(1);
    // A second press finds the order decided: the same result again, nothing more credited.
    await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
      redirect: 'manual',
    });
    expect(await balanceOf(m.id)).toBe(75000n);
    const turnover = await t.db.kysely
      .selectFrom('turnover_requirements')
      .select(['required_minor', 'source'])
      .where('source_key', '=', `deposit:${d.id}`)
      .executeTakeFirstOrThrow();
    expect(turnover).toEqual({ required_minor: 75000n, source: 'deposit' });
    const notice = await t.db.kysely
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(notice.kind).toBe('deposit.arrival');
    expect(notice.params).toMatchObject({ amount: '750.00', currency: 'BDT' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('decline rejects with its reason; pay later leaves the order pending', async () => {
    const m = await memberWithSession(t.db, brandId);
    const declined = await order(m.token);
    const later = await order(m.token);
    for (const [d, action] of [
      [declined, 'decline'],
      [later, 'later'],
    ] as const)
      await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
        redirect: 'manual',
      });
    const a = (await api(`/wps/cashier/deposit/${declined.id}`, m.token)).json.value;
    expect(a.state).toBe('rejected');
    expect(a.reason).toBe('declined_by_sandbox');
    expect((await api(`/wps/cashier/deposit/${later.id}`, m.token)).json.value.state).toBe('pending');
    expect(await balanceOf(m.id)).toBe(0n);
  });

  it('refuses a tampered, stale or mismatched webhook and moves nothing', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token);
    const good = {
      kind: 'deposit' as const,
      requestId: d.id,
      txId: 'SBXtampered0001',
      status: 'paid' as const,
      amount: '50000',
      currency: 'BDT',
    };
    const signed = await signedWebhook(brandId, good);
    // One byte changed after signing.
    const tampered = await webhook(signed.raw.replace('50000', '90000'), signed.headers);
    expect(tampered.status).toBe(401);
    const stale = await signedWebhook(brandId, good, Math.floor(Date.now() / 1000) - 3600);
    expect((await webhook(stale.raw, stale.headers)).status).toBe(401);
    const unsigned = await webhook(signed.raw, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(401);
    const wrongAmount = await signedWebhook(brandId, { ...good, amount: '50001' });
    const r1 = await webhook(wrongAmount.raw, wrongAmount.headers);
    expect(r1.status).toBe(400);
    expect(JSON.parse(r1.text).fieldErrors).toEqual({ amount: 'validation.invalid' });
    const wrongCurrency = await signedWebhook(brandId, { ...good, currency: 'USD' });
    const r2 = await webhook(wrongCurrency.raw, wrongCurrency.headers);
    expect(r2.status).toBe(400);
    expect(JSON.parse(r2.text).fieldErrors).toEqual({ currency: 'validation.invalid' });
    const unknown = await signedWebhook(brandId, { ...good, requestId: '999999999' });
    expect((await webhook(unknown.raw, unknown.headers)).status).toBe(404);
    expect((await api(`/wps/cashier/deposit/${d.id}`, m.token)).json.value.state).toBe('pending');
    expect(await balanceOf(m.id)).toBe(0n);
    expect(await depositTxCount(d.id)).toBe(0);
    // The signature checked, a body that is not the sandbox's is refused after it.
    const junk = await signedWebhook(brandId, { ...good, txId: 'short' } as never);
    expect((await webhook(junk.raw, junk.headers)).status).toBe(400);
  });

  it('a result replayed ten times at once credits once and every replay gets the same answer', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token, '1000');
    const signed = await signedWebhook(brandId, {
      kind: 'deposit',
      requestId: d.id,
      txId: 'SBXreplayed000001',
      status: 'paid',
      amount: '100000',
      currency: 'BDT',
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(signed.raw, signed.headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(JSON.parse(answers[0]?.text ?? '{}').value).toEqual({ requestId: d.id, state: 'credited' });
    expect(await balanceOf(m.id)).toBe(100000n);
    expect(await depositTxCount(d.id)).toBe(1);
    // Another transaction id for the credited order is refused.
    const other = await signedWebhook(brandId, {
      kind: 'deposit',
      requestId: d.id,
      txId: 'SBXreplayed000002',
      status: 'paid',
      amount: '100000',
      currency: 'BDT',
    });
    expect((await webhook(other.raw, other.headers)).status).toBe(409);
    expect(await balanceOf(m.id)).toBe(100000n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('results arriving together are credited in one transaction, each once; a batch one of them breaks is credited one by one', async () => {
    const writers = async (ids: string[]) => {
      // Rows written by one transaction carry its id.
      const r = await sql<{ n: string }>`
        SELECT count(DISTINCT xmin::text)::text AS n FROM cashier_requests
         WHERE id IN (${sql.join(ids.map((id) => BigInt(id)))}) AND state = 'credited'`.execute(t.db.kysely);
      return Number(r.rows[0]?.n);
    };
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await memberWithSession(t.db, brandId));
    // Registration opens a player's wallet.
    for (const p of players) await walletOf(t.db, brandId, p.id, 'BDT');
    // The provider's settlement account opens with the brand's first deposit through it.
    const opening = await order(players[0]?.token ?? '', '1000');
    expect((await paid(opening.id, 'SBXtogetherfirst')).state).toBe('credited');
    const first = [];
    for (const p of players) first.push(await order(p.token, '1000'));
    // Six results in one turn, one of them twice: one transaction, each order credited once.
    const answers = await Promise.all([
      ...first.map((d, i) => paid(d.id, `SBXtogether0000${i}`)),
      paid(first[2]?.id ?? '', 'SBXtogether00002'),
    ]);
    expect(answers.map((a) => a.state)).toEqual(Array(7).fill('credited'));
    expect(await writers(first.map((d) => d.id)), 'the six credits were written by one transaction').toBe(1);
    for (const [i, p] of players.entries()) expect(await balanceOf(p.id)).toBe(i === 0 ? 200000n : 100000n);
    for (const d of first) expect(await depositTxCount(d.id)).toBe(1);

    // A batch with a transaction id that is already another order's: that one is refused, the
    // others are credited each alone.
    const second = [];
    for (const p of players) second.push(await order(p.token, '1000'));
    const settled = await Promise.allSettled(
      second.map((d, i) => paid(d.id, i === 3 ? 'SBXtogether00000' : `SBXtogether1000${i}`)),
    );
    expect(settled.map((s) => s.status === 'fulfilled')).toEqual([true, true, true, false, true, true]);
    expect((settled[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'DUPLICATE_TRANSACTION' });
    for (const [i, p] of players.entries())
      expect(await balanceOf(p.id)).toBe(i === 3 ? 100000n : i === 0 ? 300000n : 200000n);
    expect(await writers(second.filter((_, i) => i !== 3).map((d) => d.id))).toBe(5);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a batch answers as the single credits would: two orders of one player, a fee each side bears, an order sent twice, a guard that fails', async () => {
    const [a, b] = [await memberWithSession(t.db, brandId), await memberWithSession(t.db, brandId)];
    for (const p of [a, b]) await walletOf(t.db, brandId, p.id, 'BDT');
    await systemAccount(t.db, brandId, 'cashier_fee', 'BDT');
    // Each player starts with one credited deposit, so one unread notice.
    for (const p of [a, b]) {
      const d = await order(p.token, '1000');
      await paid(d.id, `SBXsetfirst${d.id}`);
    }
    const [a1, a2, b1, b2] = [
      await order(a.token, '1000'),
      await order(a.token, '1000'),
      await order(b.token, '1000'),
      await order(b.token, '1000'),
    ];
    const fee = (id: string, minor: number, bearer: string) =>
      sql`
      UPDATE cashier_requests SET fee_minor = ${minor}, fee_bearer = ${bearer} WHERE id = ${BigInt(id)}`.execute(
        t.db.kysely,
      );
    await fee(a2.id, 5000, 'player');
    await fee(b1.id, 3000, 'operator');
    type Item = { id: string; amount: string };
    const batch = (items: Item[]) =>
      sql<{
        item: number;
        member_id: bigint;
        tx_id: bigint;
        outcome: string;
        result: Record<string, string | number>;
        notice_params: Record<string, string>;
        unread: string;
      }>`SELECT * FROM cashier_credit_deposits(
         ${items.map((d) => d.id)}::bigint[], ${items.map(() => 'provider:sandbox')}::text[],
         ${items.map((d) => `SBXset${d.id}`)}::text[], ${items.map(() => brandId)}::integer[],
         ${items.map(() => SANDBOX)}::text[], ${items.map((d) => d.amount)}::bigint[], ${items.map(() => 'BDT')}::text[])
       ORDER BY item`.execute(t.db.kysely);
    const paidAs = (d: { id: string }, amount = '100000') => ({ id: d.id, amount });
    const stateOf = async (d: { id: string }) =>
      (
        await t.db.kysely
          .selectFrom('cashier_requests')
          .select('state')
          .where('id', '=', BigInt(d.id))
          .executeTakeFirstOrThrow()
      ).state;

    // One order sent twice with different contents: the batch cannot tell which copy the single
    // path would credit, so it refuses whole and the server credits each alone.
    await expect(
      batch([paidAs(a1, '99999'), paidAs(a1)]).catch((e: { code?: string }) => Promise.reject(e.code)),
    ).rejects.toBe('KH012');
    expect(await stateOf(a1)).toBe('pending');

    // b2's result names another amount: its guard fails, it answers no row and stays open.
    const r = await batch([paidAs(a2), paidAs(b1), paidAs(a1), paidAs(a1), paidAs(b2, '99999')]);
    // The order sent twice answers once; a player's orders go in their order, each posting with
    // the balance it left and each notice with the unread count it made.
    expect(
      r.rows.map((x) => [x.item, x.member_id, x.outcome, String(Object.values(x.result)[0]), String(x.unread)]),
    ).toEqual([
      [1, a.id, 'posted', '295000', '3'],
      [2, b.id, 'posted', '200000', '2'],
      [3, a.id, 'posted', '200000', '2'],
    ]);
    expect(await stateOf(b2)).toBe('pending');
    // Each answer names its own transaction and the player's wallet.
    for (const [row, d, p] of [
      [r.rows[0], a2, a],
      [r.rows[1], b1, b],
      [r.rows[2], a1, a],
    ] as const) {
      const tx = await t.db.kysely
        .selectFrom('ledger_transactions')
        .select(['id', 'member_id'])
        .where('idempotency_key', '=', `deposit:${d.id}`)
        .executeTakeFirstOrThrow();
      expect([row?.tx_id, tx.member_id]).toEqual([tx.id, p.id]);
      expect(Object.keys(row?.result ?? {})).toEqual([String((await walletOf(t.db, brandId, p.id, 'BDT')).id)]);
    }
    expect(r.rows.map((x) => x.notice_params.amount)).toEqual(['950.00', '1000.00', '1000.00']);
    const legs = async (id: string) =>
      (
        await sql<{ account: string; amount: bigint }>`
          SELECT CASE WHEN a.member_id IS NULL THEN a.code ELSE 'wallet' END AS account, p.amount FROM postings p
            JOIN ledger_transactions x ON x.id = p.tx_id JOIN ledger_accounts a ON a.id = p.account_id
           WHERE x.idempotency_key = ${`deposit:${id}`} ORDER BY a.member_id NULLS LAST, a.code`.execute(t.db.kysely)
      ).rows.map((x) => [x.account, x.amount]);
    expect(await legs(a2.id)).toEqual([
      ['wallet', 95000n],
      ['psp:sandbox', -95000n],
    ]);
    expect(await legs(b1.id)).toEqual([
      ['wallet', 100000n],
      ['cashier_fee', -3000n],
      ['psp:sandbox', -97000n],
    ]);
    const required = await sql<{ source_key: string; required_minor: bigint }>`
      SELECT source_key, required_minor FROM turnover_requirements
       WHERE source_key IN (${sql.join([a1, a2, b1].map((d) => `deposit:${d.id}`))}) ORDER BY id`.execute(t.db.kysely);
    expect(required.rows.map((x) => [x.source_key, x.required_minor])).toEqual([
      [`deposit:${a1.id}`, 100000n],
      [`deposit:${a2.id}`, 95000n],
      [`deposit:${b1.id}`, 100000n],
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')(
    'two batches of the same orders from two connections at once, in opposite orders: each order credited once or not at all',
    async () => {
      const players = [];
      for (let i = 0; i < 4; i++) players.push(await memberWithSession(t.db, brandId));
      for (const p of players) await walletOf(t.db, brandId, p.id, 'BDT');
      const orders = [];
      for (const p of players) for (let k = 0; k < 2; k++) orders.push(await order(p.token, '1000'));
      // As two server processes would send them: each its own connection, the same orders.
      const clients = [
        new pg.Client({ connectionString: t.config.DATABASE_URL }),
        new pg.Client({ connectionString: t.config.DATABASE_URL }),
      ];
      await Promise.all(clients.map((c) => c.connect()));
      try {
        const call = (c: pg.Client, ids: string[]) =>
          c.query(
            `SELECT item FROM cashier_credit_deposits($1::bigint[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::bigint[], $7::text[])`,
            [
              ids,
              ids.map(() => 'provider:sandbox'),
              ids.map((id) => `SBXrace${id}`),
              ids.map(() => brandId),
              ids.map(() => SANDBOX),
              ids.map(() => '100000'),
              ids.map(() => 'BDT'),
            ],
          );
        const ids = orders.map((d) => d.id);
        const settled = await Promise.allSettled([
          call(clients[0] as pg.Client, ids),
          call(clients[1] as pg.Client, [...ids].reverse()),
        ]);
        // A batch either answers or fails whole (a deadlock, which the server answers by crediting
        // one by one); the answered rows are the credits, and no order is credited twice.
        const answered = settled.reduce((n, r) => n + (r.status === 'fulfilled' ? (r.value.rowCount ?? 0) : 0), 0);
        for (const r of settled)
          if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('40P01');
        expect(settled.some((r) => r.status === 'fulfilled')).toBe(true);
        expect(answered).toBe(orders.length);
        for (const d of orders) expect(await depositTxCount(d.id)).toBe(1);
        for (const p of players) expect(await balanceOf(p.id)).toBe(200000n);
        expect(await checkLedger(t.db)).toEqual([]);
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    },
  );

  it('a paid result the limits refuse at credit, or one after expiry, waits under review: money is never lost', async () => {
    const m = await memberWithSession(t.db, brandId);
    const held = await order(m.token);
    const late = await order(m.token);
    await t.db.kysely
      .insertInto('responsible_play_limits')
      .values({ brand_id: brandId, member_id: m.id, kind: 'cool_off', until: new Date(Date.now() + 3_600_000) })
      .execute();
    await t.db.kysely
      .updateTable('cashier_requests')
      .set({ state: 'expired' })
      .where('id', '=', BigInt(late.id))
      .execute();
    for (const d of [held, late]) {
      const signed = await signedWebhook(brandId, {
        kind: 'deposit',
        requestId: d.id,
        txId: `SBXreview${d.id.padStart(8, '0')}`,
        status: 'paid',
        amount: '50000',
        currency: 'BDT',
      });
      const r = await webhook(signed.raw, signed.headers);
      expect(JSON.parse(r.text).value).toEqual({ requestId: d.id, state: 'under_review' });
    }
    const notes = await t.db.kysely
      .selectFrom('cashier_request_events')
      .select('note')
      .where('state', '=', 'under_review')
      .where('request_id', 'in', [BigInt(held.id), BigInt(late.id)])
      .orderBy('request_id')
      .execute();
    expect(notes.map((n) => n.note)).toEqual(['responsible_play', 'paid_after_expiry']);
    expect(await balanceOf(m.id)).toBe(0n);
  });

  it('asks the provider before expiring an order: a paid result whose webhook was lost is credited', async () => {
    const m = await memberWithSession(t.db, brandId);
    const lost = await order(m.token);
    const unpaid = await order(m.token);
    // The sandbox decided the first order, but its webhook never arrived.
    await t.db.kysely
      .updateTable('psp_sandbox_records')
      .set({ status: 'paid', provider_tx_id: 'SBXlostwebhook0001', decided_at: new Date() })
      .where('order_token', '=', tokenOf(lost.redirectUrl))
      .execute();
    await t.db.kysely
      .updateTable('cashier_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    await expireDeposits(t.db);
    expect((await api(`/wps/cashier/deposit/${lost.id}`, m.token)).json.value.state).toBe('credited');
    expect((await api(`/wps/cashier/deposit/${unpaid.id}`, m.token)).json.value.state).toBe('expired');
    expect(await balanceOf(m.id)).toBe(50000n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('payouts wait on the console until a button sends their signed result', async () => {
    const m = await memberWithSession(t.db, brandId);
    const method = await t.db.kysely
      .selectFrom('cashier_methods')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('direction', '=', 'withdraw')
      .where('provider', '=', SANDBOX)
      .executeTakeFirstOrThrow();
    const req = await t.db.kysely
      .insertInto('cashier_requests')
      .values({
        brand_id: brandId,
        member_id: m.id,
        type: 'withdraw',
        method_id: method.id,
        state: 'paying',
        amount_minor: 30000n,
        currency: 'BDT',
        provider: SANDBOX,
        payout_id: `wd-test-${m.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payout = {
      requestId: req.id.toString(),
      payoutId: `wd-test-${m.id}`,
      amountMinor: 30000n,
      currency: 'BDT',
      channel: 'bkash',
      accountNumber: '01712345678',
      payeeName: 'Test Payee',
    };
    expect(await sandboxProvider.createPayout(payout, { brandId, origin: base })).toBeNull();
    // The same payout id again is the same payout.
    await sandboxProvider.createPayout(payout, { brandId, origin: base });
    const page = await (await fetch(`${base}/psp/sandbox/payouts?lang=en`)).text();
    expect(page).toContain('৳300.00');
    expect(page).toContain('••••••5678');
    const rec = await t.db.kysely
      .selectFrom('psp_sandbox_records')
      .select(['id'])
      .where('payout_id', '=', payout.payoutId)
      .execute();
    expect(rec).toHaveLength(1);
    const pressed = await fetch(`${base}/psp/sandbox/payouts/${rec[0]?.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    const after = await t.db.kysely
      .selectFrom('psp_sandbox_records')
      .select(['status', 'provider_tx_id'])
      .where('payout_id', '=', payout.payoutId)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('paid');
    expect(after.provider_tx_id).toMatch(/^SBX/);
    expect(await (await fetch(`${base}/psp/sandbox/payouts?lang=en`)).text()).not.toContain('••••••5678');
    const day = new Date().toISOString().slice(0, 10);
    const records = await sandboxProvider.records(day, { brandId, origin: base });
    expect(records.some((r) => r.kind === 'payout' && r.status === 'paid' && r.requestId === payout.requestId)).toBe(
      true,
    );
  });

  it('answers a query from its own books', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token);
    const q = {
      requestId: d.id,
      orderToken: tokenOf(d.redirectUrl),
      amountMinor: 50000n,
      currency: 'BDT',
      channel: 'bkash',
      returnUrl: '/',
    };
    expect((await sandboxProvider.queryDeposit(q, { brandId, origin: base }))?.status).toBe('pending');
  });

  it('is closed to a brand that has not switched it on: no methods, no checkout, no webhook', async () => {
    const m = await memberWithSession(t.db, brandId);
    const d = await order(m.token);
    const signed = await signedWebhook(brandId, {
      kind: 'deposit',
      requestId: d.id,
      txId: 'SBXclosedbrand0001',
      status: 'paid',
      amount: '50000',
      currency: 'BDT',
    });
    await t.db.kysely
      .updateTable('cashier_settings')
      .set({ sandbox_enabled: false })
      .where('brand_id', '=', brandId)
      .execute();
    // Switched off behind this process's back (another process's desk): its webhooks close
    // within WEBHOOK_KEYS_SECONDS. Probed with an order that does not exist, so nothing moves.
    const probe = await signedWebhook(brandId, {
      kind: 'deposit',
      requestId: '999999999',
      txId: 'SBXclosedprobe0001',
      status: 'paid',
      amount: '50000',
      currency: 'BDT',
    });
    await expect
      .poll(async () => (await webhook(probe.raw, probe.headers)).status, {
        timeout: (WEBHOOK_KEYS_SECONDS + 3) * 1000,
        interval: 200,
      })
      .toBe(401);
    try {
      const methods = (await api('/wps/cashier/methods?type=deposit', m.token)).json.value;
      expect(methods.list.map((x: { kind: string }) => x.kind)).toEqual(['bank_transfer']);
      expect((await fetch(`${base}/psp/sandbox/checkout/${tokenOf(d.redirectUrl)}`)).status).toBe(404);
      expect((await webhook(signed.raw, signed.headers)).status).toBe(401);
      expect((await fetch(`${base}/psp/sandbox/payouts`)).status).toBe(404);
      const refused = await api('/wps/cashier/deposit', m.token, {
        method: 'POST',
        body: { methodId: await sandboxMethod(), amount: '500' },
      });
      expect(refused.json.code).toBe('METHOD_UNAVAILABLE');
    } finally {
      await t.db.kysely
        .updateTable('cashier_settings')
        .set({ sandbox_enabled: true })
        .where('brand_id', '=', brandId)
        .execute();
    }
    expect(await balanceOf(m.id)).toBe(0n);
    expect(PSP_SIGNATURE_HEADER in signed.headers && PSP_TIMESTAMP_HEADER in signed.headers).toBe(true);
  });
});
