import { stub } from '@khela/client/testing';
import { type NoticeList, noticesCall } from '@khela/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { announcement, mockCalls, renderApp, resetBrowser } from '../../../test/render';
import { ui } from '../../lib/ui-store';

const notices = (over: Partial<NoticeList>): NoticeList => ({
  popup: [],
  player: [],
  banners: [],
  promotion: [],
  help: [],
  ...over,
});

// Two popups, the older listed first, and a player notice newer than both: the modal must open
// on the newest popup, not on the first one listed nor on the newest notice overall.
const olderPopup = announcement({
  id: 7,
  type: 'PU',
  popup: true,
  title: 'Older popup',
  startTime: '2026-01-01T00:00:00Z',
});
const newestPopup = announcement({
  id: 8,
  type: 'PU',
  popup: true,
  title: 'Festival bonus weekend',
  startTime: '2026-02-01T00:00:00Z',
});
const newerPlayerNotice = announcement({
  id: 3,
  type: 'PL',
  title: 'Maintenance on Sunday',
  startTime: '2026-03-01T00:00:00Z',
});
const bannerNotice = announcement({ id: 4, type: 'B', title: 'Cricket week', startTime: '2025-12-01T00:00:00Z' });

const withPopups = notices({ popup: [olderPopup, newestPopup], player: [newerPlayerNotice], banners: [bannerNotice] });

/** The selected notice: the title of the detail pane and the list entry marked current. */
function selectedNotice(dialog: HTMLElement) {
  const current = dialog.querySelector('[aria-current="true"] .notice-item-title');
  const heading = within(dialog.querySelector('.notice-detail') as HTMLElement).getByRole('heading');
  return { listed: current?.textContent, shown: heading.textContent };
}

describe('popup announcements', () => {
  beforeEach(() => resetBrowser('en'));

  it('open on the first page of a session with the newest popup selected', async () => {
    mockCalls([stub(noticesCall, withPopups)]);
    renderApp('/');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: 'Festival bonus weekend' });
    expect(selectedNotice(dialog)).toEqual({ listed: 'Festival bonus weekend', shown: 'Festival bonus weekend' });
    expect(sessionStorage.getItem('noticePopupSeen')).toBe('1');
  });

  it('do not open again later in the same session', async () => {
    mockCalls([stub(noticesCall, withPopups)]);
    renderApp('/');
    await screen.findByRole('dialog');
    // The player closes it and comes back to the home page within the same session.
    ui.closeModal();
    cleanup();

    renderApp('/');
    // The home page reads the same session-cached list after the popup check has run: once its
    // strip shows, a popup would already be open.
    const strip = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(strip).getByText('Cricket week')).toBeTruthy();
    expect(ui.get().modal).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stay closed when the list has no popup', async () => {
    mockCalls([stub(noticesCall, notices({ player: [newerPlayerNotice] }))]);
    renderApp('/');
    // The flag is set in the same step that would open the popup.
    await waitFor(() => expect(sessionStorage.getItem('noticePopupSeen')).toBe('1'));
    expect(ui.get().modal).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('do not cover the help centre, and wait for a later page', async () => {
    const { sent } = mockCalls([stub(noticesCall, withPopups)]);
    renderApp('/helpmc');
    await screen.findByRole('heading', { name: 'No help topics yet' });
    expect(sent).toEqual([]);
    expect(ui.get().modal).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('noticePopupSeen')).toBeNull();

    await userEvent.click(screen.getAllByRole('link', { name: 'Back to home' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
