import { fetchStub, stub } from '@khela/client/testing';
import { type GameMenus, gameMenusCall, type SystemStatus, systemStatusCall } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, statusFixture } from '../../../test/render';
import { Footer, footerVendors } from './footer';

const vendor = (vassalage: string, icon: string | null) => ({
  vassalage,
  name: `${vassalage} Gaming`,
  icon,
  isHot: 0,
  isGame: null,
});

const MENUS: GameMenus = [
  { gameCategory: 'RNG', title: 'RNG', vendors: [vendor('JL', '/img/v/jl.png'), vendor('PG', null)] },
  { gameCategory: 'FISH', title: 'FISH', vendors: [vendor('JL', '/img/v/jl.png'), vendor('FC', '/img/v/fc.png')] },
];

/** Stubs the status and game-menu calls. */
function stubApi(status: SystemStatus, menus: GameMenus) {
  vi.stubGlobal('fetch', fetchStub([stub(systemStatusCall, status), stub(gameMenusCall, menus)]).fetch);
}

function renderFooter() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('footerVendors', () => {
  it('lists each vendor once and only those with an icon', () => {
    expect(footerVendors(MENUS).map((v) => v.vassalage)).toEqual(['JL', 'FC']);
    expect(footerVendors([])).toEqual([]);
  });
});

describe('Footer', () => {
  it('shows the vendor logos unique and only with an icon', async () => {
    stubApi(statusFixture(), MENUS);
    renderFooter();
    const row = await screen.findByRole('region', { name: 'Game providers' });
    const items = within(row).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(row).queryByText('PG Gaming')).toBeNull();
  });

  it('leaves the vendor row out when no vendor has an icon', async () => {
    stubApi(statusFixture(), [{ gameCategory: 'RNG', title: 'RNG', vendors: [vendor('PG', null)] }]);
    renderFooter();
    await screen.findByText(/© \d{4} Khela/);
    expect(screen.queryByRole('region', { name: 'Game providers' })).toBeNull();
  });

  it('has about us, responsible gaming with the 21+ notice, and the copyright with the year', async () => {
    stubApi(statusFixture({ brand: { name: 'Khela' } }), []);
    renderFooter();
    expect(await screen.findByRole('heading', { name: 'About Khela' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Help and terms/ }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('img', { name: '21+ only' }).getAttribute('src')).toBe('/img/rg-21.svg');
    expect(screen.getByText(/must be 21 or older/)).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Khela. All rights reserved.`)).toBeTruthy();
  });

  it('starts the affiliate programme at the affiliate link when configured', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubApi(
      statusFixture({
        resources: [
          {
            resourceType: 'AFFILIATELINK',
            url: 'https://agents.example.com',
            qrCodeUrl: null,
            labelNameEn: 'Affiliate',
          },
        ],
      }),
      [],
    );
    renderFooter();
    await screen.findByText(/© \d{4}/);
    await vi.waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Start now' }));
      expect(open).toHaveBeenCalledWith('https://agents.example.com/', '_blank', 'noopener,noreferrer');
    });
  });

  it('falls back to customer service without an affiliate link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubApi(statusFixture({ resources: [] }), []);
    renderFooter();
    await screen.findByText(/© \d{4}/);
    await vi.waitFor(async () => {
      open.mockClear();
      await userEvent.click(screen.getByRole('button', { name: 'Start now' }));
      expect(open).toHaveBeenCalledWith('https://support.example.com/chat', '_blank', 'noopener,noreferrer');
    });
  });
});
