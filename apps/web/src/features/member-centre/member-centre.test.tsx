import { type Sent, stub } from '@khela/client/testing';
import {
  type BetRow,
  bettingHistoryCall,
  memberInfoCall,
  profitCall,
  type TransactionRow,
  transactionHistoryCall,
  walletBalanceCall,
} from '@khela/contract';
import { IS_AGENT } from '@khela/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo, statusFixture } from '../../../test/render';
import { ui } from '../../lib/ui-store';

/*
 * The member centre's record pages (spec §2 'Member centre pages'): the account record, the
 * betting record and the personal P&L, each over its contract call.
 */

const PAGE = { currency: 'BDT', decimals: 2, playMoney: false };
const DAY_MS = 86_400_000;

const tx = (i: number): TransactionRow => ({
  id: String(i),
  time: '2025-03-01T10:00:00.000Z',
  type: i % 2 ? 'bet' : 'win',
  amount: i % 2 ? '-10.00' : '25.00',
  balanceAfter: '1015.00',
  roundId: `r-${i}`,
  detail: 'JL slot-five',
  category: null,
});

/** A staff correction: the player reads its category, never the operator's reason. */
const correction: TransactionRow = {
  id: '90',
  time: '2025-03-01T09:00:00.000Z',
  type: 'adjust',
  amount: '300.00',
  balanceAfter: '1000.00',
  roundId: null,
  detail: '',
  category: 'correction',
};

const round: BetRow = {
  vendor: 'JL',
  gameCode: 'slot-five',
  gameName: 'Five Dragons',
  roundId: 'round-77',
  stake: '10.00',
  win: '25.00',
  refund: '0.00',
  net: '15.00',
  status: 'completed',
  openedAt: '2025-03-01T10:00:00.000Z',
  closedAt: '2025-03-01T10:00:01.000Z',
};

type Body = Record<string, unknown>;
const bodyOf = (s: Sent) => s.body as Body;

/**
 * A logged-in member (isAgent as given) whose records answer by the filters sent: the account
 * record has three pages of movements (one win when filtered to wins), the betting record one
 * round (none cancelled), the P&L one vendor. Returns every records call sent.
 */
