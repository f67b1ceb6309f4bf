import { type Failure, failure, fetchStub, stub } from '@khela/client/testing';
import type { ServerMessage } from '@khela/contract/call';
import {
  type CrashBetValue,
  type CrashInfo,
  type CrashRoundView,
  crashBetCall,
  crashCashOutCall,
  crashFeedSocket,
} from '@khela/contract/crash';
import { type PlayOpenValue, playBalanceCall, playOpenCall } from '@khela/contract/inhouse';
import { GAME_TOKEN_HEADER } from '@khela/contract/play-endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bnCrash from '../../locales/bn/play-crash.json';
import enCrash from '../../locales/en/play-crash.json';
import { startPlayPage } from '../page';

/** The crash page mounted as a launch opens it: the socket and the calls stubbed. */
const crash: CrashInfo = {
  stakes: ['1.00', '2.00', '5.00'],
  rtp: '97.00',
  growthPerMs: 0.00006,
  maxMultiplier: 1_000_000,
  minTarget: 101,
};
const opened: PlayOpenValue = {
  token: 'crash-session-token-in-memory',
  gameCode: 'crash',
  gameName: 'Rocket Crash',
  currency: 'BDT',
  currencySymbol: '৳',
  decimals: 2,
  language: 'en',
  balance: '100.00',
  playMoney: false,
  crash,
};

class FakeSocket {
  static last: FakeSocket | null = null;
  static OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  /** A message from the server: only what the feed's contract allows. */
  push(msg: ServerMessage<typeof crashFeedSocket>) {
    this.onmessage?.({ data: JSON.stringify(crashFeedSocket.server.parse(msg)) });
  }
}

const round = (over: Partial<CrashRoundView> = {}): CrashRoundView => ({
  roundNo: 3,
  chainIndex: 3,
  terminatingHash: 'ab'.repeat(32),
  phase: 'betting',
  bettingEndsAt: Date.now() + 5_000,
  startedAt: Date.now() + 5_000,
  bust: null,
  hash: null,
  bustAt: null,
  ...over,
});

type BetAnswer = CrashBetValue | Failure;

/**
 * Stubs the play calls: the open, then bets and cash-outs each answered by the next of `answers`;
 * the balance read answers `wallet.balance` at the time it is asked.
 */
