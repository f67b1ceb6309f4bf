/**
 * The back office's player search over BACKOFFICE_MEMBERS members (1,000,000 by default) of one
 * brand on PostgreSQL: p50/p95 of a search by username prefix, by mobile number and by id,
 * through the Players desk's own queries (modules/staff-players/repo.ts), and the plan of each
 * (target p95 < 50 ms, by indexes: migration 0028). Skipped when PostgreSQL is not reachable.
 */
import { sql } from 'kysely';
import * as repo from '../src/modules/staff-players/repo';
import type { Database } from '../src/platform/db';
import { pct, withPostgres } from './money';

const MEMBERS = Number(process.env.BACKOFFICE_MEMBERS ?? 1_000_000);
const SEARCHES = Number(process.env.BACKOFFICE_SEARCHES ?? 500);
const PAGE = 50;

/** The members, made in the database by generate_series: hex names, E.164 numbers, emails. */
async function load(db: Database): Promise<number> {
  const brand = await db.kysely
    .insertInto('brands')
    .values({ merchant_code: 'bench', name: 'Bench', languages: ['bn', 'en'], default_language: 'bn', currency: 'BDT' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO members (brand_id, account, mobile_num, country_dialing_code, email, created_at)
    SELECT ${brand.id}, substr(md5(i::text), 1, 6) || i, '+88017' || lpad(i::text, 8, '0'), '+880',
           'p' || i || '@example.com', now() - make_interval(secs => i)
      FROM generate_series(1, ${MEMBERS}) AS i`.execute(db.kysely);
  await sql`ANALYZE members`.execute(db.kysely);
  return brand.id;
}

async function timed(fn: (i: number) => Promise<unknown>) {
  const lat: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const s = performance.now();
    await fn(i);
    lat.push(performance.now() - s);
  }
  return { p50: pct(lat, 50), p95: pct(lat, 95) };
}

const pick = (i: number) => 1 + ((i * 7_919 + 13) % MEMBERS);

/** The plan PostgreSQL chooses for the same statement with literal values (as each search sends). */
async function plan(db: Database, statement: ReturnType<typeof sql>) {
  const r = await sql<{
    'QUERY PLAN': string;
  }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement}`.execute(db.kysely);
  return r.rows.map((row) => `      ${row['QUERY PLAN']}`).join('\n');
}

export async function backofficeBench() {
  const ran = await withPostgres(async (db) => {
    const t0 = performance.now();
    const brandId = await load(db);
    const loadMs = performance.now() - t0;
    console.log(`\nBack office: player search over ${MEMBERS.toLocaleString('en')} members (PostgreSQL)`);
    console.log(`  loaded and analysed in ${(loadMs / 1000).toFixed(1)} s; ${SEARCHES} searches each, one at a time`);
    // Three characters of a name: about MEMBERS / 4096 matches each, of which one page is read.
    const drawn = await sql<{ p: string }>`
      SELECT substr(md5((1 + ((g * 7919 + 13) % ${MEMBERS}))::text), 1, 3) AS p
        FROM generate_series(0, ${SEARCHES - 1}) AS g ORDER BY g`.execute(db.kysely);
    const prefixes = drawn.rows.map((r) => r.p);
    const e164 = (i: number) => `+88017${String(pick(i)).padStart(8, '0')}`;
    const rows: [string, { p50: number; p95: number }][] = [
      ['username prefix', await timed((i) => repo.searchByPrefix(db, brandId, prefixes[i] as string, null, PAGE + 1))],
      ['mobile (E.164)', await timed((i) => repo.searchByMobile(db, brandId, e164(i), null, PAGE + 1))],
      ['id', await timed((i) => repo.searchById(db, brandId, BigInt(pick(i))))],
    ];
    for (const [name, r] of rows)
      console.log(
        `  ${name.padEnd(16)} p50 ${r.p50.toFixed(2)} ms   p95 ${r.p95.toFixed(2)} ms   (target p95 < 50 ms)`,
      );

    const prefix = prefixes[0] as string;
    console.log('  plans:');
    console.log(`    username prefix '${prefix}':`);
    console.log(
      await plan(
        db,
        sql`SELECT id, account FROM members m WHERE m.brand_id = ${sql.lit(brandId)}
              AND lower(m.account) LIKE ${sql.lit(`${prefix}%`)} ORDER BY lower(m.account) USING ~<~ LIMIT ${sql.lit(PAGE + 1)}`,
      ),
    );
    console.log(`    mobile ${e164(0)}:`);
    console.log(
      await plan(
        db,
        sql`SELECT id, account FROM members m WHERE m.brand_id = ${sql.lit(brandId)} AND m.mobile_num = ${sql.lit(e164(0))}
              ORDER BY m.id LIMIT ${sql.lit(PAGE + 1)}`,
      ),
    );
    console.log(`    id ${pick(0)}:`);
    console.log(
      await plan(
        db,
        sql`SELECT id, account FROM members m WHERE m.id = ${sql.lit(pick(0))} AND m.brand_id = ${sql.lit(brandId)}`,
      ),
    );
  });
  if (!ran) console.log('\nBack office: PostgreSQL not reachable, skipped');
}
