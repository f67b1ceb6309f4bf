import { promotionCall, promotionListCall } from '@khela/contract';
import { CAROUSEL_AUTOPLAY_MS } from '@khela/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../test/media';
import { mockApi, promotion, renderApp, resetBrowser, sentTo } from '../../../test/render';
import { ui } from '../../lib/ui-store';

const WELCOME = promotion({ id: 1, title: 'Welcome bonus', body: '<p>Double your first deposit</p>' });
const SPINS = promotion({ id: 2, title: 'Free spins', imageUrl: '/img/promotions/free-spins.svg' });
const CRICKET = promotion({ id: 3, category: 'sports', title: 'Cricket cashback', endTime: '2026-12-31T18:00:00Z' });

/** The registration form's new-player carousel, found by its name (the popup is a lazy chunk). */
const carousel = () => screen.findByRole('region', { name: 'Promotions: Newbie' });
/** The slide a person sees: the only one not hidden from assistive technology. */
const visibleSlide = (region: HTMLElement) => region.querySelector('.banner-slide:not([aria-hidden])');
/** Intervals of the carousel's period that were started. */
const autoplayTimers = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([, ms]) => ms === CAROUSEL_AUTOPLAY_MS).length;

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the registration form’s new-player promotions', () => {
  it('autoplays every 5000 ms with two promotions, and asks only for category new_player', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ promotions: [WELCOME, SPINS, CRICKET] });
    renderApp('/register');
    const region = await carousel();
    await within(region).findByRole('img', { name: 'Welcome bonus' });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 100);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(visibleSlide(region)?.textContent).toContain('Free spins');
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    // The sports promotion is not a new-player one.
    expect(within(region).queryByRole('img', { name: 'Cricket cashback', hidden: true })).toBeNull();
    const asked = sentTo(fetchMock.sent, promotionListCall);
    expect(asked.map((s) => s.query.get('category'))).toEqual(['new_player']);
    expect(asked[0]?.query.get('language')).toBe('en');
  });

  it('does not autoplay, and has no dots or arrows, with one promotion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    mockApi({ promotions: [WELCOME, CRICKET] });
    renderApp('/register');
    const region = await carousel();
    await within(region).findByRole('img', { name: 'Welcome bonus' });
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    expect(within(region).queryByRole('button')).toBeNull();
    expect(autoplayTimers(setIntervalSpy)).toBe(0);
  });

  it('shows no carousel without new-player promotions, and the form as usual', async () => {
    const fetchMock = mockApi({ promotions: [CRICKET] });
    renderApp('/register');
    expect(await screen.findByText('Register today and claim your new player bonus!')).toBeTruthy();
    await waitFor(() => expect(sentTo(fetchMock.sent, promotionListCall)).not.toHaveLength(0));
    // Not even the loading box stays.
    await waitFor(() => expect(document.querySelector('.promotion-carousel')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Promotions: Newbie' })).toBeNull();
  });

  it('pauses while the pointer is over it or focus is in it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ promotions: [WELCOME, SPINS] });
    renderApp('/register');
    const region = await carousel();
    await within(region).findByRole('img', { name: 'Welcome bonus' });
    fireEvent.mouseEnter(region);
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    fireEvent.mouseLeave(region);
    fireEvent.focus(within(region).getByRole('link', { name: 'Welcome bonus' }));
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
  });

  it('does not move by itself when the visitor prefers reduced motion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, query.includes('prefers-reduced-motion')));
    mockApi({ promotions: [WELCOME, SPINS] });
    renderApp('/register');
    const region = await carousel();
    await within(region).findByRole('img', { name: 'Welcome bonus' });
    await act(async () => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(visibleSlide(region)?.textContent).toContain('Welcome bonus');
    expect(autoplayTimers(setIntervalSpy)).toBe(0);
    // The arrows still let a person move on.
    fireEvent.click(within(region).getByRole('button', { name: 'Next banner' }));
    expect(visibleSlide(region)?.textContent).toContain('Free spins');
  });

  it('opens the promotion on /promotions?id=… when a slide is tapped in the register popup, and closes the popup', async () => {
    mockApi({ promotions: [WELCOME, SPINS] });
    renderApp('/');
    await screen.findByRole('banner');
    act(() => ui.openModal('register'));
    const region = await carousel();
    const link = await within(region).findByRole('link', { name: 'Welcome bonus' });
    expect(link.getAttribute('href')).toBe('/promotions?id=1');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome bonus' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/promotions?id=1');
    expect(await screen.findByText('Double your first deposit')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the promotions page', () => {
  it('lists every running promotion, each linking to its details', async () => {
    mockApi({ promotions: [WELCOME, SPINS, CRICKET] });
    renderApp('/promotions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Cricket cashback/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Welcome bonus/ }).getAttribute('href')).toBe('/promotions?id=1');
  });

  it('offers every promotion type as a filter, All first', async () => {
    mockApi({ promotions: [WELCOME, SPINS, CRICKET] });
    renderApp('/promotions');
    const filters = await screen.findByRole('navigation', { name: 'Promotion types' });
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getAllByRole('link')).toHaveLength(15);
  });

  it('filters by the type chosen, in the address', async () => {
    mockApi({ promotions: [WELCOME, SPINS, CRICKET] });
    renderApp('/promotions');
    const filters = await screen.findByRole('navigation', { name: 'Promotion types' });
    await screen.findByRole('link', { name: /Welcome bonus/ });
    await userEvent.click(within(filters).getByRole('link', { name: 'Sports' }));
    expect(window.location.search).toBe('?category=sports');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Welcome bonus/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Cricket cashback/ }).textContent).toContain('Until');
  });

  it('says so when a type has no running promotion', async () => {
    mockApi({ promotions: [WELCOME, SPINS, CRICKET] });
    renderApp('/promotions?category=lotto');
    expect(await screen.findByText('No promotions right now')).toBeTruthy();
  });

  it('shows the details of the promotion in the address, as /promoDetail does', async () => {
    mockApi({ promotions: [WELCOME, CRICKET] });
    renderApp('/promoDetail?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket cashback' })).toBeTruthy();
    expect(screen.getByText('Sports')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'See all promotions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeTruthy();
  });

  it('says a promotion is not available for an unknown or malformed id, with the way back', async () => {
    mockApi({ promotions: [WELCOME] });
    renderApp('/promotions?id=99');
    expect(await screen.findByText("This promotion isn't available")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all promotions' }).getAttribute('href')).toBe('/promotions');
    const fetchMock = mockApi({ promotions: [WELCOME] });
    window.history.pushState({}, '', '/promotions?id=abc');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByText("This promotion isn't available")).toBeTruthy();
    expect(sentTo(fetchMock.sent, promotionCall).map((s) => s.params.id)).not.toContain('abc');
  });

  it('never renders a script from the operator’s text', async () => {
    mockApi({
      promotions: [promotion({ id: 7, body: '<p>Safe</p><img src=x onerror="window.__x=1"><script>1</script>' })],
    });
    renderApp('/promotions?id=7');
    expect(await screen.findByText('Safe')).toBeTruthy();
    expect(document.querySelector('.promo-detail-body script')).toBeNull();
    expect(document.querySelector('.promo-detail-body img')?.getAttribute('onerror')).toBeNull();
  });
});
