/**
 * Login benchmark (docs/benchmarks.md), called from bench/run.ts:
 *  - the argon2id hash alone with the product's parameters (median of 50, in this process);
 *  - POST /wps/session/login against a real server on PGlite: logins per second and p50/p99
 *    latency with a few concurrent clients.
 * Every login carries its own ALTCHA solution, as in production. They are made before the timed
 * part: the bench knows the server's HMAC key (HUMAN_CHECK_HMAC_KEY) and signs challenges with
 * the server's algorithm and cost but a small starting counter (altcha deterministic mode), so
 * solving them takes a few key derivations instead of hundreds. The server's work per login —
 * verifying the signature, one PBKDF2 at the production cost, the replay check, argon2id, the
 * session — is exactly the production path; only the client's search is shortened.
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { loadConfig } from '../src/platform/config';
import { HUMAN_CHECK_ALGORITHM } from '../src/platform/human-check';
import { ARGON2_PARAMS, hashPassword } from '../src/platform/passwords';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 120);
const CLIENTS = Number(process.env.BENCH_LOGIN_CLIENTS ?? 4);
const HASH_SAMPLES = 50;
const PASSWORD = 'Bench#Lotus2024';

export type LoginBenchServer = { start(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }> };

const median = (xs: number[]) => percentile(xs, 50);
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
}

async function hashTimes(): Promise<number[]> {
  await hashPassword('warm-up');
  const out: number[] = [];
  for (let i = 0; i < HASH_SAMPLES; i++) {
    const t0 = performance.now();
    await hashPassword(`pw-${i}-${PASSWORD}`);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Challenges signed with the server's key at the server's cost, solved here (untimed). */
export async function solutions(n: number, hmacKey: string, cost: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const challenge = await createChallenge({
      algorithm: HUMAN_CHECK_ALGORITHM,
      cost,
      counter: i % 4,
      deriveKey,
      expiresAt: new Date(Date.now() + 10 * 60_000),
      hmacSignatureSecret: hmacKey,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('could not solve a challenge');
    out.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  return out;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: { success?: boolean } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { success?: boolean } };
}

export async function loginBench(server: LoginBenchServer): Promise<void> {
  const hashes = await hashTimes();
  const hmacKey = randomBytes(32).toString('hex');
  const cost = loadConfig({}).HUMAN_CHECK_COST;
  const srv = await server.start({
    HUMAN_CHECK_HMAC_KEY: hmacKey,
    // One address sends every login here; the product's per-address limits would stop a bench.
    LOGIN_RATE_PER_MINUTE: '1000000',
    RATE_LIMIT_MAX: '100000000',
  });
  try {
    const pool = await solutions(LOGINS + 1, hmacKey, cost);
    const username = `bench${Date.now().toString(36).slice(-8)}`;
    const reg = await post(`${srv.base}/wps/member/register`, {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      registerMethod: 'WEB',
      login: true,
      altcha: pool.pop(),
    });
    if (!reg.json.success) throw new Error(`bench registration failed: ${JSON.stringify(reg.json)}`);

    const latencies: number[] = [];
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let altcha = pool.pop(); altcha; altcha = pool.pop()) {
          const s = performance.now();
          const r = await post(`${srv.base}/wps/session/login`, {
            username,
            password: PASSWORD,
            type: 'username',
            altcha,
          });
          latencies.push(performance.now() - s);
          if (r.status !== 200 || !r.json.success) errors++;
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;

    const p = ARGON2_PARAMS;
    console.log(
      `\nLogin (PGlite; argon2id m=${p.memoryCost} KiB t=${p.timeCost} p=${p.parallelism}; ALTCHA PBKDF2 cost ${cost})`,
    );
    console.log(
      `  argon2id hash alone        median ${median(hashes).toFixed(1)} ms  p99 ${percentile(hashes, 99).toFixed(1)} ms  (${HASH_SAMPLES} hashes, one at a time)`,
    );
    console.log(
      `  POST /wps/session/login    ${(latencies.length / wall).toFixed(1)} logins/s  p50 ${median(latencies).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  errors ${errors}  (${latencies.length} logins, ${CLIENTS} clients, ${wall.toFixed(1)} s)`,
    );
    console.log(
      `  per-login cost vs hash     ${(median(latencies) / median(hashes)).toFixed(2)}× the hash time at p50`,
    );
  } finally {
    await srv.stop();
  }
}
