import { randomUUID } from 'node:crypto';
import {
  approveHeldWinCall,
  type CallDefinition,
  declineHeldWinCall,
  heldWinCountCall,
  heldWinsCall,
  releaseHeldWinCall,
  voidHeldWinCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { injectDriver, type ProviderDriver } from './provider-driver';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The Risk desk (decision 0038): staff list the provider wins held over the brand's caps and
 * release or void them — once, whoever clicks how often, and above the four-eyes threshold only
 * with a second staff member's approval.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';

let t: TestApp;
let d: ProviderDriver;
let brandId: number;
let risk: string;
let riskId: bigint;
let second: string;
let auditor: string;

async function staff(roles: string[]) {
  const token = await staffSessionWithRoles(t, roles);
  const row = await sql<{ staff_id: bigint }>`
    SELECT staff_id FROM staff_sessions ORDER BY id DESC LIMIT 1`.execute(t.db.kysely);
  return { token, id: BigInt(row.rows[0]?.staff_id as bigint) };
}

const urlOf = (c: CallDefinition, id?: number) => c.path.replace(':id', String(id ?? 0));

function send(c: CallDefinition, token: string, o: { id?: number; body?: object; query?: string } = {}) {
  return t.app.inject({
    method: c.method,
    url: urlOf(c, o.id) + (o.query ? `?${o.query}` : ''),
    headers: bearerOf(token),
    ...(o.body ? { payload: o.body } : {}),
  });
}

let n = 0;
/** A player whose win of `win` (major units) on a 1.00 stake the caps hold; the held win's id. */
async function heldWin(win: string): Promise<{ id: number; memberId: bigint }> {
  n++;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `risk${n}${randomUUID().slice(0, 6)}`, member_label: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent: 0 };
  await adjust(t.db, { brandId, member: holder, amount: 10_000n, currency: 'BDT', reason: 'test', actor: 'test' });
  const s = await provider.createGameSession(t.db, { member: holder, vendor: VENDOR, gameCode: GAME });
  const u = randomUUID().slice(0, 8);
  const common = { playerId: m.id.toString(), roundId: `r-${u}`, gameCode: GAME, currency: s.currency };
  const bet = await d.send('bet', { ...common, txId: `bet-${u}`, token: s.token, amount: '1.00' });
  expect(bet.status, bet.body).toBe(200);
  const w = await d.send('win', { ...common, txId: `win-${u}`, amount: win });
  expect(w.status, w.body).toBe(200);
  const row = await t.db.kysely
    .selectFrom('provider_held_wins')
    .select('id')
    .where('tx_id', '=', `win-${u}`)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), memberId: m.id };
}

