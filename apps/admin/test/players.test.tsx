import {
  adjustmentsCall,
  approveAdjustmentCall,
  playerAdjustCall,
  playerLabelsCall,
  playerLedgerCall,
  playerProfileCall,
  playerSearchCall,
  playerSessionsCall,
  playerStatusCall,
  staffMeCall,
} from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, type Handler, renderApp, STAFF_ME } from './render';

const taka = (amount: string, minor: string) => ({ amount, minor, currency: 'BDT', symbol: '৳', decimals: 2 });

const PROFILE = {
  id: 4021,
  account: 'rahim77',
  mobile: '+8801712345678',
  email: 'rahim@example.com',
  status: 'active',
  isAgent: 0,
  createdAt: '2026-10-01T06:00:00.000Z',
  nickname: 'Rahim',
  balance: taka('1250.50', '125050'),
  upline: { id: 12, account: 'agent.dhaka' },
  labels: [{ labelName: 'VIP watch' }],
  clubLabel: { labelName: 'Gold', color: '#fc0', color2: '#a80', rankLevel: 3 },
  vipLevel: 3,
  statusChangedAt: null,
  failedLoginLockUntil: null,
  lastLoginAt: '2026-11-26T03:00:00.000Z',
  language: 'bn',
  linkedToMe: false,
  adjustThreshold: taka('10000.00', '1000000'),
};

const ADJUSTMENT = {
  id: 55,
  memberId: 4021,
  account: 'rahim77',
  amount: taka('20000.00', '2000000'),
  category: 'goodwill',
  reason: 'Goodwill after the outage',
  status: 'pending',
  requestedBy: 7,
  requestedAt: '2026-11-26T05:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  threshold: taka('10000.00', '1000000'),
  balanceAfter: null,
};

const AUDITOR = {
  ...STAFF_ME,
  id: 9,
  username: 'auditor',
  roles: ['auditor'],
  permissions: ['players.read', 'audit.read'],
};

/** The Players desk's calls, answered from fixtures; `extra` takes the ones a test cares about. */
function desk(
  me: object = STAFF_ME,
  extra: Handler = () => ({ status: 404, code: 'NOT_FOUND' }),
): ReturnType<typeof fakeServer> {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === playerProfileCall.path.replace(':id', '4021')) return { value: PROFILE };
    if (r.path === playerLedgerCall.path.replace(':id', '4021') && r.method === 'GET')
      return {
        value: {
          list: [
            {
              txId: '901',
              at: '2026-11-26T04:00:00.000Z',
              kind: 'adjust',
              amount: '500.00',
              balanceAfter: '1250.50',
              currency: 'BDT',
              memo: 'Goodwill',
              category: 'goodwill',
              roundId: null,
              key: 'adjust:staff:7:x',
            },
          ],
          next: null,
        },
      };
    return extra(r);
  });
}

describe('the players search', () => {
  it('asks nothing until something is typed, then pages the server results with status badges', async () => {
    const requests = desk(STAFF_ME, (r) => {
      if (r.path !== playerSearchCall.path) return { status: 404, code: 'NOT_FOUND' };
      const after = r.query.get('after');
      const row = (id: number) => ({
        id,
        account: `rahim${id}`,
        mobile: null,
        email: null,
        status: id === 2 ? 'locked' : 'active',
        isAgent: 0,
        createdAt: '2026-10-01T06:00:00.000Z',
      });
      return {
        value: after
          ? { by: 'username', list: [row(30)], next: null }
          : { by: 'username', list: Array.from({ length: 25 }, (_, i) => row(i + 1)), next: 'c25' },
      };
    });
    await renderApp('/players', { loggedIn: true });
    expect(await screen.findByText('Search for a player')).toBeTruthy();
    expect(requests.some((r) => r.path === playerSearchCall.path)).toBe(false);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, mobile, email or id'), 'rahim');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const table = await screen.findByRole('region', { name: 'Players' });
    await within(table).findByText('rahim1');
    expect(within(table).getByText('Locked')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'rahim2' }).getAttribute('href')).toBe('/players/2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('rahim30');
    const last = requests.filter((r) => r.path === playerSearchCall.path).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({ q: 'rahim', by: 'auto', after: 'c25', pageSize: '25' });
  });
});

