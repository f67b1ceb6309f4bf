import { envelope, SystemStatus } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { seedDemo } from '../src/seed/demo';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

describe(`a database without a brand on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' }, { seed: false });
  });
  afterAll(() => t.close());

  it('answers the API calls with a 404 envelope until a brand exists', async () => {
    for (const url of ['/wps/system/status', '/wps/system/banners?groupName=w_home', '/lgw/games/game_menus']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves the demo brand once seeded, and seeding again writes nothing', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    invalidateBrandCache();
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(envelope(SystemStatus).parse(res.json()).value.brand.merchantCode).toBe('khela');
    expect(await seedDemo(t.db)).toBe(false);
  });

  it('refuses to delete a brand that holds money', async () => {
    // the demo players' opening balances are in the ledger now
    await expect(t.db.kysely.deleteFrom('brands').execute()).rejects.toThrow(/ledger_accounts/);
  });
});

describe(`a database with the operator's own brand on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' }, { seed: false });
  });
  afterAll(() => t.close());

  it('does not make the demo the default brand when the operator already has one', async () => {
    await t.db.kysely
      .insertInto('brands')
      .values({
        merchant_code: 'mine',
        name: 'Mine',
        is_default: true,
        languages: ['en'],
        default_language: 'en',
        currency: 'USD',
      })
      .execute();
    expect(await seedDemo(t.db)).toBe(true);
    const brands = await t.db.kysely
      .selectFrom('brands')
      .select(['merchant_code', 'is_default'])
      .orderBy('merchant_code')
      .execute();
    expect(brands).toEqual([
      { merchant_code: 'khela', is_default: false },
      { merchant_code: 'mine', is_default: true },
    ]);
  });
});
