import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INHOUSE_VENDOR } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/cli-commands';
import * as provider from '../src/modules/provider/service';
import { type Database, openDatabase } from '../src/platform/db';
import { openTestPglite, TEST_ENGINE } from './harness';

// The operator commands over the embedded database (npm run khela -- …). Each opens and closes
// the data directory as its own process would; the process itself (what it prints and its exit
// code) is started for real once, below, and the commands run in this one, which is much faster.
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

const khela = (...args: string[]) => runCommand(args, env);

/** A win far over the demo brand's caps, made by the in-house vendor for `account`: it is held. */
async function heldWin(db: Database, account: string, txId: string) {
  const m = await db.kysely
    .selectFrom('members')
    .select(['id', 'brand_id', 'is_agent'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const member = { id: m.id, brandId: m.brand_id, isAgent: m.is_agent };
  const s = await provider.createGameSession(db, { member, vendor: INHOUSE_VENDOR, gameCode: 'slot' });
  const call = await provider.inProcessCall(
    { db, brandId: m.brand_id, brand: { currency: 'BDT', currencyDecimals: 2 } },
    INHOUSE_VENDOR,
  );
  if (!call) throw new Error('no in-house vendor');
  const common = { playerId: m.id.toString(), roundId: `r-${txId}`, gameCode: 'slot', currency: 'BDT' };
  await provider.bet(call, { ...common, txId: `b-${txId}`, token: s.token, amount: '1.00' });
  await provider.win(call, { ...common, txId, amount: '1000000.00' });
}

// The commands run on the embedded database whatever the pass (DATABASE_URL is empty), so the
// PostgreSQL pass of the suite would only repeat them.
describe.skipIf(TEST_ENGINE !== 'pglite')('npm run khela', () => {
  beforeAll(async () => {
    const db = await openTestPglite({ dataDir, seeded: true });
    await heldWin(db, 'weak1234', 'cli-held-1');
    await heldWin(db, 'weak1234', 'cli-held-2');
    await db.close();
  }, 60_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('credits and debits a wallet through the ledger, and says so', async () => {
    expect((await khela('balance', 'demo1234')).out).toBe('demo1234: 10000.00 BDT');
    const credit = await khela('adjust', 'DEMO1234', '250.50', '--reason', 'welcome bonus', '--key', 'cli-test-1');
    expect(credit).toMatchObject({ code: 0, out: 'posted: demo1234 now holds 10250.50 BDT' });
    const again = await khela('adjust', 'demo1234', '250.50', '--reason', 'welcome bonus', '--key', 'cli-test-1');
    expect(again.out).toBe('already posted under that key; nothing moved: demo1234 now holds 10250.50 BDT');
    expect((await khela('adjust', 'demo1234', '-0.50', '--reason', 'fee')).out).toBe(
      'posted: demo1234 now holds 10250.00 BDT',
    );
    expect(await khela('ledger-check')).toMatchObject({ code: 0, out: expect.stringMatching(/^ledger ok/) });
  }, 60_000);

  it('refuses bad input with a reason and moves nothing', async () => {
    const cases = [
      ['adjust', 'demo1234', '1.005', '--reason', 'x'],
      ['adjust', 'demo1234', '5'],
      ['adjust', 'demo1234', '-99999999', '--reason', 'x'],
      ['adjust', 'demo1234', '5', '--reason', 'x', '--category', 'bonus'],
      ['launch-rockets'],
    ];
    for (const args of cases) {
      const r = await khela(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err.length).toBeGreaterThan(0);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect((await khela('balance', 'demo1234')).out).toBe('demo1234: 10250.00 BDT');
  }, 60_000);

  it("names in the audit trail the operator of the command's environment, not of the process", async () => {
    const r = await runCommand(
      ['adjust', 'demo1234', '1', '--reason', 'audit actor', '--key', 'cli-actor-1', '--category', 'correction'],
      {
        ...env,
        USER: 'ops-anna',
      },
    );
    expect(r.code).toBe(0);
    const db = await openDatabase({ dataDir, small: true });
    try {
      const row = await db.kysely
        .selectFrom('audit_log')
        .select(['detail'])
        .where('event', '=', 'wallet.adjust')
        .where(sql<boolean>`detail->>'key' = 'cli-actor-1'`)
        .executeTakeFirstOrThrow();
      expect((row.detail as { actor: string }).actor).toBe('cli:ops-anna');
    } finally {
      await db.close();
    }
    expect(
      (await khela('adjust', 'demo1234', '-1', '--reason', 'undo the audit actor test', '--category', 'correction'))
        .code,
    ).toBe(0);
  }, 60_000);

  it('asks the turnover of the category: a correction none, the default (other) once', async () => {
    expect((await khela('adjust', 'demo1234', '40', '--reason', 'wrong debit', '--category', 'correction')).code).toBe(
      0,
    );
    expect((await khela('adjust', 'demo1234', '-40', '--reason', 'undo the test correction')).code).toBe(0);
    const db = await openDatabase({ dataDir, small: true });
    try {
      const rows = await db.kysely
        .selectFrom('turnover_requirements as t')
        .innerJoin('members as m', 'm.id', 't.member_id')
        .select(['t.required_minor'])
        .where('m.account', '=', 'demo1234')
        .where('t.source', '=', 'adjustment')
        .execute();
      // Only the first test's 250.50, given without a category.
      expect(rows.map((r) => r.required_minor)).toEqual([25050n]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('leaves an adjustment above the four-eyes threshold to the back office and moves nothing', async () => {
    for (const amount of ['10000.01', '-10000.01']) {
      const r = await khela('adjust', 'demo1234', amount, '--reason', 'large correction');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/above the brand's four-eyes threshold of 10000\.00 BDT/);
    }
    expect((await khela('balance', 'demo1234')).out).toBe('demo1234: 10250.00 BDT');
  }, 60_000);

  it('lists held wins and releases or voids each once', async () => {
    const list = await khela('held-wins');
    expect(list.code, list.err).toBe(0);
    const rows = list.out.split('\n');
    expect(rows[0]).toMatch(/^ID\s+HELD\s+VENDOR\s+TX\s+ACCOUNT/);
    expect(rows.slice(1).map((r) => r.split(/\s+/)[4])).toEqual(['cli-held-1', 'cli-held-2']);
    const [first, second] = rows.slice(1).map((r) => r.split(/\s+/)[0] as string);
    expect(list.out).toMatch(/cli-held-1\s+weak1234\s+slot\s+r-cli-held-1\s+1\.00\s+1000000\.00\s+BDT\s+ratio/);

    expect(await khela('release-win', first as string)).toMatchObject({
      code: 1,
      err: expect.stringContaining('--reason'),
    });
    const released = await khela('release-win', first as string, '--reason', 'checked with the vendor');
    expect(released).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^released: held win \d+ \(JL cli-held-1, 1000000\.00 BDT\) paid to weak1234, who now holds 1009998\.00 BDT$/,
      ),
    });
    expect((await khela('release-win', first as string, '--reason', 'again')).out).toMatch(
      /^already released; nothing moved/,
    );
    expect(await khela('void-win', first as string, '--reason', 'too late')).toMatchObject({
      code: 1,
      err: 'refused: CONFLICT',
    });
    const voided = await khela('void-win', second as string, '--reason', 'forged round');
    expect(voided.out).toMatch(/^voided: held win \d+ \(JL cli-held-2, 1000000\.00 BDT\) went to the house/);
    expect((await khela('held-wins')).out).toBe('no held wins in brand khela');
    expect((await khela('held-wins', '--status', 'voided')).out).toContain('forged round');
  }, 180_000);

  it('runs as its own process: prints the answer, or a reason with exit code 1 and no stack trace', () => {
    const cli = path.resolve(__dirname, '../src/cli.ts');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { env, encoding: 'utf8' });
    const ok = run('balance', 'demo1234');
    expect({ status: ok.status, out: ok.stdout, err: ok.stderr }).toEqual({
      status: 0,
      out: 'demo1234: 10250.00 BDT\n',
      err: '',
    });
    const bad = run('adjust', 'demo1234', '1.005', '--reason', 'x');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^\S.*\n/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('will not open the embedded database while a server has it', async () => {
    // A live process other than this one (which the check rightly takes for itself): the runner's.
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    try {
      const r = await khela('balance', 'demo1234');
      expect(r.code).toBe(1);
      expect(r.err).toContain('stop it first');
    } finally {
      rmSync(path.join(dataDir, 'server.pid'));
    }
  });
});