describe('the player profile', () => {
  it('shows balance, VIP level, labels and upline in Bengali through the one formatter', async () => {
    desk();
    await renderApp('/players/4021', { loggedIn: true, lang: 'bn' });
    expect(await screen.findByRole('heading', { name: 'rahim77' })).toBeTruthy();
    expect(screen.getByText('১,২৫০.৫০৳')).toBeTruthy();
    expect(screen.getByText('স্তর ৩ · Gold')).toBeTruthy();
    expect(screen.getByText('VIP watch')).toBeTruthy();
    expect(screen.getByRole('link', { name: /agent\.dhaka/ }).getAttribute('href')).toBe('/players/12');
    // The ledger tab opens first, its amounts signed.
    const ledger = await screen.findByRole('region', { name: 'লেনদেন' });
    expect(await within(ledger).findByText('+৫০০.০০৳')).toBeTruthy();
    expect(within(ledger).getByText('সমন্বয়')).toBeTruthy();
  });

  it('locks an account only after a reason and a confirmation that says what it does', async () => {
    const requests = desk(STAFF_ME, (r) =>
      r.path === playerStatusCall.path.replace(':id', '4021')
        ? { value: { status: 'locked', endedSessions: 2, endedGameSessions: 0 } }
        : { status: 404, code: 'NOT_FOUND' },
    );
    await renderApp('/players/4021', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = screen.getByRole('dialog', { name: 'Status of rahim77' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Phone reported stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(/Every session of the player ends now, on every device/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, set it to Locked' }));
    expect(await screen.findByText('The status is now Locked. Sessions ended: 2.')).toBeTruthy();
    // The status the form read goes along: a colleague's change in between is refused, not overwritten.
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      status: 'locked',
      reason: 'Phone reported stolen',
      from: 'active',
    });
  });

  it('reads a Bengali amount, shows it formatted, and says above the threshold it waits for a second staff member', async () => {
    const requests = desk(STAFF_ME, (r) =>
      r.path === playerAdjustCall.path.replace(':id', '4021')
        ? { value: ADJUSTMENT }
        : { status: 404, code: 'NOT_FOUND' },
    );
    await renderApp('/players/4021', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the balance of rahim77' });
    await user.type(within(dialog).getByLabelText('Amount (৳)'), '২০,০০০');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Goodwill');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill after the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('+৳20,000.00')).toBeTruthy();
    // Goodwill is new money: the player wagers it once before withdrawing it.
    expect(within(dialog).getByText('Turnover asked').nextElementSibling?.textContent).toBe('৳20,000.00');
    expect(within(dialog).getByText(/This is more than ৳10,000.00: it waits for a second staff member/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, ask for approval' }));
    expect(await screen.findByText(/\+৳20,000.00 waits for a second staff member's approval/)).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST')?.body as Record<string, string>;
    expect(sent).toMatchObject({ amount: '20000', category: 'goodwill', reason: 'Goodwill after the outage' });
    expect(sent.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('asks for a category before review, and shows that a correction asks no turnover', async () => {
    const requests = desk();
    await renderApp('/players/4021', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (৳)'), '300');
    await user.type(within(dialog).getByLabelText('Reason'), 'Deposit lost by the provider');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Choose why the balance changes')).toBeTruthy();
    const select = within(dialog).getByLabelText('Category');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(select as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', 'Correction', 'Compensation', 'Goodwill', 'Other']);
    await user.selectOptions(select, 'Correction');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('+৳300.00')).toBeTruthy();
    expect(within(dialog).getByText('Turnover asked').nextElementSibling?.textContent).toBe('None');
    expect(within(dialog).getByText('Correction')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses an amount finer than the currency before sending', async () => {
    const requests = desk();
    await renderApp('/players/4021', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (৳)'), '10.005');
    await user.type(within(dialog).getByLabelText('Reason'), 'Test');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Check what you typed')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows an auditor everything read-only: no write buttons anywhere', async () => {
    desk(AUDITOR, (r) =>
      r.path === playerSessionsCall.path.replace(':id', '4021')
        ? {
            value: [
              {
                id: 3,
                createdAt: '2026-11-26T03:00:00.000Z',
                lastSeenAt: '2026-11-26T04:00:00.000Z',
                expiresAt: '2026-11-27T03:00:00.000Z',
                ip: '10.0.0.9',
                userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
                loginType: 'password',
              },
            ],
          }
        : r.path === adjustmentsCall.path
          ? { value: [ADJUSTMENT] }
          : { status: 404, code: 'NOT_FOUND' },
    );
    const { router } = await renderApp('/players/4021/sessions', { loggedIn: true });
    const sessions = await screen.findByRole('table', { name: 'Sessions' });
    await within(sessions).findByText('Chrome · Android');
    expect(screen.getByText(/your roles allow reading only/)).toBeTruthy();
    for (const name of ['Change status', 'Adjust balance', 'Edit labels', 'End']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await router.navigate('/players/adjustments');
    const queue = await screen.findByRole('region', { name: 'Adjustments' });
    await within(queue).findByText('Goodwill after the outage');
    expect(within(queue).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('a stale edit', () => {
  it('says someone else saved the labels first instead of saving over them', async () => {
    const requests = desk(STAFF_ME, (r) =>
      r.path === playerLabelsCall.path.replace(':id', '4021')
        ? { status: 409, code: 'STALE_EDIT' }
        : { status: 404, code: 'NOT_FOUND' },
    );
    await renderApp('/players/4021', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit labels' }));
    const dialog = screen.getByRole('dialog', { name: 'Labels of rahim77' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a label' }));
    await user.type(within(dialog).getByLabelText('Label 2'), 'Bonus review');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Someone else saved this first. Reload to see their changes, then make yours again.',
      ),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      labels: [{ labelName: 'VIP watch' }, { labelName: 'Bonus review' }],
      before: ['VIP watch'],
    });
  });
});

describe('the adjustments queue', () => {
  it("shows the server's refusal of one's own approval in words", async () => {
    const requests = desk(STAFF_ME, (r) => {
      if (r.path === adjustmentsCall.path) return { value: [ADJUSTMENT] };
      if (r.path === approveAdjustmentCall.path.replace(':id', '55'))
        return { status: 403, code: 'FOUR_EYES_REQUIRED' };
      return { status: 404, code: 'NOT_FOUND' };
    });
    await renderApp('/players/adjustments', { loggedIn: true });
    const queue = await screen.findByRole('region', { name: 'Adjustments' });
    await within(queue).findByText('+৳20,000.00');
    expect(within(queue).getByText('You')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(queue).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this adjustment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, approve and post' }));
    expect(
      await within(dialog).findByText('You asked for this adjustment, so another staff member has to approve it.'),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
