import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandCommand } from '../src/cli-back-office';
import { loadConfig } from '../src/platform/config';
import { DemoSeedRefused, seedDemo } from '../src/seed/demo';
import { DEMO_OWNER_USERNAME, demoOwnerSetupLink } from '../src/seed/demo-owner';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { codeAt, LINK_BASE, post, STAFF_PASSWORD, TEST_SECRETS_KEY } from './staff-helpers';

describe('SEED_DEMO', () => {
  it('is on by default outside production, off in production, and what it is told when set', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });
});

describe(`the demo seed on a database holding an operator's brand on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' }, { seed: false });
  });
  afterAll(() => t.close());

  it('refuses to run, and seeds no demo brand and no demo accounts', async () => {
    await brandCommand(t.db, ['create'], {
      code: 'realbrand',
      domain: 'real.example',
      currency: 'BDT',
      languages: 'bn',
    });
    await expect(seedDemo(t.db)).rejects.toThrow(DemoSeedRefused);
    await expect(seedDemo(t.db)).rejects.toThrow(/realbrand.*SEED_DEMO=false/);
    const brands = await t.db.kysely.selectFrom('brands').select(['merchant_code', 'operator_brand']).execute();
    expect(brands).toEqual([{ merchant_code: 'realbrand', operator_brand: true }]);
    const members = await t.db.kysely
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(0);
  });
});

describe(`the demo owner's set-up link at start on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  });
  afterAll(() => t.close());

  const tokenOf = (link: string) => link.split('/admin/setup/')[1] as string;

  it('makes the owner once; a later start replaces an unused link, and prints nothing once one is used', async () => {
    const first = await demoOwnerSetupLink(t.db, LINK_BASE);
    expect(first).toMatchObject({ created: true, expiresHours: 24 });
    expect(first?.link).toMatch(new RegExp(`^${LINK_BASE}/admin/setup/`));
    const owners = await t.db.kysely.selectFrom('staff').select(['username', 'roles']).execute();
    expect(owners).toEqual([{ username: DEMO_OWNER_USERNAME, roles: ['owner'] }]);

    // Restart with the link unopened: a new one, and the old one opens nothing.
    const second = await demoOwnerSetupLink(t.db, LINK_BASE);
    expect(second).toMatchObject({ created: false });
    expect(second?.link).not.toBe(first?.link);
    const stale = await post(t, staffSetupPasswordCall, {
      token: tokenOf(first?.link ?? ''),
      password: STAFF_PASSWORD,
    });
    expect(stale.json().code).toBe('SETUP_LINK_INVALID');

    // Opened (a password chosen) and still live: left alone for its holder to finish.
    const token = tokenOf(second?.link ?? '');
    const setup = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
    expect(setup.statusCode).toBe(200);
    expect(await demoOwnerSetupLink(t.db, LINK_BASE)).toBeNull();

    const confirm = await post(t, staffSetupConfirmCall, { token, code: await codeAt(setup.json().value.secret) });
    expect(confirm.statusCode).toBe(200);
    expect(await demoOwnerSetupLink(t.db, LINK_BASE)).toBeNull();
    expect(await t.db.kysely.selectFrom('staff').select('username').execute()).toHaveLength(1);
  });
});

// The embedded database whatever the pass: the PostgreSQL pass would only repeat it.
describe.skipIf(TEST_ENGINE !== 'pglite')('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-gating-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses, with a sentence, to open a data directory another live server holds', () => {
    // This test's own process stands for the running server.
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../src/main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `Khela failed to start: the Khela server (pid ${process.pid}) has the embedded database in ${dataDir} open, and PGlite allows one process: stop it first (or use PostgreSQL with DATABASE_URL)`,
    );
  }, 60_000);
});
