import { staffLogoutCall, staffMeCall } from '@khela/contract/endpoints';
import { ROLES } from '@khela/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const as = (role: keyof typeof ROLES) => ({ ...STAFF_ME, roles: [role], permissions: [...ROLES[role]] });

describe('the shell', () => {
  it('shows the brand, the staff member, the time zone and every area an owner may open', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? STAFF_ME : null }));
    await renderApp('/', { loggedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.replace(/soon$/, '')),
    ).toEqual([
      'Dashboard',
      'Players',
      'Cashier',
      'Content',
      'Catalog',
      'Brand',
      'Risk',
      'Reports',
      'Staff',
      'Audit log',
      'Jobs',
      'My sessions',
    ]);
    const banner = screen.getAllByRole('banner')[0] as HTMLElement;
    expect(within(banner).getByText('rahima')).toBeTruthy();
    expect(within(banner).getByText('Time zone: Asia/Dhaka')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it("shows a content editor only the content role's areas, and a 403 page for the others", async () => {
    fakeServer(() => ({ value: as('content') }));
    await renderApp('/players', { loggedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.replace(/soon$/, '')),
    ).toEqual(['Content', 'Catalog', 'Brand', 'My sessions']);
    expect(await screen.findByRole('heading', { name: 'This area is not open to you' })).toBeTruthy();
    expect(screen.getByText(/Your roles \(Content\) do not open this area/)).toBeTruthy();
  });

  it('lands each role on the first area it may open', async () => {
    fakeServer(() => ({ value: as('support') }));
    const { router } = await renderApp('/', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Players' });
    expect(router.state.location.pathname).toBe('/players');
    // Support's first area is the Players desk's search.
    expect(await screen.findByText('Search for a player')).toBeTruthy();
  });

  it('switches language and theme and remembers both', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? STAFF_ME : null }));
    await renderApp('/dashboard', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('admin.theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    expect(await screen.findByRole('navigation', { name: 'প্রধান মেনু' })).toBeTruthy();
    expect(screen.getByText('সময় অঞ্চল: Asia/Dhaka', { selector: '.topbar .zone-chip' })).toBeTruthy();
    expect(localStorage.getItem('admin.lang')).toBe('bn');
  });

  it('sends a visitor without a session to the login page', async () => {
    const requests = fakeServer(() => ({ value: STAFF_ME }));
    const { router } = await renderApp('/staff/sessions');
    expect(await screen.findByRole('heading', { name: 'Log in to the back office' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toHaveLength(0);
  });

  it('logs out: the session is ended on the server and forgotten here', async () => {
    const requests = fakeServer((r) => ({ value: r.path === staffMeCall.path ? STAFF_ME : null }));
    const { router } = await renderApp('/dashboard', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in to the back office' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.some((r) => r.path === staffLogoutCall.path && r.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('admin.token')).toBeNull();
    // A logout asked for is not "your session ended".
    expect(screen.queryByText('Your session ended. Please log in again.')).toBeNull();
  });
});
