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
 *    the browser gets them: what a Fastify route allows for an answer of that size on this
 *    machine, whatever the server does to make it (a plain Node server sends the same bytes
 *    faster still: docs/benchmarks.md).
 * Every window of a case is bracketed by two hello-world windows (hello, case, hello, next case,
 * hello …), and the case's ratio is the median over its windows of its rate against the mean of
 * the two hello-world windows beside it: the machine's speed drifts and jumps on a shared host
 * (a neighbour's burst, a frequency step), and a ratio taken within four seconds sees one speed
 * on both sides where a ratio of two medians taken over minutes does not. A rate printed is the
 * median of its windows.
 * Beside each rate, the server process's CPU time per request (from /proc, on Linux): whether a
 * figure moved because the server did more or because the machine ran slower.
 *
 * Each server is started twice (BENCH_DRAWS) and the bench keeps the process that spends
 * least CPU on a request (`fastestOf`): a Node process now and then comes out of its warm-up a
 * quarter to a third slower for the rest of its life, the same code, whichever server it is
 * (docs/benchmarks.md), and one such draw decided a whole run's ratio. Most such draws were a
 * young generation that V8 shrank in an idle spell, which Khela's start flags now prevent
 * (decision 0051); the bare servers keep Node's defaults. Every server gets the same number of
 * draws, so the ratios compare servers, not draws.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { type LoadGenerator, loadGenerator } from './load-generator';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 14);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WINDOWS = 7;
const PATH = '/wps/system/status';

export type BenchServer = { url: string; pid: number | undefined; stop(): Promise<void> };

