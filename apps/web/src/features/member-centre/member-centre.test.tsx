import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, resetBrowser, statusFixture } from '../../../test/render';
import { ui } from '../../lib/ui-store';

const reply = (value: unknown) => ({
  ok: true,
  status: 200,
  json: async () => ({ success: true, value, message: 'ok', code: 'OK' }),
});

const PAGE = { currency: 'BDT', decimals: 2, playMoney: false };
const tx = (i: number) => ({
  id: String(i),
  time: '2025-03-01T10:00:00.000Z',
  type: i % 2 ? 'bet' : 'win',
  amount: i % 2 ? '-10.00' : '25.00',
  balanceAfter: '1015.00',
  roundId: `r-${i}`,
  detail: 'JL slot-five',
});

let bodies: Record<string, Record<string, unknown>[]>;

function serve(isAgent = 0) {
  bodies = {};
  const base = mockApi({ status: statusFixture({ brand: { loggedInToHomePage: true } }) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      bodies[url.pathname] = [...(bodies[url.pathname] ?? []), body];
      if (url.pathname === '/wps/v2/wallets/balance')
        return reply({ sumBalance: '1015.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 });
      if (url.pathname === '/wps/member/info')
        return reply({
          id: 7,
          account: 'rahim1234',
          nickname: 'Rahim',
          type: isAgent,
          isAgent,
          toUpline: null,
          clubLabel: null,
          memberLabel: [],
          avatar: null,
        });
      if (url.pathname === '/wps/relay/ODSFE2_MemTransDet') {
        const pageNo = body.pageNo ?? 1;
        const list = body.type === 'win' ? [tx(2)] : pageNo === 1 ? [tx(1), tx(2)] : [tx(3)];
        return reply({
          list,
          pageNo,
          pageSize: 20,
          total: body.type === 'win' ? 1 : 41,
          totalPages: body.type === 'win' ? 1 : 3,
          ...PAGE,
          summary: { credits: '25.00', debits: '-10.00', net: '15.00' },
        });
      }
      if (url.pathname === '/wps/relay/ODSFE2_MemBetDet')
        return reply({
          list:
            body.status === 'cancelled'
              ? []
              : [
                  {
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
                  },
                ],
          pageNo: 1,
          pageSize: 20,
          total: 1,
          totalPages: 1,
          ...PAGE,
          summary: { rounds: 1, stake: '10.00', win: '25.00', net: '15.00' },
        });
      if (url.pathname === '/wps/relay/ODSFE2_MemProfit')
        return reply({
          groupBy: body.groupBy ?? 'vendor',
          rows: [{ key: 'JL', rounds: 1, stake: '10.00', win: '25.00', net: '15.00' }],
          total: { rounds: 1, stake: '10.00', win: '25.00', net: '15.00' },
          ...PAGE,
        });
      return base(input);
    }),
  );
  sessionStorage.setItem('token', 'tok-123456789012345678901234');
  sessionStorage.setItem('isAgent', String(isAgent));
}

beforeEach(async () => {
  await resetBrowser('en');
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

describe('member centre', () => {
  it('opens at the account record from the avatar menu, filters by type and pages', async () => {
    serve();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu of Rahim/ }, { timeout: 5_000 }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Account record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
    expect(within(dialog).getByRole('link', { name: 'Account record', current: 'page' })).toBeTruthy();
    // every page of the spec's menu is listed
    expect(within(within(dialog).getByRole('navigation')).getAllByRole('link')).toHaveLength(14);
    expect(await within(dialog).findAllByText('-10.00', {}, { timeout: 5_000 })).toHaveLength(2);
    expect(within(dialog).getAllByText('+25.00').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('JL slot-five · r-1').length).toBe(1);
    const last = bodies['/wps/relay/ODSFE2_MemTransDet']?.at(-1) ?? {};
    expect(last).toMatchObject({ type: 'all', pageNo: 1, pageSize: 20 });
    expect(Date.parse(String(last.endTime)) - Date.parse(String(last.startTime))).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 3_600_000,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodies['/wps/relay/ODSFE2_MemTransDet']?.at(-1)).toMatchObject({ pageNo: 2 }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'win');
    await waitFor(() =>
      expect(bodies['/wps/relay/ODSFE2_MemTransDet']?.at(-1)).toMatchObject({ type: 'win', pageNo: 1 }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Today' }));
    await waitFor(() => {
      const b = bodies['/wps/relay/ODSFE2_MemTransDet']?.at(-1) ?? {};
      expect(Date.parse(String(b.endTime)) - Date.parse(String(b.startTime))).toBeLessThanOrEqual(25 * 3_600_000);
    });
  });

  it('shows the betting record with its status filter and empty state, and the P&L', async () => {
    serve();
    renderApp('/?centre=member&page=personalHistoryCopy');
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
    expect(await within(dialog).findByText('round-77', {}, { timeout: 5_000 })).toBeTruthy();
    expect(within(dialog).getByText('Five Dragons')).toBeTruthy();
    expect(within(dialog).getAllByText('Completed').length).toBeGreaterThan(0);
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'cancelled');
    expect(await within(dialog).findByText('No records in this period.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('link', { name: 'Personal profit and loss' }));
    expect(await within(dialog).findByRole('cell', { name: 'JL' }, { timeout: 5_000 })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('link', { name: 'Deposit' }));
    expect(await within(dialog).findByText(/Deposits are handled by our customer service team/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Bonus details' }));
    expect(within(dialog).getByText('This page is not available yet.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a trial account with the register prompt', async () => {
    serve(4);
    renderApp('/?centre=member&page=transactionHistory');
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
    expect(within(dialog).getByText('Please Register An Account First')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Register now' })).toBeTruthy();
    expect(bodies['/wps/relay/ODSFE2_MemTransDet']).toBeUndefined();
  });
});
