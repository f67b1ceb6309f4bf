/**
 * The finance desk's queue (CASHIER.md "The finance desk") with CASHIER_QUEUE_OPEN open
 * withdrawals (100,000 by default) beside as many finished requests and a queue of open deposits,
 * on PostgreSQL: p50/p95 of the desk's own queue call (modules/cashier-desk/queue.ts — the page,
 * the queue's length and oldest age, and the rows' methods, accounts and players) for the first
 * page and for a deep page reached by its keyset cursor (target p95 < 50 ms), and the plan of the
 * page's statement. Skipped when PostgreSQL is not reachable.
 */
import { sql } from 'kysely';
import { queue } from '../src/modules/cashier-desk/queue';
import { QUEUE_STATES } from '../src/modules/cashier-desk/repo';
import type { BrandSnapshot } from '../src/platform/brand';
import type { Database } from '../src/platform/db';
import { pct, withPostgres } from './money';

const OPEN = Number(process.env.CASHIER_QUEUE_OPEN ?? 100_000);
const READS = Number(process.env.CASHIER_QUEUE_READS ?? 200);
const PLAYERS = 10_000;
const PAGE = 50;

/** A brand, its players and two methods, and every request made in one INSERT … SELECT generate_series. */
async function load(db: Database): Promise<number> {
  const k = db.kysely;
  const brand = await k
    .insertInto('brands')
    .values({
      merchant_code: 'benchdesk',
      name: 'Bench',
      languages: ['bn', 'en'],
      default_language: 'bn',
      currency: 'BDT',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO members (brand_id, account, created_at)
    SELECT ${brand.id}, 'desk' || i, now() - interval '90 days' FROM generate_series(1, ${PLAYERS}) AS i`.execute(k);
  const methods = await sql<{ id: number }>`
    INSERT INTO cashier_methods (brand_id, direction, kind, provider, channel, name_bn, name_en, currency, min_minor, max_minor)
    VALUES (${brand.id}, 'deposit', 'bank_transfer', NULL, 'bank', 'ব্যাংক', 'Bank', 'BDT', 50000, 5000000),
           (${brand.id}, 'withdraw', 'bank_transfer', NULL, 'bank', 'ব্যাংক', 'Bank', 'BDT', 20000, 5000000)
    RETURNING id`.execute(k);
  const [dep, wd] = methods.rows.map((r) => r.id) as [number, number];
  const first = await sql<{ id: string }>`SELECT min(id)::text AS id FROM members WHERE brand_id = ${brand.id}`.execute(
    k,
  );
  const m0 = BigInt(first.rows[0]?.id ?? 1);
  // Open withdrawals in every state the queue shows, spread over the last 30 days, oldest first…
  await sql`
    INSERT INTO cashier_requests (brand_id, member_id, type, method_id, state, amount_minor, currency, created_at, updated_at)
    SELECT ${brand.id}, ${m0}::bigint + (i % ${PLAYERS}), 'withdraw', ${wd},
           (ARRAY['under_review', 'under_review', 'approved', 'paying', 'failed'])[1 + i % 5],
           20000 + (i % 500) * 1000, 'BDT', now() - make_interval(secs => (${OPEN} - i) * 25), now()
      FROM generate_series(1, ${OPEN}) AS i`.execute(k);
  // …as many finished ones, and a tenth as many open deposits.
  await sql`
    INSERT INTO cashier_requests (brand_id, member_id, type, method_id, state, amount_minor, currency, created_at, updated_at)
    SELECT ${brand.id}, ${m0}::bigint + (i % ${PLAYERS}), CASE WHEN i % 2 = 0 THEN 'withdraw' ELSE 'deposit' END,
           CASE WHEN i % 2 = 0 THEN ${wd}::int ELSE ${dep}::int END,
           CASE WHEN i % 2 = 0 THEN 'paid' ELSE 'credited' END,
           50000, 'BDT', now() - make_interval(secs => i * 25), now()
      FROM generate_series(1, ${OPEN}) AS i`.execute(k);
  await sql`
    INSERT INTO cashier_requests (brand_id, member_id, type, method_id, state, amount_minor, currency, created_at, updated_at)
    SELECT ${brand.id}, ${m0}::bigint + (i % ${PLAYERS}), 'deposit', ${dep},
           CASE WHEN i % 3 = 0 THEN 'submitted' ELSE 'under_review' END,
           100000, 'BDT', now() - make_interval(secs => i * 60), now()
      FROM generate_series(1, ${Math.max(1, Math.floor(OPEN / 10))}) AS i`.execute(k);
  // What autovacuum leaves a table in after a load: statistics and a visibility map.
  await sql`VACUUM ANALYZE cashier_requests`.execute(k);
  await sql`VACUUM ANALYZE members`.execute(k);
  // What earlier sections wrote (the deposit credits) is flushed now rather than during the reads.
  await sql`CHECKPOINT`.execute(k).catch(() => {});
  return brand.id;
}

export async function cashierQueueBench() {
  const ran = await withPostgres(async (db) => {
    const t0 = performance.now();
    const brandId = await load(db);
    console.log(`\nFinance desk: the withdrawal queue with ${OPEN.toLocaleString('en')} open requests (PostgreSQL)`);
    console.log(
      `  seeded and analysed in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${READS} reads each, one at a time`,
    );
    const brand = {
      id: brandId,
      info: { currency: 'BDT', currencyDecimals: 2, currencySymbol: '৳', defaultLanguage: 'bn' },
    } as unknown as BrandSnapshot;
    const desk = { db, ip: '127.0.0.1', staff: { brandId } } as Parameters<typeof queue>[0];
    // The cursor of a page 90% of the way down the queue (what "next" says after that many rows).
    const deep = await sql<{ id: string }>`
      SELECT id::text AS id FROM cashier_requests
       WHERE brand_id = ${brandId} AND type = 'withdraw'
         AND state IN ('under_review', 'approved', 'paying', 'failed')
       ORDER BY created_at, id OFFSET ${Math.floor(OPEN * 0.9)} LIMIT 1`.execute(db.kysely);
    const after = deep.rows[0]?.id as string;

    const read = async (cursor: string | undefined) => {
      const lat: number[] = [];
      let last: Awaited<ReturnType<typeof queue>> | undefined;
      for (let i = 0; i < READS; i++) {
        const s = performance.now();
        last = await queue(desk, brand, { type: 'withdraw', pageSize: PAGE, after: cursor }, 'bn');
        lat.push(performance.now() - s);
      }
      return { p50: pct(lat, 50), p95: pct(lat, 95), last };
    };
    const firstPage = await read(undefined);
    const deepPage = await read(after);
    for (const [name, r] of [
      ['first page', firstPage],
      ['deep page (keyset)', deepPage],
    ] as const)
      console.log(
        `  ${name.padEnd(20)} p50 ${r.p50.toFixed(2)} ms   p95 ${r.p95.toFixed(2)} ms   (target p95 < 50 ms; ${r.last?.list.length} rows, total ${r.last?.total.toLocaleString('en')})`,
      );

    const states = QUEUE_STATES.withdraw.map((s) => `'${s}'`).join(', ');
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
      SELECT r.* FROM cashier_requests r
       WHERE r.brand_id = ${sql.lit(brandId)} AND r.type = 'withdraw' AND r.state IN (${sql.raw(states)})
         AND (r.created_at, r.id) > (SELECT a.created_at, a.id FROM cashier_requests a WHERE a.id = ${sql.lit(after)}::bigint)
       ORDER BY r.created_at, r.id LIMIT ${sql.lit(PAGE + 1)}`.execute(db.kysely);
    console.log('  plan of the deep page:');
    console.log(plan.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n'));
  });
  if (!ran) console.log('\nFinance desk queue: PostgreSQL not reachable, skipped');
}
