import { fetchStub, type Sent, stub } from '@khela/client/testing';
import {
  favouriteGamesCall,
  favouriteIdsCall,
  favouriteToggleCall,
  type GameItem,
  type GameMenus,
  type GameVendors,
  gameListCall,
  gameMenusCall,
  gameVendorsCall,
  systemStatusCall,
} from '@khela/contract';
import { pageItems } from '@khela/ui/pagination';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../test/media';
import { resetBrowser, sentTo, statusFixture } from '../../../test/render';
import { GAME_POPUP_QUERY } from '../../lib/open-game';
import { ui } from '../../lib/ui-store';
import { Lobby } from './lobby';
import { defaultParams, mergeParams, paramsFromSearch, resetParams, searchFromParams, toggleFilter } from './params';

const game = (n: number, over: Partial<GameItem> = {}): GameItem => ({
  nodeId: n,
  gameCode: `G-${n}`,
  code: `G-${n}`,
  gameName: `Game ${n}`,
  vassalage: 'NKR',
  vendor: 'NKR',
  accountTypeName: 'NKR',
  vendorName: 'Nakshi Reels',
  gameType: 'RNG',
  gameClassify: 'classic',
  minBet: '0.20',
  minLineNum: 5,
  icon: `/img/games/g-${n}.svg`,
  isHot: n === 1 ? 1 : 0,
  maintenance: 0,
  platforms: ['html5-desktop'],
  ...over,
});

const MENUS: GameMenus = [
  {
    gameCategory: 'RNG',
    title: 'RNG',
    vendors: [{ vassalage: 'NKR', name: 'NKR', icon: null, isHot: 1, isGame: null }],
  },
  { gameCategory: 'FISH', title: 'FISH', vendors: [] },
  {
    gameCategory: 'ELOTT',
    title: 'ELOTT',
    vendors: [{ vassalage: 'TCG_SEA', name: 'SEA', icon: null, isHot: 0, isGame: null }],
  },
];

const VENDORS: GameVendors = {
  data: {
    lanes: [
      {
        gameCategory: 'RNG',
        title: 'RNG',
        gameClassify: ['classic', 'video'],
        vendors: [
          {
            vassalage: 'NKR',
            name: 'Nakshi Reels',
            icon: '/img/vendors/nkr.svg',
            isHot: 1,
            isGame: null,
            gameType: 'RNG',
            gameCount: 90,
          },
          {
            vassalage: 'ADC',
            name: 'Adda Cards',
            icon: null,
            isHot: 0,
            isGame: 'VASSALAGE',
            gameType: 'RNG',
            gameCount: 10,
          },
        ],
      },
    ],
  },
};

const TOTAL = 100;

/** Stubs the catalog calls the lobby makes; the game list pages through TOTAL games. */
function stubApi() {
  const { fetch, sent } = fetchStub([
    stub(systemStatusCall, statusFixture()),
    stub(gameMenusCall, MENUS),
    stub(gameVendorsCall, VENDORS),
    stub(gameListCall, ({ query: q }) => {
      const pageNo = Number(q.get('pageNo'));
      const pageSize = Number(q.get('pageSize'));
      const total = q.get('vassalage') === 'ADC' ? 3 : q.get('gameName') === 'zzz' ? 0 : TOTAL;
      const from = (pageNo - 1) * pageSize + 1;
      const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - from + 1)) }, (_, i) =>
        game(from + i, q.get('vassalage') === 'ADC' ? { vassalage: 'ADC', gameName: `Adda ${from + i}` } : {}),
      );
      return { list, pageNo, pageSize, total, totalPages: Math.ceil(total / pageSize) };
    }),
  ]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

/** The game list calls made so far, as their query parameters. */
const listCalls = (sent: Sent[]) => sentTo(sent, gameListCall).map((s) => Object.fromEntries(s.query));

let location = '';
function Where() {
  const l = useLocation();
  location = l.pathname + l.search;
  return null;
}

