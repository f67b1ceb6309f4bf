import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';

// The operator commands run as their own process over the embedded database, as an operator
// would run them (npm run khela -- …).
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-cli-'));
const cli = path.resolve(__dirname, '../src/cli.ts');

function khela(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

beforeAll(async () => {
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await seedDemo(db);
  await db.close();
}, 60_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run khela', () => {
  it('credits and debits a wallet through the ledger, and says so', () => {
    expect(khela('balance', 'demo1234').out).toBe('demo1234: 10000.00 BDT');
    const credit = khela('adjust', 'DEMO1234', '250.50', '--reason', 'welcome bonus', '--key', 'cli-test-1');
    expect(credit).toMatchObject({ code: 0, out: 'posted: demo1234 now holds 10250.50 BDT' });
    const again = khela('adjust', 'demo1234', '250.50', '--reason', 'welcome bonus', '--key', 'cli-test-1');
    expect(again.out).toBe('already posted under that key; nothing moved: demo1234 now holds 10250.50 BDT');
    expect(khela('adjust', 'demo1234', '-0.50', '--reason', 'fee').out).toBe('posted: demo1234 now holds 10250.00 BDT');
    expect(khela('ledger-check')).toMatchObject({ code: 0, out: expect.stringMatching(/^ledger ok/) });
  }, 60_000);

  it('refuses bad input with a reason and moves nothing', () => {
    const cases = [
      ['adjust', 'demo1234', '1.005', '--reason', 'x'],
      ['adjust', 'demo1234', '5'],
      ['adjust', 'demo1234', '-99999999', '--reason', 'x'],
      ['launch-rockets'],
    ];
    for (const args of cases) {
      const r = khela(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err.length).toBeGreaterThan(0);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(khela('balance', 'demo1234').out).toBe('demo1234: 10250.00 BDT');
  }, 60_000);

  it('will not open the embedded database while a server has it', () => {
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    try {
      const r = khela('balance', 'demo1234');
      expect(r.code).toBe(1);
      expect(r.err).toContain('stop it first');
    } finally {
      rmSync(path.join(dataDir, 'server.pid'));
    }
  });
});
