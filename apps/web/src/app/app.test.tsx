import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { announcement, mockApi, renderApp, resetBrowser, statusFixture } from '../../test/render';

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

const banner = () => screen.findByRole('banner');

describe('home', () => {
  it('shows the header with Login and Register when direct registration is on', async () => {
    mockApi();
    renderApp('/');
    const header = await banner();
    expect(within(header).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Khela home' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeTruthy();
  });

  it('has no Register button when DIRECTREG3 is off', async () => {
    mockApi({ status: statusFixture({ whitelabel: { DIRECTREG3: false } }) });
    renderApp('/');
    const header = await banner();
    expect(within(header).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('says games are being added when no category has vendors', async () => {
    mockApi({ gameMenus: [{ gameCategory: 'RNG', title: 'RNG', vendors: [] }] });
    renderApp('/');
    expect(await screen.findByText('Games are being added — check back soon.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Slots/ })).toBeNull();
  });

  it('shows a tile for a category that has vendors', async () => {
    mockApi({
      gameMenus: [
        {
          gameCategory: 'RNG',
          title: 'RNG',
          vendors: [{ vassalage: 'JL', name: 'JL', icon: null, isHot: 1, isGame: null }],
        },
      ],
    });
    renderApp('/');
    const tile = await screen.findByRole('link', { name: /Slots/ });
    expect(tile.getAttribute('href')).toBe('/rng');
    expect(within(tile).getByText('1 provider')).toBeTruthy();
  });

  it('runs the latest banner announcements and opens the notice modal on one', async () => {
    mockApi({ notices: { banners: [announcement({ id: 7, title: 'Server upgrade tonight' })] } });
    renderApp('/');
    const strip = await screen.findByRole('region', { name: 'Announcements' });
    await userEvent.click(within(strip).getByRole('button', { name: 'Server upgrade tonight' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('opens the login popup in login mode, and switches to register', async () => {
    mockApi();
    renderApp('/');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('form', { name: 'Log in' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register now' }));
    expect(await screen.findByRole('dialog', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers only the Login tab without DIRECTREG3', async () => {
    mockApi({ status: statusFixture({ whitelabel: { DIRECTREG3: false } }) });
    renderApp('/');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getAllByRole('tab')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Register now' })).toBeNull();
  });
});

describe('system status', () => {
  it('status 1 shows System Maintenance with the end time and Contact Us', async () => {
    mockApi({ status: statusFixture({ status: 1, maintenance: true, maintenanceEnd: '2026-12-01T10:30:00Z' }) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeTruthy();
    expect(screen.getByText(/We expect to be back by .*2026/)).toBeTruthy();
    expect(
      screen.getByText(
        'Dear valued Customer: Due to restriction of your location or IP address, you are not allowed to access the site. We apologize for the inconvenience.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Contact Us' }));
    expect(open).toHaveBeenCalledWith('https://support.example.com/chat', '_blank', 'noopener,noreferrer');
  });

  it('status 2 shows IP Restriction with the IP address and country', async () => {
    mockApi({
      status: statusFixture({ status: 2, regionRestriction: true, location: { ip: '198.51.100.23', country: 'US' } }),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'IP Restriction' })).toBeTruthy();
    expect(screen.getByText('198.51.100.23')).toBeTruthy();
    expect(screen.getByText('United States (US)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeTruthy();
  });

  it('in Bengali, the restriction screen reads in Bengali', async () => {
    await resetBrowser('bn');
    mockApi({ status: statusFixture({ status: 2 }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'আইপি সীমাবদ্ধতা' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'যোগাযোগ করুন' })).toBeTruthy();
  });

  it('a network failure says so and retries', async () => {
    const fetchMock = mockApi({ statusNetworkError: true });
    renderApp('/');
    expect(await screen.findByText('Network link is abnormal, please try again')).toBeTruthy();
    mockApi();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('routing', () => {
  it('sends visitors to /login when the brand requires login', async () => {
    mockApi({ status: statusFixture({ brand: { loggedInToHomePage: true } }) });
    renderApp('/promotions');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('lets a visitor with a session through the guard', async () => {
    sessionStorage.setItem('token', 'abc');
    mockApi({ status: statusFixture({ brand: { loggedInToHomePage: true } }) });
    renderApp('/promotions');
    expect(await screen.findByRole('heading', { name: 'Promotions' })).toBeTruthy();
    expect(window.location.pathname).toBe('/promotions');
  });

  it('keeps /register open to visitors when the brand requires login', async () => {
    mockApi({ status: statusFixture({ brand: { loggedInToHomePage: true } }) });
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('/helpmc has no header', async () => {
    mockApi();
    renderApp('/helpmc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to home' })[0]?.getAttribute('href')).toBe('/');
    // No site header: no logo link, no Login button (the help centre's own <header> is not the site's).
    expect(screen.queryByRole('link', { name: 'Khela home' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    mockApi();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("names each page in the tab and describes it for search engines, in the reader's language", async () => {
    mockApi();
    renderApp('/rng');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slots' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Slots · Khela'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Slots from every provider at Khela: find a game, keep it in your favourites and play.',
    );
  });

  it('serves the aliases of the route table', async () => {
    mockApi();
    renderApp('/index.html');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeTruthy();
  });

  it('a lobby shows its category and an honest empty state', async () => {
    mockApi();
    renderApp('/live');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Casino' })).toBeTruthy();
    expect(await screen.findByText('No games found')).toBeTruthy();
  });

  it('scrolls to the top on navigation', async () => {
    mockApi();
    renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Khela home' }));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('phones', () => {
  it('opens the side menu as a drawer from the header menu button', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      mockApi();
      const { container } = renderApp('/');
      const menuButton = within(await banner()).getByRole('button', { name: 'Open menu' });
      const column = container.querySelector('.shell-side');
      expect(column?.getAttribute('data-open')).toBe('false');
      await userEvent.click(menuButton);
      expect(column?.getAttribute('data-open')).toBe('true');
      expect(menuButton.getAttribute('aria-expanded')).toBe('true');
      await userEvent.click(screen.getByRole('button', { name: 'Close menu', hidden: true }));
      expect(column?.getAttribute('data-open')).toBe('false');
    } finally {
      window.matchMedia = desktop;
    }
  });
});

describe('theme and language', () => {
  it('resets an invalid stored theme to dark', async () => {
    localStorage.setItem('theme', 'purple');
    mockApi();
    renderApp('/');
    await banner();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('switches the texts to Bengali without a reload', async () => {
    mockApi();
    renderApp('/');
    const header = await banner();
    await userEvent.click(within(header).getByRole('button', { name: 'Language: English' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'বাংলা' }));
    await waitFor(() => expect(within(header).getByRole('button', { name: 'লগইন' })).toBeTruthy());
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
  });

  it('hides the language switch when the brand offers one language', async () => {
    mockApi({ status: statusFixture({ brand: { languages: ['en'], defaultLanguage: 'en' } }) });
    renderApp('/');
    const header = await banner();
    expect(within(header).queryByRole('button', { name: /Language/ })).toBeNull();
  });

  it('switches to the brand default when the stored language is not offered', async () => {
    localStorage.setItem('lang', 'vi');
    mockApi({ status: statusFixture({ brand: { languages: ['bn', 'en'], defaultLanguage: 'bn' } }) });
    renderApp('/');
    expect(within(await banner()).getByRole('button', { name: 'লগইন' })).toBeTruthy();
  });
});
