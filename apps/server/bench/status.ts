/**
 * Status benchmark (docs/benchmarks.md), called from bench/run.ts: requests per second of
 * GET /wps/system/status against a bare Fastify hello-world, each server in its own process on
 * the same machine, measured in alternating windows so that every figure sees the same load:
 *  - the full answer (about 2 KB), as a client that accepts no encoding gets it;
 *  - the answer as a browser asks for it on a first page view (Accept-Encoding as Chromium sends
 *    it): the same answer, compressed once and kept;
 *  - the answer revalidated, as the visitor's browser asks on every later page view
 *    (If-None-Match → 304 without a body);
 *  - a bare Fastify app sending the same bytes as a constant with the same headers, plain and as
 *    the browser gets them: what an answer of that size allows on this machine, whatever the
 *    server does to make it.
 * Beside each rate, the server process's CPU time per request (from /proc, on Linux): on a
 * shared machine the rates move with other work, the CPU a request costs much less.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { loadGenerator } from './load-generator';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WINDOWS = 5;
const PATH = '/wps/system/status';

export type BenchServer = { url: string; pid: number | undefined; stop(): Promise<void> };

export type StatusBenchServers = {
  hello(): Promise<BenchServer>;
  khela(): Promise<BenchServer>;
  /** A bare Fastify app answering `body` with `headers` (bench/status-copy.ts). */
  copy(body: Buffer, headers: Record<string, string>): Promise<BenchServer>;
};

/**
 * The headers of an answer that describe it, its tag and Vary included (not the connection's,
 * not its length or date, which the copy's server writes itself): the copy sends what the
 * status call sends, header for header.
 */
const KEPT_HEADERS =
  /^(content-type|content-encoding|cache-control|content-security-policy|x-|referrer-policy|cross-origin-|strict-|etag$|vary$)/;

/** What Chromium asks for on every request: the site's real visitors send it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** An answer as sent (fetch would decode a compressed body): its kept headers and its bytes. */
function sent(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (KEPT_HEADERS.test(name) && value !== undefined) kept[name] = String(value);
        }
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: kept });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** CPU seconds a process has used (user + system), or NaN where /proc is not there. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

type Tally = { requests: number; seconds: number; cpu: number; p99: number[]; errors: number };

export async function statusBench(servers: StatusBenchServers) {
  const hello = await servers.hello();
  const khela = await servers.khela();
  const plain = await sent(khela.url + PATH, {});
  const browser = await sent(khela.url + PATH, BROWSER_HEADERS);
  const etag = plain.headers.etag ?? '';
  const copy = await servers.copy(plain.body, plain.headers);
  const browserCopy = await servers.copy(browser.body, browser.headers);
  type Case = { name: string; server: BenchServer; url: string; headers: Record<string, string>; ok: number };
  const cases: Case[] = [
    { name: 'bare Fastify hello-world', server: hello, url: `${hello.url}/`, headers: {}, ok: 200 },
    { name: 'bare Fastify sending the same bytes', server: copy, url: copy.url + PATH, headers: {}, ok: 200 },
    { name: `GET ${PATH}`, server: khela, url: khela.url + PATH, headers: {}, ok: 200 },
    {
      name: '  … the bytes a browser gets, sent bare',
      server: browserCopy,
      url: browserCopy.url + PATH,
      headers: BROWSER_HEADERS,
      ok: 200,
    },
    { name: '  … as a browser asks for it', server: khela, url: khela.url + PATH, headers: BROWSER_HEADERS, ok: 200 },
    {
      name: `GET ${PATH}, revalidated (304)`,
      server: khela,
      url: khela.url + PATH,
      headers: { 'if-none-match': etag },
      ok: 304,
    },
  ];
  const pairs = new Map([
    [cases[2]?.name, cases[1]],
    [cases[4]?.name, cases[3]],
  ]);
  const sizes = new Map([
    [cases[1]?.name, plain.body.length],
    [cases[3]?.name, browser.body.length],
  ]);
  const tallies = new Map<string, Tally>(
    cases.map((c) => [c.name, { requests: 0, seconds: 0, cpu: 0, p99: [], errors: 0 }]),
  );
  // The load generators count an answer of another status as answered: each case's is checked here.
  for (const c of cases) {
    const { status } = await sent(c.url, c.headers);
    if (status !== c.ok) throw new Error(`${c.name}: ${status}, not ${c.ok}`);
  }
  const generator = loadGenerator();
  const load0 = loadavg()[0] ?? 0;
  try {
    const window = (c: Case, seconds: number) =>
      generator.run({ url: c.url, headers: c.headers, connections: CONNECTIONS, seconds });
    for (const c of cases) await window(c, 2);
    for (let w = 0; w < WINDOWS; w++) {
      for (const c of w % 2 === 0 ? cases : [...cases].reverse()) {
        const tally = tallies.get(c.name) as Tally;
        const cpu0 = cpuSeconds(c.server.pid);
        // Whole seconds: both load generators run a window of whole seconds.
        const seconds = Math.max(1, Math.round(DURATION_S / WINDOWS));
        const r = await window(c, seconds);
        tally.cpu += cpuSeconds(c.server.pid) - cpu0;
        tally.requests += r.requests;
        tally.seconds += seconds;
        tally.p99.push(r.p99Ms);
        tally.errors += r.errors;
      }
    }
  } finally {
    await Promise.all([hello.stop(), khela.stop(), copy.stop(), browserCopy.stop()]);
  }
  const load1 = loadavg()[0] ?? 0;
  const rate = (name: string) => {
    const t = tallies.get(name) as Tally;
    return t.requests / t.seconds;
  };
  const base = rate(cases[0]?.name ?? '');
  console.log(
    `\nRequests per second (${generator.name}, ${CONNECTIONS} connections, ${DURATION_S} s each in ${WINDOWS} alternating windows, same machine; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores)`,
  );
  // Beside each full call's target, the part the server itself decides: the call against the bare
  // app sending its very bytes and headers (a 304 sends none of that body, so it has no such pair).
  const target = (name: string) => {
    const size = sizes.get(name);
    if (size !== undefined) return `  (what an answer of ${size.toLocaleString('en')} bytes allows)`;
    const pair = pairs.get(name);
    if (pair) return `  (target ≥ 0.80×; ${(rate(name) / rate(pair.name)).toFixed(2)}× of the same bytes sent bare)`;
    return name === cases[0]?.name ? '' : '  (target ≥ 0.80×)';
  };
  for (const c of cases) {
    const t = tallies.get(c.name) as Tally;
    const p99 = [...t.p99].sort((a, b) => a - b)[Math.floor(t.p99.length / 2)];
    const cpu = Number.isNaN(t.cpu) ? '' : `  server CPU ${((t.cpu / t.requests) * 1e6).toFixed(0)} µs/request`;
    const ratio = c === cases[0] ? '' : `  ${(rate(c.name) / base).toFixed(2)}×`;
    console.log(
      `  ${c.name.padEnd(42)} ${rate(c.name).toFixed(0).padStart(6)} req/s  p99 ${Number(p99?.toFixed(1))} ms  errors ${t.errors}${cpu}${ratio}${target(c.name)}`,
    );
  }
}
