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

  it('links nowhere that is a placeholder or missing, and takes such links out of a demo seeded before', async () => {
    const demo = await t.db.kysely
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'khela')
      .executeTakeFirstOrThrow();
    const links = async () => [
      ...(await t.db.kysely.selectFrom('resources').select('url').where('brand_id', '=', demo.id).execute()).map(
        (r) => r.url,
      ),
      ...(
        await t.db.kysely.selectFrom('customer_service').select('path').where('brand_id', '=', demo.id).execute()
      ).map((r) => r.path),
    ];
    const dead = (urls: string[]) => urls.filter((u) => /\.example\b|^\/app\//.test(u));
    expect(dead(await links())).toEqual([]);
    // What an older demo seed wrote.
    await t.db.kysely
      .insertInto('resources')
      .values([
        { brand_id: demo.id, resource_type: 'Android', url: '/app/khela.apk', label_name_en: 'Android app' },
        { brand_id: demo.id, resource_type: 'SpeedTest', url: 'https://speedtest.khela.example/', label_name_en: 'x' },
      ])
      .execute();
    await t.db.kysely
      .insertInto('customer_service')
      .values({ brand_id: demo.id, cs_type: 1, title: '{}', path: 'https://support.khela.example/live', sort: 0 })
      .execute();
    expect(dead(await links())).toHaveLength(3);
    expect(await seedDemo(t.db)).toBe(false);
    expect(dead(await links())).toEqual([]);
    expect((await links()).length).toBeGreaterThan(0);
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