/** Each starts a new process of its server: the bench starts several of each and keeps one (fastestOf). */
export type StatusBenchServers = {
  hello(): Promise<BenchServer>;
  /** A Khela server over a data directory of its own, so that several can run at once. */
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

/** The probe's windows, in seconds: the first of each process warms it, the second is measured. */
const PROBE_WINDOWS_S = [2, 2];
/** Processes started of each server, of which the bench keeps one. */
const DRAWS = Number(process.env.BENCH_DRAWS ?? 2);

/**
 * DRAWS processes of one server, started alike and loaded alike in alternating windows: the one
 * that spends least CPU on a request is kept, the others stopped. Where /proc is not there (CPU
 * unknown), the one that answered most requests.
 */
async function fastestOf(
  start: () => Promise<BenchServer>,
  path: string,
  generator: LoadGenerator,
): Promise<{ server: BenchServer; probe: string }> {
  const draws: { server: BenchServer; cost: number }[] = [];
  for (let i = 0; i < DRAWS; i++) draws.push({ server: await start(), cost: Number.NaN });
  for (const seconds of PROBE_WINDOWS_S) {
    for (const draw of draws) {
      const cpu0 = cpuSeconds(draw.server.pid);
      const r = await generator.run({ url: draw.server.url + path, headers: {}, connections: CONNECTIONS, seconds });
      const cpu = cpuSeconds(draw.server.pid) - cpu0;
      draw.cost = Number.isNaN(cpu) ? -r.requests : cpu / r.requests;
    }
  }
  draws.sort((a, b) => a.cost - b.cost);
  await Promise.all(draws.slice(1).map((d) => d.server.stop()));
  const costs = draws.map((d) => (d.cost < 0 ? `${-d.cost} requests` : `${(d.cost * 1e6).toFixed(0)} µs`));
  return {
    server: (draws[0] as { server: BenchServer }).server,
    probe: `${costs[0]} (others ${costs.slice(1).join(', ')})`,
  };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

type Tally = { requests: number; rates: number[]; ratios: number[]; cpu: number; p99: number[]; errors: number };

export async function statusBench(servers: StatusBenchServers) {
  const generator = loadGenerator();
  const probes: string[] = [];
  const kept = async (name: string, start: () => Promise<BenchServer>, path: string) => {
    const { server, probe } = await fastestOf(start, path, generator);
    probes.push(`${name} ${probe}`);
    return server;
  };
  const hello = await kept('hello-world', servers.hello, '/');
  const khela = await kept('Khela', servers.khela, PATH);
  const plain = await sent(khela.url + PATH, {});
  const browser = await sent(khela.url + PATH, BROWSER_HEADERS);
  const etag = plain.headers.etag ?? '';
  const copy = await kept('same bytes', () => servers.copy(plain.body, plain.headers), PATH);
  const browserCopy = await kept('browser bytes', () => servers.copy(browser.body, browser.headers), PATH);
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
    cases.map((c) => [c.name, { requests: 0, rates: [], ratios: [], cpu: 0, p99: [], errors: 0 }]),
  );
  // The load generators count an answer of another status as answered: each case's is checked here.
  for (const c of cases) {
    const { status } = await sent(c.url, c.headers);
    if (status !== c.ok) throw new Error(`${c.name}: ${status}, not ${c.ok}`);
  }
  const [helloCase, ...measured] = cases as [Case, ...Case[]];
  // Whole seconds: both load generators run a window of whole seconds.
  const seconds = Math.max(1, Math.round(DURATION_S / WINDOWS));
  const load0 = loadavg()[0] ?? 0;
  try {
    const window = async (c: Case, s: number) => {
      const tally = tallies.get(c.name) as Tally;
      const cpu0 = cpuSeconds(c.server.pid);
      const r = await generator.run({ url: c.url, headers: c.headers, connections: CONNECTIONS, seconds: s });
      tally.cpu += cpuSeconds(c.server.pid) - cpu0;
      tally.requests += r.requests;
      tally.rates.push(r.requests / s);
      tally.p99.push(r.p99Ms);
      tally.errors += r.errors;
      return r.requests / s;
    };
    for (const c of cases)
      await generator.run({ url: c.url, headers: c.headers, connections: CONNECTIONS, seconds: 2 });
    let before = await window(helloCase, seconds);
    for (let w = 0; w < WINDOWS; w++) {
      for (const c of w % 2 === 0 ? measured : [...measured].reverse()) {
        const rate = await window(c, seconds);
        const after = await window(helloCase, seconds);
        (tallies.get(c.name) as Tally).ratios.push(rate / ((before + after) / 2));
        before = after;
      }
    }
  } finally {
    await Promise.all([hello.stop(), khela.stop(), copy.stop(), browserCopy.stop()]);
  }
  const load1 = loadavg()[0] ?? 0;
  const tally = (name: string) => tallies.get(name) as Tally;
  const rate = (name: string) => median(tally(name).rates);
  const ratio = (name: string) => median(tally(name).ratios);
  // The call against its bare copy, window by window: each measured in the same round.
  const ofPair = (name: string, pair: string) =>
    median(tally(name).ratios.map((r, i) => r / (tally(pair).ratios[i] ?? Number.NaN)));
  console.log(
    `\nRequests per second (${generator.name}, ${CONNECTIONS} connections, ${DURATION_S} s each in ${WINDOWS} windows per case, each between two hello-world windows, median ratio, same machine; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores)`,
  );
  // Beside each full call's target, the part the server itself decides: the call against the bare
  // app sending its very bytes and headers (a 304 sends none of that body, so it has no such pair).
  const target = (name: string) => {
    const size = sizes.get(name);
    if (size !== undefined) return `  (what a Fastify route allows for ${size.toLocaleString('en')} bytes)`;
    const pair = pairs.get(name);
    if (pair) return `  (target ≥ 0.80×; ${ofPair(name, pair.name).toFixed(2)}× of the same bytes sent bare)`;
    return name === helloCase.name ? '' : '  (target ≥ 0.80×)';
  };
  console.log(
    `  Of ${DRAWS} processes per server, the one kept (server CPU a request in the probe): ${probes.join('; ')}`,
  );
  for (const c of cases) {
    const t = tally(c.name);
    const p99 = median(t.p99);
    const cpu = Number.isNaN(t.cpu) ? '' : `  server CPU ${((t.cpu / t.requests) * 1e6).toFixed(0)} µs/request`;
    // The middle half of its windows' ratios beside the median: how much the machine moved.
    const sorted = [...t.ratios].sort((a, b) => a - b);
    const quartile = (q: number) => (sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN).toFixed(2);
    const shown = c === helloCase ? '' : `  ${ratio(c.name).toFixed(2)}× (${quartile(0.25)}–${quartile(0.75)})`;
    console.log(
      `  ${c.name.padEnd(42)} ${rate(c.name).toFixed(0).padStart(6)} req/s  p99 ${Number(p99.toFixed(1))} ms  errors ${t.errors}${cpu}${shown}${target(c.name)}`,
    );
  }
}
