/**
 * Crash benchmark (decision 0015), called from bench/run.ts: one real round of the crash game with
 * CRASH_PLAYERS (1,000) players, each with the game page's socket open (authenticated by its
 * game token), each betting in the betting window and cashing out at a random moment of the
 * flight, some after the bust. The players run on a worker thread (bench/crash-players.ts), so
 * their sockets and calls do not share the server's event loop, as if they were on other
 * machines. Prints the bet acceptance rate, cash-out answer latency p50/p99, the ledger
 * postings per second of the round, whether every socket saw the bust and every bet and
 * cash-out, and what the feed sent each socket.
 * Runs on PostgreSQL when it is reachable (a fresh database, dropped after), else on PGlite, with
 * the real clock; this process is the round loop's leader.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { IS_AGENT, playOpenCall } from '@khela/contract';
import { elapsedFor } from '@khela/games';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { type CrashRound, latestRound } from '../src/modules/inhouse/crash/repo';
import * as provider from '../src/modules/provider/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';
import type { PlayersData, PlayersMessage, PlayOrder } from './crash-players';
import { drive, pct, withPostgres } from './money';
import { benchPort } from './ports';

const PLAYERS = Number(process.env.CRASH_PLAYERS ?? 1_000);

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

/**
 * Starts the players' worker. It runs TypeScript through tsx, registered inside the worker: a
 * worker does not inherit the loader that `node --import tsx` gave this thread.
 */
function startPlayers(data: PlayersData) {
  const url = new URL('./crash-players.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`,
    { eval: true, workerData: data },
  );
  const inbox: PlayersMessage[] = [];
  let waiting: { resolve: (m: PlayersMessage) => void; reject: (e: unknown) => void } | null = null;
  let failure: unknown = null;
  worker.on('message', (m: PlayersMessage) => {
    if (waiting) waiting.resolve(m);
    else inbox.push(m);
    waiting = null;
  });
  const fail = (err: unknown) => {
    failure ??= err;
    waiting?.reject(err);
    waiting = null;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the players' worker exited (${code})`)));
  return {
    /** The worker's next message. */
    next: () =>
      new Promise<PlayersMessage>((resolve, reject) => {
        const m = inbox.shift();
        if (m) resolve(m);
        else if (failure) reject(failure);
        else waiting = { resolve, reject };
      }),
    send: (order: PlayOrder) => worker.postMessage(order),
    stop: () => worker.terminate(),
  };
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
  let players: ReturnType<typeof startPlayers> | null = null;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const m = await db.kysely
        .insertInto('members')
        .values({
          brand_id: brandId,
          account: `bench${i}${randomBytes(3).toString('hex')}`,
          member_label: '[]',
          is_agent: IS_AGENT.PLAYER,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const holder = { id: m.id, brandId, isAgent: IS_AGENT.PLAYER };
      await adjust(db, { brandId, member: holder, amount: 100_000n, currency: 'BDT', reason: 'desk', actor: 'bench' });
      const s = await provider.createGameSession(db, { member: holder, vendor: 'JL', gameCode: 'crash' });
      const res = await app.inject({
        method: 'POST',
        url: playOpenCall.path,
        payload: { ticket: await provider.issueLaunchTicket(db, brandId, s.token) },
      });
      tokens.push(res.json().value.token);
    }
    const port = await benchPort();
    await app.listen({ port, host: '127.0.0.1' });
    players = startPlayers({ port, tokens });
    await players.next(); // every socket open and authenticated
    // A fresh betting window with time left (the bench reads the bust point: it is not a player).
    const fresh = (r: CrashRound | null): r is CrashRound =>
      r?.status === 'betting' && r.bettingEndsMs - Date.now() >= 9_000 && r.bust >= 150;
    let round = await latestRound(db, brandId);
    while (!fresh(round)) {
      await new Promise((r) => setTimeout(r, 50));
      round = await latestRound(db, brandId);
    }
    const flight = elapsedFor(round.bust);
    players.send({ type: 'play', roundNo: round.roundNo, runningMs: round.runningMs, flightMs: flight });
    const played = await players.next();
    if (played.type !== 'played') throw new Error('the players did not play');
    // Let the loop settle the round.
    const settledBy = Date.now() + 30_000;
    while (Date.now() < settledBy && (await latestRound(db, brandId))?.roundNo === round.roundNo) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const { bets, latencies, paid, refused, sockets } = played;
    const accepted = bets.filter((b) => b.success).length;
    const refusedBets = [...new Set(bets.filter((b) => !b.success).map((b) => b.code))].join(', ');
    const postings = await sql<{ n: bigint }>`
      SELECT count(*)::bigint AS n FROM provider_transactions WHERE round_id LIKE ${`crash-${round.roundNo}-%`} AND outcome = 'ok'`.execute(
      db.kysely,
    );
    console.log(`\nCrash: one round, ${PLAYERS} players with the game socket open (${label}, real clock)`);
    console.log(
      `  bets accepted          ${accepted}/${PLAYERS} over ${played.betSecs.toFixed(1)} s${refusedBets ? ` (refused: ${refusedBets})` : ''}`,
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
      `  wallet calls           ${calls} in ${played.roundSecs.toFixed(1)} s of betting and flight (${(calls / played.roundSecs).toFixed(0)} /s; raw single-row UPDATE ${raw.perSecond.toFixed(0)} /s)`,
    );
    console.log(`  sockets saw the bust   ${sockets.filter((x) => x.bust).length}/${PLAYERS}`);
    // Every player's live list must show every accepted bet and every paid cash-out.
    const complete = sockets.filter((x) => x.bets === accepted && x.cashouts === paid).length;
    console.log(`  live lists complete    ${complete}/${PLAYERS} sockets got every bet and cash-out`);
    const messages = sockets.map((x) => x.messages);
    const kb = sockets.reduce((a, x) => a + x.bytes, 0) / sockets.length / 1024;
    console.log(
      `  feed per socket        ${pct(messages, 50)} messages (${kb.toFixed(0)} kB) for ${accepted + paid} bets and cash-outs`,
    );
    const problems = await checkLedger(db);
    console.log(`  ledger invariants      ${problems.length === 0 ? 'hold' : problems.join('; ')}`);
  } finally {
    await players?.stop();
    await app.close();
  }
}
