import { fetchStub, stub } from '@khela/client/testing';
import { type GameMenus, gameMenusCall, type Resource, type SystemStatus, systemStatusCall } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, statusFixture } from '../../../test/render';
import { watchInstallOffer } from '../../lib/install-app';
import { ui } from '../../lib/ui-store';

/**
 * Everything the menu watches is in view at once: the QR code is drawn only when its block is
 * about to be seen (lib/in-view.ts), which jsdom cannot tell. Stubbed before the first render,
 * since the observers are shared and kept.
 */
class InViewObserver {
  constructor(private readonly cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    queueMicrotask(() => this.cb([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as never));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
beforeAll(() => {
  window.IntersectionObserver = InViewObserver as unknown as typeof IntersectionObserver;
});

import { SideMenu, sideMenuCategories } from './side-menu';

const vendor = (vassalage: string, icon: string | null = null) => ({
  vassalage,
  name: vassalage,
  icon,
  isHot: 0,
  isGame: null,
});

const MENUS: GameMenus = [
  { gameCategory: 'RNG', title: 'RNG', vendors: [vendor('JL', '/img/jl.png'), vendor('PG')] },
  { gameCategory: 'FISH', title: 'FISH', vendors: [] },
  { gameCategory: 'LIVE', title: 'LIVE', vendors: [vendor('EVO')] },
  // Has vendors but is not a side-menu category (spec §2 lists eight).
  { gameCategory: 'COCKFIGHT', title: 'COCKFIGHT', vendors: [vendor('DS88')] },
];

const res = (resourceType: string, url: string): Resource => ({
  resourceType,
  url,
  qrCodeUrl: null,
  labelNameEn: resourceType,
});

/** Stubs the status and game-menu calls the side menu makes; returns what was sent. */
function stubApi(status: SystemStatus, menus: GameMenus = MENUS) {
  const { fetch, sent } = fetchStub([stub(systemStatusCall, status), stub(gameMenusCall, menus)]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function renderMenu(props: Partial<Parameters<typeof SideMenu>[0]> = {}, path = '/'): ReturnType<typeof render> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(wrap(<SideMenu mini={false} onToggle={() => {}} mobileOpen={false} onClose={() => {}} {...props} />));
}

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('sideMenuCategories', () => {
  it('keeps side-menu categories with vendors, in the side-menu order', () => {
    expect(sideMenuCategories(MENUS).map((c) => c.code)).toEqual(['LIVE', 'RNG']);
    expect(sideMenuCategories(undefined)).toEqual([]);
  });
});

describe('SideMenu', () => {
  it('lists only the game categories that have vendors', async () => {
    stubApi(statusFixture());
    renderMenu();
    const games = screen.getByRole('navigation', { name: 'Games' });
    expect(await within(games).findByRole('button', { name: 'Slots' })).toBeTruthy();
    expect(within(games).getByRole('button', { name: 'Live Casino' })).toBeTruthy();
    expect(within(games).queryByRole('button', { name: 'Fishing' })).toBeNull();
    expect(within(games).queryByText(/cockfight/i)).toBeNull();
    expect(within(games).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(games).getByRole('link', { name: 'Hot games' })).toBeTruthy();
    expect(within(games).getByRole('link', { name: 'In-House' })).toBeTruthy();
    expect(within(games).getByRole('link', { name: 'Promotions' })).toBeTruthy();
  });

  it('expands a category into an "all" entry and its vendors', async () => {
    stubApi(statusFixture());
    renderMenu();
    const slots = await screen.findByRole('button', { name: 'Slots' });
    expect(slots.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(slots);
    expect(slots.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'All Slots' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'PG' }).getAttribute('href')).toBe('/rng?vassalage=PG');
  });

  it('highlights the current route', async () => {
    stubApi(statusFixture());
    renderMenu({}, '/promotions');
    expect(screen.getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the language picker only when the brand offers more than one language', async () => {
    stubApi(statusFixture({ brand: { languages: ['bn', 'en'] } }));
    const first = renderMenu();
    const picker = await screen.findByRole('region', { name: 'Language' });
    expect(within(picker).getByRole('button', { name: 'বাংলা' })).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    first.unmount();

    vi.unstubAllGlobals();
    const sent = stubApi(statusFixture({ brand: { languages: ['bn'] } }));
    renderMenu();
    await vi.waitFor(() => expect(sent).not.toHaveLength(0));
    await screen.findByRole('button', { name: 'Slots' });
    expect(screen.queryByRole('region', { name: 'Language' })).toBeNull();
  });

  it('shows download QR codes only for the resources that exist', async () => {
    stubApi(statusFixture({ resources: [res('Android', '/app/khela.apk')] }));
    renderMenu();
    const block = await screen.findByRole('region', { name: 'App download' });
    const qr = await within(block).findByTestId('qr-code');
    expect(qr.getAttribute('data-value')).toBe(`${location.origin}/app/khela.apk`);
    expect(within(block).queryByRole('button', { name: 'iOS' })).toBeNull();
    await userEvent.click(within(block).getByRole('button', { name: 'Download the app' }));
    expect(ui.get().modal).toBe('download');
  });

  it('links the social resources with accessible names', async () => {
    stubApi(
      statusFixture({
        resources: [res('FACEBOOK', 'https://facebook.example/khela'), res('TELEGRAM', 'https://t.example/khela')],
      }),
    );
    renderMenu();
    const social = await screen.findByRole('region', { name: 'Follow us' });
    const links = within(social).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['Facebook', 'Telegram']);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
  });

  it('links messages to the member centre over the open route, and opens the notice modal for announcements', async () => {
    stubApi(statusFixture());
    renderMenu({}, '/rng?vassalage=JL');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe(
      '/rng?vassalage=JL&centre=member&page=messageV2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    expect(ui.get().modal).toBe('notice');
    expect(screen.getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/helpmc');
  });

  it('lists the extra customer-service channels', async () => {
    stubApi(
      statusFixture({
        customerService: [
          { csType: 1, title: 'Live chat', path: 'https://support.example.com/chat' },
          { csType: 2, title: 'VIP service', path: 'https://vip.example.com' },
        ],
      }),
    );
    renderMenu();
    const vip = await screen.findByRole('link', { name: 'VIP service' });
    expect(vip.getAttribute('href')).toBe('https://vip.example.com');
    expect(screen.queryByRole('link', { name: 'Live chat' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      'https://support.example.com/chat',
    );
  });

  it("links customer service to the brand's own channel, and offers none when the brand has none", async () => {
    stubApi(
      statusFixture({ customerService: [{ csType: 2, title: 'WhatsApp', path: 'https://wa.me/8801700000000' }] }),
    );
    const { unmount } = renderMenu();
    const service = await screen.findByRole('link', { name: 'Customer service' });
    expect(service.getAttribute('href')).toBe('https://wa.me/8801700000000');
    // The one channel is the customer service: it is not listed a second time.
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    unmount();

    stubApi(statusFixture({ customerService: [] }));
    renderMenu();
    // The language block comes with the status: the menu has read the brand's settings.
    await screen.findByRole('region', { name: 'Language' });
    expect(screen.queryByRole('link', { name: 'Customer service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Customer service' })).toBeNull();
  });

  it('installs the site when the browser offers it and the brand has no app of its own, else opens the guide', async () => {
    stubApi(statusFixture({ resources: [] }));
    renderMenu();
    const download = await screen.findByRole('button', { name: 'Download the app' });
    // No app of the brand's: the QR code opens the download page on the phone.
    expect((await screen.findByTestId('qr-code')).getAttribute('data-value')).toBe(`${location.origin}/down`);
    await userEvent.click(download);
    expect(ui.get().modal).toBe('download');
    ui.closeModal();

    watchInstallOffer();
    const prompt = vi.fn(async () => {});
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt,
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      }),
    );
    await userEvent.click(download);
    expect(prompt).toHaveBeenCalledOnce();
    expect(ui.get().modal).toBeNull();
  });

  it('in mini mode shows icons with tooltips and hides the long blocks', async () => {
    stubApi(statusFixture({ resources: [res('Android', '/app/khela.apk')] }));
    const onToggle = vi.fn();
    renderMenu({ mini: true, onToggle });
    const slots = await screen.findByRole('link', { name: 'Slots' });
    expect(slots.getAttribute('title')).toBe('Slots');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('title')).toBe('Home');
    expect(screen.queryByRole('region', { name: 'App download' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Language' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand the menu' }));
    expect(onToggle).toHaveBeenCalledOnce();
  });

  it('closes the drawer on Escape', async () => {
    stubApi(statusFixture());
    const onClose = vi.fn();
    renderMenu({ mobileOpen: true, onClose });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
