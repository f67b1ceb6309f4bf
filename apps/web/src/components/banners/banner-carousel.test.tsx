import { fetchStub, stub } from '@khela/client/testing';
import { type Banner, bannersCall } from '@khela/contract';
import { CAROUSEL_AUTOPLAY_MS } from '@khela/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser } from '../../../test/render';
import { BannerCarousel } from './banner-carousel';

const banner = (over: Partial<Banner>): Banner => ({
  bannerId: 1,
  groupName: 'w_home',
  url: '/img/banners/home-1.svg',
  title: 'Welcome bonus',
  linkageType: null,
  linkageValue: null,
  ...over,
});

/** Stubs the banner call with the banners of each group; `sent` lists what was asked. */
function stubBanners(byGroup: Record<string, Banner[]>) {
  const { fetch, sent } = fetchStub([stub(bannersCall, (s) => byGroup[s.query.get('groupName') ?? ''] ?? [])]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.pathname}</output>;
}

function renderCarousel(group = 'w_home', fallbackSrc?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <BannerCarousel group={group} fallbackSrc={fallbackSrc} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The slide a person sees: the only one not hidden from assistive technology. */
const visibleSlide = () => document.querySelector('.banner-slide:not([aria-hidden])');

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BannerCarousel', () => {
  it('autoplays every 5 s when the group has more than one banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubBanners({
      w_home: [
        banner({ bannerId: 1, title: 'One' }),
        banner({ bannerId: 2, title: 'Two' }),
        banner({ bannerId: 3, title: 'Three' }),
      ],
    });
    renderCarousel();
    await screen.findByRole('img', { name: 'One' });
    expect(visibleSlide()?.textContent).toContain('One');
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(visibleSlide()?.textContent).toContain('Two');
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(visibleSlide()?.textContent).toContain('One');
    expect(screen.getAllByRole('button', { name: /Show banner/ })).toHaveLength(3);
  });

  it('does not autoplay, and has no dots, with a single banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    stubBanners({ w_home: [banner({ title: 'Only' })] });
    renderCarousel();
    await screen.findByRole('img', { name: 'Only' });
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(visibleSlide()?.textContent).toContain('Only');
    expect(screen.queryByRole('button', { name: /Show banner/ })).toBeNull();
    expect(setIntervalSpy.mock.calls.some(([, ms]) => ms === CAROUSEL_AUTOPLAY_MS)).toBe(false);
  });

  it('pauses while the pointer is over it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubBanners({ w_home: [banner({ bannerId: 1, title: 'One' }), banner({ bannerId: 2, title: 'Two' })] });
    renderCarousel();
    const region = await screen.findByRole('region', { name: 'Featured offers' });
    fireEvent.mouseEnter(region);
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(visibleSlide()?.textContent).toContain('One');
  });

  it('makes a slide clickable only when it has a linkage', async () => {
    stubBanners({
      w_home: [
        banner({ bannerId: 1, title: 'In site', linkageType: 'route', linkageValue: '/promotions' }),
        banner({ bannerId: 2, title: 'Elsewhere', linkageType: 'url', linkageValue: 'https://example.com/promo' }),
        banner({ bannerId: 3, title: 'Just a picture' }),
        banner({ bannerId: 4, title: 'Hostile', linkageType: 'url', linkageValue: 'javascript:alert(1)' }),
      ],
    });
    renderCarousel();
    await screen.findByRole('img', { name: 'In site' });
    const links = document.querySelectorAll<HTMLAnchorElement>('a.banner-link');
    expect(links).toHaveLength(2);

    const external = document.querySelector<HTMLAnchorElement>('a[data-linkage="url"]');
    expect(external?.getAttribute('href')).toBe('https://example.com/promo');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toContain('noopener');

    expect(screen.getByRole('img', { name: 'Just a picture', hidden: true }).closest('a')).toBeNull();
    expect(screen.getByRole('img', { name: 'Hostile', hidden: true }).closest('a')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'In site' }));
    expect(screen.getByTestId('where').textContent).toBe('/promotions');
  });

  it('renders nothing when the group has no banners', async () => {
    const sent = stubBanners({});
    const { container } = renderCarousel('w_rng');
    await vi.waitFor(() => expect(sent).not.toHaveLength(0));
    await vi.waitFor(() => expect(container.querySelector('.banner-carousel')).toBeNull());
  });

  it('shows the fallback image when the group is empty and one is given', async () => {
    stubBanners({});
    renderCarousel('w_help', '/img/banners/promo-default.svg');
    const img = await screen.findByRole('img', { name: /Banner 1 of 1/ });
    expect(img.getAttribute('src')).toBe('/img/banners/promo-default.svg');
  });

  it('asks for the group in the current language', async () => {
    const sent = stubBanners({ w_down: [banner({})] });
    renderCarousel('w_down');
    await screen.findByRole('img');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(bannersCall.path);
    expect(sent[0]?.query.get('groupName')).toBe('w_down');
    expect(sent[0]?.query.get('language')).toBe('en');
  });
});
