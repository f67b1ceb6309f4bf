import fc from 'fast-check';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describe as describeAccounts, PLAY_MONEY, systemAccount, walletOf } from '../src/modules/wallet/accounts';
import { onBalance } from '../src/modules/wallet/events';
import { checkLedger } from '../src/modules/wallet/invariants';
import { fingerprintOf, type Posted, post, publishPosted } from '../src/modules/wallet/ledger';
import { adjust } from '../src/modules/wallet/service';
import type { Database } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import type { DB } from '../src/platform/schema';
import { createTestDb, TEST_ENGINE, type TestDb } from './harness';

/*
 * Sequential scans of the ledger's account tables seen by this connection. PostgreSQL 15+ keeps
 * a connection's counts of the last second's transactions unflushed and shows them in
 * pg_stat_xact_user_tables too, so a test reads the counts before and after what it measures.
 */
async function seqScans(trx: Kysely<DB>): Promise<Map<string, number>> {
  const r = await sql<{ relname: string; seq_scan: bigint }>`
    SELECT relname, seq_scan FROM pg_stat_xact_user_tables
     WHERE relname IN ('ledger_accounts', 'wallet_balances')`.execute(trx);
  return new Map(r.rows.map((row) => [row.relname, Number(row.seq_scan)]));
}

async function scansSince(trx: Kysely<DB>, before: Map<string, number>): Promise<[string, number][]> {
  const after = await seqScans(trx);
  return ['ledger_accounts', 'wallet_balances'].map((name) => [name, (after.get(name) ?? 0) - (before.get(name) ?? 0)]);
}

let t: TestDb;
let brandId: number;
let n = 0;

async function newWallet(opening = 0n, currency = 'BDT') {
  n++;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `ledger${n}`, member_label: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const w = await walletOf(t.db, brandId, m.id, currency);
  if (opening > 0n) {
    await adjust(t.db, {
      brandId,
      member: { id: m.id, brandId, isAgent: 0 },
      amount: opening,
      currency,
      reason: 'test opening',
      actor: 'test',
    });
  }
  return { memberId: m.id, wallet: w.id };
}

async function balanceOf(id: bigint): Promise<bigint> {
  const r = await t.db.kysely
    .selectFrom('wallet_balances')
    .select('balance')
    .where('account_id', '=', id)
    .executeTakeFirstOrThrow();
  return r.balance;
}

/** A bet: the stake moves from the wallet to the house. */
async function bet(w: { memberId: bigint; wallet: bigint }, amount: bigint, key: string) {
  const house = await systemAccount(t.db, brandId, 'house', 'BDT');
  return post(t.db, {
    brandId,
    key,
    kind: 'bet',
    fingerprint: fingerprintOf({ member: w.memberId, amount }),
    memberId: w.memberId,
    legs: [
      { accountId: w.wallet, amount: -amount },
      { accountId: house, amount },
    ],
  });
}

/** A transfer between two members' wallets (keyed by `key`, the sender's movement). */
function transfer(
  db: Database,
  from: { memberId: bigint; wallet: bigint },
  to: { wallet: bigint },
  amount: bigint,
  key: string,
) {
  return post(db, {
    brandId,
    key,
    kind: 'transfer',
    fingerprint: key,
    memberId: from.memberId,
    legs: [
      { accountId: from.wallet, amount: -amount },
      { accountId: to.wallet, amount },
    ],
  });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'none';
  } catch (e) {
    return e instanceof AppError ? e.code : ((e as { code?: string }).code ?? String(e));
  }
}

