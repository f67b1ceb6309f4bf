import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type JSX, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser } from '../../test/render';
import { ChunkBoundary } from './chunk-boundary';
import { ChunkLoadError, forgetChunk, lazyChunk, loadChunk } from './lazy-chunk';

afterEach(() => {
  vi.useRealTimers();
  forgetChunk('flaky');
});

type Loader = () => Promise<{ default: () => JSX.Element }>;

/** A page slot as the router builds it: boundary, suspense, and a fresh lazy chunk per retry. */
function Host({ load }: { load: Loader }) {
  const [n, setN] = useState(0);
  const Page = lazyChunk('flaky', load);
  return (
    <ChunkBoundary
      key={n}
      onRetry={() => {
        forgetChunk('flaky');
        setN(n + 1);
      }}
    >
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </ChunkBoundary>
  );
}

describe('chunk loading', () => {
  it('fails with "Loading chunk N failed" after the timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = loadChunk('home', () => never, 120_000).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe('Loading chunk home failed');
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('shows a friendly message when a page chunk fails, and loads it on retry', async () => {
    await resetBrowser('en');
    let attempt = 0;
    const load = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/flaky.js');
      return { default: () => <p>Flaky page</p> };
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Host load={load} />);
    expect(await screen.findByRole('heading', { name: "This page didn't load" })).toBeTruthy();
    expect(
      screen.getByText('Part of the site could not be downloaded. Check your connection and try again.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Flaky page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
