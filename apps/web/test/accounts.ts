import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { mockApi, renderApp } from './render';

/** A stubbed answer of the accounts calls. */
export type Reply = { status?: number; body: unknown };
export const ok = (value: unknown): Reply => ({ body: { success: true, value, message: 'ok', code: 'OK' } });
export const fail = (status: number, code: string, message: string, fieldErrors?: Record<string, string>): Reply => ({
  status,
  body: { success: false, value: null, message, code, ...(fieldErrors ? { fieldErrors } : {}) },
});

/** The app's usual stubs plus the accounts routes given ('METHOD /path'); returns every call made. */
export function mockAccounts(routes: Record<string, (body: unknown) => Reply>) {
  const base = mockApi();
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return base(input);
    const r = route(body);
    return { ok: (r.status ?? 200) < 400, status: r.status ?? 200, json: async () => r.body };
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders the app at / and opens the login popup from the header; returns the login form. */
export async function openLogin() {
  renderApp('/');
  const banner = await screen.findByRole('banner');
  await userEvent.click(within(banner).getByRole('button', { name: 'Log in' }));
  return screen.findByRole('form', { name: 'Log in' });
}
