import {
  bannersCall,
  encryptCsPath,
  envelope,
  GameMenus,
  gameMenusCall,
  helpCenterCall,
  isSafeContentUrl,
  NoticeList,
  noticesCall,
  promotionCall,
  resourcesCall,
  SystemStatus,
  systemStatusCall,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePromotion } from '../src/modules/promotions/service';
import {
  saveBanner,
  saveCustomerService,
  saveHelpSection,
  saveNotice,
  saveResource,
} from '../src/modules/system/service';
import { invalidateBrandCache } from '../src/platform/brand';
import { AppError } from '../src/platform/errors';
import { safeHtml } from '../src/platform/stored-content';
import { DEMO_ANNOUNCEMENTS } from '../src/seed/demo-announcements';
import { DEMO_BANNERS } from '../src/seed/demo-banners';
import { DEMO_HELP_SECTIONS } from '../src/seed/demo-help';
import { DEMO_PROMOTIONS } from '../src/seed/demo-promotions';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/**
 * The content gate (decision 0025): stored URLs are http(s) addresses or site paths, stored HTML
 * goes through the one sanitiser under the contract's RICH_TEXT_POLICY — refused or cleaned on
 * save, dropped or cleaned on read (rows written by hand in SQL included).
 */

const HOSTILE = [
  '<p>Maintenance is <b>over</b>.</p>',
  '<img src="x" onerror="window.__pwned=1">',
  '<a href="javascript:window.__pwned=2">click</a>',
  '<a href=" JaVaScRiPt:alert(3)">spaced</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="d">',
  '<svg onload="window.__pwned=4"></svg>',
  '<a href="//evil.example/x">other site</a>',
  '<p style="position:fixed" class="btn" id="login">dressed</p>',
  '<script>window.__pwned=5</script>',
].join('');

/** Nothing in `html` that can run, leave the site or pose as it. */
function expectClean(html: string) {
  expect(html).toContain('Maintenance is <b>over</b>.');
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|\/\/evil|<script|<svg|style=|class=|id=/i);
}

let t: TestApp;
let brandId: number;

async function get<T>(url: string, schema: { parse(v: unknown): { value: T } }): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json()).value;
}

