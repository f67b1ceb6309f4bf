import { fetchStub, stub } from '@khela/client/testing';
import { type Announcement, type NoticeList, noticesCall } from '@khela/contract';
import { pageItems } from '@khela/ui/pagination';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { announcement, resetBrowser } from '../../../test/render';
import { combineNotices } from './api';
import { NoticeModal } from './notice-modal';

const list = (over: Partial<NoticeList>): NoticeList => ({
  popup: [],
  player: [],
  banners: [],
  promotion: [],
  help: [],
  ...over,
});

/** `count` notices, one a day, id 1 the oldest. */
const many = (count: number): Announcement[] =>
  Array.from({ length: count }, (_, i) =>
    announcement({
      id: i + 1,
      title: `Notice ${i + 1}`,
      startTime: new Date(Date.UTC(2026, 0, 1 + i, 8, 30, 0)).toISOString(),
    }),
  );

/** Stubs the notices call with `value`; returns what it was sent. */
function stubNotices(value: NoticeList) {
  const { fetch, sent } = fetchStub([stub(noticesCall, value)]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoticeModal open onClose={() => {}} />
    </QueryClientProvider>,
  );
}

const listItems = () => within(document.querySelector('.notice-list') as HTMLElement).getAllByRole('button');

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('combineNotices', () => {
  it('merges the lists, each notice once, newest first', () => {
    const a = announcement({ id: 1, startTime: '2026-01-01T00:00:00Z' });
    const b = announcement({ id: 2, type: 'PL', popup: true, startTime: '2026-03-01T00:00:00Z' });
    const c = announcement({ id: 3, type: 'PR', startTime: '2026-02-01T00:00:00Z' });
    expect(combineNotices(list({ banners: [a], player: [b], popup: [b], promotion: [c] })).map((n) => n.id)).toEqual([
      2, 3, 1,
    ]);
  });
});

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the margins and a range of 3 around the current page', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
  });
});

describe('NoticeModal', () => {
  it('asks for types B,PL,PU,PR on platform W, execution B', async () => {
    const sent = stubNotices(list({ banners: many(1) }));
    renderModal();
    await screen.findByRole('heading', { level: 3, name: 'Notice 1' });
    expect(sent[0]?.path).toBe(noticesCall.path);
    expect(Object.fromEntries(sent[0]?.query ?? [])).toMatchObject({
      types: 'B,PL,PU,PR',
      platform: 'W',
      execution: 'B',
    });
  });

  it('pages the notices 9 at a time, newest first, with yyyy-MM-dd hh:mm:ss times', async () => {
    stubNotices(list({ banners: many(20) }));
    renderModal();
    await screen.findByRole('heading', { level: 3, name: 'Notice 20' });
    expect(listItems()).toHaveLength(9);
    expect(listItems()[0]?.textContent).toContain('Notice 20');
    expect(listItems()[0]?.querySelector('time')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const pager = screen.getByRole('navigation', { name: 'Announcement pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(listItems()).toHaveLength(2);
    expect(listItems().map((b) => b.querySelector('.notice-item-title')?.textContent)).toEqual([
      'Notice 2',
      'Notice 1',
    ]);
    expect(within(pager).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('shows the selected notice at the right', async () => {
    stubNotices(list({ banners: many(3) }));
    renderModal();
    await screen.findByRole('heading', { level: 3, name: 'Notice 3' });
    await userEvent.click(screen.getByRole('button', { name: /Notice 1/ }));
    expect(screen.getByRole('heading', { level: 3, name: 'Notice 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Notice 1/ }).getAttribute('aria-current')).toBe('true');
  });

  it('strips scripts and event handlers from the notice HTML', async () => {
    const win = window as unknown as { __pwned?: number };
    delete win.__pwned;
    stubNotices(
      list({
        banners: [
          announcement({
            id: 1,
            title: 'Hostile',
            content:
              '<p>Hello <a href="https://example.com">there</a></p><script>window.__pwned = 1</script>' +
              '<img src=x onerror="window.__pwned = 2"><iframe src="https://evil.example"></iframe>' +
              '<form action="/steal"><input name="p"></form><style>body{display:none}</style>',
          }),
        ],
      }),
    );
    renderModal();
    const dialog = await screen.findByRole('dialog');
    const content = await vi.waitFor(() => {
      const el = dialog.querySelector('.notice-content');
      if (!el) throw new Error('not yet');
      return el;
    });
    expect(content.textContent).toContain('Hello there');
    expect(content.querySelector('script, iframe, form, style')).toBeNull();
    const img = content.querySelector('img');
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(content.innerHTML).not.toMatch(/onerror|__pwned/);
    const link = content.querySelector('a');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.getAttribute('target')).toBe('_blank');
    // Were a handler left, the image's failure would run it now.
    img?.dispatchEvent(new Event('error'));
    expect(win.__pwned).toBeUndefined();
  });

  it('reads the list once per session', async () => {
    const sent = stubNotices(list({ banners: many(2) }));
    const first = renderModal();
    await screen.findByRole('heading', { level: 3, name: 'Notice 2' });
    first.unmount();
    renderModal();
    await screen.findByRole('heading', { level: 3, name: 'Notice 2' });
    expect(sent).toHaveLength(1);
    expect(sessionStorage.getItem('notices')).toContain('Notice 2');
  });

  it('says so when there are no notices', async () => {
    stubNotices(list({}));
    renderModal();
    expect(await screen.findByRole('heading', { name: 'No announcements yet' })).toBeTruthy();
  });
});
