import {
  addMethodCall,
  cashierApproveCall,
  cashierQueueCall,
  cashierReconcileCall,
  cashierRejectCall,
  cashierRequestCall,
  cashierSettingsCall,
  cashierSettingsSaveCall,
  staffMeCall,
  staffMethodsCall,
} from '@khela/contract/endpoints';
import { rejectionOf } from '@khela/contract/reject-reasons';
import type { CashierSettings, RejectBody, StaffRequest, StaffRequestDetail } from '@khela/contract/staff-cashier';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const money = (amount: string) => ({
  amount,
  minor: amount.replace('.', ''),
  currency: 'BDT',
  symbol: '৳',
  decimals: 2,
});

function request(id: string, o: Partial<StaffRequest> = {}): StaffRequest {
  return {
    id,
    type: 'deposit',
    memberId: 500 + Number(id),
    account: `rahim${id}`,
    methodId: 3,
    methodName: 'Bank transfer',
    kind: 'bank_transfer',
    state: 'under_review',
    amount: money('1500.00'),
    fee: money('0.00'),
    feeBearer: 'operator',
    net: money('1500.00'),
    createdAt: '2026-11-26T04:00:00.000Z',
    updatedAt: '2026-11-26T04:00:00.000Z',
    ageSeconds: 3 * 3600 + 20 * 60,
    transferReference: 'KH-7QX2',
    playerReference: 'TRX889911',
    providerReference: null,
    payoutAccount: null,
    payeeName: null,
    reason: null,
    firstApprovedBy: null,
    needsSecondApproval: false,
    confirmation: null,
    payoutAttempts: 0,
    ...o,
  };
}

function detail(r: StaffRequest): StaffRequestDetail {
  return {
    ...r,
    history: [{ state: 'under_review', at: '2026-11-26T04:00:00.000Z', note: null, actor: 'member' }],
    player: {
      balance: money('320.00'),
      turnoverRemaining: money('700.00'),
      deposits: money('5000.00'),
      withdrawals: money('1000.00'),
      stakes: money('4200.00'),
      wins: money('3900.00'),
      recent: [
        { id: '40', type: 'deposit', state: 'credited', amount: money('2000.00'), at: '2026-11-20T04:00:00.000Z' },
      ],
    },
  };
}

const SETTINGS: CashierSettings = {
  sandboxEnabled: false,
  depositExpiryMinutes: 30,
  withdrawMin: '200.00',
  withdrawMax: '50000.00',
  withdrawDailyCount: 5,
  withdrawDailyAmount: '200000.00',
  autoConfirmMinutes: 1440,
  fourEyes: '50000.00',
  payoutRetries: 2,
  depositTurnoverPct: 100,
  uplineTurnoverPct: 100,
  transferMin: '100.00',
  transferMax: '50000.00',
  playerTwoFactorOptIn: true,
  version: 3,
  updatedAt: null,
  updatedBy: null,
  currency: 'BDT',
  decimals: 2,
};

const PSP_METHOD = { id: 9, kind: 'psp', provider: 'sandbox', direction: 'deposit', nameEn: 'bKash', nameBn: 'বিকাশ' };
/** The methods the fake server lists: none, but a provider's for reconciliation. */
let methods: object[] = [];

const BIG = request('2', {
  type: 'withdraw',
  amount: money('80000.00'),
  // 1 % plus ৳5 that the player bears: kept from what is sent.
  fee: money('805.00'),
  feeBearer: 'player',
  net: money('79195.00'),
  ageSeconds: 600,
  payoutAccount: '01712345678',
  payeeName: 'Rahim Uddin',
  needsSecondApproval: true,
  firstApprovedBy: 'karim',
});