function renderLobby(path = '/rng') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/rng" element={<Lobby category="RNG" />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('lobby parameters', () => {
  it('default to page 1, 42 a page, no classification and no stake limit', () => {
    expect(defaultParams('RNG')).toEqual({
      gameType: 'RNG',
      vassalage: '',
      gameClassify: '',
      minBet: '',
      gameName: '',
      pageNo: 1,
      pageSize: 42,
    });
  });

  it('toggle a filter on and off, merge changes back to page 1, and reset', () => {
    const p = { ...defaultParams('RNG'), pageNo: 3 };
    const on = toggleFilter(p, 'gameClassify', 'classic');
    expect(on).toMatchObject({ gameClassify: 'classic', pageNo: 1 });
    expect(toggleFilter(on, 'gameClassify', 'classic').gameClassify).toBe('');
    expect(toggleFilter(on, 'gameClassify', 'video').gameClassify).toBe('video');
    const merged = mergeParams(toggleFilter(on, 'vassalage', 'NKR'), { minBet: '5' });
    expect(merged).toMatchObject({ gameClassify: 'classic', vassalage: 'NKR', minBet: '5', pageNo: 1 });
    expect(mergeParams(merged, { pageNo: 2 }).pageNo).toBe(2);
    expect(resetParams({ ...merged, gameName: 'tiger' })).toEqual(defaultParams('RNG'));
  });

  it('round-trip through the address, ignoring a bad page number', () => {
    const p = { ...defaultParams('RNG'), vassalage: 'NKR', gameName: 'ইলিশ', pageNo: 2 };
    expect(paramsFromSearch('RNG', searchFromParams(p))).toEqual(p);
    expect(searchFromParams(defaultParams('RNG')).toString()).toBe('');
    expect(paramsFromSearch('RNG', new URLSearchParams('pageNo=-4')).pageNo).toBe(1);
  });

  it('show pages with range 3 and margin 1', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});