function loggedIn(isAgent: number = IS_AGENT.PLAYER) {
  const { sent } = mockCalls(
    [
      stub(memberInfoCall, memberFixture({ account: 'rahim1234', type: isAgent, isAgent })),
      stub(walletBalanceCall, { sumBalance: '1015.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 }),
      stub(transactionHistoryCall, (s) => {
        const body = bodyOf(s);
        const pageNo = (body.pageNo as number | undefined) ?? 1;
        const wins = body.type === 'win';
        return {
          list: wins ? [tx(2)] : pageNo === 1 ? [tx(1), tx(2), correction] : [tx(3)],
          pageNo,
          pageSize: 20,
          total: wins ? 1 : 41,
          totalPages: wins ? 1 : 3,
          ...PAGE,
          summary: { credits: '25.00', debits: '-10.00', net: '15.00' },
        };
      }),
      stub(bettingHistoryCall, (s) => ({
        list: bodyOf(s).status === 'cancelled' ? [] : [round],
        pageNo: 1,
        pageSize: 20,
        total: 1,
        totalPages: 1,
        ...PAGE,
        summary: { rounds: 1, stake: '10.00', win: '25.00', net: '15.00' },
      })),
      stub(profitCall, (s) => ({
        groupBy: (bodyOf(s).groupBy as 'vendor' | 'day' | undefined) ?? 'vendor',
        rows: [{ key: 'JL', rounds: 1, stake: '10.00', win: '25.00', net: '15.00' }],
        total: { rounds: 1, stake: '10.00', win: '25.00', net: '15.00' },
        ...PAGE,
      })),
    ],
    { status: statusFixture({ brand: { loggedInToHomePage: true } }) },
  );
  sessionStorage.setItem('token', 'tok-123456789012345678901234');
  sessionStorage.setItem('isAgent', String(isAgent));
  return {
    /** The bodies sent to one records call, in order. */
    bodies: (definition: typeof transactionHistoryCall | typeof bettingHistoryCall | typeof profitCall) =>
      sentTo(sent, definition).map(bodyOf),
  };
}

const centre = () => screen.findByRole('dialog', { name: 'Member centre' });
const spanOf = (body: Body | undefined) => Date.parse(String(body?.endTime)) - Date.parse(String(body?.startTime));

/** The account record open at its first page. */
async function accountRecord() {
  const records = loggedIn();
  renderApp('/?centre=member&page=transactionHistory');
  const dialog = await centre();
  await within(dialog).findAllByText('-৳10.00');
  return { dialog, ...records };
}

beforeEach(async () => {
  await resetBrowser('en');
  // The logged-in header holds the realtime socket.
  vi.stubGlobal(
    'WebSocket',
    class {
      close() {}
      send() {}
    },
  );
});
afterEach(() => {
  act(() => ui.closeModal());
  vi.unstubAllGlobals();
});

describe('the account record', () => {
  it('opens from the avatar menu, among every page of the spec’s menu', async () => {
    loggedIn();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu of Rahim/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Account record' }));
    const dialog = await centre();
    expect(within(dialog).getByRole('link', { name: 'Account record', current: 'page' })).toBeTruthy();
    expect(within(within(dialog).getByRole('navigation')).getAllByRole('link')).toHaveLength(14);
  });

  it('lists the last seven days of movements, signed, with their game and round', async () => {
    const { dialog, bodies } = await accountRecord();
    // Every amount with the taka sign where English puts it, signed like a statement.
    expect(within(dialog).getAllByText('-৳10.00')).toHaveLength(2);
    expect(within(dialog).getAllByText('+৳25.00').length).toBeGreaterThan(0);
    // The round id is a reference, quoted as it is.
    const ref = within(dialog).getAllByText('r-1');
    expect(ref.map((e) => [e.tagName, e.closest('td')?.textContent])).toEqual([['CODE', 'JL slot-five · r-1']]);
    const first = bodies(transactionHistoryCall).at(-1);
    expect(first).toMatchObject({ type: 'all', pageNo: 1, pageSize: 20 });
    expect(spanOf(first)).toBeGreaterThanOrEqual(7 * DAY_MS - 3_600_000);
  });

  it('names a staff adjustment by its category', async () => {
    const { dialog } = await accountRecord();
    const row = within(dialog).getByText('+৳300.00').closest('tr') as HTMLElement;
    expect(within(row).getByText('Operator adjustment')).toBeTruthy();
    expect(within(row).getByText('Correction')).toBeTruthy();
  });

  it('writes the record in Bengali digits with the taka sign after the amount, in Bengali', async () => {
    await resetBrowser('bn');
    loggedIn();
    renderApp('/?centre=member&page=transactionHistory');
    const dialog = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect((await within(dialog).findAllByText('-১০.০০৳')).length).toBe(2);
    expect(within(dialog).getAllByText('+২৫.০০৳').length).toBeGreaterThan(0);
    // Dates, amounts and page numbers alike; only the quoted round ids keep their own digits.
    const table = within(dialog).getByRole('table');
    const shown = [...table.querySelectorAll('td')]
      .filter((td) => !td.querySelector('code'))
      .map((td) => td.textContent);
    expect(shown.join(' ')).not.toMatch(/[0-9]/);
    expect(within(dialog).getByRole('navigation', { name: 'ঘোষণার পাতা' }).textContent).toContain('২');
  });

  it('asks for the page chosen', async () => {
    const { dialog, bodies } = await accountRecord();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodies(transactionHistoryCall).at(-1)).toMatchObject({ type: 'all', pageNo: 2 }));
  });

  it('filters by type, from the first page again', async () => {
    const { dialog, bodies } = await accountRecord();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodies(transactionHistoryCall).at(-1)).toMatchObject({ pageNo: 2 }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'win');
    await waitFor(() => expect(bodies(transactionHistoryCall).at(-1)).toMatchObject({ type: 'win', pageNo: 1 }));
  });

  it('narrows the range to today', async () => {
    const { dialog, bodies } = await accountRecord();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(spanOf(bodies(transactionHistoryCall).at(-1))).toBeLessThanOrEqual(25 * 3_600_000));
  });

  it('asks a trial account to register, without reading its records', async () => {
    const { bodies } = loggedIn(IS_AGENT.TRIAL);
    renderApp('/?centre=member&page=transactionHistory');
    const dialog = await centre();
    expect(within(dialog).getByText('Please Register An Account First')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Register now' })).toBeTruthy();
    expect(bodies(transactionHistoryCall)).toEqual([]);
  });
});

describe('the betting record', () => {
  it('lists the rounds with their game and status', async () => {
    loggedIn();
    renderApp('/?centre=member&page=personalHistoryCopy');
    const dialog = await centre();
    expect(await within(dialog).findByText('round-77')).toBeTruthy();
    expect(within(dialog).getByText('Five Dragons')).toBeTruthy();
    expect(within(dialog).getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it('filters by status, and says when nothing matches', async () => {
    const { bodies } = loggedIn();
    renderApp('/?centre=member&page=personalHistoryCopy');
    const dialog = await centre();
    await within(dialog).findByText('round-77');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'cancelled');
    expect(await within(dialog).findByText('No records in this period.')).toBeTruthy();
    expect(bodies(bettingHistoryCall).at(-1)).toMatchObject({ status: 'cancelled', pageNo: 1 });
  });
});

describe('the personal P&L', () => {
  it('shows the totals by vendor', async () => {
    const { bodies } = loggedIn();
    renderApp('/?centre=member&page=personalHistoryCopy');
    const dialog = await centre();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Personal profit and loss' }));
    expect(await within(dialog).findByRole('cell', { name: 'JL' })).toBeTruthy();
    expect(bodies(profitCall).at(-1)).toMatchObject({ groupBy: 'vendor' });
  });
});