function server() {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: STAFF_ME };
    if (r.path === cashierQueueCall.path) {
      const withdraw = r.query.get('type') === 'withdraw';
      if (withdraw) return { value: { list: [BIG], next: null, total: 1, oldestAgeSeconds: 600 } };
      const second = r.query.get('after') === '1';
      return {
        value: second
          ? { list: [request('3', { ageSeconds: 1200 })], next: null, total: 2, oldestAgeSeconds: 12_000 }
          : { list: [request('1')], next: '1', total: 2, oldestAgeSeconds: 12_000 },
      };
    }
    if (r.path === cashierRequestCall.path.replace(':id', '1')) return { value: detail(request('1')) };
    if (r.path === cashierRequestCall.path.replace(':id', '2')) return { value: detail(BIG) };
    if (r.path === cashierRejectCall.path.replace(':id', '1'))
      return { value: request('1', { state: 'rejected', reason: rejectionOf(r.body as RejectBody) }) };
    if (r.path === cashierApproveCall.path.replace(':id', '2')) return { status: 403, code: 'FOUR_EYES_REQUIRED' };
    if (r.method === 'GET' && r.path === staffMethodsCall.path)
      return {
        value: {
          list: methods,
          providers: [{ name: 'sandbox', channels: ['bkash'], enabled: true }],
        },
      };
    if (r.path === cashierReconcileCall.path)
      return {
        value: {
          day: r.query.get('day'),
          methodId: 9,
          matched: 12,
          differences: [
            { kind: 'ours_only', requestId: '71', providerTxId: 'SBX-1', ours: 'credited 1500.00', theirs: null },
            { kind: 'provider_only', requestId: null, providerTxId: 'SBX-2', ours: null, theirs: 'paid 2000.00' },
            { kind: 'amount', requestId: '73', providerTxId: 'SBX-3', ours: '500.00 BDT', theirs: '450.00 BDT' },
            { kind: 'state', requestId: '74', providerTxId: 'SBX-4', ours: 'credited', theirs: 'failed' },
          ],
        },
      };
    if (r.method === 'POST' && r.path === addMethodCall.path) return { status: 400, code: 'VALIDATION_FAILED' };
    if (r.path === cashierSettingsCall.path) return { value: SETTINGS };
    if (r.path === cashierSettingsSaveCall.path) {
      const b = r.body as Record<string, unknown>;
      return { value: { ...SETTINGS, ...b, version: 4, updatedAt: '2026-11-26T06:00:00.000Z', updatedBy: 'rahima' } };
    }
    return { status: 404, code: 'NOT_FOUND' };
  });
}

