import { stub } from '@khela/client/testing';
import { memberInfoCall } from '@khela/contract';
import { IS_AGENT } from '@khela/contract/constants';
import { cashierMethodsCall } from '@khela/contract/endpoints';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { methodFixture } from '../../test/cashier-fixtures';
import { memberFixture, mockCalls, renderApp, resetBrowser } from '../../test/render';
import { startSession } from '../lib/session';
import { ui } from '../lib/ui-store';

/*
 * The centre lives in the address (ARCHITECTURE §7): `?centre=member&page=<page>` over any
 * route opens that page, Back leaves it, and a visitor logs in first (spec §6).
 */

const TOKEN = 'tok-123456789012345678901234';

function loggedIn(isAgent: number = IS_AGENT.PLAYER) {
  mockCalls([
    stub(memberInfoCall, memberFixture({ isAgent })),
    // A deposit method, so the deposit page has something to show.
    stub(cashierMethodsCall, { list: [methodFixture()], promotions: [] }),
  ]);
  sessionStorage.setItem('token', TOKEN);
  sessionStorage.setItem('isAgent', String(isAgent));
}

const centre = () => screen.findByRole('dialog', { name: 'Member centre' });
const openPage = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('navigation', { name: 'Member centre' })).getByRole('link', { current: 'page' });
const search = () => window.location.search;

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

describe('the centre in the address', () => {
  it('opens the page the address names over the route', async () => {
    loggedIn();
    renderApp('/promotions?centre=member&page=depositv2');
    const dialog = await centre();
    expect(openPage(dialog).textContent).toBe('Deposit');
    expect(await within(dialog).findByRole('radio', { name: /bKash/ })).toBeTruthy();
    expect(window.location.pathname).toBe('/promotions');
  });

  it('shows the first page for a page it does not know, and says so in the address', async () => {
    loggedIn();
    renderApp('/?centre=member&page=noSuchPage');
    const dialog = await centre();
    expect(openPage(dialog).textContent).toBe('My account');
    await waitFor(() => expect(search()).toBe('?centre=member&page=securityCenter'));
    expect(await within(dialog).findByText('Login history')).toBeTruthy();
  });

  it('drops a centre it does not know from the address and keeps the rest of it', async () => {
    loggedIn();
    renderApp('/promotions?category=all&centre=nowhere&page=depositv2');
    await waitFor(() => expect(search()).toBe('?category=all'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the avatar menu, switches pages in place, and Back leaves it', async () => {
    loggedIn();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu of Rahim/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Members' }));
    const dialog = await centre();
    expect(openPage(dialog).textContent).toBe('My account');
    expect(search()).toBe('?centre=member&page=securityCenter');

    await userEvent.click(within(dialog).getByRole('link', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Your withdrawals')).toBeTruthy();
    expect(search()).toBe('?centre=member&page=withdraw');

    // The menu replaced the page in the address: one Back leaves the centre.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(search()).toBe('');
  });

  it('closes with its close button as a new history entry that Back and Forward walk', async () => {
    loggedIn();
    renderApp('/?centre=member&page=depositv2');
    await userEvent.click(within(await centre()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(search()).toBe('');

    act(() => window.history.back());
    expect(openPage(await centre()).textContent).toBe('Deposit');
    act(() => window.history.forward());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks a trial account to register first, and Register now leaves the centre for the form', async () => {
    loggedIn(IS_AGENT.TRIAL);
    renderApp('/?centre=member&page=transactionHistory');
    const dialog = await centre();
    expect(within(dialog).getByText('Please Register An Account First')).toBeTruthy();
    expect(within(dialog).queryByRole('navigation')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register now' }));
    expect(await screen.findByRole('dialog', { name: 'Create account' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull();
    expect(search()).toBe('');
  });

  it('opens the login popup for a visitor, then the page once logged in', async () => {
    mockCalls([stub(memberInfoCall, memberFixture())]);
    renderApp('/?centre=member&page=depositv2');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull();

    // What every successful login does (features/auth use-complete-login; the e2e journey logs
    // in for real): a session, the popup closed, and off to / (spec §4).
    act(() => {
      startSession(TOKEN, { isAgent: IS_AGENT.PLAYER });
      ui.closeModal();
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(openPage(await centre()).textContent).toBe('Deposit');
    expect(search()).toBe('?centre=member&page=depositv2');
  });

  it('drops the centre from the address when the visitor closes the login popup', async () => {
    mockCalls([]);
    renderApp('/?centre=member&page=depositv2');
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(within(login).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search()).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens the inbox (messageV2) from the side menu's Messages, leaving the page behind where it was", async () => {
    loggedIn();
    renderApp('/');
    const menu = await screen.findByRole('complementary', { name: 'Menu' });
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(within(menu).getByRole('link', { name: 'Messages' }));
    const dialog = await centre();
    expect(openPage(dialog).textContent).toBe('Messages');
    expect(await within(dialog).findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it("asks a visitor to log in from the side menu's Messages", async () => {
    mockCalls([]);
    renderApp('/');
    const menu = await screen.findByRole('complementary', { name: 'Menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Messages' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(search()).toBe('?centre=member&page=messageV2');
  });
});
