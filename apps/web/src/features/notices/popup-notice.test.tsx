import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcement, mockApi, renderApp, resetBrowser } from '../../../test/render';
import { ui } from '../../lib/ui-store';

describe('popup announcements', () => {
  beforeEach(() => resetBrowser('en'));
  afterEach(cleanup);

  it('open once per session with the newest popup selected', async () => {
    mockApi({
      notices: {
        popup: [
          announcement({ id: 7, type: 'PU', popup: true, title: 'Older popup', startTime: '2026-01-01T00:00:00Z' }),
          announcement({
            id: 8,
            type: 'PU',
            popup: true,
            title: 'Festival bonus weekend',
            startTime: '2026-02-01T00:00:00Z',
          }),
        ],
      },
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog');
    await screen.findAllByText('Festival bonus weekend');
    expect(dialog.textContent).toContain('Festival bonus weekend');
    expect(sessionStorage.getItem('noticePopupSeen')).toBe('1');
    // The player closes it and moves on within the same session.
    ui.closeModal();
    cleanup();

    renderApp('/rng');
    await screen.findAllByText(/./);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stay closed when there is no popup', async () => {
    mockApi({ notices: { player: [announcement({ id: 3, type: 'PL', title: 'Player notice' })] } });
    renderApp('/');
    await screen.findAllByText(/./);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('noticePopupSeen')).toBe('1');
  });

  it('do not cover the help centre', async () => {
    mockApi({ notices: { popup: [announcement({ id: 9, type: 'PU', popup: true, title: 'Popup' })] } });
    renderApp('/helpmc');
    await screen.findAllByText(/./);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('noticePopupSeen')).toBeNull();
  });
});
