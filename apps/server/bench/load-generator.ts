/**
 * The load generator of the request-rate benchmarks (bench/status.ts): wrk, a load generator
 * written in C, where it is installed (Debian: `apt-get install wrk`), else autocannon.
 *
 * On a two-core machine the server and the load generator get one core each, and the rate is that
 * of the slower side. autocannon parses every answer with a JavaScript HTTP parser and decodes its
 * body into a string, so the larger an answer and the more header lines it has, the more of its
 * core it spends per answer: on a 1,371-byte answer with 14 header lines it became the slower
 * side, and every answer of that size then read about 0.7× of a hello-world whatever the server
 * did (docs/benchmarks.md). wrk spends a fraction of that, so what it measures is the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

export type LoadWindow = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
};

/** What one window of load did: answers counted, their p99 latency, and the failures. */
export type LoadResult = { requests: number; p99Ms: number; errors: number };

export type LoadGenerator = { name: string; run(window: LoadWindow): Promise<LoadResult> };

/** wrk prints a latency as `812.00us`, `1.52ms` or `1.02s`. */
function milliseconds(latency: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(latency.trim());
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
}

/**
 * What wrk printed, read: the answers it counted, the 99th percentile of its latency
 * distribution, and every failure — socket errors and answers that were neither 2xx nor 3xx.
 */
export function readWrk(output: string): LoadResult {
  const requests = Number(/(\d+) requests in /.exec(output)?.[1] ?? Number.NaN);
  const p99Ms = milliseconds(/^\s*99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { requests, p99Ms, errors: socketErrors + refused };
}

const wrk: LoadGenerator = {
  name: 'wrk',
  run({ url, headers, connections, seconds }) {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    args.push(url);
    return new Promise((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        const result = readWrk(output);
        if (code !== 0 || Number.isNaN(result.requests)) reject(new Error(`wrk ${args.join(' ')}:\n${output}`));
        else resolve(result);
      });
    });
  },
};

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  async run({ url, headers, connections, seconds }) {
    const r = await autocannon({ url, headers, connections, duration: seconds });
    const answered = Object.entries((r.statusCodeStats ?? {}) as Record<string, { count?: number }>)
      .filter(([code]) => code.startsWith('2') || code.startsWith('3'))
      .reduce((sum, [, s]) => sum + (s.count ?? 0), 0);
    return {
      requests: r.requests.total,
      p99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + (r.requests.total - answered),
    };
  },
};

/** wrk when it is on the PATH (or BENCH_LOAD=wrk), autocannon otherwise or with BENCH_LOAD=autocannon. */
export function loadGenerator(): LoadGenerator {
  const wanted = process.env.BENCH_LOAD;
  if (wanted === 'autocannon') return autocannonGenerator;
  const installed = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  if (wanted === 'wrk' && !installed) throw new Error('BENCH_LOAD=wrk, but wrk is not installed (apt-get install wrk)');
  if (installed) return wrk;
  console.log(
    '  (wrk is not installed — `apt-get install wrk` — so autocannon drives the load: on two cores it is the slower side for a larger answer)',
  );
  return autocannonGenerator;
}
