/**
 * The back office's dashboard over a large ledger (decision 0034): N rounds (BENCH_DASHBOARD_ROUNDS,
 * default 10,000,000) of bets — four in ten with a win — spread in time order over the last 30
 * days among 100,000 players of one brand, written straight into the ledger's tables on
 * PostgreSQL. Prints how long the daily-figures job takes to count all 30 days (a brand's first
 * run) and to recount yesterday and today (every later run), the dashboard call's p50/p95
 * (target: under 1 s), and whether the counted days add up to the ledger's own totals.
 */
import { sql } from 'kysely';
import { countFigures, dashboard } from '../src/modules/dashboard/service';
import type { Database } from '../src/platform/db';
import { seedDemo } from '../src/seed/demo';
import { withPostgres } from './money';

const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 10_000_000);
const PLAYERS = 100_000;
const READS = 50;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** Players, their wallets, and ROUNDS bets (and 40% wins) with both legs, in time order. */
async function fill(db: Database): Promise<number> {
  const k = db.kysely;
  const brand = await k
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'khela')
    .executeTakeFirstOrThrow();
  const b = brand.id;
  await sql`INSERT INTO members (brand_id, account, member_label, created_at)
    SELECT ${b}, 'dash' || i, '[]', now() - (random() * interval '30 days') FROM generate_series(1, ${PLAYERS}) i`.execute(
    k,
  );
  await sql`INSERT INTO ledger_accounts (brand_id, code, member_id, currency)
    SELECT ${b}, 'player', id, 'BDT' FROM members WHERE brand_id = ${b} AND account LIKE 'dash%'`.execute(k);
  await sql`INSERT INTO ledger_accounts (brand_id, code, currency) VALUES (${b}, 'provider:BENCH', 'BDT')`.execute(k);
  // The bench's wallets were made by one statement: consecutive ids from this one on.
  const { rows: firstRows } = await sql<{ id: string }>`
    SELECT min(a.id)::text AS id FROM ledger_accounts a JOIN members m ON m.id = a.member_id
    WHERE m.brand_id = ${b} AND m.account LIKE 'dash%'`.execute(k);
  const first = { id: BigInt(firstRows[0]?.id ?? '0') };
  const provider = await k
    .selectFrom('ledger_accounts')
    .select('id')
    .where('brand_id', '=', b)
    .where('code', '=', 'provider:BENCH')
    .executeTakeFirstOrThrow();
  // Round i: player i mod PLAYERS stakes 1–50 taka; rounds with i mod 10 < 4 win twice the stake a
  // second later. One transaction per bet and per win, created_at rising with the id as a live
  // ledger's does; the round number rides in round_id so the postings need no join to find it.
  await sql`INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, fingerprint, member_id, round_id, created_at)
    SELECT ${b}, 'bench:' || i || ':' || kind, kind, '', a.member_id, i::text,
      now() - interval '30 days' + (i::float / ${ROUNDS}) * interval '30 days'
        + (CASE kind WHEN 'win' THEN interval '1 second' ELSE interval '0' END)
    FROM generate_series(1, ${ROUNDS}) i
    JOIN ledger_accounts a ON a.id = ${first.id}::bigint + (i % ${PLAYERS})
    CROSS JOIN LATERAL (SELECT 'bet' AS kind UNION ALL SELECT 'win' WHERE i % 10 < 4) k
    ORDER BY i, kind`.execute(k);
  await sql`INSERT INTO postings (tx_id, account_id, amount, created_at)
    SELECT t.id, leg.account, leg.amount, t.created_at
    FROM ledger_transactions t
    CROSS JOIN LATERAL (SELECT t.round_id::bigint AS i) r
    CROSS JOIN LATERAL (SELECT (100 + (r.i % 50) * 100) * (CASE t.kind WHEN 'bet' THEN -1 ELSE 2 END) AS player_amount) m
    CROSS JOIN LATERAL (VALUES
      (${first.id}::bigint + (r.i % ${PLAYERS}), m.player_amount),
      (${provider.id}::bigint, -m.player_amount)) AS leg(account, amount)
    WHERE t.brand_id = ${b} AND t.idempotency_key LIKE 'bench:%'`.execute(k);
  await sql`ANALYZE`.execute(k);
  return b;
}

export async function dashboardBench() {
  const ran = await withPostgres(async (db) => {
    await seedDemo(db);
    const [brandId, fillMs] = await timed(() => fill(db));
    console.log(
      `\nDashboard over ${ROUNDS.toLocaleString('en')} rounds (PostgreSQL; ${PLAYERS.toLocaleString('en')} players, 30 days; written in ${(fillMs / 1000).toFixed(0)} s)`,
    );
    const [, firstMs] = await timed(() => countFigures(db));
    const [, againMs] = await timed(() => countFigures(db));
    console.log(`  daily-figures, first run (every day)      ${firstMs.toFixed(0).padStart(7)} ms`);
    console.log(`  daily-figures, a later run (2 days)        ${againMs.toFixed(0).padStart(7)} ms`);
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) reads.push((await timed(() => dashboard(db, brandId)))[1]);
    console.log(
      `  GET /bo/dashboard's work, ${READS} reads       p50 ${pct(reads, 0.5).toFixed(1)} ms  p95 ${pct(reads, 0.95).toFixed(1)} ms  (target < 1,000 ms)`,
    );
    const { rows } = await sql<{ counted: string; ledger: string }>`
      SELECT (SELECT sum(stakes - wins) FROM daily_figures WHERE brand_id = ${brandId})::text AS counted,
             (SELECT -sum(p.amount) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
               JOIN ledger_transactions t ON t.id = p.tx_id
               WHERE a.brand_id = ${brandId} AND a.member_id IS NOT NULL AND a.currency = 'BDT'
                 AND t.kind IN ('bet', 'rollback', 'win', 'release'))::text AS ledger`.execute(db.kysely);
    const r = rows[0];
    console.log(`  GGR counted by day ${r?.counted} = ledger ${r?.ledger}: ${r?.counted === r?.ledger ? 'yes' : 'NO'}`);
  });
  if (!ran) console.log('\nDashboard: PostgreSQL not reachable, skipped');
}
