import { GameMaintenanceValue, GamePage, LaunchGameValue, RecentGames } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGameSession, redeemLaunchTicket } from '../src/modules/provider/service';
import { invalidateBrandCache } from '../src/platform/brand';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';

let t: TestApp;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp();
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const launch = (body: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    payload: body as object,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** A member with an open session; isAgent 4 = trial. */
const player = (isAgent = 0) => memberWithSession(t.db, brandId, { isAgent, prefix: 'lau' });

async function nodeIdOf(code: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** Rows a launch writes: game sessions and recent games. */
async function written() {
  const count = async (table: 'game_sessions' | 'recent_games') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { sessions: await count('game_sessions'), recent: await count('recent_games') };
}

async function setCdns(cdns: string[]) {
  await t.db.kysely.updateTable('brands').set({ launch_game_cdns: cdns }).where('id', '=', brandId).execute();
  invalidateBrandCache();
}

const NKR_TEMPLATE = 'https://games.nkr.example/open?t={token}&g={game}&l={lang}&p={player}';

/** Gives the demo vendor NKR a launcher and a real-money seamless-wallet account, for one test. */
async function withNkrLauncher(run: () => Promise<void>) {
  await t.db.kysely
    .updateTable('vendors')
    .set({ launch_url: NKR_TEMPLATE, launch_url2: 'https://m.nkr.example/{game}?t={token}' })
    .where('vassalage', '=', 'NKR')
    .execute();
  await t.db.kysely
    .insertInto('provider_vendors')
    .values({ brand_id: brandId, code: 'NKR', name: 'Nakshi Reels', wallets: 'real', secret: 'x'.repeat(40) })
    .execute();
  try {
    await run();
  } finally {
    await t.db.kysely.deleteFrom('provider_vendors').where('code', '=', 'NKR').execute();
    await t.db.kysely
      .updateTable('vendors')
      .set({ launch_url: null, launch_url2: null })
      .where('vassalage', '=', 'NKR')
      .execute();
  }
}

describe(`POST /wps/game/launchGame on ${TEST_ENGINE}`, () => {
  it('answers 401 to a visitor and writes nothing', async () => {
    const before = await written();
    const res = await launch({ nodeId: await nodeIdOf('slot') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
    expect(await written()).toEqual(before);
  });

  it('answers 401 to a visitor before it looks at the body', async () => {
    const bad = await launch({ nodeId: 'not-a-number', unknown: true });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      payload: '{"nodeId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().code).toBe('UNAUTHORIZED');
  });

  it('opens an in-house game at /play with a ticket that redeems once, in the Language header', async () => {
    const p = await player();
    const nodeId = await nodeIdOf('slot');
    const res = await launch(
      { gameId: 'slot', nodeId, accountType: 1, confirmTrans: 0, vassalage: 'JL', launchMode: 'GLS', clientType: 3 },
      p.token,
      { language: 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = LaunchGameValue.parse(res.json().value);
    expect(v).toMatchObject({ nodeId, gameName: 'Khela Slots', vassalage: 'JL', gameType: 'INHOUSE' });
    expect(v.game_url2).toBeUndefined();
    // No CDN configured: the site's own origin, path-absolute.
    const url = new URL(v.game_url, 'http://site.test');
    expect(v.game_url.startsWith('/play/slot?')).toBe(true);
    expect(url.searchParams.get('lang')).toBe('en');
    const ticket = url.searchParams.get('ticket') ?? '';
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const first = await redeemLaunchTicket(t.db, brandId, ticket);
    expect(first).toMatchObject({ memberId: p.id, vendor: 'JL', gameCode: 'slot', language: 'en', currency: 'BDT' });
    expect(await redeemLaunchTicket(t.db, brandId, ticket)).toBeNull();
  });

  it("takes the body's language over the header, and the brand's default without either", async () => {
    const p = await player();
    const nodeId = await nodeIdOf('slot');
    const a = LaunchGameValue.parse(
      (await launch({ nodeId, language: 'th' }, p.token, { language: 'en' })).json().value,
    );
    expect(new URL(a.game_url, 'http://x').searchParams.get('lang')).toBe('th');
    const b = LaunchGameValue.parse((await launch({ nodeId }, p.token)).json().value);
    expect(new URL(b.game_url, 'http://x').searchParams.get('lang')).toBe('bn');
    expect(b.gameName).toBe('খেলা স্লট');
    const c = LaunchGameValue.parse((await launch({ nodeId }, p.token, { language: 'en-GB' })).json().value);
    expect(new URL(c.game_url, 'http://x').searchParams.get('lang')).toBe('en');
  });

  it('picks the game host at random from the brand’s launch CDNs', async () => {
    await setCdns(['https://g1.example.com', 'g2.example.com/', 'not a host']);
    try {
      const p = await player();
      const nodeId = await nodeIdOf('slot');
      const origins = new Set<string>();
      for (let i = 0; i < 24; i++) {
        const v = LaunchGameValue.parse((await launch({ nodeId }, p.token)).json().value);
        const url = new URL(v.game_url);
        expect(url.pathname).toBe('/play/slot');
        origins.add(url.origin);
      }
      // 24 fair draws miss one of two hosts with probability 2^-23.
      expect([...origins].sort()).toEqual(['https://g1.example.com', 'https://g2.example.com']);
    } finally {
      await setCdns([]);
    }
  });

  it('records the launched game as the most recent one', async () => {
    const p = await player();
    await launch({ nodeId: await nodeIdOf('slot') }, p.token);
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GLS_recentGames?language=en',
      headers: { authorization: `Bearer ${p.token}` },
    });
    const recent = RecentGames.parse(res.json().value);
    expect(recent.list.map((g) => g.gameCode)).toEqual(['slot']);
  });

  it('answers a switched-off game with GAME_MAINTENANCE and launchable suggestions, writing nothing', async () => {
    const p = await player();
    await t.db.kysely.updateTable('games').set({ enabled: false }).where('code', '=', 'dice').execute();
    const before = await written();
    const res = await launch({ gameId: 'dice', vassalage: 'JL', language: 'en' }, p.token).finally(() =>
      t.db.kysely.updateTable('games').set({ enabled: true }).where('code', '=', 'dice').execute(),
    );
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'GAME_MAINTENANCE', message: 'errors.GAME_MAINTENANCE' });
    const { suggestions } = GameMaintenanceValue.parse(body.value);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(6);
    // Only the in-house games that are on are launchable in the demo catalog (JL is the one vendor with a launcher).
    expect(suggestions.map((g) => [g.gameCode, g.gameType, g.maintenance]).sort()).toEqual([
      ['crash', 'INHOUSE', 0],
      ['slot', 'INHOUSE', 0],
    ]);
    expect(await written()).toEqual(before);
  });

  it('answers maintenance for a disabled vendor, and for a vendor without a launcher', async () => {
    const p = await player();
    await t.db.kysely.updateTable('vendors').set({ enabled: false }).where('vassalage', '=', 'JL').execute();
    try {
      const res = await launch({ nodeId: await nodeIdOf('slot') }, p.token);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('GAME_MAINTENANCE');
      // Nothing else can open then: an honest empty list.
      expect(GameMaintenanceValue.parse(res.json().value).suggestions).toEqual([]);
    } finally {
      await t.db.kysely.updateTable('vendors').set({ enabled: true }).where('vassalage', '=', 'JL').execute();
    }

    const res = await launch({ gameId: 'NKR-TIGER', accountTypeName: 'NKR' }, p.token);
    expect(res.statusCode).toBe(503);
    expect(GameMaintenanceValue.parse(res.json().value).suggestions.map((g) => g.gameCode)).toEqual([
      'slot',
      'crash',
      'dice',
    ]);

    // The lobby marks those games before anyone clicks.
    const list = GamePage.parse((await t.app.inject({ url: '/lgw/games/game_list?vassalage=NKR' })).json().value);
    expect(list.list.every((g) => g.maintenance === 1)).toBe(true);
  });

  it('opens an external vendor through its configured address, and refuses it to a trial account', async () => {
    await withNkrLauncher(async () => {
      const list = GamePage.parse((await t.app.inject({ url: '/lgw/games/game_list?vassalage=NKR' })).json().value);
      expect(list.list.map((g) => g.maintenance)).toEqual(list.list.map(() => 0));

      const p = await player();
      const res = await launch({ gameId: 'NKR-TIGER', vassalage: 'NKR', language: 'en' }, p.token);
      expect(res.statusCode, res.body).toBe(200);
      const v = LaunchGameValue.parse(res.json().value);
      const url = new URL(v.game_url);
      expect(`${url.origin}${url.pathname}`).toBe('https://games.nkr.example/open');
      expect(url.searchParams.get('g')).toBe('NKR-TIGER');
      expect(url.searchParams.get('l')).toBe('en');
      expect(url.searchParams.get('p')).toBe(String(p.id));
      // The token is the game session the vendor's seamless-wallet calls must present.
      const session = await liveGameSession(t.db, brandId, url.searchParams.get('t') ?? '');
      expect(session).toMatchObject({ memberId: p.id, vendor: 'NKR', gameCode: 'NKR-TIGER', currency: 'BDT' });
      expect(v.game_url2).toMatch(/^https:\/\/m\.nkr\.example\/NKR-TIGER\?t=/);

      const trial = await player(4);
      const before = await written();
      const refused = await launch({ gameId: 'NKR-TIGER', vassalage: 'NKR' }, trial.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TRIAL_ACCOUNT', value: null });
      expect(await written()).toEqual(before);
    });
  });

  it('lets a trial account play an in-house game with play money', async () => {
    const trial = await player(4);
    const res = await launch({ nodeId: await nodeIdOf('slot') }, trial.token);
    expect(res.statusCode, res.body).toBe(200);
    const ticket = new URL(LaunchGameValue.parse(res.json().value).game_url, 'http://x').searchParams.get('ticket');
    expect(await redeemLaunchTicket(t.db, brandId, ticket ?? '')).toMatchObject({ currency: 'PLAY' });
  });

  it('answers NOT_FOUND for a game the brand does not have', async () => {
    const p = await player();
    for (const body of [
      { nodeId: 999_999 },
      { gameId: 'slot', vassalage: 'NKR' },
      { gameId: 'no-such-game', vassalage: 'JL' },
      { nodeId: await nodeIdOf('slot'), gameId: 'crash' },
    ]) {
      const res = await launch(body, p.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', value: null });
    }
  });

  it('refuses bad bodies with VALIDATION_FAILED and field errors, writing nothing', async () => {
    const p = await player();
    const before = await written();
    const cases: [unknown, string, Record<string, string>?][] = [
      [{}, 'nodeId'],
      [{ gameId: 'slot' }, 'vassalage'],
      [{ nodeId: 'seven' }, 'nodeId'],
      [{ nodeId: -1 }, 'nodeId'],
      [{ nodeId: 1.5 }, 'nodeId'],
      [{ nodeId: 1, clientType: 4 }, 'clientType'],
      [{ nodeId: 1, launchMode: 'LOTT' }, 'launchMode'],
      [{ nodeId: 1, language: 'xx' }, 'language'],
      [{ nodeId: 1, gameId: 'bad code!' }, 'gameId'],
      [{ nodeId: 1, surprise: true }, 'surprise'],
      [{ nodeId: 1 }, 'language', { language: 'klingon' }],
    ];
    for (const [body, field, headers] of cases) {
      const res = await launch(body, p.token, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const env = res.json();
      expect(env).toMatchObject({ success: false, code: 'VALIDATION_FAILED', value: null });
      expect(Object.keys(env.fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      payload: '{"nodeId":',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
    expect(await written()).toEqual(before);
  });
});
