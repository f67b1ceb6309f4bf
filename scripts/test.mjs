#!/usr/bin/env node
// `npm test`: everything a change needs, in order, on a fresh machine too.
//   check (typecheck + lint), then the games' unit tests, beside the production build and the
//   contract, client, web and back office unit tests → server (PGlite, then PostgreSQL; the
//   rate limits again on Redis) → bundle budgets (size-limit) → end-to-end tests in Debian's Chromium.
// Ends with one line 'N passed, N failed' counting every test of every suite.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test's file, name and the first lines of its failure, repeated at the very end. */
const failedTests = [];
const only = process.argv.slice(2); // e.g. `npm test -- server web` runs only those steps

function run(label, cmd, args, opts = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

/**
 * Starts a step in the background, its output held in a file so it does not interleave with
 * the steps in the foreground (a pipe would stall it while a foreground step blocks this
 * process); `finish()` prints it under its label and counts the step, and the tests of the
 * vitest report it names, if any.
 */
function background(label, cmd, args, reports = []) {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'khela-step-')), 'output.txt');
  const fd = openSync(log, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const code = new Promise((resolve) => {
    child.on('close', resolve);
    child.on('error', (e) => {
      appendFileSync(log, `${e.message}\n`);
      resolve(1);
    });
  });
  return {
    async finish() {
      const status = await code;
      console.log(`\n▶ ${label}`);
      process.stdout.write(readFileSync(log));
      rmSync(path.dirname(log), { recursive: true, force: true });
      for (const report of reports) count(report, status === 0);
      if (status !== 0) failures.push(label);
      return status === 0;
    },
  };
}

/** A failure's message and the first of its own stack frames (none from node_modules or the engine). */
const firstLines = (message = '') =>
  message
    .split('\n')
    .filter((line) => !/\/node_modules\/|<anonymous>/.test(line))
    .slice(0, 4)
    .join('\n    ');

/** Adds a vitest JSON report's counts to the total (a run that failed without one counts as a failure). */
function count(report, ok) {
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    results.passed += r.numPassedTests;
    results.failed += r.numFailedTests;
    results.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name ?? '');
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        failedTests.push(`${where} › ${t.fullName}\n    ${firstLines(t.failureMessages?.[0])}`);
      }
      // A file that failed before any of its tests ran (an import, a hook) has no test to name.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${where}\n    ${firstLines(file.message)}`);
    }
    if (!ok && r.numFailedTests === 0) results.failed += 1; // a suite that failed to load
    rmSync(path.dirname(report), { recursive: true, force: true });
  } else if (!ok) {
    results.failed += 1;
  }
}

const reportPath = () => path.join(mkdtempSync(path.join(tmpdir(), 'khela-test-')), 'report.json');
const vitestArgs = (out) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`];

/** Runs one vitest project and adds its counts to the total. */
function vitest(label, cwd, env = {}, extra = []) {
  const out = reportPath();
  const ok = run(label, 'npx', [...vitestArgs(out), ...extra], { cwd: path.join(root, cwd), env });
  count(out, ok);
  return ok;
}

/** Whether a local service answers on `port` (PostgreSQL 5432, Redis 6379). */
function reachable(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.setTimeout(1500);
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Browser tests drive Debian's Chromium: install it when missing (test tools cannot download one). */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('\n▶ installing Debian chromium for the browser tests');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    process.getuid?.() === 0
      ? spawnSync('apt-get', args, { stdio: 'inherit', env })
      : spawnSync('sudo', ['-E', 'apt-get', ...args], { stdio: 'inherit', env });
  const a = apt('update', '-qq');
  const b = apt('install', '-y', '-qq', 'chromium');
  return a.status === 0 && b.status === 0 && existsSync('/usr/bin/chromium');
}

const want = (step) => only.length === 0 || only.includes(step);

// The server suites and the browser tests start from the same migrated databases: the first
// suite builds them into this directory and the others load them (apps/server/test/global-setup.ts).
const templates = mkdtempSync(path.join(tmpdir(), 'khela-test-templates-'));
process.env.KHELA_TEST_TEMPLATES = templates;
process.on('exit', () => rmSync(templates, { recursive: true, force: true }));

// Two lanes on a 2-core machine, each about one core's work and about as long as the other: the
// typecheck and lint (one project after another) and the games' unit tests (their simulations are
// one long computation) in the background, beside the build and the other unit suites in the
// foreground. Both are awaited before the server suites, which want both cores to themselves.
const laneSuites = [['games', 'games unit tests', 'packages/games']].filter(([step]) => want(step));
const laneReports = laneSuites.map(() => reportPath());
const laneSteps = [
  ...(want('check') ? ['npm run check'] : []),
  ...laneSuites.map(([, , dir], i) => `cd ${dir} && npx ${vitestArgs(laneReports[i]).join(' ')}`),
];
const lane =
  laneSteps.length > 0
    ? background(
        [...(want('check') ? ['typecheck and lint'] : []), ...laneSuites.map(([, label]) => label)].join(', then '),
        'sh',
        // Every step runs; the lane fails when any of them did.
        ['-c', `status=0; ${laneSteps.map((c) => `(${c}) || status=1;`).join(' ')} exit $status`],
        laneReports,
      )
    : undefined;
const built =
  (want('build') || want('size') || want('e2e')) &&
  run('production build of the web app and the back office', 'npm', ['run', 'build']);
if (want('contract')) vitest('contract unit tests', 'packages/contract');
if (want('client')) vitest('client unit tests', 'packages/client');
if (want('web')) vitest('web tests', 'apps/web');
if (want('admin')) vitest('admin tests', 'apps/admin');
await lane?.finish();
if (want('server')) {
  vitest('server tests on embedded PGlite', 'apps/server', { KHELA_TEST_DB: 'pglite' });
  if (await reachable(5432)) {
    vitest('server tests on PostgreSQL', 'apps/server', { KHELA_TEST_DB: 'postgres' });
  } else if (process.env.KHELA_REQUIRE_POSTGRES === '1') {
    console.error('PostgreSQL is required (KHELA_REQUIRE_POSTGRES=1) but 127.0.0.1:5432 does not answer');
    failures.push('server tests on PostgreSQL');
    results.failed += 1;
  } else {
    console.log('\n(PostgreSQL not reachable on 127.0.0.1:5432: the PostgreSQL pass of the server suite is skipped)');
  }
  // The rate limits once more with their counters in Redis (REDIS_URL), as a deployment of
  // several processes runs them; the PGlite pass above ran them in memory.
  if (await reachable(6379)) {
    vitest(
      'rate limits on Redis',
      'apps/server',
      { KHELA_TEST_DB: 'pglite', KHELA_TEST_REDIS: 'redis://127.0.0.1:6379' },
      ['test/rate-limits.test.ts'],
    );
  } else {
    console.log('\n(Redis not reachable on 127.0.0.1:6379: the Redis pass of the rate limits is skipped)');
  }
}
if (want('size') && built) run('bundle budgets (size-limit)', 'npx', ['size-limit']);
if (want('e2e') && built) {
  if (ensureChromium()) vitest('end-to-end tests in Chromium', 'e2e');
  else {
    failures.push('chromium install');
    results.failed += 1;
  }
}

// Last, where a log's tail shows them: which tests failed, and why.
if (failedTests.length > 0) console.log(`\n✗ failed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${failures.length ? `✗ failed steps: ${failures.join(', ')}` : '✓ every step passed'}`);
console.log(
  `${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