beforeAll(async () => {
  t = await createTestDb();
  const b = await t.db.kysely
    .insertInto('brands')
    .values({
      merchant_code: 'ledgertest',
      name: 'Ledger test',
      is_default: true,
      languages: ['bn', 'en'],
      default_language: 'bn',
      currency: 'BDT',
      currency_symbol: '৳',
      currency_decimals: 2,
      lottery_type: 'SEA',
      image_cdns: [],
      launch_game_cdns: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = b.id;
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.drop();
});

describe(`ledger on ${TEST_ENGINE}`, () => {
  it('moves money in balanced postings and keeps each balance after', async () => {
    const w = await newWallet(10_000n);
    const done = await bet(w, 2_500n, `bet:${n}:a`);
    expect(done.replayed).toBe(false);
    expect(done.balances.get(w.wallet)).toBe(7_500n);
    expect(await balanceOf(w.wallet)).toBe(7_500n);
    const legs = await t.db.kysely.selectFrom('postings').selectAll().where('tx_id', '=', done.txId).execute();
    expect(legs.map((l) => l.amount).reduce((a, b) => a + b, 0n)).toBe(0n);
    expect(legs.find((l) => l.account_id === w.wallet)?.balance_after).toBe(7_500n);
  });

  it('refuses a debit the wallet cannot cover, and posts nothing', async () => {
    const w = await newWallet(1_000n);
    const key = `bet:${n}:over`;
    expect(await codeOf(bet(w, 1_001n, key))).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(w.wallet)).toBe(1_000n);
    const tx = await t.db.kysely
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(tx).toEqual([]);
    // the key was not burnt: the same bet can be placed once the money is there
    expect((await bet(w, 1_000n, `bet:${n}:exact`)).balances.get(w.wallet)).toBe(0n);
  });

  it('answers a replay with the first result and moves nothing', async () => {
    const w = await newWallet(5_000n);
    const key = `bet:${n}:replay`;
    const first = await bet(w, 1_000n, key);
    await bet(w, 500n, `bet:${n}:other`);
    const again = await bet(w, 1_000n, key);
    expect(again.replayed).toBe(true);
    expect(again.txId).toBe(first.txId);
    expect(again.balances.get(w.wallet)).toBe(4_000n);
    expect(await balanceOf(w.wallet)).toBe(3_500n);
  });

  it('refuses the same key for another request', async () => {
    const w = await newWallet(5_000n);
    const key = `bet:${n}:dup`;
    await bet(w, 1_000n, key);
    expect(await codeOf(bet(w, 2_000n, key))).toBe('DUPLICATE_TRANSACTION');
    expect(await balanceOf(w.wallet)).toBe(4_000n);
  });

  it('refuses legs that do not balance, unknown accounts and mixed currencies', async () => {
    const w = await newWallet(5_000n);
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    const play = await systemAccount(t.db, brandId, 'play_bank', PLAY_MONEY);
    const base = { brandId, kind: 'bet', fingerprint: 'x', memberId: w.memberId };
    expect(
      await codeOf(
        post(t.db, {
          ...base,
          key: `bad:${n}:1`,
          legs: [
            { accountId: w.wallet, amount: -10n },
            { accountId: house, amount: 9n },
          ],
        }),
      ),
    ).toBe('KH003');
    expect(
      await codeOf(
        post(t.db, {
          ...base,
          key: `bad:${n}:2`,
          legs: [
            { accountId: w.wallet, amount: -10n },
            { accountId: 987_654_321n, amount: 10n },
          ],
        }),
      ),
    ).toBe('KH004');
    expect(
      await codeOf(
        post(t.db, {
          ...base,
          key: `bad:${n}:3`,
          legs: [
            { accountId: w.wallet, amount: -10n },
            { accountId: play, amount: 10n },
          ],
        }),
      ),
    ).toBe('KH004');
    expect(await codeOf(post(t.db, { ...base, key: `bad:${n}:4`, legs: [{ accountId: w.wallet, amount: 0n }] }))).toBe(
      'KH002',
    );
    expect(await balanceOf(w.wallet)).toBe(5_000n);
  });

  it('keeps postings and transactions append-only', async () => {
    const w = await newWallet(100n);
    expect(
      await codeOf(sql`UPDATE postings SET amount = amount * 2 WHERE account_id = ${w.wallet}`.execute(t.db.kysely)),
    ).toBe('KH000');
    expect(
      await codeOf(sql`DELETE FROM ledger_transactions WHERE member_id = ${w.memberId}`.execute(t.db.kysely)),
    ).toBe('KH000');
    expect(
      await codeOf(sql`UPDATE wallet_balances SET balance = -1 WHERE account_id = ${w.wallet}`.execute(t.db.kysely)),
    ).toBe('23514');
  });

  it('reports a posting whose transaction does not exist', async () => {
    // ledger_post() writes a transaction's postings in the call that claims it, and no foreign
    // key checks it on every movement any more: the ledger check is what says so. Its own
    // database, because postings can never be removed again.
    const other = await createTestDb();
    try {
      const b = await other.db.kysely
        .insertInto('brands')
        .values({ merchant_code: 'orphan', name: 'Orphan', languages: ['bn'], default_language: 'bn', currency: 'BDT' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const house = await systemAccount(other.db, b.id, 'house', 'BDT');
      const funding = await systemAccount(other.db, b.id, 'funding', 'BDT');
      await sql`INSERT INTO postings (tx_id, account_id, amount) VALUES (424242, ${house}, 5), (424242, ${funding}, -5)`.execute(
        other.db.kysely,
      );
      expect(await checkLedger(other.db)).toEqual(['postings name transaction 424242, which does not exist']);
    } finally {
      await other.drop();
    }
  });

  it('refuses a movement whose member holds none of its wallets, and posts nothing', async () => {
    const w = await newWallet(500n);
    const other = await newWallet();
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    const move = (memberId: bigint) =>
      post(t.db, {
        brandId,
        key: `owner:${n}:${memberId}`,
        kind: 'bet',
        fingerprint: 'x',
        memberId,
        legs: [
          { accountId: w.wallet, amount: -10n },
          { accountId: house, amount: 10n },
        ],
      });
    expect(await codeOf(move(other.memberId))).toBe('KH005');
    expect(await codeOf(move(987_654_321n))).toBe('KH005');
    expect(await balanceOf(w.wallet)).toBe(500n);
    expect(await codeOf(move(w.memberId))).toBe('none');
    expect(await balanceOf(w.wallet)).toBe(490n);
  });

  it('keeps ledger accounts for good: never deleted, never given to another holder', async () => {
    const w = await newWallet(100n);
    const other = await newWallet();
    expect(await codeOf(sql`DELETE FROM ledger_accounts WHERE id = ${w.wallet}`.execute(t.db.kysely))).toBe('KH006');
    expect(
      await codeOf(
        sql`UPDATE ledger_accounts SET member_id = ${other.memberId}, currency = 'USD' WHERE id = ${w.wallet}`.execute(
          t.db.kysely,
        ),
      ),
    ).toBe('KH006');
    expect(
      await codeOf(sql`UPDATE ledger_accounts SET code = 'house' WHERE id = ${w.wallet}`.execute(t.db.kysely)),
    ).toBe('KH006');
    expect(
      await codeOf(sql`UPDATE ledger_accounts SET created_at = now() WHERE id = ${w.wallet}`.execute(t.db.kysely)),
    ).toBe('KH006');
    expect(await balanceOf(w.wallet)).toBe(100n);
  });

  it('opens every wallet with a balance row of zero, and no balance row for a system account', async () => {
    const w = await newWallet();
    expect(await balanceOf(w.wallet)).toBe(0n);
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    const rows = await t.db.kysely
      .selectFrom('wallet_balances')
      .select('account_id')
      .where('account_id', '=', house)
      .execute();
    expect(rows).toEqual([]);
  });

  it('transfers between two wallets in either direction at once without deadlock', async () => {
    const a = await newWallet(100_000n);
    const b = await newWallet(100_000n);
    const move = (from: typeof a, to: typeof a, i: number) => transfer(t.db, from, to, 7n, `transfer:${n}:${i}`);
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? move(a, b, i) : move(b, a, i))));
    expect((await balanceOf(a.wallet)) + (await balanceOf(b.wallet))).toBe(200_000n);
    expect(await balanceOf(a.wallet)).toBe(100_000n);
  });

  it('lets exactly as many concurrent 1-unit debits through as the wallet holds', async () => {
    const w = await newWallet(500n);
    const results = await Promise.allSettled(Array.from({ length: 1_000 }, (_, i) => bet(w, 1n, `hot:${n}:${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.code === 'INSUFFICIENT_FUNDS',
    ).length;
    expect(ok).toBe(500);
    expect(refused).toBe(500);
    expect(await balanceOf(w.wallet)).toBe(0n);
  }, 120_000);

  it("sends at most two of a member's transfers to the database at once, and holds no other member's behind them", async () => {
    const a = await newWallet(1_000n);
    const b = await newWallet(1_000n);
    // Transfers to another member: two wallets, so never a shared commit (that is single-wallet
    // movements', tested below); the per-member limit is what orders them.
    const sink = await newWallet();
    // The same database, its calls counted: how many ledger_post() calls of each member are out.
    const out = new Map<string, number>();
    const peak = new Map<string, number>();
    const sent: string[] = [];
    const kysely = new Proxy(t.db.kysely, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
        return async (query: CompiledQuery) => {
          const member = query.sql.includes('ledger_post') ? String(query.parameters[4]) : null;
          if (member === null) return target.executeQuery(query);
          sent.push(String(query.parameters[1]));
          out.set(member, (out.get(member) ?? 0) + 1);
          peak.set(member, Math.max(peak.get(member) ?? 0, out.get(member) ?? 0));
          try {
            return await target.executeQuery(query);
          } finally {
            out.set(member, (out.get(member) ?? 0) - 1);
          }
        };
      },
    });
    const db = { ...t.db, kysely };
    const finished: string[] = [];
    const stake = (w: typeof a, label: string, i: number) =>
      transfer(db, w, sink, 10n, `burst:${n}:${label}:${i}`).then(() => finished.push(`${label}${i}`));
    const burst = Array.from({ length: 20 }, (_, i) => stake(a, 'a', i));
    const other = stake(b, 'b', 0);
    await Promise.all([...burst, other]);

    expect(peak.get(String(a.memberId))).toBe(2);
    expect(peak.get(String(b.memberId))).toBe(1);
    // The other member's bet was sent at once, not after the burst.
    expect(finished.indexOf('b0')).toBeLessThan(finished.length - 10);
    // The burst went to the database in the order it was asked for, and every bet was posted.
    const burstKeys = Array.from({ length: 20 }, (_, i) => `burst:${n}:a:${i}`);
    expect(sent.filter((k) => burstKeys.includes(k))).toEqual(burstKeys);
    expect(await balanceOf(a.wallet)).toBe(800n);
    expect(await balanceOf(b.wallet)).toBe(990n);
    expect(await balanceOf(sink.wallet)).toBe(210n);
  });

  it("commits a burst of one wallet's movements together, each answered as alone", async () => {
    const w = await newWallet(1_000n);
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    // The same database, its calls counted; the handle knows the two accounts, as a running
    // process does after their first movement.
    const calls: { many: boolean; movements: number }[] = [];
    const kysely = new Proxy(t.db.kysely, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
        return (query: CompiledQuery) => {
          if (query.sql.includes('ledger_post_many'))
            calls.push({ many: true, movements: (query.parameters[1] as string[]).length });
          else if (query.sql.includes('ledger_post')) calls.push({ many: false, movements: 1 });
          return target.executeQuery(query);
        };
      },
    });
    const db = { ...t.db, kysely };
    await describeAccounts(db, [w.wallet, house]);
    // Keys with every character an array literal quotes, so each reaches the database intact.
    const keyOf = (i: number) => `group:${n}:"{a,b}"\\${i} ৳`;
    const move = (i: number, amount: bigint, fingerprint = String(i)) =>
      post(db, {
        brandId,
        key: keyOf(i),
        kind: 'bet',
        fingerprint,
        memberId: w.memberId,
        roundId: i % 2 ? null : `round ${i}`,
        memo: i % 3 ? '' : `memo, "${i}"`,
        legs: [
          { accountId: w.wallet, amount: -amount },
          { accountId: house, amount },
        ],
      });
    // The first two movements go alone (nothing else is out), the next 32 in one call. The key
    // of bet 3 with another request (a conflict) and bet 5 again (a replay) are asked right
    // behind them, so they share their call: two calls out at once may reach the wallet in
    // either order, as two requests sent together may.
    const asked = [
      ...Array.from({ length: 6 }, (_, i) => move(i, 10n)),
      move(3, 11n, 'another'),
      move(5, 10n),
      ...Array.from({ length: 34 }, (_, i) => move(i + 6, 10n)),
      // More than the wallet will hold: refused alone, the bets around it still posted.
      move(40, 100_000n),
    ];
    const settled = await Promise.allSettled(asked);
    const codes = settled.map((r) =>
      r.status === 'fulfilled' ? (r.value.replayed ? 'replay' : 'posted') : (r.reason as AppError).code,
    );
    expect(codes).toEqual([
      ...Array(6).fill('posted'),
      'DUPLICATE_TRANSACTION',
      'replay',
      ...Array(34).fill('posted'),
      'INSUFFICIENT_FUNDS',
    ]);
    expect(await balanceOf(w.wallet)).toBe(600n);
    // The replay answers the first call's balance, as a movement alone does.
    const first = settled[5] as PromiseFulfilledResult<Posted>;
    const again = settled[7] as PromiseFulfilledResult<Posted>;
    expect(again.value.balances).toEqual(first.value.balances);
    expect(again.value.txId).toBe(first.value.txId);
    // Fewer calls than movements, and at least one carried many.
    expect(calls.length).toBeLessThan(asked.length);
    expect(Math.max(...calls.map((c) => c.movements))).toBeGreaterThan(1);
    expect(calls.reduce((sum, c) => sum + c.movements, 0)).toBe(asked.length);
    // Every key, round and memo as it was sent.
    const stored = await t.db.kysely
      .selectFrom('ledger_transactions')
      .select(['idempotency_key', 'round_id', 'memo'])
      .where('idempotency_key', 'in', [keyOf(0), keyOf(3), keyOf(7)])
      .orderBy('idempotency_key')
      .execute();
    expect(stored).toEqual(
      [
        { idempotency_key: keyOf(0), round_id: 'round 0', memo: 'memo, "0"' },
        { idempotency_key: keyOf(3), round_id: null, memo: 'memo, "3"' },
        { idempotency_key: keyOf(7), round_id: null, memo: '' },
      ].sort((x, y) => (x.idempotency_key < y.idempotency_key ? -1 : 1)),
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('finds its accounts and wallets by key, never by scanning them, with the plans PL/pgSQL settles on', async () => {
    // PL/pgSQL keeps one plan per statement and turns to a generic plan (one for any
    // parameters) after a few calls; a statement whose generic plan scans every account would
    // cost the whole table on each bet, or be planned anew each time. Enough accounts that a
    // scan is never the cheap way, then every statement forced onto its generic plan.
    await sql`
      INSERT INTO members (brand_id, account, member_label)
      SELECT ${brandId}, 'plan' || ${n} || 'x' || g, '[]' FROM generate_series(1, 3000) g`.execute(t.db.kysely);
    await sql`
      INSERT INTO ledger_accounts (brand_id, code, member_id, currency)
      SELECT ${brandId}, 'player', id, 'BDT' FROM members WHERE account LIKE ${`plan${n}x%`}`.execute(t.db.kysely);
    await sql`ANALYZE ledger_accounts`.execute(t.db.kysely);
    await sql`ANALYZE wallet_balances`.execute(t.db.kysely);
    const w = await newWallet(1_000n);
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    const scans = await t.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
      const before = await seqScans(trx);
      for (let i = 0; i < 10; i++)
        await post(
          t.db,
          {
            brandId,
            key: `plan:${n}:${i}`,
            kind: 'bet',
            fingerprint: 'x',
            memberId: w.memberId,
            legs: [
              { accountId: w.wallet, amount: -1n },
              { accountId: house, amount: 1n },
            ],
          },
          trx,
        );
      return scansSince(trx, before);
    });
    expect(scans).toEqual([
      ['ledger_accounts', 0],
      ['wallet_balances', 0],
    ]);
    expect(await balanceOf(w.wallet)).toBe(990n);
  });

  it('reads its accounts by key on a young site too: a thousand accounts and no statistics yet', async () => {
    // The plans PL/pgSQL settles on after five calls were made for any number of legs; on a
    // small accounts table without statistics, reading all of it looked cheaper than ten index
    // probes, so every bet read every account. A database of its own, so that the plans are
    // made here and not inherited from the tests above.
    const young = await createTestDb();
    try {
      const db = young.db;
      const b = await db.kysely
        .insertInto('brands')
        .values({ merchant_code: 'young', name: 'Young', languages: ['bn'], default_language: 'bn', currency: 'BDT' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
        INSERT INTO members (brand_id, account, member_label)
        SELECT ${b.id}, 'young' || g, '[]' FROM generate_series(1, 1000) g`.execute(db.kysely);
      await sql`
        INSERT INTO ledger_accounts (brand_id, code, member_id, currency)
        SELECT ${b.id}, 'player', id, 'BDT' FROM members WHERE brand_id = ${b.id}`.execute(db.kysely);
      const m = await db.kysely
        .selectFrom('members')
        .select('id')
        .where('account', '=', 'young1')
        .executeTakeFirstOrThrow();
      const wallet = (await walletOf(db, b.id, m.id, 'BDT')).id;
      await adjust(db, {
        brandId: b.id,
        member: { id: m.id, brandId: b.id, isAgent: 0 },
        amount: 1_000n,
        currency: 'BDT',
        reason: 'opening',
        actor: 'test',
      });
      const house = await systemAccount(db, b.id, 'house', 'BDT');
      const scans = await db.kysely.transaction().execute(async (trx) => {
        const before = await seqScans(trx);
        for (let i = 0; i < 10; i++)
          await post(
            db,
            {
              brandId: b.id,
              key: `young:${i}`,
              kind: 'bet',
              fingerprint: 'x',
              memberId: m.id,
              legs: [
                { accountId: wallet, amount: -1n },
                { accountId: house, amount: 1n },
              ],
            },
            trx,
          );
        return scansSince(trx, before);
      });
      expect(scans).toEqual([
        ['ledger_accounts', 0],
        ['wallet_balances', 0],
      ]);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await young.drop();
    }
  });

  it('posts one movement for the same key sent ten times at once', async () => {
    const w = await newWallet(1_000n);
    const key = `burst:${n}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => bet(w, 100n, key)));
    expect(new Set(results.map((r) => r.txId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.balances.get(w.wallet))).size).toBe(1);
    expect(await balanceOf(w.wallet)).toBe(900n);
  });

  it("posts inside the caller's transaction and publishes only after its commit", async () => {
    const w = await newWallet(1_000n);
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    const seen: bigint[] = [];
    const off = onBalance(t.db, (c) => {
      if (c.memberId === w.memberId) seen.push(c.balance);
    });
    const movement = (key: string) => ({
      brandId,
      key,
      kind: 'bet',
      fingerprint: fingerprintOf({ member: w.memberId, amount: 100n }),
      memberId: w.memberId,
      legs: [
        { accountId: w.wallet, amount: -100n },
        { accountId: house, amount: 100n },
      ],
    });
    // Rolled back with its transaction: nothing stays, nothing was published.
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await post(t.db, movement('trx:rolled-back'), trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await balanceOf(w.wallet)).toBe(1_000n);
    const posted = await t.db.kysely.transaction().execute((trx) => post(t.db, movement('trx:committed'), trx));
    expect(seen).toEqual([]);
    await publishPosted(t.db, brandId, posted);
    expect(seen).toEqual([900n]);
    expect(await balanceOf(w.wallet)).toBe(900n);
    off();
  });

  it('keeps every invariant under any sequence of movements', async () => {
    const wallets = [await newWallet(1_000n), await newWallet(0n), await newWallet(50n)];
    const house = await systemAccount(t.db, brandId, 'house', 'BDT');
    let run = 0;
    const op = fc.record({
      from: fc.integer({ min: -1, max: 2 }),
      to: fc.integer({ min: -1, max: 2 }),
      amount: fc.bigInt({ min: 1n, max: 1_500n }),
      replayOf: fc.option(fc.nat({ max: 20 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const keys: string[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.from === o.to) continue;
          const acct = (x: number) => (x < 0 ? house : (wallets[x] as { wallet: bigint }).wallet);
          const replay = o.replayOf !== undefined && keys.length > 0 ? keys[o.replayOf % keys.length] : undefined;
          const key = replay ?? `prop:${n}:${run}:${i}`;
          const before = await Promise.all(wallets.map((w) => balanceOf(w.wallet)));
          const outcome = await codeOf(
            post(t.db, {
              brandId,
              key,
              kind: 'transfer',
              fingerprint: fingerprintOf({ from: o.from, to: o.to, amount: o.amount }),
              legs: [
                { accountId: acct(o.from), amount: -o.amount },
                { accountId: acct(o.to), amount: o.amount },
              ],
            }),
          );
          if (!replay) keys.push(key);
          const after = await Promise.all(wallets.map((w) => balanceOf(w.wallet)));
          for (const b of after) expect(b >= 0n).toBe(true);
          if (outcome !== 'none') expect(after).toEqual(before);
          if (outcome === 'INSUFFICIENT_FUNDS') expect(before[o.from]).toBeLessThan(o.amount);
        }
        expect(await checkLedger(t.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
