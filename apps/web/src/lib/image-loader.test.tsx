import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearImageCache, DEFAULT_GAME_ICON, isImageCached, loadImage, useLazyImage } from './image-loader';

/** Images whose URL contains "bad" fail; every attempt is counted. */
const attempts: string[] = [];
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  decoding = 'auto';
  set src(url: string) {
    attempts.push(url);
    setTimeout(() => (url.includes('bad') ? this.onerror?.() : this.onload?.()), 0);
  }
}

/** An IntersectionObserver the test drives: `reveal()` reports every observed element visible. */
let observed: { el: Element; cb: IntersectionObserverCallback; io: IntersectionObserver; threshold: unknown }[] = [];
class DrivenObserver {
  constructor(
    private cb: IntersectionObserverCallback,
    private opts: IntersectionObserverInit = {},
  ) {}
  observe(el: Element) {
    observed.push({ el, cb: this.cb, io: this as unknown as IntersectionObserver, threshold: this.opts.threshold });
  }
  unobserve(el: Element) {
    observed = observed.filter((o) => o.el !== el);
  }
  disconnect() {}
}
function reveal() {
  for (const o of [...observed]) {
    o.cb([{ target: o.el, isIntersecting: true } as IntersectionObserverEntry], o.io);
  }
}

beforeEach(() => {
  attempts.length = 0;
  observed = [];
  clearImageCache();
  vi.stubGlobal('Image', FakeImage);
  vi.stubGlobal('IntersectionObserver', DrivenObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Probe({ url, attempts: n, threshold }: { url: string | null; attempts?: number; threshold?: number }) {
  const img = useLazyImage(url, { attempts: n, threshold });
  return <img ref={img.ref} src={img.src} alt="probe" data-status={img.status} />;
}

describe('loadImage', () => {
  it('tries 3 times by default, 200 ms apart, then gives up', async () => {
    vi.useFakeTimers();
    const done = loadImage('/bad.png');
    await vi.advanceTimersByTimeAsync(199);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(await done).toBe(false);
    expect(attempts).toEqual(['/bad.png', '/bad.png', '/bad.png']);
  });

  it('remembers loaded URLs', async () => {
    expect(await loadImage('/good.png')).toBe(true);
    expect(isImageCached('/good.png')).toBe(true);
  });
});

describe('useLazyImage', () => {
  it('loads nothing until the image is seen', async () => {
    render(<Probe url="/vendor.png" />);
    const img = screen.getByAltText('probe');
    expect(img.getAttribute('src')).toBeNull();
    expect(attempts).toEqual([]);
    act(() => reveal());
    await waitFor(() => expect(img.dataset.status).toBe('loaded'));
    expect(img.getAttribute('src')).toBe('/vendor.png');
  });

  it('shows the default icon after the last failed attempt (side-menu variant: one attempt)', async () => {
    render(<Probe url="/bad-vendor.png" attempts={1} threshold={0.1} />);
    expect(observed[0]?.threshold).toBe(0.1);
    act(() => reveal());
    await waitFor(() => expect(screen.getByAltText('probe').getAttribute('src')).toBe(DEFAULT_GAME_ICON));
    expect(attempts).toEqual(['/bad-vendor.png']);
  });

  it('shows a remembered URL at once', async () => {
    await loadImage('/seen.png');
    render(<Probe url="/seen.png" />);
    expect(screen.getByAltText('probe').getAttribute('src')).toBe('/seen.png');
  });

  it('uses the default icon when there is no URL', () => {
    render(<Probe url={null} />);
    expect(screen.getByAltText('probe').getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });
});