async function walletOf(memberId: bigint): Promise<bigint> {
  const r = await t.db.kysely
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallet_balances as b', 'b.account_id', 'a.id')
    .select('b.balance')
    .where('a.member_id', '=', memberId)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

async function postingsOf(id: number): Promise<number> {
  const w = await t.db.kysely
    .selectFrom('provider_held_wins')
    .select(['vendor', 'tx_id'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_transactions
     WHERE idempotency_key = ${`suspense:${w.vendor}:${w.tx_id}`}`.execute(t.db.kysely);
  return r.rows[0]?.n ?? 0;
}

async function auditEvents(target: string) {
  const r = await sql<{
    event: string;
    staff_id: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>`
    SELECT event, staff_id::text, reason, before, after FROM audit_log WHERE target = ${target} ORDER BY id`.execute(
    t.db.kysely,
  );
  return r.rows;
}

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const v = await t.db.kysely
    .selectFrom('provider_vendors')
    .innerJoin('brands', 'brands.id', 'provider_vendors.brand_id')
    .select(['provider_vendors.secret', 'brands.id'])
    .where('brands.merchant_code', '=', 'khela')
    .where('provider_vendors.code', '=', VENDOR)
    .executeTakeFirstOrThrow();
  brandId = v.id;
  d = injectDriver(t.app, { vendor: VENDOR, secret: v.secret });
  // One win above 100.00 is held; decisions above 10,000.00 need two staff members.
  await t.db.kysely
    .updateTable('brands')
    .set({ provider_win_amount_cap: 10_000n, adjust_four_eyes_minor: 1_000_000n })
    .where('id', '=', brandId)
    .execute();
  const r = await staff(['risk']);
  risk = r.token;
  riskId = r.id;
  second = (await staff(['risk'])).token;
  auditor = await staffSessionWithRoles(t, ['auditor']);
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe(`the Risk desk on ${TEST_ENGINE}`, () => {
  it('lists the waiting wins with the player, vendor, game, round and amount, and counts them for the badge', async () => {
    const before = (await send(heldWinCountCall, risk)).json().value.held;
    const w = await heldWin('500.00');
    const list = await send(heldWinsCall, auditor);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().value.list.find((x: { id: number }) => x.id === w.id);
    expect(row).toMatchObject({
      vendor: VENDOR,
      gameCode: GAME,
      amount: { amount: '500.00', currency: 'BDT' },
      holdReason: 'amount',
      status: 'held',
      needsSecondStaff: false,
      pending: null,
    });
    expect(row.account).toMatch(/^risk/);
    expect((await send(heldWinCountCall, auditor)).json().value.held).toBe(before + 1);
  });

  it('refuses a release without risk.write (403) and a release without a reason (400)', async () => {
    const w = await heldWin('300.00');
    expect((await send(releaseHeldWinCall, auditor, { id: w.id, body: { reason: 'ok' } })).statusCode).toBe(403);
    const bad = await send(releaseHeldWinCall, risk, { id: w.id, body: { reason: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('reason');
  });

  it('releases a win below the threshold to the wallet at once, audited with the staff member and reason', async () => {
    const w = await heldWin('250.00');
    const before = await walletOf(w.memberId);
    const res = await send(releaseHeldWinCall, risk, { id: w.id, body: { reason: 'checked with the vendor' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ outcome: 'decided', win: { status: 'released' } });
    expect(await walletOf(w.memberId)).toBe(before + 25_000n);
    const events = await auditEvents(`held-win:${w.id}`);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'risk.win.released',
        staff_id: riskId.toString(),
        reason: 'checked with the vendor',
      }),
    ]);
    // The same click again moves nothing; the other decision is refused.
    const again = await send(releaseHeldWinCall, risk, { id: w.id, body: { reason: 'again' } });
    expect(again.json().value.outcome).toBe('replayed');
    const other = await send(voidHeldWinCall, second, { id: w.id, body: { reason: 'late' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('HELD_WIN_DECIDED');
    expect(await postingsOf(w.id)).toBe(1);
  });

  it('posts once when two staff members release the same win at the same moment', async () => {
    const w = await heldWin('400.00');
    const before = await walletOf(w.memberId);
    const answers = await Promise.all([
      send(releaseHeldWinCall, risk, { id: w.id, body: { reason: 'one' } }),
      send(releaseHeldWinCall, second, { id: w.id, body: { reason: 'two' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().value.outcome).sort()).toEqual(['decided', 'replayed']);
    expect(await postingsOf(w.id)).toBe(1);
    expect(await walletOf(w.memberId)).toBe(before + 40_000n);
    expect((await auditEvents(`held-win:${w.id}`)).filter((e) => e.event === 'risk.win.released')).toHaveLength(1);
  });

  it('voids a win to the house: the player gets nothing', async () => {
    const w = await heldWin('150.00');
    const before = await walletOf(w.memberId);
    const res = await send(voidHeldWinCall, risk, { id: w.id, body: { reason: 'forged round' } });
    expect(res.json().value).toMatchObject({ outcome: 'decided', win: { status: 'voided', note: 'forged round' } });
    expect(await walletOf(w.memberId)).toBe(before);
  });

  it('holds a release above the threshold for a second staff member, and refuses the requester approving it', async () => {
    const w = await heldWin('20000.00');
    const before = await walletOf(w.memberId);
    const asked = await send(releaseHeldWinCall, risk, { id: w.id, body: { reason: 'big but real' } });
    expect(asked.json().value).toMatchObject({
      outcome: 'pending',
      win: { status: 'held', needsSecondStaff: true, pending: { decision: 'release', reason: 'big but real' } },
    });
    expect(await walletOf(w.memberId)).toBe(before);
    expect((await send(heldWinCountCall, risk)).json().value.awaitingApproval).toBeGreaterThanOrEqual(1);
    const waiting = await send(heldWinsCall, risk, { query: 'awaitingApproval=true' });
    expect(waiting.json().value.list.map((x: { id: number }) => x.id)).toContain(w.id);

    const self = await send(approveHeldWinCall, risk, { id: w.id, body: {} });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('FOUR_EYES_REQUIRED');
    expect(await walletOf(w.memberId)).toBe(before);

    const [a, b] = await Promise.all([
      send(approveHeldWinCall, second, { id: w.id, body: { reason: 'seen' } }),
      send(approveHeldWinCall, second, { id: w.id, body: { reason: 'seen' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await walletOf(w.memberId)).toBe(before + 2_000_000n);
    expect(await postingsOf(w.id)).toBe(1);
    expect((await auditEvents(`held-win:${w.id}`)).map((e) => e.event)).toEqual([
      'risk.win.requested',
      'risk.win.self.refused',
      'risk.win.released',
    ]);
  });

  it('lets another staff member decline a waiting decision: the win stays held and can be decided again', async () => {
    const w = await heldWin('15000.00');
    await send(voidHeldWinCall, risk, { id: w.id, body: { reason: 'looks forged' } });
    const declined = await send(declineHeldWinCall, second, { id: w.id, body: { reason: 'vendor confirmed it' } });
    expect(declined.json().value).toMatchObject({ win: { status: 'held', pending: null } });
    const again = await send(releaseHeldWinCall, second, { id: w.id, body: { reason: 'vendor confirmed it' } });
    expect(again.json().value.outcome).toBe('pending');
  });

  it('answers 404 for a held win of nobody', async () => {
    const res = await send(releaseHeldWinCall, risk, { id: 999_999, body: { reason: 'x' } });
    expect(res.statusCode).toBe(404);
  });
});
