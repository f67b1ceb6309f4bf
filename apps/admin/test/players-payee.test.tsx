import { playerPayeeNameCall, playerProfileCall, staffMeCall } from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, type Handler, renderApp, STAFF_ME } from './render';

const taka = (amount: string, minor: string) => ({ amount, minor, currency: 'BDT', symbol: '৳', decimals: 2 });

const PROFILE = {
  id: 4021,
  account: 'rahim77',
  mobile: null,
  email: null,
  status: 'active',
  isAgent: 0,
  createdAt: '2026-10-01T06:00:00.000Z',
  nickname: 'rahim77',
  balance: taka('1250.50', '125050'),
  upline: null,
  labels: [],
  clubLabel: null,
  vipLevel: null,
  statusChangedAt: null,
  failedLoginLockUntil: null,
  lastLoginAt: null,
  language: 'bn',
  payeeName: 'Abdul Karim',
  payoutAccounts: 2,
  linkedToMe: false,
  adjustThreshold: taka('10000.00', '1000000'),
};

function desk(payee: Handler, me: object = STAFF_ME) {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === playerProfileCall.path.replace(':id', '4021')) return { value: PROFILE };
    if (r.path === playerPayeeNameCall.path.replace(':id', '4021')) return payee(r);
    return { status: 404, code: 'NOT_FOUND' };
  });
}

describe("the player's payee name", () => {
  it('changes it after a reason and a confirmation that says what happens to the payout accounts', async () => {
    const requests = desk(() => ({ value: { payeeName: 'আব্দুল করিম', before: 'Abdul Karim', removedAccounts: 2 } }));
    await renderApp('/players/4021', { loggedIn: true });
    expect(await screen.findByText('Abdul Karim')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change name' }));
    const dialog = screen.getByRole('dialog', { name: 'Payee name of rahim77' });
    const name = within(dialog).getByLabelText('New payee name');
    await user.clear(name);
    await user.type(name, 'আব্দুল করিম');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Fill in this field')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Name as on the NID card');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(/payout accounts in the old name \(2\) are removed/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, change the payee name' }));
    expect(await screen.findByText('The payee name is now আব্দুল করিম. Payout accounts removed: 2.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      payeeName: 'আব্দুল করিম',
      reason: 'Name as on the NID card',
    });
  });

  it("puts the server's refusal of the name on the field, in Bengali", async () => {
    desk(() => ({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: { payeeName: 'validation.payeeNameRule' },
    }));
    await renderApp('/players/4021', { loggedIn: true, lang: 'bn' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'নাম বদলান' }));
    const dialog = screen.getByRole('dialog', { name: 'rahim77-এর প্রাপকের নাম' });
    const name = within(dialog).getByLabelText('নতুন প্রাপকের নাম');
    await user.clear(name);
    await user.type(name, 'Karim');
    await user.type(within(dialog).getByLabelText('কারণ'), 'পরিচয়পত্র দেখে');
    await user.click(within(dialog).getByRole('button', { name: 'যাচাই করুন' }));
    await user.click(await within(dialog).findByRole('button', { name: 'হ্যাঁ, প্রাপকের নাম বদলান' }));
    expect(await within(dialog).findByText(/ব্র্যান্ডের প্রাপকের নামের নিয়মে মেলে না/)).toBeTruthy();
  });

  it('shows no Change to a staff member who may only read', async () => {
    desk(() => ({ status: 403, code: 'FORBIDDEN' }), {
      ...STAFF_ME,
      id: 9,
      username: 'auditor',
      roles: ['auditor'],
      permissions: ['players.read'],
    });
    await renderApp('/players/4021', { loggedIn: true });
    expect(await screen.findByText('Abdul Karim')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });
});
