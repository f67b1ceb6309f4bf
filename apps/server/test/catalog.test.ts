import {
  FavouriteIds,
  Favourites,
  GAME_LIST_MAX_PAGE_SIZE,
  GameMenus,
  GamePage,
  GameVendors,
  HotGames,
  LOBBY_PAGE_SIZE,
  RECENT_GAMES_KEPT,
  RecentGames,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRecentGame } from '../src/modules/games/repo';
import { DEMO_VENDORS } from '../src/seed/demo-catalog';
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

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (url: string, body: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const list = async (qs: string) => {
  const res = await get(`/lgw/games/game_list${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return GamePage.parse(res.json().value);
};

/** A member of the demo brand with an open session (as a login leaves it). */
const player = (isAgent = 0) => memberWithSession(t.db, brandId, { isAgent, prefix: 'cat' });

const demoGames = DEMO_VENDORS.flatMap((v) => v.games.map((g) => ({ ...g, vendor: v })));

describe(`the game catalog on ${TEST_ENGINE}`, () => {
  describe('GET /lgw/games/game_vendor', () => {
    it('answers value.data.lanes: a lane per category with vendors, counts and classifications', async () => {
      const res = await get('/lgw/games/game_vendor?platform=html5-desktop&language=en');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      const { lanes } = GameVendors.parse(res.json().value).data;
      expect(lanes.map((l) => l.gameCategory)).toEqual([
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
      const esports = lanes.find((l) => l.gameCategory === 'ESPORTS');
      expect(esports?.vendors.map((v) => v.vassalage)).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF']);
      expect(lanes.find((l) => l.gameCategory === 'COCKFIGHT')?.vendors.map((v) => v.vassalage)).toEqual([
        'DIG',
        'DS88',
      ]);
      const rng = lanes.find((l) => l.gameCategory === 'RNG');
      expect(rng?.gameClassify).toEqual(['classic', 'jackpot', 'megaways', 'video']);
      expect(rng?.vendors[0]).toEqual({
        vassalage: 'NKR',
        name: 'Nakshi Reels',
        icon: '/img/vendors/nkr.svg',
        isHot: 1,
        isGame: null,
        gameType: 'RNG',
        gameCount: 6,
      });
      const pvp = lanes.find((l) => l.gameCategory === 'PVP');
      expect(pvp?.vendors.find((v) => v.vassalage === 'ADC')?.isGame).toBe('VASSALAGE');
    });

    it('names vendors in the asked language and narrows to one category', async () => {
      const res = await get('/lgw/games/game_vendor?language=bn&gameType=INHOUSE');
      const { lanes } = GameVendors.parse(res.json().value).data;
      expect(lanes).toHaveLength(1);
      expect(lanes[0]?.vendors).toEqual([expect.objectContaining({ vassalage: 'JL', name: 'খেলা অরিজিনালস' })]);
    });

    it("names the side menu's vendors in the asked language too, in the brand's default without one", async () => {
      const menus = async (query: string) =>
        GameMenus.parse((await get(`/lgw/games/game_menus${query}`)).json().value).flatMap((m) => m.vendors);
      const nakshi = (vendors: GameMenus[number]['vendors']) => vendors.find((v) => v.vassalage === 'NKR')?.name;
      expect(nakshi(await menus('?device=WEB&language=bn'))).toBe('নকশি রিলস');
      expect(nakshi(await menus('?device=WEB&language=en'))).toBe('Nakshi Reels');
      // The demo brand speaks Bengali first.
      expect(nakshi(await menus('?device=WEB'))).toBe('নকশি রিলস');
    });

    it('leaves out a switched-off vendor and its games', async () => {
      await t.db.kysely.updateTable('vendors').set({ enabled: false }).where('vassalage', '=', 'SBS').execute();
      try {
        const { lanes } = GameVendors.parse((await get('/lgw/games/game_vendor')).json().value).data;
        expect(lanes.flatMap((l) => l.vendors.map((v) => v.vassalage))).not.toContain('SBS');
        expect((await list('?vassalage=SBS')).total).toBe(0);
      } finally {
        await t.db.kysely.updateTable('vendors').set({ enabled: true }).where('vassalage', '=', 'SBS').execute();
      }
    });
  });

  describe('GET /lgw/games/game_list', () => {
    it('pages 42 at a time by default, in lobby order, with every listed game once', async () => {
      const first = await list('?clientType=3&platform=flash,html5-desktop&channel=WEB&merchant=khela');
      expect(first.pageNo).toBe(1);
      expect(first.pageSize).toBe(LOBBY_PAGE_SIZE);
      expect(first.total).toBe(demoGames.length);
      expect(first.totalPages).toBe(Math.ceil(demoGames.length / LOBBY_PAGE_SIZE));
      expect(first.list).toHaveLength(Math.min(LOBBY_PAGE_SIZE, demoGames.length));
      expect(first.list[0]).toMatchObject({ gameCode: 'NKR-TIGER', vassalage: 'NKR', gameType: 'RNG' });
      const all = [...first.list];
      for (let p = 2; p <= first.totalPages; p++) all.push(...(await list(`?pageNo=${p}`)).list);
      expect(new Set(all.map((g) => g.nodeId)).size).toBe(demoGames.length);
    });

    it('answers an empty page past the end, not an error', async () => {
      const page = await list('?pageNo=99');
      expect(page.list).toEqual([]);
      expect(page.total).toBe(demoGames.length);
    });

    it('filters by category, vendor list, classification, stake and lines', async () => {
      const rng = await list('?gameType=RNG&pageSize=100');
      expect(rng.total).toBe(demoGames.filter((g) => g.vendor.category === 'RNG').length);
      expect(rng.list.every((g) => g.gameType === 'RNG')).toBe(true);

      const two = await list('?vassalage=NKR,LTS');
      expect(new Set(two.list.map((g) => g.vassalage))).toEqual(new Set(['NKR', 'LTS']));

      const classic = await list('?gameType=RNG&gameClassify=classic');
      expect(classic.list.map((g) => g.gameCode).sort()).toEqual(
        demoGames
          .filter((g) => g.classify === 'classic')
          .map((g) => g.code)
          .sort(),
      );
      const cheap = await list('?gameType=LIVE&minBet=5');
      expect(cheap.list.length).toBeGreaterThan(0);
      expect(cheap.list.every((g) => Number(g.minBet) <= 5)).toBe(true);
      expect(cheap.total).toBe(demoGames.filter((g) => g.vendor.category === 'LIVE' && g.minBet <= 500).length);

      const lines = await list('?gameType=RNG&minLineNum=30');
      expect(lines.list.every((g) => g.minLineNum >= 30)).toBe(true);
      expect(lines.total).toBe(demoGames.filter((g) => g.vendor.category === 'RNG' && (g.lines ?? 0) >= 30).length);
    });

    it('finds games by name in any language, Bengali included, and by code', async () => {
      const bn = await list(`?gameName=${encodeURIComponent('ইলিশ')}&language=bn`);
      expect(bn.list.map((g) => g.gameCode).sort()).toEqual(['MGF-GOLDEN', 'NKR-HILSA']);
      expect(bn.list.find((g) => g.gameCode === 'NKR-HILSA')?.gameName).toBe('ইলিশ গোল্ড');

      const en = await list('?gameName=%20hilsa%20&language=en');
      expect(en.list.map((g) => g.gameCode).sort()).toEqual(['MGF-GOLDEN', 'NKR-HILSA']);
      expect(en.list.find((g) => g.gameCode === 'NKR-HILSA')?.gameName).toBe('Hilsa Gold');

      // the English name found from a Bengali page, named in Bengali
      const cross = await list(`?gameName=KHELA%20slots&language=bn`);
      expect(cross.list.map((g) => [g.gameCode, g.gameName])).toEqual([['slot', 'খেলা স্লট']]);

      // LIKE wildcards are text, not patterns
      expect((await list('?gameName=%25')).total).toBe(0);
      expect((await list('?gameName=_')).total).toBe(0);
    });

    it('lists a switched-off game with a maintenance mark', async () => {
      await t.db.kysely.updateTable('games').set({ enabled: false }).where('code', '=', 'dice').execute();
      const jl = await list('?vassalage=JL&language=en').finally(() =>
        t.db.kysely.updateTable('games').set({ enabled: true }).where('code', '=', 'dice').execute(),
      );
      expect(jl.list.map((g) => [g.gameCode, g.maintenance])).toEqual([
        ['slot', 0],
        ['crash', 0],
        ['dice', 1],
      ]);
      expect(jl.list[0]).toMatchObject({
        gameName: 'Khela Slots',
        minBet: '1.00',
        isHot: 1,
        icon: '/img/games/slot.svg',
      });
    });

    it('refuses bad input with a translated 400, never a 500', async () => {
      for (const qs of [
        '?pageNo=0',
        '?pageNo=-1',
        '?pageNo=abc',
        `?pageSize=${GAME_LIST_MAX_PAGE_SIZE + 1}`,
        '?pageSize=0',
        '?gameType=CASINO',
        '?minBet=1.00001',
        '?minBet=-1',
        '?minBet=1e3',
        '?minLineNum=x',
        '?clientType=4',
        '?vassalage=%27%3B--',
        `?gameName=${'x'.repeat(61)}`,
        '?language=fr',
        '?nope=1',
      ]) {
        const res = await get(`/lgw/games/game_list${qs}`);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json(), qs).toMatchObject({
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
        });
      }
      // money finer than the currency (2 decimals for BDT) is refused by the service
      const res = await get('/lgw/games/game_list?minBet=1.005');
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ minBet: 'validation.invalid' });
    });
  });

  describe('GET /lgw/games/hot_games', () => {
    it('answers the hot games in value.list', async () => {
      const res = await get('/lgw/games/hot_games?merchantCode=khela&isPlatform=2&platform=html5-desktop&language=en');
      expect(res.statusCode).toBe(200);
      const { list: hot } = HotGames.parse(res.json().value);
      expect(hot.map((g) => g.gameCode).sort()).toEqual(
        demoGames
          .filter((g) => g.hot)
          .map((g) => g.code)
          .sort(),
      );
      expect(hot.every((g) => g.isHot === 1)).toBe(true);
      expect((await get('/lgw/games/hot_games?isPlatform=1')).statusCode).toBe(400);
    });
  });

  describe('favourites', () => {
    async function gameId(code: string) {
      const r = await t.db.kysely.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      return r.id;
    }

    it('need a token', async () => {
      expect((await get('/wps/relay/GLS_favouriteGames')).statusCode).toBe(401);
      expect((await get('/wps/relay/GLS_favouriteIds')).statusCode).toBe(401);
      expect(
        (await post('/wps/relay/GLS_favouriteToggle', { nodeId: 1, vendor: 'JL', gameType: 'INHOUSE' })).statusCode,
      ).toBe(401);
    });

    it('answer 401 to a visitor before they look at the query or body', async () => {
      expect((await get('/wps/relay/GLS_favouriteGames?pageNo=0&evil=1')).statusCode).toBe(401);
      expect((await get('/wps/relay/GLS_recentGames?pageSize=x')).statusCode).toBe(401);
      const toggle = await post('/wps/relay/GLS_favouriteToggle', { nodeId: 'one', gameType: 'NOPE' });
      expect(toggle.statusCode).toBe(401);
      expect(toggle.json().code).toBe('UNAUTHORIZED');
    });

    it('toggle on and off, per member, and list newest first', async () => {
      const a = await player();
      const b = await player();
      const slot = await gameId('slot');
      const tiger = await gameId('NKR-TIGER');
      const on = await post(
        '/wps/relay/GLS_favouriteToggle',
        { nodeId: slot, vendor: 'JL', gameType: 'INHOUSE' },
        a.token,
      );
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().value).toEqual({ nodeId: slot, favourite: true });
      await post('/wps/relay/GLS_favouriteToggle', { nodeId: tiger, vendor: 'NKR', gameType: 'RNG' }, a.token);

      expect(FavouriteIds.parse((await get('/wps/relay/GLS_favouriteIds', a.token)).json().value)).toEqual(
        [slot, tiger].sort((x, y) => x - y),
      );
      expect((await get('/wps/relay/GLS_favouriteIds', b.token)).json().value).toEqual([]);

      const favs = Favourites.parse((await get('/wps/relay/GLS_favouriteGames?language=en', a.token)).json().value);
      expect(favs.content.map((g) => g.gameCode)).toEqual(['NKR-TIGER', 'slot']);
      expect(favs.totalPages).toBe(1);
      const rngOnly = Favourites.parse((await get('/wps/relay/GLS_favouriteGames?gameType=RNG', a.token)).json().value);
      expect(rngOnly.content.map((g) => g.gameCode)).toEqual(['NKR-TIGER']);

      const off = await post(
        '/wps/relay/GLS_favouriteToggle',
        { nodeId: slot, vendor: 'JL', gameType: 'INHOUSE' },
        a.token,
      );
      expect(off.json().value).toEqual({ nodeId: slot, favourite: false });
      expect((await get('/wps/relay/GLS_favouriteIds', a.token)).json().value).toEqual([tiger]);
    });

    it('set explicitly, a retried request changes nothing twice; concurrent adds make one row', async () => {
      const a = await player();
      const fish = await gameId('MGF-OCEAN');
      const body = { nodeId: fish, vendor: 'MGF', gameType: 'FISH', favourite: true };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/wps/relay/GLS_favouriteToggle', body, a.token)),
      );
      for (const r of answers) expect(r.json().value).toEqual({ nodeId: fish, favourite: true });
      const rows = await t.db.kysely.selectFrom('favourite_games').selectAll().where('member_id', '=', a.id).execute();
      expect(rows).toHaveLength(1);
      for (let i = 0; i < 2; i++) {
        const r = await post('/wps/relay/GLS_favouriteToggle', { ...body, favourite: false }, a.token);
        expect(r.json().value).toEqual({ nodeId: fish, favourite: false });
      }
      expect((await get('/wps/relay/GLS_favouriteIds', a.token)).json().value).toEqual([]);
    });

    it('trial accounts may keep favourites too', async () => {
      const trial = await player(4);
      const slot = await gameId('slot');
      const r = await post(
        '/wps/relay/GLS_favouriteToggle',
        { nodeId: slot, vendor: 'JL', gameType: 'INHOUSE' },
        trial.token,
      );
      expect(r.json().value).toEqual({ nodeId: slot, favourite: true });
    });

    it('refuse an unknown game or a vendor or type that is not the game’s', async () => {
      const a = await player();
      const slot = await gameId('slot');
      for (const body of [
        { nodeId: 999999, vendor: 'JL', gameType: 'INHOUSE' },
        { nodeId: slot, vendor: 'NKR', gameType: 'INHOUSE' },
        { nodeId: slot, vendor: 'JL', gameType: 'RNG' },
      ]) {
        const r = await post('/wps/relay/GLS_favouriteToggle', body, a.token);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
      }
      for (const body of [
        {},
        { nodeId: '1', vendor: 'JL', gameType: 'INHOUSE' },
        { nodeId: 0, vendor: 'JL', gameType: 'INHOUSE' },
        { nodeId: 1.5, vendor: 'JL', gameType: 'INHOUSE' },
        { nodeId: slot, vendor: "JL'--", gameType: 'INHOUSE' },
        { nodeId: slot, vendor: 'JL', gameType: 'CASINO' },
        { nodeId: slot, vendor: 'JL', gameType: 'INHOUSE', extra: 1 },
      ]) {
        const r = await post('/wps/relay/GLS_favouriteToggle', body, a.token);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().code).toBe('VALIDATION_FAILED');
      }
      const bad = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/GLS_favouriteToggle',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        payload: '{"nodeId":',
      });
      expect(bad.statusCode).toBe(400);
      expect((await get('/wps/relay/GLS_favouriteGames?pageSize=1000', a.token)).statusCode).toBe(400);
    });
  });

  describe('recent games', () => {
    it('lists the latest played first, keeps the newest few, per member', async () => {
      const a = await player();
      const b = await player();
      const games = await t.db.kysely.selectFrom('games').select(['id', 'code']).orderBy('id').execute();
      const base = Date.parse('2026-03-01T10:00:00Z');
      for (const [i, g] of games.slice(0, RECENT_GAMES_KEPT + 5).entries()) {
        await recordRecentGame(t.db.kysely, a.id, g.id, new Date(base + i * 60_000));
      }
      // replaying an old game brings it back to the top
      const first = games[0];
      if (!first) throw new Error('no games');
      await recordRecentGame(t.db.kysely, a.id, first.id, new Date(base + 3_600_000));
      await recordRecentGame(t.db.kysely, b.id, first.id, new Date(base));

      const res = await get('/wps/relay/GLS_recentGames?clientType=3&language=en&pageSize=10', a.token);
      expect(res.statusCode).toBe(200);
      const recent = RecentGames.parse(res.json().value);
      expect(recent.total).toBe(RECENT_GAMES_KEPT);
      expect(recent.totalPages).toBe(Math.ceil(RECENT_GAMES_KEPT / 10));
      expect(recent.list[0]?.nodeId).toBe(first.id);
      expect(recent.list[0]?.lastPlayed).toBe(new Date(base + 3_600_000).toISOString());
      const newest = games[RECENT_GAMES_KEPT + 4];
      expect(recent.list[1]?.nodeId).toBe(newest?.id);

      const other = RecentGames.parse((await get('/wps/relay/GLS_recentGames', b.token)).json().value);
      expect(other.list.map((g) => g.nodeId)).toEqual([first.id]);

      const byVendor = RecentGames.parse((await get(`/wps/relay/GLS_recentGames?vassalage=NKR`, a.token)).json().value);
      expect(byVendor.list.every((g) => g.vassalage === 'NKR')).toBe(true);

      expect((await get('/wps/relay/GLS_recentGames')).statusCode).toBe(401);
      expect((await get('/wps/relay/GLS_recentGames?pageNo=0', a.token)).statusCode).toBe(400);
    });
  });
});
