import { stub } from '@khela/client/testing';
import { memberInfoCall, walletBalanceCall } from '@khela/contract';
import { IS_AGENT } from '@khela/contract/constants';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { memberFixture, mockCalls, renderApp, resetBrowser, statusFixture } from '../../../test/render';

let balance: { sumBalance: string; currency: string; currencySymbol: string; decimals: number };
const noop = () => {};
let release: () => void = noop;
/** Holds the balance answer until the test calls release(). */
let hold = false;

function serve(isAgent: number = IS_AGENT.PLAYER) {
  mockCalls(
    [
      stub(walletBalanceCall, async () => {
        if (hold)
          await new Promise<void>((r) => {
            release = r;
          });
        return balance;
      }),
      stub(memberInfoCall, memberFixture({ account: 'rahim1234', type: isAgent, isAgent })),
    ],
    { status: statusFixture({ brand: { loggedInToHomePage: true } }) },
  );
  sessionStorage.setItem('token', 'tok-123456789012345678901234');
  sessionStorage.setItem('isAgent', String(isAgent));
}

beforeEach(async () => {
  await resetBrowser('en');
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  hold = false;
  release = noop;
  balance = { sumBalance: '10250.50', currency: 'BDT', currencySymbol: '৳', decimals: 2 };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header balance', () => {
  it("says 'balance updating' until the balance arrives, then shows it with the currency symbol", async () => {
    hold = true;
    serve();
    renderApp('/');
    expect(await screen.findByText('Balance updating…')).toBeTruthy();
    await waitFor(() => expect(release).not.toBe(noop));
    await act(async () => release());
    expect((await screen.findByTestId('header-balance')).textContent).toBe('10,250.50');
    expect(screen.getByText('৳')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('hides the amount behind asterisks and remembers the choice', async () => {
    serve();
    renderApp('/');
    await screen.findByTestId('header-balance');
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('header-balance').textContent).toBe('****');
    expect(localStorage.getItem('hideBalance')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('header-balance').textContent).toBe('10,250.50');
  });

  it('authenticates the socket with its first message and shows pushed balances at once', async () => {
    serve();
    renderApp('/');
    await screen.findByTestId('header-balance');
    // the live socket is the last one opened (a development re-mount closes the first)
    await waitFor(() => expect(FakeSocket.all.filter((s) => s.readyState === 1)).toHaveLength(1));
    const ws = FakeSocket.all.find((s) => s.readyState === 1) as FakeSocket;
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/ws$/);
    await waitFor(() =>
      expect(ws.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok-123456789012345678901234' })]),
    );
    ws.push({ type: 'ready' });
    ws.push({ type: 'balance', sumBalance: '9750.50', currency: 'BDT' });
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('9,750.50'));
  });

  it('refreshes on demand', async () => {
    serve();
    renderApp('/');
    await screen.findByTestId('header-balance');
    balance = { ...balance, sumBalance: '1.00' };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('1.00'));
  });

  it('ends the session when the socket is refused', async () => {
    serve();
    renderApp('/');
    await screen.findByTestId('header-balance');
    await waitFor(() => expect(FakeSocket.all.filter((s) => s.readyState === 1)).toHaveLength(1));
    const ws = FakeSocket.all.find((s) => s.readyState === 1) as FakeSocket;
    act(() => ws.onclose?.({ code: 4401 }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
  });

  it('tells a trial account to register instead of depositing', async () => {
    serve(IS_AGENT.TRIAL);
    balance = { sumBalance: '2000.00', currency: 'PLAY', currencySymbol: '৳', decimals: 2 };
    renderApp('/');
    await screen.findByTestId('header-balance');
    expect(screen.getByText('Play')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Please Register An Account First')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register now' })).toBeTruthy();
  });
});
