import { auditLogCall, staffMeCall } from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const row = (id: number) => ({
  id,
  at: '2026-11-26T04:15:00.000Z',
  event: id % 2 ? 'staff.login.ok' : 'member.locked',
  staffId: 7,
  memberId: id % 2 ? null : 4021,
  ip: '10.1.2.3',
  reason: id % 2 ? null : 'chargeback',
  before: id % 2 ? null : { status: 'active' },
  after: id % 2 ? null : { status: 'locked' },
  detail: { via: 'totp' },
});

describe('the audit log', () => {
  it('pages through the trail by cursor, newest first, in the brand zone', async () => {
    const requests = fakeServer((r) => {
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      const before = Number(r.query.get('before') ?? 101);
      const size = Number(r.query.get('pageSize'));
      return { value: Array.from({ length: Math.min(size, before - 1) }, (_, i) => row(before - 1 - i)) };
    });
    await renderApp('/audit?pageSize=25', { loggedIn: true });
    const table = await screen.findByRole('table');
    await within(table).findByText('100');
    expect(within(table).getAllByText('2026-11-26 10:15:00')).toHaveLength(25);
    expect(within(table).getAllByText('Logged in').length).toBeGreaterThan(0);
    expect(screen.getByText('Rows 1–25')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('75');
    expect(screen.getByText('Rows 26–50')).toBeTruthy();
    expect(requests.at(-1)?.query.get('before')).toBe('76');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await within(table).findByText('100');

    // A row's record before and after.
    const locked = within(table).getByText('98').closest('tr') as HTMLElement;
    await user.click(within(locked).getByRole('button', { name: 'Details' }));
    expect(screen.getByText(/"status": "locked"/)).toBeTruthy();
  });

  it('sends the filters the call supports and keeps them in the address', async () => {
    const requests = fakeServer((r) => (r.path === staffMeCall.path ? { value: STAFF_ME } : { value: [] }));
    const { router } = await renderApp('/audit', { loggedIn: true, lang: 'bn' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ঘটনা'), 'staff.login.failed');
    await user.type(screen.getByLabelText('স্টাফ আইডি'), '৭');
    await user.click(screen.getByRole('button', { name: 'ফিল্টার করুন' }));
    expect(await screen.findByText('কোনো এন্ট্রি নেই')).toBeTruthy();
    const last = requests.filter((r) => r.path === auditLogCall.path).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      event: 'staff.login.failed',
      staffId: '7',
      pageSize: '50',
    });
    expect(router.state.location.search).toBe('?event=staff.login.failed&staffId=%E0%A7%AD');
  });

  it('says a failed page in words and tries again on request', async () => {
    let fail = true;
    fakeServer((r) => {
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      return fail ? { status: 503, code: 'MAINTENANCE' } : { value: [row(1)] };
    });
    await renderApp('/audit', { loggedIn: true });
    expect(
      await screen.findByText('Maintenance is under way. Try again in a moment.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Logged in')).toBeTruthy();
  });
});
