import { type Promotion, PromotionList } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { seedDemo } from '../src/seed/demo';
import { DEMO_PROMOTIONS } from '../src/seed/demo-promotions';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

const HOUR = 3_600_000;

describe(`promotions on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let brandId: number;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (query = '') => {
    const res = await get(`/wps/promotion/list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return PromotionList.parse(res.json().value);
  };
  /** Adds a promotion of category 'others' (the demo seed has none) and returns its id. */
  const add = async (over: Record<string, unknown> = {}) => {
    const row = await t.db.kysely
      .insertInto('promotions')
      .values({
        brand_id: brandId,
        category: 'others',
        title: JSON.stringify({ bn: 'অফার', en: 'Offer' }),
        body: JSON.stringify({ bn: '<p>বিস্তারিত</p>', en: '<p>Details</p>' }),
        image_url: '/img/promotions/test.svg',
        ...over,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const brand = await t.db.kysely
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'khela')
      .executeTakeFirstOrThrow();
    brandId = brand.id;
  });
  afterEach(async () => {
    await sql`DELETE FROM promotions WHERE category = 'others'`.execute(t.db.kysely);
    await sql`UPDATE brands SET default_language = 'bn' WHERE id = ${brandId}`.execute(t.db.kysely);
    invalidateBrandCache();
  });
  afterAll(() => t.close());

  it('seeds the demo brand with running promotions, two of them for new players, in BN and EN', async () => {
    const all = await list('?category=all&language=en');
    expect(all.total).toBe(DEMO_PROMOTIONS.length);
    const newPlayer = await list('?category=new_player&language=en');
    expect(newPlayer.list.length).toBeGreaterThanOrEqual(2);
    expect(newPlayer.list.every((p) => p.category === 'new_player')).toBe(true);
    expect(newPlayer.list.map((p) => p.title)).toEqual(
      DEMO_PROMOTIONS.filter((p) => p.category === 'new_player').map((p) => p.title.en),
    );
    const bn = await list('?category=new_player&language=bn');
    expect(bn.list.map((p) => p.title)).toEqual(
      DEMO_PROMOTIONS.filter((p) => p.category === 'new_player').map((p) => p.title.bn),
    );
    for (const p of all.list) {
      expect(p.imageUrl).toMatch(/^\/img\/promotions\/[\w-]+\.svg$/);
      expect(p.body).toMatch(/^<p>/);
      expect(p.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('lists every category without a category, and one category with it', async () => {
    const id = await add();
    expect((await list()).list.map((p) => p.id)).toContain(id);
    expect((await list('?category=others')).list.map((p) => p.id)).toEqual([id]);
    expect((await list('?category=sports')).list.map((p) => p.id)).not.toContain(id);
    expect((await list('?category=lotto')).list).toEqual([]);
  });

  it('shows only enabled promotions inside their time window', async () => {
    const now = Date.now();
    const running = await add({ starts_at: new Date(now - HOUR), ends_at: new Date(now + HOUR) });
    const open = await add({ starts_at: new Date(now - HOUR), ends_at: null });
    const disabled = await add({ enabled: false });
    const future = await add({ starts_at: new Date(now + HOUR) });
    const ended = await add({ starts_at: new Date(now - 2 * HOUR), ends_at: new Date(now - HOUR) });
    const ids = (await list('?category=others')).list.map((p) => p.id).sort((a, b) => a - b);
    expect(ids).toEqual([running, open].sort((a, b) => a - b));
    for (const id of [disabled, future, ended]) {
      const res = await get(`/wps/promotion/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    }
    const one = await get(`/wps/promotion/${running}?language=en`);
    expect(one.statusCode).toBe(200);
    expect(one.json().value).toMatchObject({ id: running, category: 'others', title: 'Offer', body: '<p>Details</p>' });
    expect(one.json().value.endTime).toBe(new Date(now + HOUR).toISOString());
  });

  it('orders by the operator sort, then newest first', async () => {
    const now = Date.now();
    const older = await add({ starts_at: new Date(now - 2 * HOUR) });
    const newer = await add({ starts_at: new Date(now - HOUR) });
    const pinned = await add({ starts_at: new Date(now - 3 * HOUR), sort: -1 });
    expect((await list('?category=others')).list.map((p) => p.id)).toEqual([pinned, newer, older]);
  });

  it('answers the language asked for, else the brand default, else English', async () => {
    const both = await add({ title: JSON.stringify({ bn: 'বাংলা শিরোনাম', en: 'English title' }) });
    const enOnly = await add({ title: JSON.stringify({ en: 'Only English' }), body: JSON.stringify({}) });
    const title = async (id: number, language?: string) =>
      (await get(`/wps/promotion/${id}${language ? `?language=${language}` : ''}`)).json().value as Promotion;
    expect((await title(both, 'en')).title).toBe('English title');
    expect((await title(both, 'bn')).title).toBe('বাংলা শিরোনাম');
    // No Vietnamese text, no language asked: the brand default (bn).
    expect((await title(both, 'vi')).title).toBe('বাংলা শিরোনাম');
    expect((await title(both)).title).toBe('বাংলা শিরোনাম');
    // No text in the default language either: English.
    expect((await title(enOnly, 'bn')).title).toBe('Only English');
    expect((await title(enOnly, 'bn')).body).toBe('');
    // The brand default decides the fallback.
    await sql`UPDATE brands SET default_language = 'en' WHERE id = ${brandId}`.execute(t.db.kysely);
    invalidateBrandCache();
    expect((await title(both, 'vi')).title).toBe('English title');
  });

  it('pages from 1 with the total and the number of pages', async () => {
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await add({ starts_at: new Date(now - (i + 1) * HOUR) }));
    const first = await list('?category=others&pageSize=2');
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(first.list.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect((await list('?category=others&pageSize=2&pageNo=3')).list.map((p) => p.id)).toEqual(ids.slice(4));
    const beyond = await list('?category=others&pageSize=2&pageNo=9');
    expect(beyond).toMatchObject({ list: [], total: 5, totalPages: 3, pageNo: 9 });
    expect((await list('?category=others')).pageSize).toBe(20);
  });

  it('refuses bad input with a translated 400 and unknown ids with a 404, never a 500', async () => {
    const bad: [string, Record<string, string>][] = [
      ['/wps/promotion/list?category=casino', { category: 'validation.invalid' }],
      ['/wps/promotion/list?language=xx', { language: 'validation.invalid' }],
      ['/wps/promotion/list?pageNo=0', { pageNo: 'validation.invalid' }],
      ['/wps/promotion/list?pageNo=abc', { pageNo: 'validation.invalid' }],
      ['/wps/promotion/list?pageNo=1.5', { pageNo: 'validation.invalid' }],
      ['/wps/promotion/list?pageSize=101', { pageSize: 'validation.invalid' }],
      ['/wps/promotion/list?page=2', { page: 'validation.unknownField' }],
      ['/wps/promotion/abc', { id: 'validation.invalid' }],
      ['/wps/promotion/0', { id: 'validation.invalid' }],
      ['/wps/promotion/99999999999', { id: 'validation.invalid' }],
      ['/wps/promotion/1?language=xx', { language: 'validation.invalid' }],
    ];
    for (const [url, fieldErrors] of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fieldErrors,
      });
    }
    const unknown = await get('/wps/promotion/2147483647');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("does not show another brand's promotion", async () => {
    const other = await t.db.kysely
      .insertInto('brands')
      .values({ merchant_code: 'other', name: 'Other', languages: ['en'], default_language: 'en', currency: 'USD' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const row = await t.db.kysely
        .insertInto('promotions')
        .values({ brand_id: other.id, category: 'others', title: '{"en":"Theirs"}', image_url: '/x.svg' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await get(`/wps/promotion/${row.id}`)).statusCode).toBe(404);
      expect((await list('?category=others')).list).toEqual([]);
    } finally {
      await t.db.kysely.deleteFrom('brands').where('id', '=', other.id).execute();
    }
  });

  it('refuses a category the product does not know and an end before the start at the database', async () => {
    await expect(add({ category: 'casino' })).rejects.toThrow();
    await expect(add({ starts_at: new Date(), ends_at: new Date(Date.now() - HOUR) })).rejects.toThrow();
  });

  it('gives an older demo brand without promotions the demo promotions once, on the next seed', async () => {
    await sql`DELETE FROM promotions WHERE brand_id = ${brandId}`.execute(t.db.kysely);
    expect(await seedDemo(t.db)).toBe(false);
    expect((await list()).total).toBe(DEMO_PROMOTIONS.length);
    expect(await seedDemo(t.db)).toBe(false);
    expect((await list()).total).toBe(DEMO_PROMOTIONS.length);
  });
});
