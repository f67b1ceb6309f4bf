/**
 * Cashier benchmark, called from bench/run.ts (`npm run bench -- cashier`): deposit credits from
 * signed sandbox webhooks — each an HTTP request over a kept-alive local connection, as a
 * provider's arrives, through the whole POST /psp/sandbox/webhook route
 * (signature over the raw body, the order's checks, the state move, the ledger posting keyed
 * `deposit:<id>`, the turnover requirement and the notice; results arriving together share one
 * transaction, decisions 0042 and 0043) — spread over
 * 1,000 players, against a raw two-row transfer in one transaction on the same PostgreSQL,
 * 32 concurrent clients, in alternating one-second windows (target ≥ 0.5×). The ledger's
 * invariants are checked afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER } from '@khela/contract';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { SANDBOX } from '../src/modules/cashier/providers/sandbox';
import { pspSecret } from '../src/modules/cashier/providers/secrets';
import { sign } from '../src/modules/provider/signature';
import { walletOf } from '../src/modules/wallet/accounts';
import { checkLedger } from '../src/modules/wallet/invariants';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/platform/db';
import { seedDemo } from '../src/seed/demo';
import { compare, type Run, withPostgres } from './money';

const PLAYERS = 1_000;
/** More orders than both sides can use in the run: each credit needs a pending one of its own. */
const ORDERS = Number(process.env.CASHIER_ORDERS ?? 60_000);

async function depositRuns(db: Database, url: string) {
  await seedDemo(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
    RUN_JOBS: 'false',
  });
  const keys = config;
  const app = await buildApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // One kept-alive connection per client, as a provider's sender holds them: the credits are
  // measured through the server's real HTTP path (a simulated request through app.inject costs
  // several times the CPU of a real one and is no part of production).
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const brand = await db.kysely
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'khela')
      .executeTakeFirstOrThrow();
    const method = await db.kysely
      .selectFrom('cashier_methods')
      .select('id')
      .where('brand_id', '=', brand.id)
      .where('provider', '=', 'sandbox')
      .where('direction', '=', 'deposit')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO members (brand_id, account, member_label)
              SELECT ${brand.id}, 'dep' || g, '[]' FROM generate_series(1, ${PLAYERS}) g`.execute(db.kysely);
    const first = await sql<{ id: bigint }>`
      INSERT INTO cashier_requests (brand_id, member_id, type, method_id, state, amount_minor, currency, provider, order_token, expires_at)
      SELECT ${brand.id}, m.id, 'deposit', ${method.id}, 'pending', 50000, 'BDT', 'sandbox', 'bench' || g, now() + interval '1 hour'
        FROM generate_series(1, ${ORDERS}) g
        JOIN LATERAL (SELECT id FROM members WHERE brand_id = ${brand.id} AND account = 'dep' || (1 + g % ${PLAYERS})) m ON true
      RETURNING id`.execute(db.kysely);
    const ids = first.rows.map((r) => r.id.toString());
    // Registered players have their wallets: open them, as registration does.
    const members = await db.kysely.selectFrom('members').select('id').where('account', 'like', 'dep%').execute();
    for (const m of members) await walletOf(db, brand.id, m.id, 'BDT');
    await sql`CREATE TABLE bench_raw (id integer PRIMARY KEY, balance bigint NOT NULL)`.execute(db.kysely);
    await sql`INSERT INTO bench_raw SELECT g, 10000000000 FROM generate_series(1, ${PLAYERS}) g`.execute(db.kysely);

    // The provider's side: it holds its secret and signs each result on its own machine, so the
    // results are signed before the clock starts (well inside the signature's window) and the
    // signing is not counted as the server's work.
    const secret = await pspSecret(db, keys, brand.id, SANDBOX);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = ids.map((id) => {
      const raw = JSON.stringify({
        kind: 'deposit',
        requestId: id,
        txId: `SBXbench${id.padStart(10, '0')}`,
        status: 'paid',
        amount: '50000',
        currency: 'BDT',
      });
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(raw)),
        [PSP_TIMESTAMP_HEADER]: timestamp,
        [PSP_SIGNATURE_HEADER]: sign(secret, timestamp, raw),
      };
      return { raw, headers };
    });
    const credit = async (i: number) => {
      const result = signed[i];
      if (!result) throw new Error('bench: out of orders; raise CASHIER_ORDERS');
      await new Promise<void>((resolve, reject) => {
        const req = request(
          { agent, host: '127.0.0.1', port, method: 'POST', path: '/psp/sandbox/webhook', headers: result.headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              res.statusCode === 200
                ? resolve()
                : reject(new Error(`bench: webhook answered ${res.statusCode} ${Buffer.concat(chunks)}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(result.raw);
      });
    };
    const rand = () => Math.floor(Math.random() * PLAYERS);
    const load0 = loadavg()[0] ?? 0;
    const [raw, credits] = await compare(() => {
      const a = rand();
      const b = (a + 1 + Math.floor(Math.random() * (PLAYERS - 1))) % PLAYERS;
      const [lo, hi] = a < b ? [a + 1, b + 1] : [b + 1, a + 1];
      return db.kysely.transaction().execute(async (trx) => {
        await sql`UPDATE bench_raw SET balance = balance - 1 WHERE id = ${lo}`.execute(trx);
        await sql`UPDATE bench_raw SET balance = balance + 1 WHERE id = ${hi}`.execute(trx);
      });
    }, credit);
    const load1 = loadavg()[0] ?? 0;
    const credited = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM cashier_requests WHERE state = 'credited'`.execute(db.kysely);
    const problems = await checkLedger(db);
    const line = (name: string, r: Run) =>
      `  ${name.padEnd(42)} ${r.perSecond.toFixed(0).padStart(6)} /s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`;
    console.log(
      `\nDeposit credits from signed webhooks on PostgreSQL (${PLAYERS} players; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(line('raw two-row transfer (one transaction)', raw));
    console.log(line('deposit credits (webhook route)', credits));
    console.log(
      `  ratio                                      ${(credits.perSecond / raw.perSecond).toFixed(2)}×  (target ≥ 0.50×)`,
    );
    console.log(`  deposits credited                          ${credited.rows[0]?.n}`);
    console.log(`  invariant violations after the runs        ${problems.length}`);
  } finally {
    agent.destroy();
    await app.close();
  }
}

export async function cashierBench() {
  if (!(await withPostgres((db, url) => depositRuns(db, url))))
    console.log('\nDeposit credits on PostgreSQL: not reachable, skipped');
}