beforeAll(async () => {
  t = await createTestApp();
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe(`stored HTML on ${TEST_ENGINE}`, () => {
  it('is sanitised on save: a notice, a help section and a promotion keep their text, lose the rest', async () => {
    const notice = await saveNotice(t.db.kysely, brandId, {
      type: 'PL',
      title: { en: 'Saved notice' },
      content: { en: HOSTILE, bn: HOSTILE },
    });
    const help = await saveHelpSection(t.db.kysely, brandId, {
      key: 'saved-help',
      title: { en: 'Saved help' },
      content: { en: HOSTILE },
      sort: 99,
    });
    const promo = await savePromotion(t.db.kysely, brandId, {
      category: 'others',
      title: { en: 'Saved promotion' },
      body: { en: HOSTILE },
      imageUrl: '/img/promotions/saved.svg',
      sort: 99,
    });
    const stored = [
      ...Object.values(
        (
          await t.db.kysely
            .selectFrom('announcements')
            .select('content')
            .where('id', '=', notice)
            .executeTakeFirstOrThrow()
        ).content,
      ),
      (await t.db.kysely.selectFrom('help_sections').select('content').where('id', '=', help).executeTakeFirstOrThrow())
        .content.en,
      (await t.db.kysely.selectFrom('promotions').select('body').where('id', '=', promo).executeTakeFirstOrThrow()).body
        .en,
    ];
    expect(stored).toHaveLength(4);
    for (const html of stored) expectClean(html ?? '');
  });

  it('is sanitised on read, whoever wrote it: notices, help sections and promotions', async () => {
    const hostile = JSON.stringify({ en: HOSTILE });
    await t.db.kysely
      .insertInto('announcements')
      .values({ brand_id: brandId, type: 'PL', title: JSON.stringify({ en: 'Raw notice' }), content: hostile })
      .execute();
    await t.db.kysely
      .insertInto('help_sections')
      .values({ brand_id: brandId, key: 'raw-help', title: JSON.stringify({ en: 'Raw help' }), content: hostile })
      .execute();
    const promo = await t.db.kysely
      .insertInto('promotions')
      .values({
        brand_id: brandId,
        category: 'others',
        title: JSON.stringify({ en: 'Raw promotion' }),
        body: hostile,
        image_url: 'javascript:alert(1)',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const notices = await get(`${noticesCall.path}?types=PL&platform=W&execution=B&language=en`, envelope(NoticeList));
    const raw = notices.player.find((n) => n.title === 'Raw notice');
    expectClean(raw?.content ?? '');
    const help = await get(`${helpCenterCall.path}?language=en`, envelope(helpCenterCall.response));
    expectClean(help.sections.find((s) => s.title === 'Raw help')?.content ?? '');
    const p = await get(
      `${promotionCall.path.replace(':id', String(promo.id))}?language=en`,
      envelope(promotionCall.response),
    );
    expectClean(p.body);
    expect(p.imageUrl).toBe('');
  });

  it('leaves the demo content exactly as written: it already keeps to the rules', async () => {
    const texts = [
      ...DEMO_ANNOUNCEMENTS.flatMap((a) => Object.values(a.content)),
      ...DEMO_HELP_SECTIONS.flatMap((h) => Object.values(h.content)),
      ...DEMO_PROMOTIONS.flatMap((p) => Object.values(p.body)),
    ];
    expect(texts.length).toBeGreaterThan(20);
    for (const html of texts) expect(await safeHtml(html)).toBe(html);
  });
});

describe(`stored URLs on ${TEST_ENGINE}`, () => {
  const refusal = (field: string) =>
    expect.objectContaining({ code: 'VALIDATION_FAILED', fieldErrors: { [field]: 'validation.invalid' } });

  it('refuses javascript:, data:, other sites written as paths and other schemes on save', async () => {
    const db = t.db.kysely;
    const banner = { groupName: 'w_home', title: { en: 'b' }, sort: 9, linkage: null };
    await expect(saveBanner(db, brandId, { ...banner, imageUrl: 'javascript:alert(1)' })).rejects.toEqual(
      refusal('imageUrl'),
    );
    await expect(saveBanner(db, brandId, { ...banner, imageUrl: 'data:image/png;base64,AAAA' })).rejects.toEqual(
      refusal('imageUrl'),
    );
    await expect(
      saveBanner(db, brandId, { ...banner, imageUrl: '/img/a.svg', linkage: { type: 'url', value: 'javascript:x' } }),
    ).rejects.toEqual(refusal('linkageValue'));
    await expect(
      saveBanner(db, brandId, {
        ...banner,
        imageUrl: '/img/a.svg',
        linkage: { type: 'route', value: '//evil.example' },
      }),
    ).rejects.toEqual(refusal('linkageValue'));
    // A route is a path of the site; an outside address is not one.
    await expect(
      saveBanner(db, brandId, {
        ...banner,
        imageUrl: '/img/a.svg',
        linkage: { type: 'route', value: 'https://x.example' },
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(saveResource(db, brandId, { type: 'FACEBOOK', url: 'vbscript:x', label: 'f' })).rejects.toEqual(
      refusal('url'),
    );
    await expect(
      saveResource(db, brandId, { type: 'FACEBOOK', url: 'https://facebook.com/k', qrCodeUrl: 'data:x', label: 'f' }),
    ).rejects.toEqual(refusal('qrCodeUrl'));
    await expect(
      saveCustomerService(db, brandId, { csType: 3, title: { en: 'tg' }, path: 'javascript:alert(1)', sort: 9 }),
    ).rejects.toEqual(refusal('path'));
    await expect(
      savePromotion(db, brandId, {
        category: 'others',
        title: { en: 'p' },
        body: {},
        imageUrl: '/\\evil.example',
        sort: 9,
      }),
    ).rejects.toEqual(refusal('imageUrl'));

    // Safe ones are stored, a type 3 link obfuscated as spec §7 has it.
    const id = await saveBanner(db, brandId, {
      ...banner,
      imageUrl: 'https://cdn.khela.example/b.webp',
      linkage: { type: 'route', value: '/promotions' },
    });
    expect(id).toBeGreaterThan(0);
    const cs = await saveCustomerService(db, brandId, {
      csType: 3,
      title: { en: 'Telegram' },
      path: 'https://t.me/khela_saved',
      sort: 9,
    });
    const row = await db.selectFrom('customer_service').select('path').where('id', '=', cs).executeTakeFirstOrThrow();
    expect(row.path).not.toContain('t.me');
  });

  it('drops unsafe URLs on read, whoever stored them', async () => {
    const db = t.db.kysely;
    await db
      .insertInto('banners')
      .values([
        {
          brand_id: brandId,
          group_name: 'w_rng',
          image_url: 'javascript:alert(1)',
          title: '{"en":"bad image"}',
          sort: 50,
        },
        {
          brand_id: brandId,
          group_name: 'w_rng',
          image_url: '/img/ok.svg',
          title: '{"en":"bad link"}',
          linkage_type: 'url',
          linkage_value: 'javascript:alert(2)',
          sort: 51,
        },
      ])
      .execute();
    await db
      .insertInto('resources')
      .values([
        { brand_id: brandId, resource_type: 'XSSLINK', url: 'javascript:alert(3)', label_name_en: 'x' },
        { brand_id: brandId, resource_type: 'QRLINK', url: '/ok', qr_code_url: 'data:image/png,x', label_name_en: 'q' },
      ])
      .execute();
    await db
      .insertInto('customer_service')
      .values([
        { brand_id: brandId, cs_type: 2, title: '{"en":"plain bad"}', path: 'javascript:alert(4)', sort: 50 },
        {
          brand_id: brandId,
          cs_type: 3,
          title: '{"en":"hidden bad"}',
          path: encryptCsPath('javascript:alert(5)'),
          sort: 51,
        },
        { brand_id: brandId, cs_type: 3, title: '{"en":"not obfuscated"}', path: 'https://t.me/x', sort: 52 },
      ])
      .execute();
    await db
      .updateTable('vendors')
      .set({ icon: 'javascript:alert(6)' })
      .where('brand_id', '=', brandId)
      .where('vassalage', '=', 'JL')
      .execute();
    invalidateBrandCache();

    const banners = await get(`${bannersCall.path}?groupName=w_rng&language=en`, envelope(bannersCall.response));
    expect(banners.map((b) => b.title)).not.toContain('bad image');
    expect(banners.find((b) => b.title === 'bad link')).toMatchObject({
      url: '/img/ok.svg',
      linkageType: null,
      linkageValue: null,
    });

    const resources = await get(resourcesCall.path, envelope(resourcesCall.response));
    expect(resources.map((r) => r.resourceType)).not.toContain('XSSLINK');
    expect(resources.find((r) => r.resourceType === 'QRLINK')).toMatchObject({ url: '/ok', qrCodeUrl: null });
    const status = await get(`${systemStatusCall.path}?language=en`, envelope(SystemStatus));
    expect(status.resources.map((r) => r.resourceType)).not.toContain('XSSLINK');
    const titles = status.customerService.map((c) => c.title);
    expect(titles).not.toContain('plain bad');
    expect(titles).not.toContain('hidden bad');
    expect(titles).not.toContain('not obfuscated');
    expect(titles).toContain('Telegram support'); // the demo's good channel stays

    const menus = await get(gameMenusCall.path, envelope(GameMenus));
    const jl = menus.flatMap((m) => m.vendors).find((v) => v.vassalage === 'JL');
    expect(jl).toMatchObject({ icon: null });
  });

  it('keeps every URL of the demo content', () => {
    const urls = [
      ...Object.values(DEMO_BANNERS).flatMap((slides) =>
        slides.flatMap((b) => [b.image, ...(b.route ? [b.route] : [])]),
      ),
      ...DEMO_PROMOTIONS.map((p) => p.image),
    ];
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(isSafeContentUrl(url), url).toBe(true);
  });
});
