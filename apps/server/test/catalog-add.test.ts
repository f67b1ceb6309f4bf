import {
  catalogGameCreateCall,
  catalogGamesCall,
  catalogInhouseCall,
  catalogVendorCreateCall,
  catalogVendorsCall,
  gameListCall,
  gameMenusCall,
  INHOUSE_GAME_CODES,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../src/modules/system/brand-create';
import { createTestApp, type TestApp } from './harness';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * Adding to a brand's catalog from the back office (decision 0039): a vendor with its signing
 * secret shown once, a game under it that the lobby lists as playable, and Khela's in-house
 * games put on a brand made by `brand create` — once, however often the button is pressed.
 */

let t: TestApp;
let content: string;
let auditor: string;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  content = await staffSessionWithRoles(t, ['content']);
  auditor = await staffSessionWithRoles(t, ['auditor']);
});
afterAll(() => t.close());

type Call = { method: string; path: string };
function send(d: Call, token: string, payload?: unknown, query = '', host?: string) {
  return t.app.inject({
    method: d.method as 'GET',
    url: d.path + query,
    headers: { ...bearerOf(token), ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const newVendor = (over: Record<string, unknown> = {}) => ({
  vassalage: 'NEWP',
  category: 'RNG',
  names: { bn: 'নতুন প্রোভাইডার', en: 'New Provider' },
  icon: '',
  isHot: false,
  enabled: true,
  sort: 50,
  launchUrl: 'https://games.newp.example/launch?t={token}&g={game}&l={lang}',
  launchUrl2: '',
  walletAccount: true,
  reason: 'signed a contract',
  ...over,
});

const newGame = (vendorId: number, over: Record<string, unknown> = {}) => ({
  vendorId,
  code: 'NEWP-RIVER',
  names: { bn: 'নদীর ভাগ্য', en: 'River Fortune' },
  icon: '',
  classify: 'video',
  isHot: true,
  enabled: true,
  sort: 0,
  ...over,
});

async function lobbyGames(query: string, host?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: gameListCall.path + query,
    ...(host ? { headers: { host } } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.list as { gameCode: string; vassalage: string; maintenance: number }[];
}

describe('adding a vendor and a game', () => {
  let vendorId: number;

  it('adds a vendor with a wallet account whose secret is shown once and stored only sealed', async () => {
    const res = await send(catalogVendorCreateCall, content, newVendor());
    expect(res.statusCode).toBe(200);
    const { vendor, secret } = res.json().value as {
      vendor: { id: number; secret: { source: string } };
      secret: string;
    };
    vendorId = vendor.id;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(vendor.secret.source).toBe('stored');
    const row = await t.db.kysely
      .selectFrom('provider_vendors')
      .select(['secret', 'secret_sealed'])
      .where('code', '=', 'NEWP')
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe('');
    expect(row.secret_sealed).not.toContain(secret);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'reason', 'after', 'staff_id'])
      .where('target', '=', 'vendor:NEWP')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ event: 'catalog.vendor.added', reason: 'signed a contract' });
    expect(JSON.stringify(audit[0]?.after)).not.toContain(secret);
    const menus = (await t.app.inject({ method: 'GET', url: gameMenusCall.path })).json().value as {
      vendors: { vassalage: string }[];
    }[];
    expect(menus.flatMap((m) => m.vendors.map((v) => v.vassalage))).toContain('NEWP');
  });

  it('refuses a code the brand has already, in any category, and the in-house code, as field errors', async () => {
    const dup = await send(catalogVendorCreateCall, content, newVendor({ category: 'FISH' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { vassalage: 'validation.taken' } });
    const seeded = await send(catalogVendorCreateCall, content, newVendor({ vassalage: 'NKR' }));
    expect(seeded.json().fieldErrors).toEqual({ vassalage: 'validation.taken' });
    const inhouse = await send(catalogVendorCreateCall, content, newVendor({ vassalage: 'JL', category: 'RNG' }));
    expect(inhouse.json().fieldErrors).toEqual({ vassalage: 'validation.reserved' });
    const lower = await send(catalogVendorCreateCall, content, newVendor({ vassalage: 'new p' }));
    expect(lower.statusCode).toBe(400);
    expect(Object.keys(lower.json().fieldErrors)).toEqual(['vassalage']);
    const inhouseCategory = await send(
      catalogVendorCreateCall,
      content,
      newVendor({ vassalage: 'XYZ', category: 'INHOUSE' }),
    );
    expect(Object.keys(inhouseCategory.json().fieldErrors)).toEqual(['category']);
  });

  it('adds a game that the lobby lists as playable; a second of the same code is a field error', async () => {
    const res = await send(catalogGameCreateCall, content, newGame(vendorId));
    expect(res.statusCode).toBe(200);
    const game = res.json().value as { id: number; code: string; vassalage: string; version: number };
    expect(game).toMatchObject({ code: 'NEWP-RIVER', vassalage: 'NEWP', version: 1 });
    const listed = await lobbyGames('?vassalage=NEWP');
    expect(listed).toEqual([expect.objectContaining({ gameCode: 'NEWP-RIVER', maintenance: 0 })]);
    const desk = (await send(catalogGamesCall, content, undefined, `?vendorId=${vendorId}`)).json().value;
    expect(desk.total).toBe(1);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'after'])
      .where('target', '=', `game:${game.id}`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ event: 'catalog.game.added', after: { code: 'NEWP-RIVER' } });
    const dup = await send(catalogGameCreateCall, content, newGame(vendorId, { names: { en: 'Again' } }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors).toEqual({ code: 'validation.taken' });
    const unknown = await send(catalogGameCreateCall, content, newGame(999_999, { code: 'OTHER' }));
    expect(unknown.json().fieldErrors).toEqual({ vendorId: 'validation.invalid' });
    const jl = (await send(catalogVendorsCall, content))
      .json()
      .value.find((v: { vassalage: string }) => v.vassalage === 'JL');
    const inhouse = await send(catalogGameCreateCall, content, newGame(jl.id, { code: 'roulette' }));
    expect(inhouse.json().fieldErrors).toEqual({ vendorId: 'validation.reserved' });
  });

  it('a vendor without a wallet account gets no secret', async () => {
    const res = await send(catalogVendorCreateCall, content, newVendor({ vassalage: 'NOWAL', walletAccount: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ secret: null, vendor: { secret: { source: 'none' } } });
  });

  it('a read-only role may add nothing', async () => {
    expect((await send(catalogVendorCreateCall, auditor, newVendor({ vassalage: 'RO' }))).statusCode).toBe(403);
    expect((await send(catalogGameCreateCall, auditor, newGame(vendorId, { code: 'RO' }))).statusCode).toBe(403);
    expect((await send(catalogInhouseCall, auditor, {})).statusCode).toBe(403);
  });
});

describe('in-house games', () => {
  it('on the demo brand, which has them, the call adds nothing and says so', async () => {
    const res = await send(catalogInhouseCall, content, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ vendorAdded: false, added: [], games: [...INHOUSE_GAME_CODES] });
  });

  it('a brand made by `brand create` gets them once through the call, listed and playable', async () => {
    const host = 'play.newbrand.example';
    await createBrand(t.db, { code: 'newbrand', domain: host, currency: 'BDT', languages: ['bn', 'en'] }, 'test');
    const owner = await staffSessionWithRoles(t, ['content'], 'newbrand');
    const before = (await send(catalogVendorsCall, owner, undefined, '', host)).json().value;
    expect(before).toEqual([]);
    expect(await lobbyGames('?gameType=INHOUSE', host)).toEqual([]);

    const first = await send(catalogInhouseCall, owner, { reason: 'opening day' }, '', host);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toEqual({
      vendorAdded: true,
      added: ['slot', 'crash', 'dice'],
      games: ['slot', 'crash', 'dice'],
    });
    const again = await send(catalogInhouseCall, owner, {}, '', host);
    expect(again.json().value).toMatchObject({ vendorAdded: false, added: [] });

    const listed = await lobbyGames('?gameType=INHOUSE', host);
    expect(listed.map((g) => g.gameCode).sort()).toEqual(['crash', 'dice', 'slot']);
    expect(listed.every((g) => g.vassalage === 'JL' && g.maintenance === 0)).toBe(true);
    const vendors = (await send(catalogVendorsCall, owner, undefined, '', host)).json().value as {
      vassalage: string;
      gameCount: number;
    }[];
    expect(vendors).toEqual([expect.objectContaining({ vassalage: 'JL', gameCount: 3 })]);
    const audit = await t.db.kysely
      .selectFrom('audit_log as a')
      .innerJoin('brands as b', 'b.id', 'a.brand_id')
      .select(['a.event', 'a.reason'])
      .where('b.merchant_code', '=', 'newbrand')
      .where('a.event', '=', 'catalog.inhouse.added')
      .execute();
    expect(audit).toEqual([{ event: 'catalog.inhouse.added', reason: 'opening day' }]);
  });

  it('puts back an in-house game the brand lost, after the ones it has', async () => {
    const brand = await t.db.kysely
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'newbrand')
      .executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('games').where('brand_id', '=', brand.id).where('code', '=', 'dice').execute();
    const owner = await staffSessionWithRoles(t, ['content'], 'newbrand');
    const res = await send(catalogInhouseCall, owner, {}, '', 'play.newbrand.example');
    expect(res.json().value).toMatchObject({ vendorAdded: false, added: ['dice'] });
  });
});
