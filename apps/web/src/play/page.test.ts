import { type Failure, failure, fetchStub, type Sent, stub } from '@khela/client/testing';
import {
  type PlayOpenValue,
  playOpenCall,
  type SlotInfo,
  type SlotSpinValue,
  slotSpinCall,
} from '@khela/contract/inhouse';
import { GAME_TOKEN_HEADER } from '@khela/contract/play-endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bnErrors from '../locales/bn/errors.json';
import bnPlay from '../locales/bn/play.json';
import { moneyFormatter } from './money';
import { startPlayPage } from './page';

/** A small but complete model, as the open answer carries it. */
const STRIP = ['A', 'K', 'Q', 'J', 'seven', 'W', 'S', 'bell'];
const slot: SlotInfo = {
  modelVersion: 'test-1',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'A', kind: 'regular', pays: [0, 0, 0, 5, 10, 20] },
    { id: 'K', kind: 'regular', pays: [0, 0, 0, 4, 8, 16] },
    { id: 'Q', kind: 'regular', pays: [0, 0, 0, 3, 6, 12] },
    { id: 'J', kind: 'regular', pays: [0, 0, 0, 2, 4, 8] },
    { id: 'seven', kind: 'regular', pays: [0, 0, 0, 20, 50, 100] },
    { id: 'bell', kind: 'regular', pays: [0, 0, 0, 10, 20, 40] },
    { id: 'W', kind: 'wild', pays: [] },
    { id: 'S', kind: 'scatter', pays: [0, 0, 0, 2, 10, 50] },
  ],
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
  ],
  strips: [STRIP, STRIP, STRIP, STRIP, STRIP],
  stakes: ['1.00', '2.00', '5.00'],
  freeSpins: { trigger: 3, count: 10, multiplier: 3 },
  rtp: '96.00',
};

const opened: PlayOpenValue = {
  token: 'session-token-kept-in-memory',
  gameCode: 'slot',
  gameName: 'Khela Slots',
  currency: 'BDT',
  currencySymbol: '৳',
  decimals: 2,
  language: 'bn',
  balance: '100.00',
  playMoney: true,
  slot,
  slotSeedHash: 'c0'.repeat(32),
};

const window0 = [0, 0, 0, 0, 0].map(() => ['A', 'K', 'Q']);
function round(stake: string, win: string, balance: string): SlotSpinValue {
  return {
    roundId: 'r1',
    modelVersion: 'test-1',
    stake,
    win,
    balance,
    serverSeed: 'ab'.repeat(32),
    serverSeedHash: 'c0'.repeat(32),
    nextServerSeedHash: 'd1'.repeat(32),
    spins: [
      {
        kind: 'base',
        stops: [0, 0, 0, 0, 0],
        window: window0,
        lines: win === '0.00' ? [] : [{ line: 0, symbol: 'K', count: 5, win }],
        scatter: { count: 0, win: '0.00' },
        freeSpinsAwarded: 0,
        multiplier: 1,
        win,
      },
    ],
  };
}

/** A spin's answer: its value, a refusal, or an Error the network throws (the answer is lost). */
type SpinAnswer = SlotSpinValue | Failure | Error;

