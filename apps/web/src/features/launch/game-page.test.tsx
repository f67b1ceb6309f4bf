import { type Answer, failure, stub } from '@khela/client/testing';
import {
  type GameItem,
  type LaunchGameValue,
  launchGameCall,
  memberInfoCall,
  walletBalanceCall,
} from '@khela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo } from '../../../test/render';
import { ui } from '../../lib/ui-store';

class QuietSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send() {}
  close() {}
}

const suggestion = (nodeId: number, gameName: string): GameItem => ({
  nodeId,
  gameCode: `G-${nodeId}`,
  code: `G-${nodeId}`,
  gameName,
  vassalage: 'JL',
  vendor: 'JL',
  accountTypeName: 'JL',
  vendorName: 'Khela Originals',
  gameType: 'INHOUSE',
  gameClassify: 'slot',
  minBet: '1.00',
  minLineNum: 20,
  icon: null,
  isHot: 1,
  maintenance: 0,
  platforms: ['html5-desktop'],
});

type LaunchAnswer = Exclude<Answer<typeof launchGameCall>, (...args: never[]) => unknown>;

const launched = (nodeId: number, gameName: string): LaunchGameValue => ({
  game_url: `/play/G-${nodeId}?ticket=abcdefghijklmnopqrstuvwx&lang=en`,
  nodeId,
  gameName,
  vassalage: 'JL',
  gameType: 'INHOUSE',
});

/** A logged-in player's browser whose launch call answers with `launch`. */
function serve(launch: (body: { nodeId?: number }) => LaunchAnswer) {
  vi.stubGlobal('WebSocket', QuietSocket);
  const { sent } = mockCalls([
    stub(memberInfoCall, memberFixture()),
    stub(walletBalanceCall, { sumBalance: '100.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 }),
    stub(launchGameCall, (s) => launch(s.body as { nodeId?: number })),
  ]);
  sessionStorage.setItem('token', 'tok-123456789012345678901234');
  sessionStorage.setItem('isAgent', '0');
  return () => sentTo(sent, launchGameCall);
}

beforeEach(() => resetBrowser('en'));
afterEach(() => vi.unstubAllGlobals());

describe('the /game page', () => {
  it('launches the game named by the address and shows it in a frame', async () => {
    const launches = serve(() => launched(12, 'Khela Slots'));
    renderApp('/game?nodeId=12&vassalage=JL&gameCode=slot');
    const frame = (await screen.findByTitle('Khela Slots — game')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/play/G-12?ticket=abcdefghijklmnopqrstuvwx&lang=en');
    expect(frame.getAttribute('allow')).toBe('fullscreen; autoplay');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByRole('heading', { name: 'Khela Slots' })).toBeTruthy();
    expect(launches()).toHaveLength(1);
    expect(launches()[0]?.body).toEqual({
      nodeId: 12,
      gameId: 'slot',
      vassalage: 'JL',
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: 'en',
    });
  });

  it('leaves the game for the home page with its Back button', async () => {
    serve(() => launched(12, 'Khela Slots'));
    renderApp('/game?nodeId=12&vassalage=JL&gameCode=slot');
    await screen.findByTitle('Khela Slots — game');
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it("says 'Game Under Maintenance' and launches a suggested game instead", async () => {
    const launches = serve((body) =>
      body.nodeId === 40
        ? failure(503, 'GAME_MAINTENANCE', {
            value: { suggestions: [suggestion(12, 'Khela Slots'), suggestion(13, 'Rocket Crash')] },
          })
        : launched(body.nodeId ?? 0, 'Khela Slots'),
    );
    renderApp('/game?nodeId=40');
    expect(await screen.findByText('Game Under Maintenance')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Other games you can play' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(list).getByRole('button', { name: /^Khela Slots/ }));
    expect(await screen.findByTitle('Khela Slots — game')).toBeTruthy();
    expect(window.location.search).toBe('?nodeId=12&vassalage=JL&gameCode=G-12');
    expect(launches().map((c) => (c.body as { nodeId: number }).nodeId)).toEqual([40, 12]);
  });

  it('tells a trial account to register, and offers the registration', async () => {
    serve(() => failure(403, 'TRIAL_ACCOUNT'));
    renderApp('/game?nodeId=12');
    expect(await screen.findByText('Please Register An Account First')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Register now' }));
    expect(ui.get().modal).toBe('register');
  });

  it('says in words why a game could not open, and offers another try', async () => {
    let answer: LaunchAnswer = failure(500, 'INTERNAL');
    const launches = serve(() => answer);
    renderApp('/game?nodeId=12');
    expect(await screen.findByText('The game could not be opened')).toBeTruthy();
    answer = launched(12, 'Khela Slots');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Khela Slots — game')).toBeTruthy();
    expect(launches()).toHaveLength(2);
  });

  it('asks for a game when the address names none, and launches nothing', async () => {
    const launches = serve(() => launched(12, 'Khela Slots'));
    renderApp('/game');
    expect(await screen.findByText('No game is open')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse games' }).getAttribute('href')).toBe('/hot');
    expect(launches()).toHaveLength(0);
  });

  it('opens /seamless the same way, in Bengali', async () => {
    await resetBrowser('bn');
    const launches = serve(() => launched(12, 'খেলা স্লট'));
    renderApp('/seamless?nodeId=12');
    expect(await screen.findByTitle('খেলা স্লট — গেম')).toBeTruthy();
    expect(launches()[0]?.body).toMatchObject({ nodeId: 12, language: 'bn' });
  });
});
