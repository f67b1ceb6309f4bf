import { jobRerunCall, jobsListCall, roleEditCall, rolesListCall, staffMeCall } from '@khela/contract/endpoints';
import { PERMISSIONS, ROLES } from '@khela/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const AUDITOR = { ...STAFF_ME, roles: ['auditor'], permissions: PERMISSIONS.filter((p) => p.endsWith('.read')) };

const roles = () =>
  Object.entries(ROLES).map(([role, permissions]) => ({
    role,
    permissions: [...permissions],
    edited: role === 'support',
    updatedAt: role === 'support' ? '2026-11-25T10:00:00.000Z' : null,
    updatedBy: role === 'support' ? 'staff:7' : null,
  }));

describe('the roles matrix', () => {
  it('shows every permission by area with its read/write kind, and who holds it', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? STAFF_ME : roles() }));
    await renderApp('/staff/roles', { loggedIn: true });
    const matrix = await screen.findByRole('table', { name: 'Permissions of each role' });
    expect(within(matrix).getByRole('rowheader', { name: /Adjust a player's balance/ })).toBeTruthy();
    const adjust = within(matrix).getByText('players.adjust').closest('tr') as HTMLElement;
    // owner, admin, finance, support, content, risk, auditor
    expect(
      within(adjust)
        .getAllByRole('img')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Granted', 'Not granted', 'Granted', 'Not granted', 'Not granted', 'Not granted', 'Not granted']);
    expect(within(adjust).getByText('write')).toBeTruthy();
    expect(within(matrix).getByRole('rowheader', { name: 'Jobs' })).toBeTruthy();
    expect(within(matrix).getByText('changed by the brand')).toBeTruthy();
  });

  it("edits one role with the version it read, keeps the owner's staff management, and says when someone saved first", async () => {
    const requests = fakeServer((r) => {
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      if (r.path === rolesListCall.path) return { value: roles() };
      return { status: 409, code: 'STALE_EDIT' };
    });
    await renderApp('/staff/roles', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the permissions of Owner' }));
    const locked = screen.getByRole('checkbox', { name: 'Manage staff and roles for Owner' }) as HTMLInputElement;
    expect(locked.checked && locked.disabled).toBe(true);
    expect(screen.getByText(/always keeps staff management/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit the permissions of Support' }));
    await user.click(screen.getByRole('checkbox', { name: 'See the audit log for Support' }));
    await user.type(screen.getByLabelText('Reason'), 'support reads the trail');
    await user.click(screen.getByRole('button', { name: 'Save Support' }));
    expect(await screen.findByText(/Someone else saved this first/)).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.path).toBe(roleEditCall.path.replace(':role', 'support'));
    expect(sent?.body).toEqual({
      permissions: ['players.read', 'players.write', 'cashier.read', 'content.read', 'audit.read'],
      updatedAt: '2026-11-25T10:00:00.000Z',
      reason: 'support reads the trail',
    });
  });

  it('offers an auditor no edit', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? AUDITOR : roles() }));
    await renderApp('/staff/roles', { loggedIn: true });
    await screen.findByRole('table', { name: 'Permissions of each role' });
    expect(screen.queryByRole('button', { name: /Edit the permissions/ })).toBeNull();
  });
});

const job = (name: string, o: Record<string, unknown> = {}) => ({
  job: name,
  description: 'forgets things',
  schedule: 'every 10 min',
  catchUp: 'latest only',
  last: {
    period: '2026-11-26T03:00Z',
    status: 'succeeded',
    attempts: 1,
    startedAt: '2026-11-26T03:00:00.000Z',
    finishedAt: '2026-11-26T03:00:02.000Z',
  },
  next: { period: '2026-11-26T03:10Z', dueAt: '2026-11-26T03:10:00.000Z' },
  failing: 0,
  lastError: null,
  failedRuns: [],
  ...o,
});

describe('the jobs screen', () => {
  const failing = job('daily-figures', {
    schedule: 'daily at 00:30 (UTC+06:00)',
    last: {
      period: '2026-11-25',
      status: 'failed',
      attempts: 3,
      startedAt: '2026-11-25T18:30:00.000Z',
      finishedAt: null,
    },
    failing: 1,
    lastError: { period: '2026-11-25', error: 'relation "ledger" is locked' },
    failedRuns: [{ period: '2026-11-25', attempts: 3, error: 'relation "ledger" is locked' }],
  });

  it('shows each job with its last and next run in the brand zone, its failures and error text', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? STAFF_ME : [failing, job('sessions-sweep')] }));
    await renderApp('/jobs', { loggedIn: true });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const figures = within(table).getByText('daily-figures').closest('tr') as HTMLElement;
    expect(within(figures).getByText("Counts each day's stakes, wins and players from the ledger")).toBeTruthy();
    expect(within(figures).getByText('Daily at 00:30 (UTC+06:00)')).toBeTruthy();
    expect(within(figures).getByText('1 failed')).toBeTruthy();
    expect(within(figures).getByText('relation "ledger" is locked')).toBeTruthy();
    const sweep = within(table).getByText('sessions-sweep').closest('tr') as HTMLElement;
    expect(within(sweep).getByText('Every 10 min')).toBeTruthy();
    expect(within(sweep).getByText('Succeeded')).toBeTruthy();
    // 03:10 UTC is 09:10 in Dhaka.
    expect(within(sweep).getByText('2026-11-26 09:10:00')).toBeTruthy();
  });

  it('runs a failed period again after a confirmation with a reason, and says what happened', async () => {
    let runs = 0;
    const requests = fakeServer((r) => {
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      if (r.path === jobsListCall.path) return { value: runs === 0 ? [failing] : [job('daily-figures')] };
      runs++;
      return { value: { job: 'daily-figures', period: '2026-11-25', status: 'succeeded', rerun: true, error: null } };
    });
    await renderApp('/jobs', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Failed runs' }));
    const failed = screen.getByRole('table', { name: 'Failed runs of daily-figures' });
    await user.click(within(failed).getByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run daily-figures again for 2026-11-25?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'the lock is gone');
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText('daily-figures ran again for 2026-11-25 and succeeded.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: jobRerunCall.path.replace(':job', 'daily-figures').replace(':period', '2026-11-25'),
      body: { reason: 'the lock is gone' },
    });
    expect(await screen.findByText('None')).toBeTruthy();
  });

  it('shows an auditor the failed runs without a re-run button', async () => {
    fakeServer((r) => ({ value: r.path === staffMeCall.path ? AUDITOR : [failing] }));
    await renderApp('/jobs', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Failed runs' }));
    expect(screen.getByRole('table', { name: 'Failed runs of daily-figures' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
  });

  it('says the server cannot be reached, and tries again', async () => {
    fakeServer((r) => (r.path === staffMeCall.path ? { value: STAFF_ME } : { status: 500, code: 'UNKNOWN' }));
    await renderApp('/jobs', { loggedIn: true });
    expect(await screen.findByText('Something went wrong. Try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
