import { brandSaveCall, brandSettingsCall, registerSettingsCall, systemStatusCall } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newUsername, register, STRONG_PASSWORD } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The Brand screen's calls (decision 0038): read with brand.read, saved whole with brand.write,
 * every field checked on the server, a save over a later one refused, every save audited, and
 * the player site answering with the change on its next call.
 */

let t: TestApp;
let owner: string;
let content: string;

const read = (token: string) => t.app.inject({ method: 'GET', url: brandSettingsCall.path, headers: bearerOf(token) });
const save = (token: string, body: object, method = 'PUT') =>
  t.app.inject({ method: method as 'PUT', url: brandSaveCall.path, headers: bearerOf(token), payload: body });

/** The settings as read, as a save's body (without what is only read). */
async function current() {
  const res = await read(owner);
  expect(res.statusCode, res.body).toBe(200);
  const { updatedAt, updatedBy, merchantCode, domains, currencyLocked, ...body } = res.json().value;
  return body as Record<string, unknown> & { version: number; toggles: Record<string, boolean> };
}

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  owner = await staffSessionWithRoles(t, ['owner']);
  content = await staffSessionWithRoles(t, ['content']);
});
afterAll(() => t.close());

describe(`the Brand screen's calls on ${TEST_ENGINE}`, () => {
  it("reads the demo brand's toggles, hosts, regions and thresholds", async () => {
    const s = await current();
    expect(s.toggles).toMatchObject({ DIRECTREG3: true, MOBILENUMREG3: true, REGMOBVERF3: false, CBS3: true });
    expect(s).toMatchObject({
      languages: expect.arrayContaining(['bn', 'en']),
      currency: 'BDT',
      providerWinRatioCap: 100000,
      providerWinAmountCap: '100000000.00',
      adjustFourEyes: '10000.00',
      mobileDialingCodes: expect.arrayContaining(['+880']),
    });
    expect((s.mirrors as string[]).length).toBeGreaterThan(0);
    expect((s.registerRules as Record<string, { enabled: boolean }>).username?.enabled).toBe(true);
  });

  it('lets a content role read but not save (403), and checks the permission before the body', async () => {
    expect((await read(content)).statusCode).toBe(200);
    const res = await save(content, { nonsense: true });
    expect(res.statusCode).toBe(403);
    expect((await save('not-a-token', { nonsense: true })).statusCode).toBe(401);
  });

  it('refuses bad fields with a field error each, and saves nothing', async () => {
    const s = await current();
    const zodBad = await save(owner, { ...s, chatHeaderColor: 'red', mobileDialingCodes: [] });
    expect(zodBad.statusCode).toBe(400);
    expect(zodBad.json().fieldErrors).toMatchObject({
      chatHeaderColor: 'validation.invalid',
      mobileDialingCodes: expect.any(String),
    });
    const crossBad = await save(owner, {
      ...s,
      languages: ['en'],
      defaultLanguage: 'bn',
      allowCountries: ['BD'],
      denyCountries: ['BD'],
      maintenanceStart: '2026-12-01T10:00:00+06:00',
      maintenanceEnd: '2026-12-01T09:00:00+06:00',
      providerWinAmountCap: '0',
    });
    expect(crossBad.statusCode).toBe(400);
    expect(crossBad.json().fieldErrors).toEqual({
      defaultLanguage: 'brand.invalid.defaultLanguage',
      denyCountries: 'brand.invalid.countryBoth',
      maintenanceEnd: 'brand.invalid.maintenanceOrder',
      providerWinAmountCap: 'validation.invalid',
    });
    expect((await current()).version).toBe(s.version);
  });

  it('refuses a save over a later one (STALE_EDIT) and keeps the later one', async () => {
    const s = await current();
    const first = await save(owner, { ...s, name: 'Khela first' });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save(owner, { ...s, name: 'Khela second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    const after = await current();
    expect(after.name).toBe('Khela first');
    expect(after.version).toBe(s.version + 1);
  });

  it('audits a save with the changed fields before and after and the reason', async () => {
    const s = await current();
    const res = await save(
      owner,
      { ...s, smsDailyBudget: 1234, adjustFourEyes: '5000', reason: 'new budget' },
      'PATCH',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.changed.sort()).toEqual(['adjustFourEyes', 'smsDailyBudget']);
    const row = await sql<{ before: unknown; after: unknown; reason: string; staff_id: string | null }>`
      SELECT before, after, reason, staff_id::text FROM audit_log
       WHERE event = 'brand.settings.changed' ORDER BY id DESC LIMIT 1`.execute(t.db.kysely);
    const audit = row.rows[0];
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(audit?.reason).toBe('new budget');
    expect(audit?.staff_id).not.toBeNull();
    expect(parse(audit?.before)).toEqual({
      version: s.version,
      smsDailyBudget: s.smsDailyBudget,
      adjustFourEyes: '10000.00',
    });
    expect(parse(audit?.after)).toEqual({ version: s.version + 1, smsDailyBudget: 1234, adjustFourEyes: '5000.00' });
    const brand = await t.db.kysely
      .selectFrom('brands')
      .select(['adjust_four_eyes_minor', 'sms_daily_budget'])
      .where('merchant_code', '=', 'khela')
      .executeTakeFirstOrThrow();
    expect(brand).toEqual({ adjust_four_eyes_minor: 500_000n, sms_daily_budget: 1234 });
  });

  it("the player site's status and register settings follow a save at once, without a restart", async () => {
    const status = async () => (await t.app.inject({ method: 'GET', url: systemStatusCall.path })).json().value;
    expect((await status()).register.mobile).toBe(true);
    const s = await current();
    const rules = s.registerRules as Record<string, Record<string, unknown>>;
    const res = await save(owner, {
      ...s,
      toggles: { ...s.toggles, MOBILENUMREG3: false },
      registerRules: { ...rules, email: { ...rules.email, required: true } },
      gtagId: 'G-TEST1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await status();
    expect(after.register).toMatchObject({ mobile: false, username: true });
    expect(after.whitelabel.MOBILENUMREG3).toBe(false);
    expect(after.analytics.gtagId).toBe('G-TEST1234');
    const settings = await t.app.inject({ method: 'GET', url: registerSettingsCall.path });
    expect(JSON.stringify(settings.json().value)).toContain('"email"');
    expect(settings.json().value.email.required).toBe(true);
  });

  it('refuses a mirror that is the brand site itself, and keeps the currency once money moved', async () => {
    const brandId = (
      await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .insertInto('brand_domains')
      .values({ domain: 'play.khela.example', brand_id: brandId, is_mirror: false })
      .execute();
    const s = await current();
    const read1 = (await read(owner)).json().value;
    const res = await save(owner, { ...s, mirrors: ['play.khela.example'], currency: 'USD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ mirrors: 'brand.invalid.mirrorIsSite' });
    if (read1.currencyLocked)
      expect(res.json().fieldErrors).toMatchObject({ currency: 'brand.invalid.currencyLocked' });
  });

  it("expires passwords after the brand's days, which the login then reports", async () => {
    // An earlier save made the email required.
    const username = newUsername('expiry');
    const made = await register(t.app, { username, email: `${username}@example.com` });
    expect(made.res.statusCode, made.res.body).toBe(200);
    await t.db.kysely
      .updateTable('members')
      .set({ password_changed_at: new Date(Date.now() - 3 * 86_400_000) })
      .where('account', '=', username)
      .execute();
    expect((await login(t.app, username, STRONG_PASSWORD)).json().value.passwordExpired).toBe(false);
    const s = await current();
    expect((await save(owner, { ...s, passwordMaxAgeDays: 2 })).statusCode).toBe(200);
    expect((await login(t.app, username, STRONG_PASSWORD)).json().value.passwordExpired).toBe(true);
  });
});
