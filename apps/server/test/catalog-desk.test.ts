import {
  catalogGamesCall,
  catalogGameUpdateCall,
  catalogRotateSecretCall,
  catalogVendorsCall,
  catalogVendorUpdateCall,
  gameMenusCall,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureVendor } from '../src/modules/provider/service';
import { createTestApp, type TestApp } from './harness';
import { injectDriver } from './provider-driver';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The Catalog desk (decision 0039): vendor and game switches reach the lobby on its next read,
 * stale saves are refused, writes are audited, and a provider secret rotates with an overlap in
 * which the old secret still signs — and after which it no longer does.
 */

const ENV_SECRET = 'env-owned-secret-0123456789abcdefghijkl';
let t: TestApp;
let content: string;
let auditor: string;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, PROVIDER_SECRETS: `LTS=${ENV_SECRET}` });
  content = await staffSessionWithRoles(t, ['content']);
  auditor = await staffSessionWithRoles(t, ['auditor']);
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  await ensureVendor(t.db, { brandId, code: 'NKR', name: 'NKR', wallets: 'real' });
  await ensureVendor(t.db, { brandId, code: 'LTS', name: 'LTS', wallets: 'real' });
});
afterAll(() => t.close());

type Call = { method: string; path: string };
function send(d: Call, token: string, payload?: unknown, params: Record<string, number> = {}, query = '') {
  return t.app.inject({
    method: d.method as 'GET',
    url: d.path.replace(/:(\w+)/g, (_, k: string) => String(params[k])) + query,
    headers: bearerOf(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type Vendor = {
  id: number;
  vassalage: string;
  enabled: boolean;
  version: number;
  names: Record<string, string>;
  icon: string | null;
  isHot: boolean;
  maintenance: boolean;
  sort: number;
  launchUrl: string | null;
  launchUrl2: string | null;
  secret: { source: string; rotatedAt: string | null; previousUntil: string | null };
};
const vendors = async () => (await send(catalogVendorsCall, content)).json().value as Vendor[];
const vendor = async (code: string) => (await vendors()).find((v) => v.vassalage === code) as Vendor;
const bodyOf = (v: Vendor) => ({
  names: v.names,
  icon: v.icon ?? '',
  isHot: v.isHot,
  enabled: v.enabled,
  maintenance: v.maintenance,
  sort: v.sort,
  launchUrl: v.launchUrl ?? '',
  launchUrl2: v.launchUrl2 ?? '',
  version: v.version,
});
async function lobbyVendors() {
  const res = await t.app.inject({ method: 'GET', url: gameMenusCall.path });
  return (res.json().value as { vendors: { vassalage: string }[] }[]).flatMap((m) => m.vendors.map((v) => v.vassalage));
}

describe('vendors', () => {
  it('lists vendors with where their secret comes from, the env one read-only', async () => {
    const list = await vendors();
    expect((await vendor('NKR')).secret.source).toBe('stored');
    expect((await vendor('LTS')).secret.source).toBe('env');
    expect(list.find((v) => v.vassalage === 'SBS')?.secret.source).toBe('none');
    const refused = await send(
      catalogRotateSecretCall,
      content,
      { overlapMinutes: 10, reason: 'x' },
      { id: (await vendor('LTS')).id },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SECRET_FROM_ENV');
  });

  it('switching a vendor off takes it out of the lobby on the next read; the stale save is refused', async () => {
    const v = await vendor('NKR');
    expect(await lobbyVendors()).toContain('NKR');
    const off = await send(
      catalogVendorUpdateCall,
      content,
      { ...bodyOf(v), enabled: false, reason: 'provider outage' },
      { id: v.id },
    );
    expect(off.statusCode).toBe(200);
    expect(await lobbyVendors()).not.toContain('NKR');
    const stale = await send(catalogVendorUpdateCall, content, { ...bodyOf(v), enabled: true }, { id: v.id });
    expect(stale.json().code).toBe('STALE_EDIT');
    const on = await send(
      catalogVendorUpdateCall,
      content,
      { ...bodyOf(await vendor('NKR')), enabled: true },
      { id: v.id },
    );
    expect(on.statusCode).toBe(200);
    expect(await lobbyVendors()).toContain('NKR');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'before', 'after', 'reason'])
      .where('target', '=', 'vendor:NKR')
      .orderBy('id')
      .execute();
    expect(audit[0]).toMatchObject({ event: 'catalog.vendor.changed', reason: 'provider outage' });
    expect(audit[0]?.before).toMatchObject({ enabled: true });
    expect(audit[0]?.after).toMatchObject({ enabled: false });
  });

  it("a vendor's new order is the lobby's on its next read", async () => {
    const rng = async () => {
      const res = await t.app.inject({ method: 'GET', url: gameMenusCall.path });
      const menus = res.json().value as { gameCategory: string; vendors: { vassalage: string }[] }[];
      return menus.find((m) => m.gameCategory === 'RNG')?.vendors.map((v) => v.vassalage) ?? [];
    };
    expect((await rng())[0]).toBe('NKR');
    const v = await vendor('NKR');
    const res = await send(catalogVendorUpdateCall, content, { ...bodyOf(v), sort: 99 }, { id: v.id });
    expect(res.statusCode).toBe(200);
    expect((await rng()).at(-1)).toBe('NKR');
  });

  it('refuses a launch address that is not http(s), with a field error', async () => {
    const v = await vendor('SBS');
    const res = await send(
      catalogVendorUpdateCall,
      content,
      { ...bodyOf(v), launchUrl: 'javascript:alert(1)//{token}' },
      { id: v.id },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ launchUrl: 'validation.invalid' });
    const ok = await send(
      catalogVendorUpdateCall,
      content,
      { ...bodyOf(v), launchUrl: 'https://games.sbs.example/launch?t={token}&g={game}&l={lang}' },
      { id: v.id },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.launchUrl).toBe('https://games.sbs.example/launch?t={token}&g={game}&l={lang}');
  });

  it('an auditor reads the catalog but cannot change it', async () => {
    expect((await send(catalogVendorsCall, auditor)).statusCode).toBe(200);
    const v = await vendor('SBS');
    expect((await send(catalogVendorUpdateCall, auditor, bodyOf(v), { id: v.id })).statusCode).toBe(403);
  });
});

describe('games', () => {
  it('pages games by vendor and status, and saves a switch at the version read', async () => {
    const v = await vendor('NKR');
    const page = (await send(catalogGamesCall, content, undefined, {}, `?vendorId=${v.id}&pageSize=2`)).json().value;
    expect(page.list.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThan(0);
    const g = page.list[0];
    const body = {
      names: { ...g.names, en: 'Renamed game' },
      icon: g.icon ?? '',
      isHot: true,
      enabled: false,
      sort: 3,
      version: g.version,
    };
    const saved = await send(catalogGameUpdateCall, content, body, { id: g.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toMatchObject({ isHot: true, enabled: false, version: g.version + 1 });
    const off = (await send(catalogGamesCall, content, undefined, {}, `?vendorId=${v.id}&status=off`)).json().value;
    expect(off.list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await send(catalogGameUpdateCall, content, body, { id: g.id })).json().code).toBe('STALE_EDIT');
  });
});

describe('secret rotation', () => {
  it('accepts the old secret within the overlap and refuses it after; the new one is stored only sealed', async () => {
    const v = await vendor('NKR');
    const old = (
      await t.db.kysely
        .selectFrom('provider_vendors')
        .select('secret')
        .where('brand_id', '=', brandId)
        .where('code', '=', 'NKR')
        .executeTakeFirstOrThrow()
    ).secret;
    // A body the signature check passes and validation refuses: 400 signed, 401 not.
    const probe = (secret: string) => injectDriver(t.app, { vendor: 'NKR', secret }).send('bet', { unexpected: true });
    expect((await probe(old)).status).toBe(400);

    const res = await send(
      catalogRotateSecretCall,
      content,
      { overlapMinutes: 30, reason: 'yearly rotation' },
      { id: v.id },
    );
    expect(res.statusCode).toBe(200);
    const { secret, previousUntil } = res.json().value;
    expect(new Date(previousUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await probe(secret)).status).toBe(400);
    expect((await probe(old)).status).toBe(400);

    const row = await t.db.kysely
      .selectFrom('provider_vendors')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('code', '=', 'NKR')
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe('');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(old);
    expect((await vendor('NKR')).secret.previousUntil).toBe(previousUntil);

    // The overlap ends.
    await t.db.kysely
      .updateTable('provider_vendors')
      .set({ previous_secret_until: new Date(Date.now() - 1000) })
      .where('brand_id', '=', brandId)
      .where('code', '=', 'NKR')
      .execute();
    expect((await probe(old)).status).toBe(401);
    expect((await probe(secret)).status).toBe(400);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'detail', 'after'])
      .where('event', '=', 'catalog.secret.rotated')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('a rotation without overlap refuses the old secret at once', async () => {
    const v = await vendor('NKR');
    const first = (
      await send(catalogRotateSecretCall, content, { overlapMinutes: 0, reason: 'leaked' }, { id: v.id })
    ).json().value;
    expect(first.previousUntil).toBeNull();
    const second = (
      await send(catalogRotateSecretCall, content, { overlapMinutes: 0, reason: 'leaked again' }, { id: v.id })
    ).json().value;
    const probe = (secret: string) => injectDriver(t.app, { vendor: 'NKR', secret }).send('bet', { unexpected: true });
    expect((await probe(first.secret)).status).toBe(401);
    expect((await probe(second.secret)).status).toBe(400);
  });
});