/** Stubs the play calls: the open answers `open`, each spin takes the next of `spins`. */
function network(spins: SpinAnswer[], open: PlayOpenValue | Failure = opened) {
  const { fetch, sent } = fetchStub([
    stub(playOpenCall, open),
    stub(slotSpinCall, () => {
      const next = spins.shift();
      if (!next || next instanceof Error) throw next ?? new Error('no spin answer stubbed');
      return next;
    }),
  ]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const money = moneyFormatter('bn', opened);
const body = (c: Sent | undefined) => c?.body as { stake?: string; requestId?: string; ticket?: string };
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);

async function open(...spins: SpinAnswer[]) {
  const calls = network(spins);
  history.replaceState(null, '', '/play/slot?ticket=TICKET_abcdefghijklmnop&x=1');
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const machine = await startPlayPage(root);
  return { calls, root, machine };
}

beforeEach(() => {
  // The quick presentation: tests see every change without waiting for animations.
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the slot page', () => {
  it('redeems the ticket once and removes it from the address, keeping the rest', async () => {
    const { calls } = await open();
    expect(calls.map((c) => c.path)).toEqual([playOpenCall.path]);
    expect(body(calls[0])).toEqual({ ticket: 'TICKET_abcdefghijklmnop' });
    expect(location.search).toBe('?x=1');
    expect(location.href).not.toContain('TICKET');
  });

  it('shows the balance, the first stake and the play-money label in the language of the launch', async () => {
    const { root } = await open();
    // Play money: Bengali digits, no taka sign (it is not the brand's currency).
    expect(root.querySelector('#balance')?.textContent).toBe('১০০.০০');
    expect(root.querySelector('#stake')?.textContent).toBe(money('1.00'));
    expect(root.textContent).toContain(bnPlay.playMoney);
    expect(document.documentElement.lang).toBe('bn');
  });

  it('holds the game session token in memory only', async () => {
    await open();
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(opened.token);
    expect(location.href).not.toContain(opened.token);
  });

  it('spins the chosen stake with a requestId and the session token, then shows the win and balance', async () => {
    const { calls, root } = await open(round('2.00', '12.00', '110.00'));
    button(bnPlay.stakeUp)?.click();
    expect(root.querySelector('#stake')?.textContent).toBe(money('2.00'));
    await root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('#balance')?.textContent).toBe(money('110.00')));
    const spin = calls[1];
    expect(spin?.path).toBe(slotSpinCall.path);
    expect(spin?.headers[GAME_TOKEN_HEADER]).toBe(opened.token);
    expect(body(spin).stake).toBe('2.00');
    expect(body(spin).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(root.querySelector('.win-amount')?.textContent).toBe(money('12.00'));
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(
      bnPlay.resultWin.replace('{{amount}}', money('12.00')),
    );
    expect(root.querySelector('.cell.win')).not.toBeNull();
  });

  it("shows the next round's seed hash before the spin, then the round's seed with a link that checks it", async () => {
    const { root } = await open(round('1.00', '0.00', '99.00'));
    const fair = root.querySelector('.fair');
    expect(fair?.textContent).toContain(bnPlay.seedHash);
    expect(fair?.textContent).toContain('c0'.repeat(32));
    const how = [...(fair?.querySelectorAll('a') ?? [])].find((a) => a.textContent === bnPlay.howFair);
    expect(how?.getAttribute('href')).toBe('/fairness?game=slot');
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(fair?.textContent).toContain('d1'.repeat(32)));
    expect(fair?.textContent).toContain(bnPlay.lastSeed);
    const check = [...(fair?.querySelectorAll('a') ?? [])].find((a) => a.textContent === bnPlay.checkRound);
    const q = new URL(check?.getAttribute('href') ?? '', location.origin);
    expect(q.pathname).toBe('/fairness');
    expect(Object.fromEntries(q.searchParams)).toEqual({
      game: 'slot',
      serverSeed: 'ab'.repeat(32),
      serverSeedHash: 'c0'.repeat(32),
      model: 'test-1',
      stake: '1.00',
    });
    expect(check?.getAttribute('target')).toBe('_blank');
  });

  it('retries a spin whose answer was lost with the same requestId, so it is never placed twice', async () => {
    const { calls, root } = await open(new TypeError('Failed to fetch'), round('1.00', '0.00', '99.00'));
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('.message')?.textContent).toContain(bnErrors.NETWORK));
    // Play money: Bengali digits, no taka sign (it is not the brand's currency).
    expect(root.querySelector('#balance')?.textContent).toBe('১০০.০০');
    // The stake cannot change while the first spin's outcome is unknown.
    expect(button(bnPlay.stakeUp)?.disabled).toBe(true);
    button(bnPlay.retry)?.click();
    await vi.waitFor(() => expect(root.querySelector('#balance')?.textContent).toBe(money('99.00')));
    expect(body(calls[2]).requestId).toBe(body(calls[1]).requestId);
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(bnPlay.resultNoWin);
    expect((root.querySelector('.message') as HTMLElement).hidden).toBe(true);
    // The next spin is a new one.
    const later = network([round('1.00', '0.00', '98.00')]);
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('#balance')?.textContent).toBe(money('98.00')));
    expect(body(later[0]).requestId).not.toBe(body(calls[1]).requestId);
  });

  it('shows a refused spin in the player’s language and leaves the balance and stake as they were', async () => {
    const { root } = await open(failure(409, 'INSUFFICIENT_FUNDS'));
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('.message-text')?.textContent).toBe(bnErrors.INSUFFICIENT_FUNDS));
    // Play money: Bengali digits, no taka sign (it is not the brand's currency).
    expect(root.querySelector('#balance')?.textContent).toBe('১০০.০০');
    expect(root.querySelector('.win-amount')?.textContent).toBe(money('0'));
    expect(root.querySelector<HTMLButtonElement>('button.spin')?.disabled).toBe(false);
    expect(button(bnPlay.retry)?.hidden).toBe(true);
  });

  it('sends the player back to the lobby when the game session has ended', async () => {
    const { root } = await open(failure(401, 'UNAUTHORIZED', { message: 'errors.GAME_SESSION_INVALID' }));
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('.message')?.textContent).toContain(bnPlay.openFromLobby));
    expect(root.querySelector('.message')?.textContent).toContain(bnErrors.GAME_SESSION_INVALID);
    expect(root.querySelector<HTMLButtonElement>('button.spin')?.disabled).toBe(true);
  });

  it('sends the player back to the lobby when the session is for another game', async () => {
    const { root } = await open(failure(403, 'GAME_SESSION_INVALID'));
    root.querySelector<HTMLButtonElement>('button.spin')?.click();
    await vi.waitFor(() => expect(root.querySelector('.message')?.textContent).toContain(bnPlay.openFromLobby));
    expect(root.querySelector('.message')?.textContent).toContain(bnErrors.GAME_SESSION_INVALID);
  });

  it('says so when the ticket was already used, without drawing the machine', async () => {
    network([], failure(401, 'LAUNCH_TICKET_INVALID'));
    history.replaceState(null, '', '/play/slot?ticket=TICKET_abcdefghijklmnop');
    const root = document.createElement('div');
    expect(await startPlayPage(root)).toBeNull();
    await vi.waitFor(() => expect(root.textContent).toContain(bnErrors.LAUNCH_TICKET_INVALID));
    expect(root.querySelector('button.spin')).toBeNull();
  });

  it('spins on Space, but not while focus is on another control', async () => {
    const { calls, root } = await open(round('1.00', '0.00', '99.00'));
    button(bnPlay.stakeUp)?.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(calls).toHaveLength(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await vi.waitFor(() => expect(root.querySelector('#balance')?.textContent).toBe(money('99.00')));
    expect(calls).toHaveLength(2);
  });
});