describe('the Cashier area', () => {
  it('shows the deposit queue oldest first with its length and oldest age, and pages on', async () => {
    const requests = server();
    await renderApp('/cashier/deposits', { loggedIn: true });
    const queue = await screen.findByRole('table', { name: 'Deposits waiting for review' });
    const row = within(queue).getByText('rahim1').closest('tr') as HTMLElement;
    for (const text of ['Bank transfer', '৳1,500.00', 'Under review', '3 h 20 min'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByText('3 h 20 min', { selector: '.figure-value' })).toBeTruthy();
    // It reads itself again while open, and says when it last did.
    expect(screen.getByText(/^Updated \d\d:\d\d$/)).toBeTruthy();
    const reads = requests.filter((r) => r.path === cashierQueueCall.path).length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(requests.filter((r) => r.path === cashierQueueCall.path).length).toBe(reads + 1));
    expect(within(queue).getByText('rahim1')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      await within(screen.getByRole('table', { name: 'Deposits waiting for review' })).findByText('rahim3'),
    ).toBeTruthy();
    expect(requests.some((r) => r.path === cashierQueueCall.path && r.query.get('after') === '1')).toBe(true);
  });

  it("opens a request beside the player's activity and rejects it only with a listed reason, after a confirmation", async () => {
    const requests = server();
    await renderApp('/cashier/deposits/1', { loggedIn: true });
    const drawer = await screen.findByRole('complementary', { name: 'Request #1' });
    expect(await within(drawer).findByText('TRX889911')).toBeTruthy();
    const beside = within(drawer).getByRole('region', { name: 'The player, last 30 days' });
    for (const text of ['৳320.00', '৳700.00', '৳4,200.00', '৳3,900.00'])
      expect(within(beside).getByText(text)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this deposit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    // A note alone is not a reason: the player reads the reason in their own language.
    await user.type(within(dialog).getByLabelText(/^Note to the player/), 'No such transfer on the statement');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    const reasons = within(dialog).getByRole('group', { name: /^Reason/ });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(reasons).getByRole('radio', { name: 'Payment not received' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Done: request #1 of rahim1 (৳1,500.00) is rejected.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      reasonCode: 'payment_not_received',
      note: 'No such transfer on the statement',
    });
  });

  it('says a large withdrawal waits for a second approver, and translates the refusal of an own approval', async () => {
    server();
    await renderApp('/cashier/withdrawals/2', { loggedIn: true, lang: 'bn' });
    const queue = await screen.findByRole('table', { name: 'সিদ্ধান্ত বা পেমেন্টের অপেক্ষায় থাকা উত্তোলন' });
    expect(within(queue).getByText('দ্বিতীয় অনুমোদনকারীর অপেক্ষায়')).toBeTruthy();
    const drawer = await screen.findByRole('complementary', { name: 'অনুরোধ #২' });
    expect(
      await within(drawer).findByText('karim প্রথম অনুমোদন দিয়েছেন। এটি দ্বিতীয় একজন স্টাফের অপেক্ষায় আছে: আপনার।'),
    ).toBeTruthy();
    // The fee, who bears it, and what reaches the player's account.
    expect(within(drawer).getByText('ফি').nextElementSibling?.textContent).toMatch(/৮০৫\.০০.*খেলোয়াড় দেবেন/);
    expect(within(drawer).getByText('খেলোয়াড়ের অ্যাকাউন্টে যাবে').nextElementSibling?.textContent).toMatch(/৭৯,১৯৫\.০০/);
    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'দ্বিতীয় স্টাফ হিসেবে অনুমোদন দিন' }));
    const dialog = await screen.findByRole('dialog', { name: 'এই উত্তোলন অনুমোদন করবেন?' });
    await user.click(within(dialog).getByRole('button', { name: 'অনুমোদন দিন' }));
    expect(
      await within(dialog).findByText('আপনি প্রথম অনুমোদন দিয়েছেন: দ্বিতীয় অনুমোদন অন্য একজন স্টাফকে দিতে হবে।'),
    ).toBeTruthy();
  });

  it('writes every reconciliation cell in the staff member’s language', async () => {
    server();
    methods = [PSP_METHOD];
    onTestFinished(() => {
      methods = [];
    });
    await renderApp('/cashier/reconciliation', { loggedIn: true, lang: 'bn' });
    const table = await screen.findByRole('table', { name: 'অমিল' });
    expect(screen.getByText('১২টি মিলেছে, ৪টি অমিল')).toBeTruthy();
    const row = (tx: string) => within(table).getByText(tx).closest('tr') as HTMLElement;
    expect(within(row('SBX-1')).getByText('ওয়ালেটে যোগ হয়েছে · ১,৫০০.০০')).toBeTruthy();
    expect(within(row('SBX-1')).getByText('কোনো রেকর্ড নেই')).toBeTruthy();
    expect(within(row('SBX-2')).getByText('পরিশোধিত · ২,০০০.০০')).toBeTruthy();
    expect(within(row('SBX-2')).getByText('কোনো অনুরোধ নেই')).toBeTruthy();
    expect(within(row('SBX-3')).getByText('৫০০.০০ BDT')).toBeTruthy();
    expect(within(row('SBX-4')).getByText('ব্যর্থ')).toBeTruthy();
    expect(within(row('SBX-1')).getByText('#৭১')).toBeTruthy();
    // The provider's own transaction ids stay as the provider writes them; nothing else is Latin.
    expect(table.textContent?.replace(/SBX-\d|BDT/g, '')).not.toMatch(/[a-z0-9]/i);
  });

  it('checks the method form before sending: names, limits in order, a provider, the bank account', async () => {
    const requests = server();
    await renderApp('/cashier/methods', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a method' }));
    const form = await screen.findByRole('form', { name: 'Add a method' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'bank_transfer');
    await user.type(within(form).getByLabelText('Minimum'), '1000');
    await user.type(within(form).getByLabelText('Maximum'), '500');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The maximum must not be below the minimum')).toBeTruthy();
    expect(within(form).getAllByText('Fill in this field').length).toBeGreaterThanOrEqual(5);
    expect(within(form).getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('saves the settings with the version read, and warns that real brands keep the sandbox off', async () => {
    const requests = server();
    await renderApp('/cashier/settings', { loggedIn: true });
    const form = await screen.findByRole('form', { name: 'Cashier settings' });
    expect(within(form).getByText(/a real brand keeps it off/)).toBeTruthy();
    const user = userEvent.setup();
    const min = within(form).getByLabelText(/Minimum withdrawal/);
    await user.clear(min);
    await user.type(min, '300');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ withdrawMin: '300', version: 3, withdrawDailyCount: 5, sandboxEnabled: false });
  });
});
