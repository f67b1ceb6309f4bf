import type { LoginResult } from '@khela/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './render';

/** A login's answer (login, free play, registration with login:true, a reset by phone). */
export function loginFixture(over: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'tok-1',
    firstTimeLogin: false,
    passwordExpired: false,
    account: 'rahim42',
    customerId: 7,
    isAgent: 0,
    memberLabel: [],
    ...over,
  };
}

/** Renders the app at / and opens the login popup from the header; returns the login form. */
export async function openLogin() {
  renderApp('/');
  const banner = await screen.findByRole('banner');
  await userEvent.click(within(banner).getByRole('button', { name: 'Log in' }));
  return screen.findByRole('form', { name: 'Log in' });
}
