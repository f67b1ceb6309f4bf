import { staffMeCall, staffSessionsCall } from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const session = (id: number, current: boolean, userAgent: string) => ({
  id,
  createdAt: '2026-11-26T03:00:00.000Z',
  lastSeenAt: '2026-11-26T03:30:05.000Z',
  expiresAt: '2026-11-26T11:00:00.000Z',
  ip: `10.0.0.${id}`,
  userAgent,
  current,
});

describe('my sessions', () => {
  it('lists the live sessions in the brand zone, marks this one, and ends the others', async () => {
    let live = [session(1, true, CHROME), session(2, false, FIREFOX), session(3, false, CHROME)];
    const requests = fakeServer((r) => {
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      if (r.path === staffSessionsCall.path) return { value: live };
      const id = Number(r.path.split('/').at(-2));
      live = live.filter((s) => s.id !== id);
      return { value: { revoked: true } };
    });
    await renderApp('/staff/sessions', { loggedIn: true });
    const table = await screen.findByRole('table', { name: 'My sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('This session')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    // 03:00 UTC is 09:00 in Dhaka.
    expect(within(rows[0] as HTMLElement).getByText('2026-11-26 09:00:00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Firefox · Linux')).toBeTruthy();
    expect(screen.getByText('Time zone: Asia/Dhaka')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await within(table).findByText('This session');
    await expect.poll(() => within(screen.getByRole('table')).getAllByRole('row').length).toBe(2);
    const revoked = requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(revoked).toEqual([
      staffSessionsCall.path.replace(/$/, '/2/revoke'),
      staffSessionsCall.path.replace(/$/, '/3/revoke'),
    ]);
    expect((screen.getByRole('button', { name: 'End all other sessions' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
