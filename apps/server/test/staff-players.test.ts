import { randomBytes } from 'node:crypto';
import {
  adjustmentsCall,
  approveAdjustmentCall,
  type CallDefinition,
  GAME_TOKEN_HEADER,
  INHOUSE_VENDOR,
  playerAddNoteCall,
  playerAdjustCall,
  playerLabelsCall,
  playerLedgerCall,
  playerLoginsCall,
  playerNotesCall,
  playerProfileCall,
  playerRevokeSessionCall,
  playerRoundsCall,
  playerSearchCall,
  playerSessionsCall,
  playerStatusCall,
  rejectAdjustmentCall,
  slotSpinCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { createTestApp, type TestApp } from './harness';
import { openedGame } from './inhouse-helpers';
import { memberWithSession } from './member-session';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/** The Players desk (decision 0031): search, profile pages, writes, adjustments and four-eyes. */

let t: TestApp;
let brandId: number;
let support: string;
let finance: string;
let financeId: bigint;
let approver: string;
let other: string;

/** A staff session and its staff id. */
async function staff(roles: string[]) {
  const token = await staffSessionWithRoles(t, roles);
  const row = await sql<{ staff_id: bigint }>`
    SELECT staff_id FROM staff_sessions ORDER BY id DESC LIMIT 1`.execute(t.db.kysely);
  return { token, id: BigInt(row.rows[0]?.staff_id as bigint) };
}

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  support = await staffSessionWithRoles(t, ['support']);
  const f = await staff(['finance']);
  finance = f.token;
  financeId = f.id;
  approver = (await staff(['finance'])).token;
  other = (await staff(['owner'])).token;
});
afterAll(() => t.close());

const urlOf = (d: CallDefinition, params: Record<string, string | number>, query: Record<string, string> = {}) => {
  const path = d.path.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name]));
  const q = new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
};

function call(
  d: CallDefinition,
  token: string,
  o: { params?: Record<string, string | number>; query?: Record<string, string>; body?: object } = {},
) {
  return t.app.inject({
    method: d.method,
    url: urlOf(d, o.params ?? {}, o.query ?? {}),
    headers: bearerOf(token),
    ...(o.body ? { payload: o.body } : {}),
  });
}

/** A member with a username, a mobile number, an email and an open session. */
async function member(fields: { account?: string; mobile?: string; email?: string } = {}) {
  const m = await memberWithSession(t.db, brandId, { prefix: 'desk' });
  const account = fields.account ?? `desk${randomBytes(4).toString('hex')}`;
  await t.db.kysely
    .updateTable('members')
    .set({
      account,
      mobile_num: fields.mobile ?? null,
      country_dialing_code: fields.mobile ? '+880' : null,
      email: fields.email ?? null,
    })
    .where('id', '=', m.id)
    .execute();
  return { ...m, account };
}

let mobileSeq = 0;
/** A fresh Bangladeshi mobile number in E.164 (Grameenphone's 017 range). */
const newE164 = () => `+88017${String((Date.now() + ++mobileSeq * 7919) % 100_000_000).padStart(8, '0')}`;

async function credit(id: bigint, amount: bigint) {
  await adjust(t.db, {
    brandId,
    member: { id, brandId, isAgent: 0 },
    amount,
    reason: 'opening balance for the test',
    actor: 'test',
    currency: 'BDT',
  });
}

