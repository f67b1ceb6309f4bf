import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  BANNER_GROUPS,
  decryptCsPath,
  envelope,
  GameMenus,
  NoticeList,
  REGISTER_FIELDS,
  REGISTER_PATTERNS,
  SystemStatus,
  Whitelabel,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { seedDemo } from '../src/seed/demo';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/** Addresses geoip-country places in Bangladesh and the United States. */
const BD_IP = '103.4.145.1';
const US_IP = '8.8.8.8';
const HOUR = 3_600_000;

describe(`system calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const get = (url: string, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: opts.ip, headers: opts.headers });
  const status = async (url = '/wps/system/status', opts: { ip?: string; headers?: Record<string, string> } = {}) => {
    const res = await get(url, opts);
    expect(res.statusCode).toBe(200);
    return envelope(SystemStatus).parse(res.json()).value;
  };
  /** Changes the demo brand and drops the cached snapshot so the next call sees it. */
  const setBrand = async (set: string) => {
    await sql.raw(`UPDATE brands SET ${set} WHERE merchant_code = 'khela'`).execute(t.db.kysely);
    invalidateBrandCache();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await setBrand(
      "maintenance_start = NULL, maintenance_end = NULL, allow_countries = '{}', deny_countries = '{}', logged_in_to_home_page = false",
    );
  });

  describe('GET /wps/system/status', () => {
    it('answers status 0 with the demo brand, flags, resources and the visitor location', async () => {
      const res = await get('/wps/system/status', { ip: BD_IP });
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const s = envelope(SystemStatus).parse(res.json()).value;
      expect(s).toMatchObject({
        status: 0,
        maintenance: false,
        maintenanceEnd: null,
        regionRestriction: false,
        location: { ip: BD_IP, country: 'BD' },
        brand: {
          merchantCode: 'khela',
          name: 'Khela',
          platform: 'W',
          device: 'WEB',
          lotteryType: 'SEA',
          languages: ['bn', 'en'],
          defaultLanguage: 'bn',
          currency: 'BDT',
          currencySymbol: '৳',
          currencyDecimals: 2,
        },
        register: { username: true, mobile: true },
        mobileDialingCodes: ['+880'],
        analytics: { gtagId: null },
        imageCDNs: [],
        launchGameCDNs: [],
      });
      expect(s.whitelabel).toEqual({
        DIRECTREG3: true,
        MOBILEVERCODELOGIN3: true,
        CBS3: true,
        MOBILENUMREG3: true,
        REGMOBVERF3: false,
        MOBILENUMPASSREG3: true,
        FREEPLAY3: true,
        PWDEXPFORCECHANGE3: true,
      });
      expect(s.resources.map((r) => r.resourceType).sort()).toEqual(
        ['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP'].sort(),
      );
      expect(s.customerService.map((c) => c.csType)).toEqual([3]);
    });

    it("answers a browser that kept the visitor's answer 304 without a body, until the answer changes", async () => {
      const first = await get('/wps/system/status', { ip: BD_IP });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get('/wps/system/status', { ip: BD_IP, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      // The browser keeps the stored answer's headers, security headers included: the 304 does
      // not repeat them.
      expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(again.headers['content-security-policy']).toBeUndefined();
      expect(again.headers['content-type']).toBeUndefined();
      // A list, a weak validator, or another tag
      const listed = await get('/wps/system/status', { ip: BD_IP, headers: { 'if-none-match': `"x", W/${etag}` } });
      expect(listed.statusCode).toBe(304);
      const other = await get('/wps/system/status', { ip: BD_IP, headers: { 'if-none-match': '"x"' } });
      expect(other.statusCode).toBe(200);
      // Another visitor's answer names another address: its tag differs, so it is sent in full.
      const elsewhere = await get('/wps/system/status', { ip: US_IP, headers: { 'if-none-match': etag } });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers.etag).not.toBe(etag);
      // The brand goes into maintenance: the kept answer is stale, the new one comes in full.
      await setBrand(`maintenance_start = now() - interval '1 minute'`);
      const changed = await get('/wps/system/status', { ip: BD_IP, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(envelope(SystemStatus).parse(changed.json()).value.status).toBe(1);
    });

    it('sends the answer compressed as the browser accepts, the same bytes once decompressed', async () => {
      const plain = await get('/wps/system/status', { ip: BD_IP });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
      ] as const) {
        const res = await get('/wps/system/status', { ip: BD_IP, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
        const again = await get('/wps/system/status', {
          ip: BD_IP,
          headers: { 'accept-encoding': accept, 'if-none-match': plain.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
        expect(again.headers['content-encoding']).toBeUndefined();
      }
    });

    it('gives a private or loopback visitor the unknown country', async () => {
      expect((await status()).location).toEqual({ ip: '127.0.0.1', country: '' });
      expect((await status('/wps/system/status', { ip: '::ffff:192.168.1.20' })).location).toEqual({
        ip: '192.168.1.20',
        country: '',
      });
    });

    it('titles customer service in the requested language, else the brand default', async () => {
      expect((await status()).customerService[0]?.title).toBe('টেলিগ্রাম সাপোর্ট');
      expect((await status('/wps/system/status?language=en')).customerService[0]?.title).toBe('Telegram support');
    });

    it('answers status 1 with the end time inside the maintenance window', async () => {
      const end = new Date(Date.now() + HOUR);
      await setBrand(`maintenance_start = now() - interval '1 hour', maintenance_end = '${end.toISOString()}'`);
      const s = await status();
      expect(s).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: end.toISOString() });
    });

    it('treats a window without an end as open-ended maintenance', async () => {
      await setBrand(`maintenance_start = now() - interval '1 minute'`);
      expect(await status()).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: null });
    });

    it('ignores a maintenance window that has not started or has ended', async () => {
      await setBrand(`maintenance_start = now() + interval '1 hour', maintenance_end = now() + interval '2 hours'`);
      expect((await status()).status).toBe(0);
      await setBrand(`maintenance_start = now() - interval '2 hours', maintenance_end = now() - interval '1 hour'`);
      expect(await status()).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
    });

    it('answers status 2 with the location for a denied country, and 0 elsewhere', async () => {
      await setBrand(`deny_countries = '{BD}'`);
      expect(await status('/wps/system/status', { ip: BD_IP })).toMatchObject({
        status: 2,
        regionRestriction: true,
        location: { ip: BD_IP, country: 'BD' },
      });
      expect((await status('/wps/system/status', { ip: US_IP })).status).toBe(0);
      // The unknown country passes a deny list.
      expect((await status()).status).toBe(0);
    });

    it('lets only allowed countries in when an allow list exists, unknown ones included out', async () => {
      await setBrand(`allow_countries = '{BD}'`);
      expect((await status('/wps/system/status', { ip: BD_IP })).status).toBe(0);
      expect(await status('/wps/system/status', { ip: US_IP })).toMatchObject({
        status: 2,
        location: { country: 'US' },
      });
      expect((await status()).status).toBe(2);
    });

    it('puts maintenance before region restriction', async () => {
      await setBrand(`deny_countries = '{BD}', maintenance_start = now() - interval '1 minute'`);
      expect(await status('/wps/system/status', { ip: BD_IP })).toMatchObject({
        status: 1,
        maintenance: true,
        regionRestriction: true,
      });
    });

    it('ignores X-Forwarded-For when no proxy header is configured', async () => {
      await setBrand(`deny_countries = '{BD}'`);
      const s = await status('/wps/system/status', { ip: US_IP, headers: { 'x-forwarded-for': BD_IP } });
      expect(s).toMatchObject({ status: 0, location: { ip: US_IP, country: 'US' } });
    });

    it('answers from the cached snapshot until the cache is invalidated', async () => {
      expect((await status()).brand.name).toBe('Khela');
      await sql`UPDATE brands SET name = 'Renamed' WHERE merchant_code = 'khela'`.execute(t.db.kysely);
      expect((await status()).brand.name).toBe('Khela');
      invalidateBrandCache();
      expect((await status()).brand.name).toBe('Renamed');
      await setBrand(`name = 'Khela'`);
    });

    it('finds the brand by host (query or Host header, port stripped), else the default brand', async () => {
      const other = await t.db.kysely
        .insertInto('brands')
        .values({ merchant_code: 'other', name: 'Other', languages: ['en'], default_language: 'en', currency: 'USD' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely.insertInto('brand_domains').values({ domain: 'other.example', brand_id: other.id }).execute();
      invalidateBrandCache();
      try {
        expect((await status('/wps/system/status?host=other.example:8080')).brand.merchantCode).toBe('other');
        expect((await status('/wps/system/status?host=OTHER.example')).brand.merchantCode).toBe('other');
        expect(
          (await status('/wps/system/status', { headers: { host: 'other.example:3000' } })).brand.merchantCode,
        ).toBe('other');
        expect((await status('/wps/system/status?host=nobody.example')).brand.merchantCode).toBe('khela');
        expect((await status('/wps/system/status', { headers: { host: 'localhost:8080' } })).brand.merchantCode).toBe(
          'khela',
        );
        // A brand without customer service, resources or rules still answers a complete status.
        const s = await status('/wps/system/status?host=other.example');
        expect(s).toMatchObject({ resources: [], customerService: [], register: { username: false, mobile: false } });
        // The other brand's maintenance does not touch the default brand.
        await sql`UPDATE brands SET maintenance_start = now() WHERE id = ${other.id}`.execute(t.db.kysely);
        invalidateBrandCache();
        expect((await status('/wps/system/status?host=other.example')).status).toBe(1);
        expect((await status()).status).toBe(0);
      } finally {
        await sql`DELETE FROM brands WHERE id = ${other.id}`.execute(t.db.kysely);
        invalidateBrandCache();
      }
    });

    it('refuses an unknown query field with a 400 envelope naming it', async () => {
      const res = await get('/wps/system/status?hots=x');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        value: null,
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fieldErrors: { hots: 'validation.unknownField' },
      });
    });
  });

  describe('maintenance and region guard', () => {
    it('answers other calls 503 MAINTENANCE during maintenance, never cached', async () => {
      await setBrand(`maintenance_start = now() - interval '1 minute'`);
      for (const url of [
        '/wps/system/banners?groupName=w_home',
        '/wps/announcement?types=B&platform=W&execution=B',
        '/wps/system/resources',
        '/wps/system/domainRoute',
        '/wps/system/setting/register',
        '/lgw/games/game_menus',
        '/play/api/balance',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toEqual({ success: false, value: null, code: 'MAINTENANCE', message: 'errors.MAINTENANCE' });
      }
    });

    it('answers other calls 403 REGION_RESTRICTED for a restricted visitor only', async () => {
      await setBrand(`deny_countries = '{BD}'`);
      const res = await get('/wps/system/banners?groupName=w_home', { ip: BD_IP });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'REGION_RESTRICTED' });
      expect((await get('/wps/system/banners?groupName=w_home', { ip: US_IP })).statusCode).toBe(200);
      expect((await get('/lgw/games/game_menus', { ip: BD_IP })).statusCode).toBe(403);
      expect((await get('/play/api/balance', { ip: BD_IP })).statusCode).toBe(403);
    });

    it('keeps status, customer service, help centre and whitelabel open so Contact Us works', async () => {
      await setBrand(`deny_countries = '{BD}', maintenance_start = now() - interval '1 minute'`);
      for (const url of [
        '/wps/system/status',
        '/wps/system/customerService',
        '/wps/system/helpCenter',
        '/wps/system/whitelabel',
      ]) {
        expect((await get(url, { ip: BD_IP })).statusCode, url).toBe(200);
      }
    });

    it('leaves unknown API paths as 404 envelopes', async () => {
      await setBrand(`maintenance_start = now() - interval '1 minute'`);
      expect((await get('/wps/nothing-here')).statusCode).toBe(404);
    });
  });

  describe('GET /wps/system/whitelabel', () => {
    it('nests modules under their parents and derives the flags', async () => {
      const res = await get('/wps/system/whitelabel');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const w = Whitelabel.parse(res.json().value);
      expect(w.modules.map((m) => m.code)).toEqual(['REGISTER', 'LOGIN', 'SERVICE']);
      expect(w.modules[0]?.children.map((m) => [m.code, m.enabled])).toEqual([
        ['DIRECTREG3', true],
        ['MOBILENUMREG3', true],
        ['MOBILENUMPASSREG3', true],
        ['REGMOBVERF3', false],
      ]);
      expect(w.flags).toMatchObject({ DIRECTREG3: true, REGMOBVERF3: false, CBS3: true });
      expect(w.loggedInToHomePage).toBe(false);
    });

    it('switches every flag under a disabled parent off', async () => {
      await sql`UPDATE whitelabel_modules SET enabled = false WHERE code = 'REGISTER'`.execute(t.db.kysely);
      invalidateBrandCache();
      try {
        const w = Whitelabel.parse((await get('/wps/system/whitelabel')).json().value);
        expect(w.flags).toMatchObject({ DIRECTREG3: false, MOBILENUMREG3: false, FREEPLAY3: true });
        expect((await status()).register).toEqual({ username: false, mobile: false });
      } finally {
        await sql`UPDATE whitelabel_modules SET enabled = true WHERE code = 'REGISTER'`.execute(t.db.kysely);
        invalidateBrandCache();
      }
    });

    it('reports the brand setting logged-in-to-home-page', async () => {
      await setBrand('logged_in_to_home_page = true');
      expect((await get('/wps/system/whitelabel')).json().value.loggedInToHomePage).toBe(true);
    });
  });

  describe('GET /wps/system/setting/register', () => {
    it('has a rule for each of the 16 fields, with known patterns that compile', async () => {
      const res = await get('/wps/system/setting/register');
      expect(res.statusCode).toBe(200);
      const rules = res.json().value as Record<string, { acceptedPattern: string; patternId: string }>;
      expect(Object.keys(rules).sort()).toEqual([...REGISTER_FIELDS].sort());
      const ids = new Set<string>(REGISTER_PATTERNS.map((p) => p.id));
      for (const [field, rule] of Object.entries(rules)) {
        expect(ids.has(rule.patternId), field).toBe(true);
        if (rule.acceptedPattern !== '*') expect(() => new RegExp(rule.acceptedPattern), field).not.toThrow();
      }
    });

    it('asks for a letter-first username of 6–16 and a mobile number read by the phone library', async () => {
      const rules = (await get('/wps/system/setting/register')).json().value;
      expect(rules.username).toMatchObject({ enabled: true, required: true, minLength: 6, maxLength: 16 });
      const username = new RegExp(rules.username.acceptedPattern);
      expect(username.test('rahim42')).toBe(true);
      expect(username.test('42rahim')).toBe(false);
      expect(rules.password).toMatchObject({ enabled: true, required: true, minLength: 6, maxLength: 20 });
      // No pattern: the phone-number library reads the number (contract/phone.ts), and the
      // bounds leave room for +880 1712-345678.
      expect(rules.mobileNum).toMatchObject({
        enabled: true,
        patternId: 'mobile',
        acceptedPattern: '*',
        maxLength: 32,
      });
      expect(rules.qqNum.enabled).toBe(false);
    });

    it('refuses query parameters it does not know', async () => {
      const res = await get('/wps/system/setting/register?x=1');
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ x: 'validation.unknownField' });
    });
  });

  describe('GET /wps/system/resources', () => {
    it('lists the resources with url, QR code and English label', async () => {
      const res = await get('/wps/system/resources');
      const list = res.json().value as { resourceType: string; url: string; labelNameEn: string }[];
      expect(list).toHaveLength(4);
      expect(list.find((r) => r.resourceType === 'TELEGRAM')).toEqual({
        resourceType: 'TELEGRAM',
        url: 'https://t.me/khela_demo',
        qrCodeUrl: null,
        labelNameEn: 'Telegram',
      });
      for (const r of list) expect(r.labelNameEn).not.toBe('');
    });
  });

  describe('GET /wps/system/banners', () => {
    it('lists the home slides in order, titled in the brand default language', async () => {
      const res = await get('/wps/system/banners?groupName=w_home');
      expect(res.statusCode).toBe(200);
      const list = res.json().value;
      expect(list.map((b: { url: string }) => b.url)).toEqual([
        '/img/banners/home-1.webp',
        '/img/banners/home-2.webp',
        '/img/banners/home-3.webp',
      ]);
      expect(list[0]).toMatchObject({ groupName: 'w_home', linkageType: 'route', linkageValue: '/promotions' });
      expect(list[0].title).toMatch(/[\u0980-\u09FF]/);
      expect(list[2]).toMatchObject({ linkageType: null, linkageValue: null });
    });

    it('titles banners in the requested language', async () => {
      const list = (await get('/wps/system/banners?groupName=w_home&language=en')).json().value;
      expect(list[1].title).toBe('Get the Khela app for Android');
      // A language the banner has no text for falls back to the brand default.
      const vi = (await get('/wps/system/banners?groupName=w_home&language=vi')).json().value;
      expect(vi[1].title).toMatch(/[\u0980-\u09FF]/);
    });

    it('has banners for every group, two for promotions', async () => {
      for (const group of BANNER_GROUPS) {
        const list = (await get(`/wps/system/banners?groupName=${group}`)).json().value;
        const expected = group === 'w_home' ? 3 : group === 'w_promotions' ? 2 : 1;
        expect(list, group).toHaveLength(expected);
        if (group !== 'w_home') expect(list[0].url).toBe(`/img/banners/${group.slice(2)}.webp`);
      }
    });

    it('leaves out inactive banners and those outside their time window', async () => {
      const brand = await t.db.kysely
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'khela')
        .executeTakeFirstOrThrow();
      const rows = [
        { image_url: '/off.svg', active: false },
        { image_url: '/future.svg', starts_at: new Date(Date.now() + HOUR) },
        { image_url: '/past.svg', ends_at: new Date(Date.now() - HOUR) },
        {
          image_url: '/now.svg',
          starts_at: new Date(Date.now() - HOUR),
          ends_at: new Date(Date.now() + HOUR),
          sort: -1,
        },
      ];
      await t.db.kysely
        .insertInto('banners')
        .values(rows.map((r) => ({ brand_id: brand.id, group_name: 'w_test', title: '{}', ...r })))
        .execute();
      try {
        const list = (await get('/wps/system/banners?groupName=w_test')).json().value;
        expect(list.map((b: { url: string }) => b.url)).toEqual(['/now.svg']);
        expect(list[0].title).toBe('');
      } finally {
        await sql`DELETE FROM banners WHERE group_name = 'w_test'`.execute(t.db.kysely);
      }
    });

    it('answers an unknown group with an empty list', async () => {
      expect((await get('/wps/system/banners?groupName=w_nothing')).json().value).toEqual([]);
    });

    it('requires groupName and refuses unknown fields and languages', async () => {
      const missing = await get('/wps/system/banners');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { groupName: 'validation.required' },
      });
      const unknown = await get('/wps/system/banners?groupName=w_home&group=x');
      expect(unknown.json().fieldErrors).toEqual({ group: 'validation.unknownField' });
      expect((await get('/wps/system/banners?groupName=w_home&language=xx')).json().fieldErrors).toEqual({
        language: 'validation.invalid',
      });
    });
  });

  describe('GET /wps/announcement', () => {
    const NOTICE = '/wps/announcement?types=B,PL,PU,PR&platform=W&execution=B';

    it('sorts current notices into popup, player, banners and promotion lists, newest first', async () => {
      const res = await get(NOTICE);
      expect(res.statusCode).toBe(200);
      const n = NoticeList.parse(res.json().value);
      expect(n.banners.length).toBeGreaterThanOrEqual(3);
      expect(n.player.length).toBeGreaterThanOrEqual(3);
      expect(n.promotion.length).toBeGreaterThanOrEqual(3);
      expect(n.popup.length).toBeGreaterThanOrEqual(2);
      expect(n.help).toEqual([]);
      expect(n.banners.every((a) => a.type === 'B')).toBe(true);
      expect(n.player.every((a) => a.type === 'PL')).toBe(true);
      expect(n.promotion.every((a) => a.type === 'PR')).toBe(true);
      expect(n.popup.every((a) => a.popup)).toBe(true);
      expect(n.popup.some((a) => a.type === 'PU')).toBe(true);
      for (const list of [n.banners, n.player, n.promotion, n.popup]) {
        const times = list.map((a) => Date.parse(a.startTime));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
      expect(n.banners[0]?.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(n.banners[0]?.content).toMatch(/<p>|<ul>/);
    });

    it('answers only the requested types, H into the help list', async () => {
      const n = (await get('/wps/announcement?types=H&platform=W&execution=B')).json().value;
      expect(n.help.length).toBeGreaterThanOrEqual(2);
      expect([...n.popup, ...n.player, ...n.banners, ...n.promotion]).toEqual([]);
      const pr = (await get('/wps/announcement?types=PR&platform=W&execution=B')).json().value;
      expect(pr.popup).toEqual([]);
      expect(pr.promotion.length).toBeGreaterThan(0);
    });

    it('writes titles and contents in the requested language', async () => {
      const bn = (await get(NOTICE)).json().value;
      const en = (await get(`${NOTICE}&language=en`)).json().value;
      expect(bn.banners[0].title).toMatch(/[\u0980-\u09FF]/);
      expect(en.banners[0].title).toMatch(/^[\x20-\x7E]+$/);
      expect(en.banners[0].id).toBe(bn.banners[0].id);
    });

    it('pops up any type flagged popup and leaves out notices not yet started or ended', async () => {
      const brand = await t.db.kysely
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'khela')
        .executeTakeFirstOrThrow();
      const text = JSON.stringify({ en: 'x' });
      const inserted = await t.db.kysely
        .insertInto('announcements')
        .values([
          { brand_id: brand.id, type: 'PR', popup: true, title: JSON.stringify({ en: 'flash' }), content: text },
          { brand_id: brand.id, type: 'B', title: text, content: text, starts_at: new Date(Date.now() + HOUR) },
          { brand_id: brand.id, type: 'B', title: text, content: text, ends_at: new Date(Date.now() - HOUR) },
          { brand_id: brand.id, type: 'B', title: text, content: text, platform: 'A' },
        ])
        .returning('id')
        .execute();
      try {
        const n = (await get(`${NOTICE}&language=en`)).json().value;
        expect(n.popup[0]).toMatchObject({ type: 'PR', title: 'flash', popup: true });
        expect(n.promotion[0]).toMatchObject({ title: 'flash' });
        const ids = [...n.popup, ...n.player, ...n.banners, ...n.promotion].map((a: { id: number }) => a.id);
        for (const r of inserted.slice(1)) expect(ids).not.toContain(r.id);
      } finally {
        await t.db.kysely
          .deleteFrom('announcements')
          .where(
            'id',
            'in',
            inserted.map((r) => r.id),
          )
          .execute();
      }
    });

    it('refuses bad types, a wrong platform and missing fields', async () => {
      const bad = await get('/wps/announcement?types=B,XX&platform=W&execution=B');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { types: 'validation.invalid' } });
      expect((await get('/wps/announcement?types=B;PL&platform=W&execution=B')).statusCode).toBe(400);
      expect((await get('/wps/announcement?types=B&platform=X&execution=B')).json().fieldErrors).toHaveProperty(
        'platform',
      );
      expect((await get('/wps/announcement?platform=W&execution=B')).json().fieldErrors).toEqual({
        types: 'validation.required',
      });
      expect((await get(`${NOTICE}&page=2`)).json().fieldErrors).toEqual({ page: 'validation.unknownField' });
    });
  });

  describe('GET /wps/system/customerService', () => {
    it("lists the demo's encrypted Telegram channel, which decrypts", async () => {
      const res = await get('/wps/system/customerService?language=en');
      expect(res.statusCode).toBe(200);
      const list = res.json().value.version.pathList as { type: number; title: string; path: string }[];
      expect(list.map((c) => [c.type, c.title])).toEqual([[3, 'Telegram support']]);
      const telegram = list[0]?.path ?? '';
      expect(telegram).not.toContain('t.me');
      expect(telegram).toMatch(/[A-Za-z0-9]{8}$/);
      expect(decryptCsPath(telegram)).toBe('https://t.me/khela_demo_support');
    });
  });

  describe('GET /wps/system/domainRoute', () => {
    it("lists the brand's mirror domains with speed 0", async () => {
      const res = await get('/wps/system/domainRoute');
      expect(res.json().value).toEqual({
        domainList: [
          { domain: 'khela-mirror1.example', speed: 0 },
          { domain: 'khela-mirror2.example', speed: 0 },
        ],
      });
    });
  });

  describe('GET /wps/system/helpCenter', () => {
    it('answers the sections in order, the terms stating the minimum age of 21', async () => {
      const bn = (await get('/wps/system/helpCenter')).json().value.sections;
      const en = (await get('/wps/system/helpCenter?language=en')).json().value.sections;
      expect(en.map((s: { key: string }) => s.key)).toEqual([
        'about-us',
        'terms',
        'privacy',
        'responsible-gaming',
        'deposits-withdrawals',
        'affiliate',
        'faq',
      ]);
      const terms = en.find((s: { key: string }) => s.key === 'terms');
      expect(terms.title).toBe('Terms and conditions');
      expect(terms.content).toContain('Minimum age 21');
      expect(bn.find((s: { key: string }) => s.key === 'terms').content).toContain('২১ বছর');
      for (const s of [...bn, ...en]) expect(s.content.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    });

    it('refuses an unknown language', async () => {
      expect((await get('/wps/system/helpCenter?language=fr')).statusCode).toBe(400);
    });
  });

  describe('GET /lgw/games/game_menus', () => {
    it('lists the demo catalog: every category with a vendor, in category order', async () => {
      const res = await get('/lgw/games/game_menus?prizeMode=SEA&device=WEB&language=bn');
      expect(res.statusCode).toBe(200);
      const menus = GameMenus.parse(res.json().value);
      expect(menus.map((m) => m.gameCategory)).toEqual([
        'RNG',
        'FISH',
        'PVP',
        'LIVE',
        'ELOTT',
        'LOTT',
        'COCKFIGHT',
        'SPORTS',
        'ESPORTS',
        'INHOUSE',
      ]);
      expect(menus.find((m) => m.gameCategory === 'INHOUSE')?.vendors).toEqual([
        { vassalage: 'JL', name: 'খেলা অরিজিনালস', icon: '/img/vendors/jl.svg', isHot: 1, isGame: null },
      ]);
    });

    it('lists a vendor once enabled and leaves out a category whose vendors are all off', async () => {
      const brand = await t.db.kysely
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'khela')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('vendors')
        .values([
          { brand_id: brand.id, vassalage: 'EVX', category: 'LIVE', name: 'Evening Live', is_hot: true, sort: 99 },
        ])
        .execute();
      await t.db.kysely
        .updateTable('vendors')
        .set({ enabled: false })
        .where('brand_id', '=', brand.id)
        .where('category', '=', 'FISH')
        .execute();
      try {
        const menus = GameMenus.parse((await get('/lgw/games/game_menus')).json().value);
        expect(menus.map((m) => m.gameCategory)).not.toContain('FISH');
        expect(menus.find((m) => m.gameCategory === 'LIVE')?.vendors.at(-1)).toEqual({
          vassalage: 'EVX',
          name: 'Evening Live',
          icon: null,
          isHot: 1,
          isGame: null,
        });
      } finally {
        await t.db.kysely.deleteFrom('vendors').where('vassalage', '=', 'EVX').execute();
        await t.db.kysely
          .updateTable('vendors')
          .set({ enabled: true })
          .where('brand_id', '=', brand.id)
          .where('category', '=', 'FISH')
          .execute();
      }
    });

    it('refuses unknown query fields', async () => {
      const res = await get('/lgw/games/game_menus?prizemode=SEA');
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ prizemode: 'validation.unknownField' });
    });
  });

  it('publishes every call in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/docs/json')).json().paths);
    for (const p of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/system/resources',
      '/wps/system/banners',
      '/wps/announcement',
      '/wps/system/customerService',
      '/wps/system/domainRoute',
      '/wps/system/helpCenter',
      '/lgw/games/game_menus',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('seeds the demo brand once: a second run changes nothing', async () => {
    const tables = [
      'brands',
      'brand_domains',
      'whitelabel_modules',
      'register_field_rules',
      'resources',
      'banners',
      'announcements',
      'customer_service',
      'help_sections',
    ] as const;
    const counts = async () => {
      const out: Record<string, number> = {};
      for (const table of tables) {
        const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db.kysely);
        out[table] = r.rows[0]?.n ?? -1;
      }
      return out;
    };
    const before = await counts();
    expect(before).toMatchObject({
      brands: 1,
      brand_domains: 3,
      register_field_rules: 16,
      resources: 4,
      help_sections: 7,
    });
    expect(await seedDemo(t.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
