import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staffMeCall, staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandCommand, staffCommand, UsageError } from '../src/cli-back-office';
import { SECRETS_KEY_FILE, seal, secretsKeyOf, secretsKeyWarning, unseal } from '../src/platform/secrets-key';
import { createTestApp, type TestApp } from './harness';
import { bearerOf, codeAt, loginStaff, STAFF_PASSWORD, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
});
afterAll(() => t.close());

const HOST = 'play.newbrand.example';

describe('starting a real brand from the command line', () => {
  it('creates a brand with no demo content, and an owner who sets up from the printed link on its host', async () => {
    const out = await brandCommand(t.db, ['create'], {
      code: 'newbrand',
      domain: HOST,
      currency: 'BDT',
      languages: 'bn,en',
    });
    expect(out).toContain('created brand newbrand');
    const brand = await t.db.kysely
      .selectFrom('brands')
      .selectAll()
      .where('merchant_code', '=', 'newbrand')
      .executeTakeFirstOrThrow();
    expect(brand).toMatchObject({
      currency: 'BDT',
      currency_symbol: '৳',
      languages: ['bn', 'en'],
      default_language: 'bn',
    });
    // The demo brand stays the default; the new one answers its own host.
    expect(brand.is_default).toBe(false);
    for (const table of ['members', 'games', 'banners', 'promotions', 'announcements'] as const) {
      const n = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('brand_id', '=', brand.id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    await expect(
      brandCommand(t.db, ['create'], { code: 'newbrand', domain: 'other.example', currency: 'BDT', languages: 'bn' }),
    ).rejects.toThrow(UsageError);

    const printed = await staffCommand(t.db, 'https://ops.example.com', ['create'], {
      brand: 'newbrand',
      username: 'boss',
      role: 'owner',
    });
    const link = /https:\/\/ops\.example\.com\/admin\/setup\/([A-Za-z0-9_-]+)/.exec(printed);
    expect(link, printed).not.toBeNull();
    expect(printed).toContain('24 hours');
    const token = link?.[1] as string;

    const onHost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { host: HOST } });
    const setup = await onHost(staffSetupPasswordCall.path, { token, password: STAFF_PASSWORD });
    const { secret } = setup.json().value;
    expect((await onHost(staffSetupConfirmCall.path, { token, code: await codeAt(secret) })).statusCode).toBe(200);

    // The owner of the new brand logs in on its host, and their session opens nothing elsewhere.
    const staff = { id: 0n, username: 'boss', secret, recoveryCodes: [] };
    await expect(loginStaff(t, staff)).rejects.toThrow(/INVALID_CREDENTIALS/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/bo/session/login',
      payload: { username: 'boss', password: STAFF_PASSWORD },
      headers: { host: HOST },
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/bo/session/verify',
      payload: { challenge: login.json().value.challenge, code: await codeAt(secret, 1) },
      headers: { host: HOST },
    });
    const session = verify.json().value.token as string;
    const mine = await t.app.inject({
      method: 'GET',
      url: staffMeCall.path,
      headers: { ...bearerOf(session), host: HOST },
    });
    expect(mine.json().value).toMatchObject({ username: 'boss', brand: 'newbrand', roles: ['owner'] });
    const elsewhere = await t.app.inject({ method: 'GET', url: staffMeCall.path, headers: bearerOf(session) });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('refuses an unknown role, a taken username and a brand that does not exist', async () => {
    await expect(
      staffCommand(t.db, 'https://ops.example.com', ['create'], {
        brand: 'khela',
        username: 'x.y.z',
        role: 'superuser',
      }),
    ).rejects.toThrow(/owner, admin/);
    await staffCommand(t.db, 'https://ops.example.com', ['create'], {
      brand: 'khela',
      username: 'twice',
      role: 'support',
    });
    await expect(
      staffCommand(t.db, 'https://ops.example.com', ['create'], { brand: 'khela', username: 'TWICE', role: 'support' }),
    ).rejects.toThrow(/already has/);
    await expect(
      staffCommand(t.db, 'https://ops.example.com', ['create'], { brand: 'nobrand', username: 'who', role: 'support' }),
    ).rejects.toThrow(/no brand/);
  });

  it('says to stop the server when it holds the embedded database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-staff-cli-'));
    try {
      writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.resolve(__dirname, '../src/cli.ts'),
          'staff',
          'create',
          '--brand',
          'khela',
          '--username',
          'x',
          '--role',
          'owner',
        ],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('PGlite allows one process: stop it first');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the secrets key', () => {
  it('is generated once into the data directory, readable by its owner only, and seals for one purpose', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-secrets-'));
    try {
      const key = secretsKeyOf({ dataDir, SECRETS_KEY: undefined });
      expect(key).toHaveLength(32);
      expect(statSync(path.join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
      const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'staff-totp:1');
      expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
      expect(unseal(secretsKeyOf({ dataDir, SECRETS_KEY: undefined }), sealed, 'staff-totp:1')).toBe(
        'JBSWY3DPEHPK3PXP',
      );
      // Copied onto another staff row, or opened with another key, it does not open.
      expect(() => unseal(key, sealed, 'staff-totp:2')).toThrow();
      expect(() => unseal(Buffer.alloc(32, 7), sealed, 'staff-totp:1')).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('warns in production when SECRETS_KEY is not set', () => {
    expect(secretsKeyWarning({ NODE_ENV: 'production', SECRETS_KEY: undefined })).toMatch(/SECRETS_KEY/);
    expect(secretsKeyWarning({ NODE_ENV: 'production', SECRETS_KEY: TEST_SECRETS_KEY })).toBeNull();
    expect(secretsKeyWarning({ NODE_ENV: 'development', SECRETS_KEY: undefined })).toBeNull();
  });

  it('takes SECRETS_KEY when set', () => {
    expect(secretsKeyOf({ dataDir: '/nonexistent', SECRETS_KEY: TEST_SECRETS_KEY })).toEqual(
      Buffer.from(TEST_SECRETS_KEY, 'base64'),
    );
  });
});

describe('a session of one brand', () => {
  it('opens nothing on another brand’s host', async () => {
    const token = await staffSessionWithRoles(t, ['owner']);
    const res = await t.app.inject({
      method: 'GET',
      url: staffMeCall.path,
      headers: { ...bearerOf(token), host: HOST },
    });
    expect(res.statusCode).toBe(401);
  });
});
