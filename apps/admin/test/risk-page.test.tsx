import {
  approveHeldWinCall,
  heldWinCountCall,
  heldWinsCall,
  releaseHeldWinCall,
  staffMeCall,
} from '@khela/contract/endpoints';
import type { HeldWinView } from '@khela/contract/staff-risk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const money = (amount: string) => ({
  amount,
  minor: amount.replace('.', ''),
  currency: 'BDT',
  symbol: '৳',
  decimals: 2,
});

function win(id: number, o: Partial<HeldWinView> = {}): HeldWinView {
  return {
    id,
    memberId: 4000 + id,
    account: `rahim${id}`,
    vendor: 'JL',
    gameCode: 'slot-five',
    roundId: `r-${id}`,
    txId: `win-${id}`,
    amount: money('500.00'),
    stakeTotal: money('1.00'),
    holdReason: 'amount',
    status: 'held',
    heldAt: '2026-11-26T04:15:00.000Z',
    decidedAt: null,
    decidedBy: null,
    note: null,
    needsSecondStaff: false,
    pending: null,
    ...o,
  };
}

const BIG = win(2, {
  amount: money('20000.00'),
  needsSecondStaff: true,
  pending: {
    id: 9,
    decision: 'release',
    reason: 'vendor confirmed the jackpot',
    requestedBy: 12,
    requestedByName: 'karim',
    requestedAt: '2026-11-26T05:00:00.000Z',
  },
});

function server(o: { released?: boolean } = {}) {
  const state = { released: o.released ?? false };
  const requests = fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: STAFF_ME };
    if (r.path === heldWinCountCall.path) return { value: { held: state.released ? 1 : 2, awaitingApproval: 1 } };
    if (r.path === heldWinsCall.path) {
      const awaiting = r.query.get('awaitingApproval') === 'true';
      const list = awaiting ? [BIG] : state.released ? [BIG] : [win(1), BIG];
      return { value: { list, next: null, threshold: money('10000.00') } };
    }
    if (r.path === releaseHeldWinCall.path.replace(':id', '1')) {
      state.released = true;
      return { value: { outcome: 'decided', win: win(1, { status: 'released' }) } };
    }
    if (r.path === approveHeldWinCall.path.replace(':id', '2'))
      return { value: { outcome: 'decided', win: { ...BIG, status: 'released', pending: null } } };
    return { status: 404, code: 'NOT_FOUND' };
  });
  return requests;
}

describe('the Risk screen', () => {
  it('lists held wins with player, vendor, game, round, amount, time and reason, and shows the count on the navigation', async () => {
    server();
    await renderApp('/risk', { loggedIn: true });
    const table = await screen.findByRole('region', { name: 'Held wins' });
    await within(table).findByText('rahim1');
    const row = within(table).getByText('rahim1').closest('tr') as HTMLElement;
    for (const text of ['JL', 'slot-five', 'Round r-1', '৳500.00', '2026-11-26 10:15:00', 'Over the win amount'])
      expect(within(row).getByText(text)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Held wins waiting: 2')).toBeTruthy();
  });

  it('releases a win after a confirmation that asks for a reason', async () => {
    const requests = server();
    await renderApp('/risk', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release the win of rahim1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release this win?' });
    expect(within(dialog).getByText('৳500.00 goes from the JL suspense account to rahim1’s wallet.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Release to the wallet' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'vendor confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Release to the wallet' }));
    expect(await screen.findByText('Done: the win of rahim1 (৳500.00) is decided.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ reason: 'vendor confirmed' });
    expect(
      await within(screen.getByRole('navigation', { name: 'Main menu' })).findByText('Held wins waiting: 1'),
    ).toBeTruthy();
  });

  it("shows decisions waiting for a second approval, and approves another staff member's request", async () => {
    const requests = server();
    await renderApp('/risk', { loggedIn: true, lang: 'bn' });
    const waiting = await screen.findByRole('table', { name: 'দ্বিতীয় অনুমোদনের অপেক্ষায়' });
    expect(within(waiting).getByText('ছাড়ার অনুমোদনের অপেক্ষায়')).toBeTruthy();
    expect(within(waiting).getByText('“vendor confirmed the jackpot”')).toBeTruthy();
    expect(within(waiting).getByText('২০,০০০.০০৳')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(waiting).getByRole('button', { name: 'rahim2-এর জয়ের সিদ্ধান্তে অনুমোদন দিন' }));
    const dialog = await screen.findByRole('dialog', { name: 'এই সিদ্ধান্তে অনুমোদন দেবেন?' });
    await user.click(within(dialog).getByRole('button', { name: 'অনুমোদন দিন' }));
    expect(await screen.findByText('সম্পন্ন: rahim2-এর জয়ের (২০,০০০.০০৳) সিদ্ধান্ত হয়ে গেছে।')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.path).toBe(approveHeldWinCall.path.replace(':id', '2'));
  });

  it('offers no decision to a staff member who may only read', async () => {
    fakeServer((r) => {
      if (r.path === staffMeCall.path)
        return { value: { ...STAFF_ME, roles: ['auditor'], permissions: ['risk.read', 'audit.read'] } };
      if (r.path === heldWinCountCall.path) return { value: { held: 1, awaitingApproval: 0 } };
      return {
        value: { list: r.query.get('awaitingApproval') ? [] : [win(1)], next: null, threshold: money('10000.00') },
      };
    });
    await renderApp('/risk', { loggedIn: true });
    expect(await screen.findByText('No decision waits for approval')).toBeTruthy();
    await screen.findByText('rahim1');
    expect(screen.queryByRole('button', { name: 'Release the win of rahim1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void the win of rahim1' })).toBeNull();
  });
});