describe('player search', () => {
  it('finds a player by username prefix, mobile in any common spelling, email and id, only in the brand', async () => {
    const mobile = newE164();
    const national = `0${mobile.slice(4)}`;
    const m = await member({
      account: `zfind${randomBytes(3).toString('hex')}`,
      mobile,
      email: 'Zfind.Me@Example.com',
    });
    const search = async (q: string, by?: string) => {
      const res = await call(playerSearchCall, support, { query: { q, ...(by ? { by } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { by: string; list: { id: number; account: string }[] };
    };
    expect((await search(m.account.slice(0, 8).toUpperCase())).list.map((r) => r.account)).toContain(m.account);
    for (const typed of [mobile, national, `${national.slice(0, 5)}-${national.slice(5)}`, `+880 ${mobile.slice(4)}`]) {
      const found = await search(typed);
      expect(found.by, typed).toBe('mobile');
      expect(found.list.map((r) => r.id)).toEqual([Number(m.id)]);
    }
    expect((await search('zfind.me@example.COM')).list.map((r) => r.id)).toEqual([Number(m.id)]);
    const byId = await search(String(m.id));
    expect(byId).toMatchObject({ by: 'id', list: [{ id: Number(m.id), account: m.account }] });
    // A prefix is a prefix: LIKE's own characters are letters here.
    expect((await search('z%')).list).toEqual([]);
  });

  it('pages a username prefix on the server', async () => {
    const prefix = `zpage${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < 5; i++) await member({ account: `${prefix}${i}` });
    const first = (await call(playerSearchCall, support, { query: { q: prefix, pageSize: '2' } })).json().value;
    expect(first.list.map((r: { account: string }) => r.account)).toEqual([`${prefix}0`, `${prefix}1`]);
    const second = (
      await call(playerSearchCall, support, { query: { q: prefix, pageSize: '2', after: first.next } })
    ).json().value;
    expect(second.list.map((r: { account: string }) => r.account)).toEqual([`${prefix}2`, `${prefix}3`]);
  });

  it('finds no player of another brand, by any way and in the profile', async () => {
    const b = await t.db.kysely
      .insertInto('brands')
      .values({
        merchant_code: `o${randomBytes(3).toString('hex')}`,
        name: 'Other',
        languages: ['en'],
        default_language: 'en',
        currency: 'BDT',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await memberWithSession(t.db, b.id, { prefix: 'zother' });
    const res = await call(playerSearchCall, support, { query: { q: String(theirs.id) } });
    expect(res.json().value.list).toEqual([]);
    expect((await call(playerProfileCall, support, { params: { id: String(theirs.id) } })).statusCode).toBe(404);
  });
});

describe('the profile and its pages', () => {
  it('shows balance, status, upline, labels, VIP level, ledger, rounds with a fairness link, logins and sessions', async () => {
    const upline = await member();
    const m = await member();
    await sql`UPDATE members SET upline_id = ${upline.id},
      club_label = ${JSON.stringify({ labelName: 'Gold', color: '#fc0', color2: '#a80', rankLevel: 3 })}::jsonb
      WHERE id = ${m.id}`.execute(t.db.kysely);
    await credit(m.id, 50_000n);
    const game = await provider.createGameSession(t.db, {
      member: { id: m.id, brandId, isAgent: 0 },
      vendor: INHOUSE_VENDOR,
      gameCode: 'slot',
    });
    const page = await openedGame(t.app, await provider.issueLaunchTicket(t.db, brandId, game.token));
    const stake = page.slot.stakes[0] as string;
    const spin = await t.app.inject({
      method: 'POST',
      url: slotSpinCall.path,
      headers: { [GAME_TOKEN_HEADER]: page.token },
      payload: { requestId: 'desk-spin-1', stake },
    });
    expect(spin.statusCode, spin.body).toBe(200);

    const profile = (await call(playerProfileCall, support, { params: { id: String(m.id) } })).json().value;
    expect(profile).toMatchObject({
      id: Number(m.id),
      status: 'active',
      upline: { id: Number(upline.id), account: upline.account },
      vipLevel: 3,
      linkedToMe: false,
      balance: { currency: 'BDT', symbol: '৳', decimals: 2 },
      // The desk says before sending that a larger adjustment waits for a second staff member.
      adjustThreshold: { amount: '10000.00', minor: '1000000', currency: 'BDT', symbol: '৳', decimals: 2 },
    });

    const ledger = (
      await call(playerLedgerCall, support, { params: { id: String(m.id) }, query: { pageSize: '1' } })
    ).json().value;
    expect(ledger.list).toHaveLength(1);
    expect(ledger.next).not.toBeNull();
    const older = (
      await call(playerLedgerCall, support, { params: { id: String(m.id) }, query: { before: ledger.next } })
    ).json().value;
    expect(older.list.at(-1)).toMatchObject({ kind: 'adjust', amount: '500.00' });

    const rounds = (await call(playerRoundsCall, support, { params: { id: String(m.id) } })).json().value;
    expect(rounds.list[0]).toMatchObject({ vendor: INHOUSE_VENDOR, gameCode: 'slot', stake });
    const replay = new URL(rounds.list[0].replayUrl, 'https://site.example');
    expect(replay.pathname).toBe('/fairness');
    expect(Object.fromEntries(replay.searchParams)).toMatchObject({ game: 'slot', stake, model: 'slot-1' });
    expect(replay.searchParams.get('serverSeed')).toMatch(/^[0-9a-f]{64}$/);

    const logins = await call(playerLoginsCall, support, { params: { id: String(m.id) } });
    expect(logins.statusCode).toBe(200);
    expect(logins.json().value.devices).toHaveLength(1);
    const sessions = (await call(playerSessionsCall, support, { params: { id: String(m.id) } })).json().value;
    expect(sessions).toHaveLength(1);
  });

  it("links a crash bet's round to the fairness page by its hash once it has busted", async () => {
    const m = await member();
    const chain = await sql<{ id: bigint }>`
      INSERT INTO crash_chains (brand_id, seed, terminating_hash, length)
      VALUES (${brandId}, 'seed', ${randomBytes(32).toString('hex')}, 10) RETURNING id`.execute(t.db.kysely);
    const hash = randomBytes(32).toString('hex');
    const roundNo = 900_000 + Math.floor(Math.random() * 99_999);
    for (const [no, status] of [
      [roundNo, 'busted'],
      [roundNo + 1, 'void'],
    ] as const)
      await sql`INSERT INTO crash_rounds (brand_id, round_no, chain_id, chain_index, hash, bust, status, betting_ends_ms, running_ms, bust_ms)
        VALUES (${brandId}, ${no}, ${chain.rows[0]?.id}, ${no - roundNo}, ${hash}, 250, ${status}, 0, 0, 1)`.execute(
        t.db.kysely,
      );
    for (const no of [roundNo, roundNo + 1])
      await sql`INSERT INTO provider_rounds (brand_id, vendor, round_id, member_id, game_code, currency)
        VALUES (${brandId}, ${INHOUSE_VENDOR}, ${`crash-${no}-${m.id}-1`}, ${m.id}, 'crash', 'BDT')`.execute(
        t.db.kysely,
      );
    const rounds = (await call(playerRoundsCall, support, { params: { id: String(m.id) } })).json().value;
    // Newest first: a void round never busted, so it has nothing to check.
    expect(rounds.list.map((r: { replayUrl: string | null }) => r.replayUrl)).toEqual([
      null,
      `/fairness?game=crash&hash=${hash}`,
    ]);
  });

  it('revokes one session (the player gets 401 at once), adds notes and sets labels, each audited', async () => {
    const m = await member();
    const [s] = (await call(playerSessionsCall, support, { params: { id: String(m.id) } })).json().value;
    const revoked = await call(playerRevokeSessionCall, support, {
      params: { id: String(m.id), sessionId: s.id },
      body: { reason: 'player lost the phone' },
    });
    expect(revoked.json().value).toEqual({ revoked: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearerOf(m.token) })).statusCode,
    ).toBe(401);

    const note = await call(playerAddNoteCall, support, {
      params: { id: String(m.id) },
      body: { body: 'Called about a deposit.' },
    });
    expect(note.statusCode).toBe(200);
    expect((await call(playerNotesCall, support, { params: { id: String(m.id) } })).json().value).toMatchObject([
      { body: 'Called about a deposit.' },
    ]);
    const labels = [{ labelName: 'VIP watch', color: '#fff', bgColor: '#c00' }];
    expect(
      (
        await call(playerLabelsCall, support, { params: { id: String(m.id) }, body: { labels, reason: 'big winner' } })
      ).json().value,
    ).toEqual(labels);
    expect((await call(playerProfileCall, support, { params: { id: String(m.id) } })).json().value.labels).toEqual(
      labels,
    );

    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'before', 'after', 'reason'])
      .where('member_id', '=', m.id)
      .where('staff_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['player.session.revoked', 'player.note', 'player.labels']);
    expect(events[2]).toMatchObject({ before: { labels: [] }, after: { labels }, reason: 'big winner' });
  });

  it('refuses a status or labels form that read what someone else has changed since', async () => {
    const m = await member();
    const id = String(m.id);
    const profile = (await call(playerProfileCall, support, { params: { id } })).json().value;
    // A colleague saves first: the status and the labels change under the form.
    const first = await call(playerStatusCall, other, {
      params: { id },
      body: { status: 'suspended', reason: 'review', from: 'active' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (
        await call(playerLabelsCall, other, {
          params: { id },
          body: { labels: [{ labelName: 'Bonus review' }], before: [] },
        })
      ).statusCode,
    ).toBe(200);

    const stale = await call(playerStatusCall, support, {
      params: { id },
      body: { status: 'locked', reason: 'stolen phone', from: profile.status },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    const staleLabels = await call(playerLabelsCall, support, {
      params: { id },
      body: {
        labels: [{ labelName: 'VIP watch' }],
        before: profile.labels.map((l: { labelName: string }) => l.labelName),
      },
    });
    expect(staleLabels.json().code).toBe('STALE_EDIT');
    const now = (await call(playerProfileCall, support, { params: { id } })).json().value;
    expect(now).toMatchObject({ status: 'suspended', labels: [{ labelName: 'Bonus review' }] });

    // Read again, the same change goes through.
    const again = await call(playerStatusCall, support, {
      params: { id },
      body: { status: 'locked', reason: 'stolen phone', from: now.status },
    });
    expect(again.json().value).toMatchObject({ status: 'locked' });
  });
});

const key = () => randomBytes(8).toString('hex');

async function walletBalance(id: bigint) {
  const r = await sql<{ balance: bigint }>`
    SELECT w.balance FROM wallet_balances w JOIN ledger_accounts a ON a.id = w.account_id
     WHERE a.member_id = ${id} AND a.currency = 'BDT'`.execute(t.db.kysely);
  return BigInt(r.rows[0]?.balance ?? 0n);
}

describe('balance adjustments', () => {
  it('posts one at or below the threshold at once against the adjustment account, once per key, audited', async () => {
    const m = await member();
    const body = {
      amount: '10000.00',
      category: 'goodwill',
      reason: 'goodwill after an outage',
      idempotencyKey: key(),
    };
    const res = await call(playerAdjustCall, finance, { params: { id: String(m.id) }, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'posted',
      balanceAfter: '10000.00',
      amount: { minor: '1000000' },
    });
    const again = await call(playerAdjustCall, finance, { params: { id: String(m.id) }, body });
    expect(again.json().value.id).toBe(res.json().value.id);
    expect(await walletBalance(m.id)).toBe(1_000_000n);

    const tx = await sql<{ code: string; amount: bigint }>`
      SELECT a.code, p.amount FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.member_id = ${m.id} AND t.kind = 'adjust' ORDER BY a.code`.execute(t.db.kysely);
    expect(tx.rows.map((r) => [r.code, BigInt(r.amount)])).toEqual([
      ['adjustment', -1_000_000n],
      ['player', 1_000_000n],
    ]);
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['staff_id', 'before', 'after', 'reason'])
      .where('event', '=', 'wallet.adjust')
      .where('member_id', '=', m.id)
      .execute();
    expect(audited).toEqual([
      {
        staff_id: financeId,
        before: { balance: '0', currency: 'BDT' },
        after: { balance: '1000000', currency: 'BDT' },
        reason: 'goodwill after an outage',
      },
    ]);
    // Another amount under a used key is a mistake, not a second adjustment.
    const other = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { ...body, amount: '1.00' },
    });
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
  });

  it('refuses a debit below zero and keeps no request', async () => {
    const m = await member();
    const res = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { amount: '-5.00', category: 'other', reason: 'fee', idempotencyKey: key() },
    });
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(
      (await call(adjustmentsCall, finance, { query: { status: 'posted', memberId: String(m.id) } })).json().value,
    ).toEqual([]);
  });

  it('holds one above the threshold for a second staff member; the requester cannot approve it', async () => {
    const m = await member();
    const res = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { amount: '10000.01', category: 'other', reason: 'tournament prize', idempotencyKey: key() },
    });
    expect(res.json().value).toMatchObject({
      status: 'pending',
      threshold: { amount: '10000.00' },
      balanceAfter: null,
    });
    const id = res.json().value.id as number;
    expect(await walletBalance(m.id)).toBe(0n);
    const pending = (await call(adjustmentsCall, approver, {})).json().value as { id: number }[];
    expect(pending.map((p) => p.id)).toContain(id);

    const self = await call(approveAdjustmentCall, finance, { params: { id }, body: {} });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('FOUR_EYES_REQUIRED');
    const refused = await t.db.kysely
      .selectFrom('audit_log')
      .select('staff_id')
      .where('event', '=', 'adjust.self.refused')
      .where('member_id', '=', m.id)
      .execute();
    expect(refused).toEqual([{ staff_id: financeId }]);

    const approved = await call(approveAdjustmentCall, approver, {
      params: { id },
      body: { reason: 'prize list checked' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'posted', balanceAfter: '10000.01' });
    const twice = await call(approveAdjustmentCall, approver, { params: { id }, body: {} });
    expect(twice.json().code).toBe('ADJUSTMENT_DECIDED');
    expect(await walletBalance(m.id)).toBe(1_000_001n);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', m.id)
      .where('event', 'like', 'adjust.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['adjust.requested', 'adjust.self.refused', 'adjust.approved']);
  });

  it('posts once when approvals race (double clicks and two approvers)', async () => {
    const m = await member();
    const res = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { amount: '25000', category: 'correction', reason: 'jackpot paid by hand', idempotencyKey: key() },
    });
    const id = res.json().value.id as number;
    const answers = await Promise.all([
      call(approveAdjustmentCall, approver, { params: { id }, body: {} }),
      call(approveAdjustmentCall, approver, { params: { id }, body: {} }),
      call(approveAdjustmentCall, other, { params: { id }, body: {} }),
      call(approveAdjustmentCall, other, { params: { id }, body: {} }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletBalance(m.id)).toBe(2_500_000n);
    const txs = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_transactions WHERE member_id = ${m.id} AND kind = 'adjust'`.execute(
      t.db.kysely,
    );
    expect(txs.rows[0]?.n).toBe('1');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('lets another staff member reject a pending one with a reason, and moves nothing', async () => {
    const m = await member();
    const res = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { amount: '-20000', category: 'correction', reason: 'chargeback', idempotencyKey: key() },
    });
    const id = res.json().value.id as number;
    const rejected = await call(rejectAdjustmentCall, approver, {
      params: { id },
      body: { reason: 'no chargeback on file' },
    });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decisionReason: 'no chargeback on file' });
    expect((await call(approveAdjustmentCall, other, { params: { id }, body: {} })).json().code).toBe(
      'ADJUSTMENT_DECIDED',
    );
    expect(await walletBalance(m.id)).toBe(0n);
  });
});

describe('adjustment categories', () => {
  async function requirements(memberId: bigint) {
    const r = await sql<{ required_minor: bigint }>`
      SELECT required_minor FROM turnover_requirements WHERE member_id = ${memberId} AND source = 'adjustment'`.execute(
      t.db.kysely,
    );
    return r.rows.map((x) => BigInt(x.required_minor));
  }
  const adjustOf = (m: { id: bigint }, body: object) =>
    call(playerAdjustCall, finance, { params: { id: String(m.id) }, body: { idempotencyKey: key(), ...body } });

  it('asks no turnover for a correction and the whole amount once for compensation, shown on the desk and audited', async () => {
    const m = await member();
    const fixed = await adjustOf(m, { amount: '300', category: 'correction', reason: 'deposit lost by the provider' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().value).toMatchObject({ status: 'posted', category: 'correction' });
    expect(await requirements(m.id)).toEqual([]);

    const paid = await adjustOf(m, { amount: '200', category: 'compensation', reason: 'game outage' });
    expect(paid.json().value).toMatchObject({ status: 'posted', category: 'compensation' });
    expect(await requirements(m.id)).toEqual([20_000n]);
    // A debit names its category but asks nothing.
    const back = await adjustOf(m, { amount: '-50', category: 'correction', reason: 'double credit' });
    expect(back.json().value).toMatchObject({ status: 'posted', category: 'correction' });
    expect(await requirements(m.id)).toEqual([20_000n]);
    expect(await walletBalance(m.id)).toBe(45_000n);

    const ledger = (await call(playerLedgerCall, support, { params: { id: String(m.id) } })).json().value as {
      list: { category: string | null; amount: string }[];
    };
    expect(ledger.list.map((r) => [r.amount, r.category])).toEqual([
      ['-50.00', 'correction'],
      ['200.00', 'compensation'],
      ['300.00', 'correction'],
    ]);
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'wallet.adjust')
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
    // The player's account record names the category; the reason stays the operator's.
    const record = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: { authorization: `Bearer ${m.token}` },
      payload: {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(
      (record.json().value.list as { category: string | null; detail: string }[]).map((r) => [r.category, r.detail]),
    ).toEqual([
      ['correction', ''],
      ['compensation', ''],
      ['correction', ''],
    ]);
    expect(audited.map((a) => (a.detail as { category?: string }).category)).toEqual([
      'correction',
      'compensation',
      'correction',
    ]);
    // The same key with another category is a mistake, not the same request.
    const k = key();
    await adjustOf(m, { amount: '1', category: 'goodwill', reason: 'sorry', idempotencyKey: k });
    const other = await adjustOf(m, { amount: '1', category: 'correction', reason: 'sorry', idempotencyKey: k });
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("keeps a pending credit's category until a second staff member approves it", async () => {
    const m = await member();
    const res = await adjustOf(m, { amount: '20000', category: 'correction', reason: 'round settled twice' });
    expect(res.json().value).toMatchObject({ status: 'pending', category: 'correction' });
    const id = res.json().value.id as number;
    const requested = await t.db.kysely
      .selectFrom('audit_log')
      .select('after')
      .where('event', '=', 'adjust.requested')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(requested.after).toMatchObject({ category: 'correction' });
    const approved = await call(approveAdjustmentCall, approver, { params: { id }, body: {} });
    expect(approved.json().value).toMatchObject({ status: 'posted', category: 'correction' });
    expect(await requirements(m.id)).toEqual([]);

    const gift = await adjustOf(m, { amount: '15000', category: 'goodwill', reason: 'VIP birthday' });
    await call(approveAdjustmentCall, approver, { params: { id: gift.json().value.id }, body: {} });
    expect(await requirements(m.id)).toEqual([1_500_000n]);
  });

  it('refuses a missing or unknown category with a translated field error and moves nothing', async () => {
    const m = await member();
    const missing = await adjustOf(m, { amount: '100', reason: 'no category' });
    expect(missing.statusCode).toBe(400);
    // zod reads a missing choice as no valid choice: either way the field is named, translated.
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { category: 'validation.invalid' },
    });
    const unknown = await adjustOf(m, { amount: '100', category: 'bonus', reason: 'unknown category' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ category: 'validation.invalid' });
    // Authentication comes before validation: a stranger learns nothing about the body.
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/bo/players/${m.id}/adjust`,
      payload: { amount: '100', reason: 'x', idempotencyKey: key() },
    });
    expect(stranger.statusCode).toBe(401);
    expect(await walletBalance(m.id)).toBe(0n);
    const rows = await t.db.kysely
      .selectFrom('balance_adjustments')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('linked members', () => {
  async function linkedStaff(link: { ids?: bigint[]; mobile?: string; email?: string }) {
    const s = await staff(['owner']);
    await t.db.kysely
      .updateTable('staff')
      .set({ linked_member_ids: link.ids ?? [], mobile_num: link.mobile ?? null, email: link.email ?? null })
      .where('id', '=', s.id)
      .execute();
    return s;
  }

  const writes = (id: bigint, sessionId: number, k: string) =>
    [
      [playerStatusCall, { params: { id: String(id) }, body: { status: 'locked', reason: 'x' } }],
      [
        playerAdjustCall,
        { params: { id: String(id) }, body: { amount: '1', category: 'other', reason: 'x', idempotencyKey: k } },
      ],
      [playerAddNoteCall, { params: { id: String(id) }, body: { body: 'x' } }],
      [playerLabelsCall, { params: { id: String(id) }, body: { labels: [] } }],
      [playerRevokeSessionCall, { params: { id: String(id), sessionId }, body: { reason: 'x' } }],
    ] as const;

  it('refuses every write on a declared, same-mobile or same-email account, and audits each refusal', async () => {
    const mobile = newE164();
    const declared = await member();
    const byMobile = await member({ mobile });
    const byEmail = await member({ email: 'Cousin@Example.com' });
    const cases = [
      [declared, await linkedStaff({ ids: [declared.id] })],
      [byMobile, await linkedStaff({ mobile })],
      [byEmail, await linkedStaff({ email: 'cousin@example.com' })],
    ] as const;
    for (const [m, s] of cases) {
      const [session] = (await call(playerSessionsCall, s.token, { params: { id: String(m.id) } })).json().value;
      expect((await call(playerProfileCall, s.token, { params: { id: String(m.id) } })).json().value.linkedToMe).toBe(
        true,
      );
      for (const [d, o] of writes(m.id, session.id, key())) {
        const res = await call(d, s.token, o);
        expect(res.statusCode, d.path).toBe(403);
        expect(res.json().code).toBe('LINKED_MEMBER');
      }
      const refusals = await t.db.kysely
        .selectFrom('audit_log')
        .select(sql<string>`detail->>'action'`.as('action'))
        .where('event', '=', 'player.linked.refused')
        .where('staff_id', '=', s.id)
        .where('member_id', '=', m.id)
        .orderBy('id')
        .execute();
      expect(refusals.map((r) => r.action)).toEqual(['status', 'adjust', 'note', 'labels', 'session.revoke']);
    }
    // Nothing happened to the accounts: still active, sessions live, no money moved.
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearerOf(declared.token) })).statusCode,
    ).toBe(200);
    expect(await walletBalance(declared.id)).toBe(0n);
  });

  it('refuses to approve or reject an adjustment of an account linked to the staff member', async () => {
    const m = await member();
    const s = await linkedStaff({ ids: [m.id] });
    const res = await call(playerAdjustCall, finance, {
      params: { id: String(m.id) },
      body: { amount: '20000', category: 'compensation', reason: 'prize', idempotencyKey: key() },
    });
    const id = res.json().value.id as number;
    expect((await call(approveAdjustmentCall, s.token, { params: { id }, body: {} })).json().code).toBe(
      'LINKED_MEMBER',
    );
    const reject = await call(rejectAdjustmentCall, s.token, { params: { id }, body: { reason: 'no' } });
    expect(reject.json().code).toBe('LINKED_MEMBER');
    expect(await walletBalance(m.id)).toBe(0n);
    const pending = (await call(adjustmentsCall, finance, { query: { memberId: String(m.id) } })).json().value;
    expect(pending).toMatchObject([{ id, status: 'pending' }]);
  });
});