function network(open: PlayOpenValue, answers: BetAnswer[], wallet = { balance: open.balance }) {
  const next = () => {
    const answer = answers.shift();
    if (!answer) throw new Error('no answer stubbed');
    return answer;
  };
  const { fetch, sent } = fetchStub([
    stub(playOpenCall, open),
    stub(crashBetCall, next),
    stub(crashCashOutCall, next),
    stub(playBalanceCall, () => ({ balance: wallet.balance, currency: open.currency })),
  ]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

async function mount(language = 'en', ...answers: BetAnswer[]) {
  return mountWith({ language, answers });
}

async function mountWith(o: { language?: string; answers?: BetAnswer[]; wallet?: { balance: string } }) {
  const calls = network({ ...opened, language: o.language ?? 'en' }, o.answers ?? [], o.wallet);
  history.replaceState(null, '', '/play/crash?ticket=TICKET_abcdefghijklmnop');
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  FakeSocket.last = null;
  await startPlayPage(root);
  // The page authenticates its socket once it opens.
  const socket = await vi.waitFor(() => {
    const s = FakeSocket.last;
    if (!s?.sent.length) throw new Error('the socket has not authenticated');
    return s;
  });
  return { calls, root, socket };
}

/** The answer to this player's ৳1.00 bet in panel 1 of round 3, with its auto cash-out target. */
const myOpenBet = (target: number | null): CrashBetValue => ({
  bet: {
    roundNo: 3,
    name: 'me***1',
    slot: 1,
    stake: '1.00',
    target,
    status: 'open',
    multiplier: null,
    win: null,
    mine: true,
  },
  balance: '99.00',
});

const buttons = (root: HTMLElement) => [...root.querySelectorAll<HTMLButtonElement>('.crash-action')];

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the crash page', () => {
  const hello = (socket: FakeSocket) => {
    // One clock reading for both, so the countdown starts at exactly five seconds.
    const now = Date.now();
    socket.push({
      type: 'hello',
      state: {
        serverNow: now,
        round: round({ bettingEndsAt: now + 5_000, startedAt: now + 5_000 }),
        bets: [],
        history: [{ roundNo: 2, chainIndex: 2, bust: 234, hash: 'cd'.repeat(32), void: false }],
        balance: '100.00',
      },
    });
  };

  it('authenticates its socket with the game token', async () => {
    const { socket } = await mount();
    expect(new URL(socket.url).pathname).toBe(crashFeedSocket.path);
    expect(socket.sent.map((m) => JSON.parse(m))).toEqual([{ type: 'auth', token: opened.token }]);
  });

  it('draws the round it is told about: the take-off countdown, the chain it belongs to and the RTP', async () => {
    const { root, socket } = await mount();
    hello(socket);
    expect(root.querySelector('.crash-multiplier')?.textContent).toMatch(/Take-off in [45] s/);
    expect(root.querySelector('.crash-fair')?.textContent).toContain('ab'.repeat(32));
    expect(root.querySelector('.crash-fair')?.textContent).toContain('97.00%');
    expect(buttons(root).map((b) => [b.textContent, b.disabled])).toEqual([
      [enCrash.bet, false],
      [enCrash.bet, false],
    ]);
  });

  it('lists past busts, each opening its hash', async () => {
    const { root, socket } = await mount();
    hello(socket);
    const past = root.querySelector<HTMLButtonElement>('.crash-past');
    expect(past?.textContent).toBe('2.34×');
    past?.click();
    expect(root.querySelector('.crash-detail')?.textContent).toContain('cd'.repeat(32));
    // Each past round links to the fairness page, which checks it at once; the page links there too.
    const check = root.querySelector<HTMLAnchorElement>('.crash-detail a');
    expect(check?.textContent).toBe(enCrash.checkRound);
    expect(check?.getAttribute('href')).toBe(`/fairness?game=crash&hash=${'cd'.repeat(32)}`);
    expect(check?.getAttribute('target')).toBe('_blank');
    const how = [...root.querySelectorAll('a')].find((a) => a.textContent === enCrash.howFair);
    expect(how?.getAttribute('href')).toBe('/fairness?game=crash');
  });

  it('bets with the panel, then offers the cash-out while flying, and says "too late" after the bust', async () => {
    const { root, socket, calls } = await mount('en', myOpenBet(null), failure(409, 'ROUND_CLOSED'));
    socket.push({ type: 'hello', state: { serverNow: Date.now(), round: round(), bets: [], history: [] } });
    buttons(root)[0]?.click();
    await vi.waitFor(() => expect(buttons(root)[0]?.textContent).toBe(enCrash.betPlaced));
    const bet = calls[1];
    expect(bet?.path).toBe(crashBetCall.path);
    expect(bet?.headers[GAME_TOKEN_HEADER]).toBe(opened.token);
    expect(bet?.body).toMatchObject({ slot: 1, stake: '1.00' });
    expect(root.querySelector('.crash-balance')?.textContent).toContain('99.00');
    // The flight starts 11.6 s ago: about 2.00×.
    socket.push({
      type: 'round',
      round: round({ phase: 'running', startedAt: Date.now() - 11_553, bettingEndsAt: Date.now() - 11_553 }),
      serverNow: Date.now(),
    });
    // The taka sign, never "BDT", in English as on the rest of the site.
    expect(buttons(root)[0]?.textContent).toMatch(/^Cash out ৳2\.0\d$/);
    buttons(root)[0]?.click();
    await vi.waitFor(() => expect(root.querySelector('.crash-note')?.textContent).toBe(enCrash.tooLate));
    expect(calls[2]?.path).toBe(crashCashOutCall.path);
    expect(calls[2]?.body).toEqual({ requestId: expect.any(String), slot: 1 });
  });

  it('shows the balance with the win once its auto cash-out is paid', async () => {
    const mine = {
      roundNo: 3,
      name: 'me***1',
      slot: 1,
      stake: '1.00',
      target: 150,
      multiplier: null,
      win: null,
    } as const;
    const wallet = { balance: '99.00' };
    const { root, socket, calls } = await mountWith({
      answers: [{ bet: { ...mine, status: 'open', mine: true }, balance: '99.00' }],
      wallet,
    });
    socket.push({ type: 'hello', state: { serverNow: Date.now(), round: round(), bets: [], history: [] } });
    buttons(root)[0]?.click();
    await vi.waitFor(() => expect(buttons(root)[0]?.textContent).toBe(enCrash.betPlaced));
    expect(root.querySelector('.crash-balance')?.textContent).toContain('99.00');
    // The server's round loop cashes the bet at 1.50× and pays it, then the feed tells everyone.
    wallet.balance = '100.50';
    socket.push({
      type: 'batch',
      events: [{ type: 'cashout', bet: { ...mine, status: 'cashed', multiplier: 150, win: '1.50' } }],
    });
    await vi.waitFor(() => expect(root.querySelector('.crash-balance')?.textContent).toContain('100.50'));
    expect(calls.filter((c) => c.path === playBalanceCall.path)).toHaveLength(1);
    // Someone else's cash-out moves nobody's balance here.
    socket.push({
      type: 'batch',
      events: [{ type: 'cashout', bet: { ...mine, name: 'ka***2', status: 'cashed', multiplier: 150, win: '1.50' } }],
    });
    expect(calls.filter((c) => c.path === playBalanceCall.path)).toHaveLength(1);
  });

  it("lists everyone's bets and cash-outs from the feed's batches", async () => {
    const { root, socket } = await mount();
    socket.push({ type: 'hello', state: { serverNow: Date.now(), round: round(), bets: [], history: [] } });
    const someone = { roundNo: 3, slot: 1, stake: '2.00', target: null, multiplier: null, win: null };
    socket.push({
      type: 'batch',
      events: [
        { type: 'bet', bet: { ...someone, name: 'ka***1', status: 'open' } },
        { type: 'bet', bet: { ...someone, name: 'ra***2', status: 'open' } },
        { type: 'cashout', bet: { ...someone, name: 'ka***1', status: 'cashed', multiplier: 150, win: '3.00' } },
      ],
    });
    const rows = [...root.querySelectorAll('.crash-bet')];
    expect(rows.map((r) => r.className)).toEqual(['crash-bet cashed', 'crash-bet open']);
    expect(rows[0]?.textContent).toContain('ka***1');
    expect(rows[0]?.textContent).toContain('1.50×');
    expect(rows[1]?.textContent).toContain('ra***2');
  });

  it('speaks Bengali when launched in Bengali', async () => {
    const { root, socket } = await mount('bn');
    socket.push({ type: 'hello', state: { serverNow: Date.now(), round: round(), bets: [], history: [] } });
    expect(buttons(root)[0]?.textContent).toBe(bnCrash.bet);
    expect(root.querySelector('.crash-live h2')?.textContent).toBe(bnCrash.liveBets);
  });

  it('writes every number in Bengali digits in Bengali: countdown, balance, multipliers, the RTP', async () => {
    const { root, socket } = await mount('bn');
    hello(socket);
    const text = [...root.querySelectorAll('.crash-multiplier, .crash-top, .crash-history, .crash-panel')]
      .map((e) => e.textContent)
      .join(' ');
    expect(text).toContain('১০০.০০৳');
    expect(text).toContain('২.৩৪×');
    expect(text).not.toMatch(/[0-9]/);
    // The hash stays as written; the RTP around it is in Bengali digits.
    expect(root.querySelector('.crash-fair')?.textContent).toContain('৯৭.০০%');
  });

  it('sends an auto cash-out typed in Bengali digits as a plain decimal', async () => {
    const { root, socket, calls } = await mount('bn', myOpenBet(250));
    hello(socket);
    const panel = root.querySelector('.crash-panel') as HTMLElement;
    const target = panel.querySelector('.crash-target') as HTMLInputElement;
    expect(target.value).toBe('২.০০');
    (panel.querySelector('input[type=checkbox]') as HTMLInputElement).checked = true;
    target.value = '২.৫০';
    buttons(root)[0]?.click();
    await vi.waitFor(() => expect(calls[1]?.path).toBe(crashBetCall.path));
    expect(calls[1]?.body).toMatchObject({ slot: 1, stake: '1.00', autoCashOut: '2.50' });
  });
});
