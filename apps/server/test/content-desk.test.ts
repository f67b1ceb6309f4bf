import {
  bannersCall,
  contentAnnouncementCreateCall,
  contentAnnouncementDeleteCall,
  contentAnnouncementsCall,
  contentAnnouncementUpdateCall,
  contentBannerCreateCall,
  contentBannerOrderCall,
  contentBannersCall,
  contentBannerUpdateCall,
  contentHelpCreateCall,
  contentResourceCreateCall,
  contentResourceUpdateCall,
  contentServiceCreateCall,
  contentServiceUpdateCall,
  customerServiceCall,
  helpCenterCall,
  NOTICE_REQUEST,
  noticesCall,
  resourcesCall,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The Content desk (decision 0039): server-side checks with field errors, HTML sanitised before
 * it is stored, a stale version refused, an audit row per write, and the player site's very next
 * read showing the change.
 */

let t: TestApp;
let content: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  content = await staffSessionWithRoles(t, ['content']);
  support = await staffSessionWithRoles(t, ['support']);
});
afterAll(() => t.close());

type Call = { method: string; path: string };
const pathOf = (d: Call, params: Record<string, number> = {}) =>
  d.path.replace(/:(\w+)/g, (_, k: string) => String(params[k]));

function send(d: Call, token: string, payload?: unknown, params?: Record<string, number>) {
  return t.app.inject({
    method: d.method as 'GET',
    url: pathOf(d, params),
    headers: bearerOf(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const notice = (title: string, html: string) => ({
  type: 'PL' as const,
  title: { bn: `${title} (বাংলা)`, en: title },
  content: { bn: `<p>${html}</p>`, en: `<p>${html}</p>` },
  popup: false,
  active: true,
  startsAt: null,
  endsAt: null,
});

async function playerNotices() {
  const res = await t.app.inject({
    method: 'GET',
    url: `${noticesCall.path}?types=${NOTICE_REQUEST.types}&platform=${NOTICE_REQUEST.platform}&execution=${NOTICE_REQUEST.execution}&language=en`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value as { player: { id: number; title: string; content: string }[] };
}

async function auditRows(target: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .select(['event', 'staff_id', 'before', 'after', 'reason', 'target'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
}

describe('announcements', () => {
  it('stores a new notice, audits it, and the player site lists it on its next read', async () => {
    const res = await send(contentAnnouncementCreateCall, content, {
      ...notice('Cup final', 'Kick-off at 8'),
      reason: 'cup week',
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().value;
    expect(row.version).toBe(1);
    const seen = await playerNotices();
    expect(seen.player.find((n) => n.id === row.id)?.title).toBe('Cup final');
    const rows = await auditRows(`announcement:${row.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'content.created', before: null, reason: 'cup week' });
    expect(rows[0]?.after).toMatchObject({ title: { en: 'Cup final' } });
  });

  it('never stores a script or an event handler', async () => {
    const res = await send(contentAnnouncementCreateCall, content, {
      ...notice('Clean', ''),
      content: {
        bn: '<p>নমস্কার</p><script>alert(1)</script>',
        en: '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="https://cdn.example/x.png" onerror="steal()"><a href="javascript:alert(1)">x</a>',
      },
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().value;
    const stored = await t.db.kysely
      .selectFrom('announcements')
      .select('content')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const html = JSON.stringify(stored.content);
    expect(html).toContain('Hello');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('answers field errors for a missing default-language title and an end before the start', async () => {
    const noTitle = await send(contentAnnouncementCreateCall, content, {
      ...notice('x', 'y'),
      title: { en: 'Only English' },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'title.bn': 'validation.required' },
    });
    const backwards = await send(contentAnnouncementCreateCall, content, {
      ...notice('x', 'y'),
      startsAt: '2026-12-02T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({ endsAt: 'validation.endBeforeStart' });
    const wrongType = await send(contentAnnouncementCreateCall, content, { ...notice('x', 'y'), type: 'ZZ' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors).toHaveProperty('type');
  });

  it('saves an edit at the version it read, shows it at once, and refuses the stale second save', async () => {
    const made = (await send(contentAnnouncementCreateCall, content, notice('Draft', 'first'))).json().value;
    const first = await send(
      contentAnnouncementUpdateCall,
      content,
      { ...notice('Final', 'second'), version: made.version },
      { id: made.id },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().value.version).toBe(made.version + 1);
    expect((await playerNotices()).player.find((n) => n.id === made.id)).toMatchObject({
      title: 'Final',
      content: '<p>second</p>',
    });

    const stale = await send(
      contentAnnouncementUpdateCall,
      content,
      { ...notice('Mine', 'third'), version: made.version },
      { id: made.id },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    expect((await playerNotices()).player.find((n) => n.id === made.id)?.title).toBe('Final');

    const rows = await auditRows(`announcement:${made.id}`);
    expect(rows.map((r) => r.event)).toEqual(['content.created', 'content.updated']);
    expect(rows[1]?.before).toMatchObject({ title: { en: 'Draft' } });
    expect(rows[1]?.after).toMatchObject({ title: { en: 'Final' } });
  });

  it('takes a notice off the site when switched off, and deletes at the version read', async () => {
    const made = (await send(contentAnnouncementCreateCall, content, notice('Short-lived', 'soon gone'))).json().value;
    const off = await send(
      contentAnnouncementUpdateCall,
      content,
      { ...notice('Short-lived', 'soon gone'), active: false, version: 1 },
      { id: made.id },
    );
    expect(off.statusCode).toBe(200);
    expect((await playerNotices()).player.some((n) => n.id === made.id)).toBe(false);
    expect((await send(contentAnnouncementDeleteCall, content, { version: 1 }, { id: made.id })).statusCode).toBe(409);
    const gone = await send(contentAnnouncementDeleteCall, content, { version: 2, reason: 'over' }, { id: made.id });
    expect(gone.json().value).toEqual({ deleted: true });
    const list = (await send(contentAnnouncementsCall, content)).json().value as { id: number }[];
    expect(list.some((n) => n.id === made.id)).toBe(false);
    expect((await auditRows(`announcement:${made.id}`)).at(-1)).toMatchObject({
      event: 'content.deleted',
      after: null,
    });
  });

  it('lets a support role read the desk but not write', async () => {
    expect((await send(contentAnnouncementsCall, support)).statusCode).toBe(200);
    const res = await send(contentAnnouncementCreateCall, support, notice('Nope', 'no'));
    expect(res.statusCode).toBe(403);
  });

  it('answers NOT_FOUND for another id', async () => {
    const res = await send(
      contentAnnouncementUpdateCall,
      content,
      { ...notice('x', 'y'), version: 1 },
      { id: 999_999 },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('banners', () => {
  const banner = (caption: string, sort = 0) => ({
    groupName: 'home',
    imageUrl: 'https://cdn.example/banner.png',
    title: { bn: `${caption} বাংলা`, en: caption },
    linkageType: 'route' as const,
    linkageValue: '/promotions',
    sort,
    active: true,
    startsAt: null,
    endsAt: null,
  });

  it('refuses an unsafe image or link with a field error', async () => {
    const script = await send(contentBannerCreateCall, content, { ...banner('x'), imageUrl: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(script.json().fieldErrors).toEqual({ imageUrl: 'validation.invalid' });
    const mismatch = await send(contentBannerCreateCall, content, {
      ...banner('x'),
      linkageValue: 'https://elsewhere.example',
    });
    expect(mismatch.json().fieldErrors).toEqual({ linkageValue: 'validation.invalid' });
  });

  it('shows a new caption and a new order on the next read of the carousel', async () => {
    const a = (await send(contentBannerCreateCall, content, banner('Alpha', 0))).json().value;
    const edited = await send(
      contentBannerUpdateCall,
      content,
      { ...banner('Alpha two', 0), version: a.version },
      { id: a.id },
    );
    expect(edited.statusCode).toBe(200);
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `${bannersCall.path}?groupName=home&language=en` })).json().value as {
        bannerId: number;
        title: string;
      }[];
    expect((await read()).find((b) => b.bannerId === a.id)?.title).toBe('Alpha two');

    const ids = ((await send(contentBannersCall, content)).json().value as { id: number }[]).map((b) => b.id);
    const reversed = [...ids].reverse();
    const ordered = await send(contentBannerOrderCall, content, { ids: reversed });
    expect(ordered.statusCode).toBe(200);
    const homeIds = (ordered.json().value as { id: number; groupName: string }[])
      .filter((b) => b.groupName === 'home')
      .map((b) => b.id);
    expect((await read()).map((b) => b.bannerId)).toEqual(homeIds);
    expect((await send(contentBannerOrderCall, content, { ids: ids.slice(1) })).json().fieldErrors).toEqual({
      ids: 'validation.invalid',
    });
  });
});

describe('help, channels and resources', () => {
  it('sanitises a help section and the help centre shows it', async () => {
    const res = await send(contentHelpCreateCall, content, {
      key: 'deposits',
      title: { bn: 'জমা', en: 'Deposits' },
      content: {
        bn: '<h2>জমা</h2><p>বিকাশে</p>',
        en: '<h2>Deposits</h2><p onmouseover="x()">By bKash</p><script>x()</script>',
      },
      sort: 99,
      active: true,
    });
    expect(res.statusCode).toBe(200);
    const again = await send(contentHelpCreateCall, content, {
      key: 'deposits',
      title: { bn: 'আবার', en: 'Again' },
      content: { bn: '<p>আবার</p>' },
      sort: 100,
      active: true,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ key: 'validation.taken' });
    const help = (await t.app.inject({ method: 'GET', url: `${helpCenterCall.path}?language=en` })).json().value;
    const section = help.sections.find((s: { key: string }) => s.key === 'deposits');
    expect(section.content).toBe('<h2>Deposits</h2><p>By bKash</p>');
  });

  it('a channel saved is on the site at once (the brand snapshot is dropped), type 3 obfuscated', async () => {
    const made = await send(contentServiceCreateCall, content, {
      csType: 3,
      title: { bn: 'লাইভ চ্যাট', en: 'Live chat' },
      path: 'https://chat.example/room',
      sort: 50,
      active: true,
    });
    expect(made.statusCode).toBe(200);
    const row = made.json().value;
    expect(row.path).toBe('https://chat.example/room');
    const site = async () =>
      (await t.app.inject({ method: 'GET', url: `${customerServiceCall.path}?language=en` })).json().value.version
        .pathList as { type: number; title: string; path: string }[];
    const listed = (await site()).find((c) => c.title === 'Live chat');
    expect(listed?.path).not.toContain('chat.example');
    await send(
      contentServiceUpdateCall,
      content,
      { ...row, title: { bn: 'চ্যাট', en: 'Chat now' }, id: undefined, version: row.version },
      { id: row.id },
    );
    expect((await site()).some((c) => c.title === 'Chat now')).toBe(true);
  });

  it('a resource is one per type, and an edit shows in the status answer at once', async () => {
    const made = await send(contentResourceCreateCall, content, {
      resourceType: 'USDJUMP',
      url: 'https://jump.example/usd',
      qrCodeUrl: '',
      label: 'USD jump',
    });
    expect(made.statusCode).toBe(200);
    const again = await send(contentResourceCreateCall, content, {
      resourceType: 'USDJUMP',
      url: 'https://jump.example/other',
      qrCodeUrl: '',
      label: 'USD jump',
    });
    expect(again.json().fieldErrors).toEqual({ resourceType: 'validation.taken' });
    const row = made.json().value;
    const edited = await send(
      contentResourceUpdateCall,
      content,
      {
        resourceType: 'USDJUMP',
        url: 'https://jump.example/usd2',
        qrCodeUrl: '',
        label: 'USD jump',
        version: row.version,
      },
      { id: row.id },
    );
    expect(edited.statusCode).toBe(200);
    const site = (await t.app.inject({ method: 'GET', url: resourcesCall.path })).json().value as {
      resourceType: string;
      url: string;
    }[];
    expect(site.find((r) => r.resourceType === 'USDJUMP')?.url).toBe('https://jump.example/usd2');
  });
});
