/**
 * `npm run bench`: prints figures, asserts nothing (targets are read by people, not tests).
 *  1. Start-up to the first answered request on PGlite, with a fresh and with an existing data directory.
 *  2. Requests per second of GET /wps/system/status, in full and revalidated (304), against a bare
 *     Fastify hello-world started in the same run on the same machine, as ratios (target ≥ 0.8×),
 *     beside a bare Fastify app sending the same bytes (bench/status.ts).
 *  3. Logins per second and p50/p99 beside the argon2id hash time alone (bench/login.ts).
 *  4. The ledger against raw UPDATEs on PostgreSQL and PGlite, and the balance push latency with
 *     1,000 sockets open (bench/money.ts).
 *  5. One crash round with 1,000 players on the game socket: bets accepted, cash-out latency,
 *     wallet calls, what the feed sent each socket, and the ledger's invariants (bench/crash.ts).
 *  6. The site on a phone: Lighthouse mobile on four pages (bench/web.ts).
 *  7. The back office's player search over 1,000,000 members on PostgreSQL (bench/backoffice.ts).
 *  8. The back office's dashboard over ten million rounds on PostgreSQL (bench/dashboard.ts).
 *  9. Deposit credits from signed webhooks over 1,000 players against a raw two-row transfer on
 *     PostgreSQL (bench/cashier.ts).
 *     and The finance desk's queue of 100,000 open requests on PostgreSQL (bench/cashier-queue.ts).
 * Each server runs in its own process; autocannon drives it from this one. The crash round's
 * server runs in this process and its players on a worker thread (bench/crash-players.ts).
 *
 * Sections by name run alone: `npm run bench -- web` (or `startup status login money crash web backoffice dashboard cashier`,
 * any of them). Ports come from BENCH_PORT on, or are free ones the system gives (bench/ports.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFlags } from '../scripts/start-flags';
import { backofficeBench } from './backoffice';
import { cashierBench } from './cashier';
import { cashierQueueBench } from './cashier-queue';
import { crashBench } from './crash';
import { dashboardBench } from './dashboard';
import { loginBench } from './login';
import { moneyBench } from './money';
import { benchPort } from './ports';
import { type BenchServer, statusBench } from './status';
import { webBench } from './web';

const here = path.dirname(new URL(import.meta.url).pathname);
const serverDir = path.resolve(here, '..');

const MAIN = 'src/main.ts';

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  // A Khela server runs as `npm start` runs it; the bare Fastify servers with Node's defaults.
  const flags = args[0] === MAIN ? startFlags() : [];
  return spawn(process.execPath, ['--import', 'tsx', ...flags, ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function startupMs(dataDir: string, port: number): Promise<number> {
  const t0 = performance.now();
  const child = startProcess([MAIN], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  try {
    await waitFor(`http://127.0.0.1:${port}/wps/system/status`);
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

const SECTIONS = ['startup', 'status', 'login', 'money', 'crash', 'web', 'backoffice', 'dashboard', 'cashier'] as const;
type Section = (typeof SECTIONS)[number];

/** The sections named on the command line, or all of them. */
function sectionsWanted(): Set<Section> {
  const named = process.argv.slice(2);
  const unknown = named.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`unknown bench section ${unknown.join(', ')}: one of ${SECTIONS.join(' ')}`);
  return new Set(named.length > 0 ? (named as Section[]) : SECTIONS);
}

/** A Khela server in its own process on the bench's next port, over `dataDir`. */
async function khelaServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await benchPort();
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess([MAIN], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env });
  // A fresh data directory is created, migrated and seeded first: minutes on a busy machine.
  await waitFor(`${base}/wps/system/status`, 180_000);
  return { base, stop: () => stop(child) };
}

async function main() {
  const wanted = sectionsWanted();
  console.log(`Khela benchmark — ${new Date().toISOString()} — node ${process.version}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-bench-'));
  try {
    if (wanted.has('startup')) {
      const fresh = await startupMs(dataDir, await benchPort());
      const existing = await startupMs(dataDir, await benchPort());
      console.log('\nStart-up to first answered request (PGlite)');
      console.log(`  fresh data directory     ${fresh.toFixed(0)} ms  (create, migrate, seed)`);
      console.log(`  existing data directory  ${existing.toFixed(0)} ms`);
    }

    if (wanted.has('status')) {
      const server = async (args: string[], env: Record<string, string>): Promise<BenchServer> => {
        const port = await benchPort();
        const child = startProcess(args, { ...env, PORT: String(port) });
        const url = `http://127.0.0.1:${port}`;
        await waitFor(args[0] === 'bench/hello.ts' ? `${url}/` : `${url}/wps/system/status`);
        return { url, pid: child.pid, stop: () => stop(child) };
      };
      // The bench runs several Khela processes at once (bench/status.ts), each over its own copy of
      // the data directory, seeded first: PGlite's data belongs to one process.
      await (await khelaServer(dataDir)).stop();
      const khela = async (): Promise<BenchServer> => {
        const copy = mkdtempSync(path.join(tmpdir(), 'khela-bench-status-'));
        cpSync(dataDir, copy, { recursive: true });
        const started = await server([MAIN], {
          DATA_DIR: copy,
          HOST: '127.0.0.1',
          RATE_LIMIT_MAX: '100000000',
        });
        return {
          ...started,
          async stop() {
            await started.stop();
            rmSync(copy, { recursive: true, force: true });
          },
        };
      };
      await statusBench({
        hello: () => server(['bench/hello.ts'], {}),
        khela,
        copy: (body, headers) =>
          server(['bench/status-copy.ts'], {
            STATUS_BODY: body.toString('base64'),
            STATUS_HEADERS: JSON.stringify(headers),
          }),
      });
    }

    if (wanted.has('login')) await loginBench({ start: (env) => khelaServer(dataDir, env) });
    if (wanted.has('money')) await moneyBench();
    if (wanted.has('crash')) await crashBench();
    if (wanted.has('web')) await webBench({ start: (env) => khelaServer(dataDir, env) });
    if (wanted.has('backoffice')) await backofficeBench();
    if (wanted.has('dashboard')) await dashboardBench();
    if (wanted.has('cashier')) {
      await cashierBench();
      await cashierQueueBench();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