describe('the lobby', () => {
  it('renders vendors, filters and the first 42 games from the catalog calls', async () => {
    const sent = stubApi();
    renderLobby();
    const grid = await screen.findByRole('list', { name: 'Games' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(42));
    expect(listCalls(sent)[0]).toMatchObject({
      clientType: '3',
      platform: 'flash,html5-desktop',
      gameType: 'RNG',
      language: 'en',
      pageNo: '1',
      pageSize: '42',
    });
    const vendors = screen.getByRole('region', { name: 'Providers' });
    const nkr = within(vendors).getByRole('button', { name: /Nakshi Reels/ });
    expect(within(nkr).getByText('Hot')).toBeTruthy();
    expect(screen.getByText('100 games')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Game 1' })).toBeTruthy();
    // category tabs: only categories with a vendor; the lottery opens TCG_SEA on the lottery page
    const cats = screen.getByRole('navigation', { name: 'Game categories' });
    expect(within(cats).queryByRole('link', { name: 'Fishing' })).toBeNull();
    expect(within(cats).getByRole('link', { name: 'E-Lottery' }).getAttribute('href')).toBe(
      '/lottery?vassalage=TCG_SEA',
    );
  });

  it('toggles a filter on and off, starting again at page 1', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    renderLobby('/rng?pageNo=2');
    await screen.findByRole('list', { name: 'Games' });
    const classic = screen.getByRole('button', { name: 'Classic' });
    await user.click(classic);
    await waitFor(() => expect(listCalls(sent).at(-1)).toMatchObject({ gameClassify: 'classic', pageNo: '1' }));
    expect(classic.getAttribute('aria-pressed')).toBe('true');

    await user.click(classic);
    await waitFor(() => expect(listCalls(sent).at(-1)?.gameClassify).toBeUndefined());
    expect(classic.getAttribute('aria-pressed')).toBe('false');
  });

  it('combines filters, in the address and in the list call', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    renderLobby('/rng');
    await screen.findByRole('list', { name: 'Games' });
    await user.click(screen.getByRole('button', { name: 'Classic' }));
    await user.click(screen.getByRole('button', { name: /Nakshi Reels/ }));
    await user.click(screen.getByRole('button', { name: 'Min bet up to ৳5.00' }));
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toMatchObject({ gameClassify: 'classic', vassalage: 'NKR', minBet: '5' }),
    );
    expect(location).toBe('/rng?vassalage=NKR&gameClassify=classic&minBet=5');
  });

  it('resets every filter at once, and then offers no reset', async () => {
    const user = userEvent.setup();
    stubApi();
    renderLobby('/rng?vassalage=NKR&gameClassify=classic&minBet=5');
    await screen.findByRole('list', { name: 'Games' });
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location).toBe('/rng'));
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Classic' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('searches by name after a pause and says when nothing matches', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    renderLobby();
    await screen.findByRole('list', { name: 'Games' });
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'zzz');
    await waitFor(() => expect(listCalls(sent).at(-1)).toMatchObject({ gameName: 'zzz', pageNo: '1' }));
    expect(await screen.findByText('No games found')).toBeTruthy();
  });

  it('pages with range 3 and margin 1', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    renderLobby();
    const pager = await screen.findByRole('navigation', { name: 'Game pages' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['‹', '1', '2', '3', '›']);
    await user.click(within(pager).getByRole('button', { name: /3/ }));
    await waitFor(() => expect(listCalls(sent).at(-1)).toMatchObject({ pageNo: '3', pageSize: '42' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Games' }).children).toHaveLength(TOTAL - 84));
  });

  it('opens a popup game list for a VASSALAGE vendor', async () => {
    const user = userEvent.setup();
    stubApi();
    renderLobby();
    await screen.findByRole('list', { name: 'Games' });
    await user.click(screen.getByRole('button', { name: /Adda Cards/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adda Cards games' });
    expect(await within(dialog).findByRole('button', { name: 'Adda 1' })).toBeTruthy();
  });

  it('sends a visitor who picks a game to the login popup', async () => {
    const user = userEvent.setup();
    stubApi();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Game 2' }));
    expect(ui.get().modal).toBe('login');
    expect(location).toBe('/rng');
  });

  it('sends a logged-in player on a phone to the game page', async () => {
    const user = userEvent.setup();
    stubApi();
    sessionStorage.setItem('token', 'x'.repeat(43));
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Game 2' }));
    expect(ui.get().modal).toBeNull();
    expect(location).toBe('/game?nodeId=2&vassalage=NKR&gameCode=G-2');
  });

  it('opens the game popup for a logged-in player on a desktop', async () => {
    const user = userEvent.setup();
    stubApi();
    vi.stubGlobal('matchMedia', (q: string) => mediaQueryList(q, q === GAME_POPUP_QUERY));
    sessionStorage.setItem('token', 'x'.repeat(43));
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Game 2' }));
    expect(ui.get()).toMatchObject({ modal: 'game', modalArg: 'nodeId=2&vassalage=NKR&gameCode=G-2' });
    expect(location).toBe('/rng');
  });

  it("keeps a visitor's favourites in this browser and offers a login", async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    renderLobby();
    const star = await screen.findByRole('button', { name: 'Add Game 3 to favourites' });
    await user.click(star);
    expect(JSON.parse(localStorage.getItem('guestFavourites') ?? '[]').map((g: GameItem) => g.nodeId)).toEqual([3]);
    const remove = screen.getByRole('button', { name: 'Remove Game 3 from favourites' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Saved on this device only');
    await user.click(within(note).getByRole('button', { name: 'Log in' }));
    expect(ui.get().modal).toBe('login');
    // no server call for a visitor
    const favouriteCalls = [favouriteIdsCall, favouriteGamesCall, favouriteToggleCall].flatMap((d) => sentTo(sent, d));
    expect(favouriteCalls).toEqual([]);
    await act(async () => {
      await user.click(remove);
    });
    expect(localStorage.getItem('guestFavourites')).toBeNull();
  });
});
