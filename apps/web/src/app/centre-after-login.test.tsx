import { stub } from '@khela/client/testing';
import { memberInfoCall } from '@khela/contract';
import { IS_AGENT } from '@khela/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser, statusFixture } from '../../test/render';
import { startSession } from '../lib/session';
import { ui } from '../lib/ui-store';

/*
 * A brand that sends visitors to /login first keeps the centre the address named for after the
 * login. In a file of its own: after centre.test.tsx's other journeys, whose session and
 * popup state this one must not inherit, it failed one run in three.
 */

const TOKEN = 'tok-123456789012345678901234';

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

it('keeps the centre for after the login when the brand sends visitors to /login first', async () => {
  mockCalls([stub(memberInfoCall, memberFixture())], {
    status: statusFixture({ brand: { loggedInToHomePage: true } }),
  });
  renderApp('/rng?centre=member&page=withdraw');
  expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  await waitFor(() => expect(window.location.pathname).toBe('/login'));

  act(() => {
    startSession(TOKEN, { isAgent: IS_AGENT.PLAYER });
    ui.closeModal();
    window.history.pushState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
  const open = within(within(dialog).getByRole('navigation', { name: 'Member centre' })).getByRole('link', {
    current: 'page',
  });
  expect(open.textContent).toBe('Withdraw');
  expect(`${window.location.pathname}${window.location.search}`).toBe('/?centre=member&page=withdraw');
});
