import { failure, stub } from '@khela/client/testing';
import {
  cashierMethodsCall,
  cashierRequestsCall,
  payoutAccountsCall,
  withdrawCall,
  withdrawCancelCall,
  withdrawConfirmCall,
  withdrawSummaryCall,
} from '@khela/contract/endpoints';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  cashierTestHooks,
  centre,
  loggedIn,
  methodFixture,
  requestFixture,
  summaryFixture,
} from '../../../test/cashier-fixtures';
import { renderApp, sentTo } from '../../../test/render';

/*
 * The withdraw page (spec §2 withdraw, §4 confirmation; CASHIER.md "Withdrawal"): the turnover
 * meter, limits, the payout account, the payment password, the confirmation, and the list with
 * cancel and the player's answer after paid.
 */

const account = {
  id: '31',
  methodId: 5,
  methodName: 'bKash',
  channel: 'bkash' as const,
  accountNumber: '*******5678',
  payeeName: 'Rahim Uddin',
  usableFrom: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const later = {
  ...account,
  id: '32',
  methodName: 'Nagad',
  accountNumber: '*******9999',
  usableFrom: '2099-01-01T06:00:00.000Z',
};

const withdrawal = requestFixture({
  id: '900',
  type: 'withdraw',
  state: 'under_review',
  amount: '2000.00',
  net: '2000.00',
  payoutAccount: 'bKash *******5678',
  reason: 'Checked by finance within the hour',
  history: [
    { state: 'created', at: '2026-11-26T10:00:00.000Z', note: null },
    { state: 'under_review', at: '2026-11-26T10:00:01.000Z', note: null },
  ],
});

function page(extra: Parameters<typeof loggedIn>[0] = [], summary = summaryFixture()) {
  return loggedIn([
    stub(withdrawSummaryCall, summary),
    stub(payoutAccountsCall, [account, later]),
    stub(cashierMethodsCall, {
      list: [methodFixture({ id: 5, direction: 'withdraw', presets: ['1000.00'] })],
      promotions: [],
    }),
    stub(cashierRequestsCall, { list: [withdrawal], next: null }),
    ...extra,
  ]);
}

cashierTestHooks();

/** The amount, Continue, then the payment password in the confirmation (when it opens). */
async function fill(dialog: HTMLElement, amount: string, password: string) {
  await userEvent.type(await within(dialog).findByLabelText('Amount'), amount);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const check = within(dialog).queryByRole('region', { name: 'Check your withdrawal' });
  if (check) await userEvent.type(within(check).getByLabelText('Payment password'), password);
}

describe('the withdraw page', () => {
  it('shows the exact amount still to bet and keeps the form shut until it is met', async () => {
    page([], summaryFixture({ turnoverRemaining: '750.50', turnoverRequired: '1000.00', withdrawable: '0.00' }));
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    expect(await within(dialog).findByText('Still to bet:')).toBeTruthy();
    expect(within(dialog).getByText('৳750.50')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('You need to bet more before you can withdraw.')).toBeTruthy();
    // Today's use and the usual time to paid.
    expect(within(dialog).getByText(/1 of 5 withdrawals/)).toBeTruthy();
    expect(within(dialog).getByText('42 min')).toBeTruthy();
  });

  it('offers only usable payout accounts, saying when a changed one opens', async () => {
    page();
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    const bkash = await within(dialog).findByRole('radio', { name: /bKash/ });
    expect((bkash as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: /Nagad/ }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText(/Usable from/)).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Add a payout account in My account' }).getAttribute('href'),
    ).toContain('page=securityCenter');
  });

  it('puts a wrong payment password on its field', async () => {
    const { sent } = page([stub(withdrawCall, failure(403, 'PAYMENT_PASSWORD_WRONG'))]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await fill(dialog, '2000', '123456');
    const check = within(dialog).getByRole('region', { name: 'Check your withdrawal' });
    expect(within(check).getByText('Reaches your account').nextSibling?.textContent).toBe('৳2,000.00');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    const password = await within(dialog).findByLabelText('Payment password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Wrong payment password.')).toBeTruthy();
    expect(sentTo(sent, withdrawCall)[0]?.body).toMatchObject({
      payoutAccountId: '31',
      amount: '2000.00',
      paymentPassword: '123456',
    });
  });

  it('goes back to the form, shut, when the payment password locks', async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    page([stub(withdrawCall, failure(403, 'PAYMENT_PASSWORD_LOCKED', { value: { until } }))]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await fill(dialog, '2000', '135799');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Locked until/);
  });

  it('sends the same request id again when the answer was lost, so a retry makes one withdrawal', async () => {
    let tries = 0;
    const { sent } = page([
      stub(withdrawCall, () => {
        tries++;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return requestFixture({ id: '901', type: 'withdraw', state: 'under_review' });
      }),
    ]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await fill(dialog, '1000', '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/network/i)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(tries).toBe(2));
    const ids = sentTo(sent, withdrawCall).map((s) => (s.body as { requestId: string }).requestId);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('refuses more than can be withdrawn before asking the server', async () => {
    const { sent } = page([], summaryFixture({ withdrawable: '500.00' }));
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await fill(dialog, '900', '123456');
    expect(within(dialog).getByText('This is more than you can withdraw now.')).toBeTruthy();
    expect(sentTo(sent, withdrawCall)).toEqual([]);
  });

  it('lists withdrawals with the reason for a hold, and cancels one after asking', async () => {
    const { sent } = page([
      stub(cashierRequestsCall, { list: [{ ...withdrawal, canCancel: true }], next: null }),
      stub(withdrawCancelCall, { ...withdrawal, state: 'cancelled' }),
    ]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    expect((await within(dialog).findAllByText('Reason: Checked by finance within the hour')).length).toBeGreaterThan(
      0,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(sentTo(sent, withdrawCancelCall)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(sentTo(sent, withdrawCancelCall)[0]?.path).toBe(withdrawCancelCall.path.replace(':id', '900')),
    );
  });

  it('tells beside a withdrawal the fee the player bears and what reaches the account', async () => {
    const charged = { ...withdrawal, amount: '500.00', fee: '10.00', net: '490.00', reason: null };
    // A fee the operator bears leaves the whole amount to arrive.
    const free = { ...withdrawal, id: '901', fee: '20.00', reason: null };
    page([stub(cashierRequestsCall, { list: [charged, free], next: null })]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    const told = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;
    expect(await within(dialog).findByText(told('Reaches your account: ৳490.00 · Fee: ৳10.00'))).toBeTruthy();
    expect(within(dialog).queryAllByText(told('Reaches your account: ৳2,000.00 · Fee: ৳20.00'))).toEqual([]);
  });

  it('takes the player’s answer after paid: partly received with what is missing', async () => {
    const paid = { ...withdrawal, state: 'paid' as const, reason: null, canConfirm: true };
    const { sent } = page([
      stub(cashierRequestsCall, { list: [paid], next: null }),
      stub(withdrawConfirmCall, { ...paid, canConfirm: false, confirmation: 'partial' }),
    ]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Partly received' }));
    await userEvent.type(within(dialog).getByLabelText('Amount that did not arrive'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sentTo(sent, withdrawConfirmCall)[0]?.body).toEqual({ outcome: 'partial', remaining: '500.00' }),
    );
  });

  it('refuses a missing amount over what was sent (the amount less the player’s fee) on its field', async () => {
    const paid = {
      ...withdrawal,
      state: 'paid' as const,
      reason: null,
      canConfirm: true,
      amount: '500.00',
      fee: '10.00',
      net: '490.00',
    };
    const { sent } = page([stub(cashierRequestsCall, { list: [paid], next: null })]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Partly received' }));
    await userEvent.type(within(dialog).getByLabelText('Amount that did not arrive'), '495');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter the amount missing, up to the amount sent.')).toBeTruthy();
    expect(sentTo(sent, withdrawConfirmCall)).toEqual([]);
  });

  it('checks a not-received proof in the browser: a PDF is refused on its field', async () => {
    const paid = { ...withdrawal, state: 'paid' as const, reason: null, canConfirm: true };
    const { sent } = page([stub(cashierRequestsCall, { list: [paid], next: null })]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Not received' }));
    const input = within(dialog).getByLabelText('Proof (a screenshot of your account)');
    await userEvent.upload(input, new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(within(dialog).getByText('The proof must be a PNG or JPG image of at most 5 MB.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(sentTo(sent, withdrawConfirmCall)).toEqual([]);
  });

  it('sends a png proof as base64', async () => {
    const paid = { ...withdrawal, state: 'paid' as const, reason: null, canConfirm: true };
    const { sent } = page([
      stub(cashierRequestsCall, { list: [paid], next: null }),
      stub(withdrawConfirmCall, { ...paid, canConfirm: false, confirmation: 'not_received' }),
    ]);
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Not received' }));
    const input = within(dialog).getByLabelText('Proof (a screenshot of your account)');
    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sentTo(sent, withdrawConfirmCall)[0]?.body).toEqual({ outcome: 'not_received', proof: 'iVBORw==' }),
    );
  });

  it('says when the payment password is not set, with the way to set it', async () => {
    page([], summaryFixture({ paymentPasswordSet: false }));
    renderApp('/?centre=member&page=withdraw');
    const dialog = await centre();
    expect(await within(dialog).findByText('Set your payment password first.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Set it in My account' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  });
});
