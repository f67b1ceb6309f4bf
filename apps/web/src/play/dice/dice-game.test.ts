import { type Failure, failure, fetchStub, stub } from '@khela/client/testing';
import { type DiceBetValue, type DiceSeedsValue, diceBetCall, diceSeedsCall } from '@khela/contract/dice';
import { type PlayOpenValue, playOpenCall } from '@khela/contract/inhouse';
import { GAME_TOKEN_HEADER } from '@khela/contract/play-endpoints';
import { diceMultiplier } from '@khela/games/fair/dice';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bnErrors from '../../locales/bn/errors.json';
import bnDice from '../../locales/bn/play-dice.json';
import { startPlayPage } from '../page';

/** The dice page over stubbed play calls: the bets answered in the order given. */

const opened: PlayOpenValue = {
  token: 'dice-session-token',
  gameCode: 'dice',
  gameName: 'Lucky Dice',
  currency: 'BDT',
  currencySymbol: '৳',
  decimals: 2,
  language: 'bn',
  balance: '10.00',
  playMoney: false,
  dice: {
    modelVersion: 'dice-1',
    stakes: ['1.00', '2.00', '5.00'],
    edgeBasisPoints: 100,
    minChance: 100,
    maxChance: 9800,
  },
};

const seeds: DiceSeedsValue = {
  current: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'c0ffee', nextNonce: 0 },
  previous: null,
};

function betAnswer(roll: number, win: string, balance: string, nonce: number): DiceBetValue {
  return {
    roundId: `dice-${nonce}`,
    modelVersion: 'dice-1',
    stake: '1.00',
    target: 4950,
    side: 'under',
    roll,
    multiplier: diceMultiplier(4950, 'under'),
    win,
    balance,
    serverSeedHash: seeds.current.serverSeedHash,
    clientSeed: 'c0ffee',
    nonce,
  };
}

type BetAnswer = DiceBetValue | Failure;

function network(bets: BetAnswer[]) {
  const { fetch, sent } = fetchStub([
    stub(playOpenCall, opened),
    stub(diceSeedsCall, seeds),
    stub(diceBetCall, () => {
      const next = bets.shift();
      if (!next) throw new Error('no bet answer stubbed');
      return next;
    }),
  ]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);

async function open(bets: BetAnswer[] = []) {
  const calls = network(bets);
  history.replaceState(null, '', '/play/dice?ticket=TICKET_abcdefghijklmnop');
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  await startPlayPage(root);
  // Ready once the fairness panel shows the seeds it read.
  await vi.waitFor(() => expect(root.querySelector('.fairness code')?.textContent).toBe(seeds.current.serverSeedHash));
  return { calls, root };
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dice page', () => {
  it('shows the live chance and payout, and mirrors the target when the side changes', async () => {
    const { root } = await open();
    const chance = () => root.querySelectorAll('.stat-value')[0]?.textContent;
    expect(chance()).toBe('৪৯.৫০%');
    expect(root.querySelectorAll('.stat-value')[1]?.textContent).toBe('২.০০×');
    expect(root.querySelector('.fairness code')?.textContent).toBe(seeds.current.serverSeedHash);
    button(bnDice.over)?.click();
    expect((root.querySelector('#dice-target') as HTMLInputElement).value).toBe('৫০.৪৯');
    expect(chance()).toBe('৪৯.৫০%');
    // Out of the offered range: clamped to a 98 % chance.
    const number = root.querySelector('#dice-target') as HTMLInputElement;
    number.value = '০.৫';
    number.dispatchEvent(new Event('change'));
    expect(number.value).toBe('১.৯৯');
    expect(chance()).toBe('৯৮.০০%');
  });

  it('takes a target typed in Latin or Bengali digits, and keeps it when nothing readable was typed', async () => {
    const { root } = await open();
    const number = root.querySelector('#dice-target') as HTMLInputElement;
    const type = (text: string) => {
      number.value = text;
      number.dispatchEvent(new Event('change'));
    };
    type('25');
    expect(number.value).toBe('২৫.০০');
    type('৭৫.৫');
    expect(number.value).toBe('৭৫.৫০');
    type('abc');
    expect(number.value).toBe('৭৫.৫০');
  });

  it('rolls with the session token and shows the result, the balance and the bet in the history', async () => {
    const { calls, root } = await open([betAnswer(1234, '1.98', '10.98', 0)]);
    button(bnDice.roll)?.click();
    await vi.waitFor(() => expect(root.querySelector('.dice-result')?.textContent).toBe('১২.৩৪'));
    const bet = calls.find((c) => c.path === diceBetCall.path);
    expect(bet?.body).toMatchObject({ stake: '1.00', target: 4950, side: 'under' });
    expect(bet?.headers[GAME_TOKEN_HEADER]).toBe(opened.token);
    // The site's money rule: Bengali digits, the taka sign after the amount.
    expect(root.querySelector('.amount')?.textContent).toBe('১০.৯৮৳');
    expect(root.querySelectorAll('.history-list li')).toHaveLength(1);
    expect(root.querySelector('.history-list li')?.className).toBe('won');
  });

  it('auto-bet stops after a win when asked, and says why', async () => {
    const { calls, root } = await open([
      betAnswer(9000, '0.00', '9.00', 0),
      betAnswer(100, '1.98', '9.98', 1),
      betAnswer(100, '1.98', '10.96', 2),
    ]);
    // Typed in Bengali digits: read as 5.
    (root.querySelector('#dice-auto-bets') as HTMLInputElement).value = '৫';
    (root.querySelector('#dice-auto-after-win') as HTMLInputElement).checked = true;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    button(bnDice.autoStart)?.click();
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    expect(calls.filter((c) => c.path === diceBetCall.path)).toHaveLength(2);
    expect(root.querySelector('.dice-note')?.textContent).toBe(bnDice.stoppedWin);
  });

  it('says so when the balance is short, and keeps nothing pending', async () => {
    const { root } = await open([failure(409, 'INSUFFICIENT_FUNDS')]);
    button(bnDice.roll)?.click();
    await vi.waitFor(() => expect(root.querySelector('.message')?.textContent).toBe(bnErrors.INSUFFICIENT_FUNDS));
    expect(button(bnDice.roll)?.disabled).toBe(false);
  });
});
