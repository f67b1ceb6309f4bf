/**
 * Crash benchmark (issue 5), called from bench/run.ts: one real round of the crash game with
 * CRASH_PLAYERS (1,000) players, each with the game page's socket open (authenticated by its
 * game token), each betting in the betting window and cashing out at a random moment of the
 * flight, some after the bust. Prints the bet acceptance rate, cash-out answer latency p50/p99,
 * the ledger postings per second of the round, and whether every socket saw the bust.
 * Runs on PostgreSQL when it is reachable (a fresh database, dropped after), else on PGlite, with
 * the real clock; this process is the round loop's leader.
 */
import { randomBytes } from 'node:crypto';
import { elapsedFor } from '@khela/games';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { type CrashRound, latestRound } from '../src/modules/inhouse/crash/repo';
import * as provider from '../src/modules/provider/service';
import { issueLaunchTicket } from '../src/modules/provider/tickets';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';
import { drive, pct, withPostgres } from './money';

const PLAYERS = Number(process.env.CRASH_PLAYERS ?? 1_000);
const PORT = 18_090;

export async function crashBench() {
  const ran = await withPostgres((db, url) => crashRound(db, 'PostgreSQL', url));
  if (ran) return;
  const db = await openDatabase({});
  await migrate(db);
  try {
    await crashRound(db, 'PGlite');
  } finally {
    await db.close();
  }
}

async function crashRound(db: Database, label: string, databaseUrl?: string) {
  await seedDemo(db);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
    // the round loop leads through an advisory lock on its own connection to this database
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, db);
  await app.ready();
  // A betting window long enough for every player's bet, a short pause between rounds.
  app.crash.setTiming({ bettingMs: 10_000, pauseMs: 500, graceMs: 500 });
  const brandId = (await db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const m = await db.kysely
        .insertInto('members')
        .values({
          brand_id: brandId,
          account: `bench${i}${randomBytes(3).toString('hex')}`,
          member_label: '[]',
          is_agent: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const holder = { id: m.id, brandId, isAgent: 0 };
      await adjust(db, { brandId, member: holder, amount: 100_000n, currency: 'BDT', reason: 'desk', actor: 'bench' });
      const s = await provider.createGameSession(db, { member: holder, vendor: 'JL', gameCode: 'crash' });
      const res = await app.inject({
        method: 'POST',
        url: '/play/api/open',
        payload: { ticket: await issueLaunchTicket(db, brandId, s.token) },
      });
      tokens.push(res.json().value.token);
    }
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${PORT}`;
    const bustsSeen = new Map<number, number>();
    const sockets = await Promise.all(
      tokens.map(
        (token) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${PORT}/play/api/crash/ws`);
            ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
            ws.on('message', (d) => {
              const msg = JSON.parse(String(d));
              if (msg.type === 'hello') resolve(ws);
              if (msg.type === 'bust') bustsSeen.set(msg.round.roundNo, (bustsSeen.get(msg.round.roundNo) ?? 0) + 1);
            });
            ws.once('error', reject);
          }),
      ),
    );
    // A fresh betting window with time left (the bench reads the bust point: it is not a player).
    const fresh = (r: CrashRound | null): r is CrashRound =>
      r?.status === 'betting' && r.bettingEndsMs - Date.now() >= 9_000 && r.bust >= 150;
    let round = await latestRound(db, brandId);
    while (!fresh(round)) {
      await new Promise((r) => setTimeout(r, 50));
      round = await latestRound(db, brandId);
    }
    const call = (path: string, token: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-khela-game-token': token },
        body: JSON.stringify(body),
      })
        .then((r) => r.json() as Promise<{ success: boolean; code?: string }>)
        .catch(() => ({ success: false, code: 'NETWORK' }));

    const t0 = performance.now();
    // Players click at different moments of the window's first six seconds, as people do.
    const bets = await Promise.all(
      tokens.map(async (token, i) => {
        await new Promise((r) => setTimeout(r, Math.random() * 6_000));
        return call('/play/api/crash/bet', token, { requestId: `bench-b-${i}-${Date.now()}`, slot: 1, stake: '1.00' });
      }),
    );
    const betSecs = (performance.now() - t0) / 1000;
    const accepted = bets.filter((b) => b.success).length;
    const refusedBets = [...new Set(bets.filter((b) => !b.success).map((b) => b.code))].join(', ');

    const flight = elapsedFor(round.bust);
    const latencies: number[] = [];
    let paid = 0;
    let refused = 0;
    const startIn = round.runningMs - Date.now();
    const f0 = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        if (!bets[i]?.success) return;
        await new Promise((r) => setTimeout(r, startIn + Math.random() * flight * 1.2));
        const s = performance.now();
        const answer = await call('/play/api/crash/cashout', token, {
          requestId: `bench-c-${i}-${Date.now()}`,
          slot: 1,
        });
        latencies.push(performance.now() - s);
        if (answer.success) paid++;
        else refused++;
      }),
    );
    const flightSecs = (performance.now() - f0) / 1000;
    // Let the loop settle the round.
    const settledBy = Date.now() + 30_000;
    while (Date.now() < settledBy && (await latestRound(db, brandId))?.roundNo === round.roundNo) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const roundSecs = betSecs + flightSecs;
    const postings = await sql<{ n: bigint }>`
      SELECT count(*)::bigint AS n FROM provider_transactions WHERE round_id LIKE ${`crash-${round.roundNo}-%`} AND outcome = 'ok'`.execute(
      db.kysely,
    );
    console.log(`\nCrash: one round, ${PLAYERS} players with the game socket open (${label}, real clock)`);
    console.log(
      `  bets accepted          ${accepted}/${PLAYERS} over ${betSecs.toFixed(1)} s${refusedBets ? ` (refused: ${refusedBets})` : ''}`,
    );
    console.log(`  bust                   ${(round.bust / 100).toFixed(2)}× after ${(flight / 1000).toFixed(1)} s`);
    console.log(`  cash-outs              ${paid} paid, ${refused} refused (too late)`);
    console.log(
      `  cash-out answer        p50 ${pct(latencies, 50).toFixed(1)} ms  p99 ${pct(latencies, 99).toFixed(1)} ms`,
    );
    // The reference of the money benchmark on the same database: a raw single-row UPDATE from 32 clients.
    await sql`CREATE TABLE IF NOT EXISTS bench_crash_raw (id integer PRIMARY KEY, balance bigint NOT NULL)`.execute(
      db.kysely,
    );
    await sql`INSERT INTO bench_crash_raw VALUES (1, 10000000000) ON CONFLICT DO NOTHING`.execute(db.kysely);
    const raw = await drive(() =>
      sql`UPDATE bench_crash_raw SET balance = balance - 1 WHERE id = 1`.execute(db.kysely),
    );
    const calls = Number(postings.rows[0]?.n);
    console.log(
      `  wallet calls           ${calls} in ${roundSecs.toFixed(1)} s of betting and flight (${(calls / roundSecs).toFixed(0)} /s; raw single-row UPDATE ${raw.perSecond.toFixed(0)} /s)`,
    );
    console.log(`  sockets saw the bust   ${bustsSeen.get(round.roundNo) ?? 0}/${PLAYERS}`);
    const problems = await checkLedger(db);
    console.log(`  ledger invariants      ${problems.length === 0 ? 'hold' : problems.join('; ')}`);
    for (const s of sockets) s.close();
  } finally {
    await app.close();
  }
}
