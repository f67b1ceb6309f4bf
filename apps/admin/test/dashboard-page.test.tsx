import { dashboardCall } from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

/** 30 days ending 2026-11-26, all quiet but the last. */
function dashboard() {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10);
    return { day, stakes: '0.00', wins: '0.00', ggr: '0.00', bets: 0, activePlayers: 0, newPlayers: 0 };
  });
  days[29] = {
    day: '2026-11-26',
    stakes: '1500.00',
    wins: '2500.00',
    ggr: '-1000.00',
    bets: 3,
    activePlayers: 2,
    newPlayers: 4,
  };
  return {
    timeZone: 'Asia/Dhaka',
    currency: 'BDT',
    currencySymbol: '৳',
    decimals: 2,
    days,
    countedAt: '2026-11-26T09:30:00.000Z',
    live: { onlinePlayers: 12, openRounds: 5 },
    cashier: {
      deposits: '25000.00',
      depositCount: 7,
      withdrawals: '12000.00',
      withdrawalCount: 3,
      fees: '150.00',
      queues: {
        deposits: { total: 4, oldestAgeSeconds: 2 * 3600 + 5 * 60 },
        withdrawals: { total: 0, oldestAgeSeconds: null },
      },
    },
  };
}

describe('the dashboard', () => {
  it("shows today's figures in the brand currency, the live counts and the 30 days newest first", async () => {
    fakeServer((req) => (req.path === dashboardCall.path ? { value: dashboard() } : { value: STAFF_ME }));
    await renderApp('/dashboard', { loggedIn: true });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('৳1,500.00')).toBeTruthy();
    expect(within(today).getByText('৳2,500.00')).toBeTruthy();
    expect(within(today).getByText('-৳1,000.00')).toBeTruthy();
    expect(within(today).getByText('12')).toBeTruthy();
    expect(within(today).getByText('5')).toBeTruthy();
    expect(screen.getByText(/Counted from the ledger at 2026-11-26 15:30:00/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Figures by day' })).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('2026-11-26');
    const cashier = screen.getByRole('region', { name: 'Cashier today' });
    expect(within(cashier).getByText('৳25,000.00')).toBeTruthy();
    expect(within(cashier).getByText('7 requests')).toBeTruthy();
    expect(within(cashier).getByText('৳150.00')).toBeTruthy();
    expect(within(cashier).getByText('oldest 2 h 5 min')).toBeTruthy();
    expect(within(cashier).getByText('none waiting')).toBeTruthy();
  });

  it('says what went wrong and offers a retry when the figures cannot be read', async () => {
    fakeServer((req) => (req.path === dashboardCall.path ? { status: 500, code: 'INTERNAL' } : { value: STAFF_ME }));
    await renderApp('/dashboard', { loggedIn: true });
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
