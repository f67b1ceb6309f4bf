import { failure, stub } from '@khela/client/testing';
import { CASHIER_FINAL_STATES, PROOF_MAX_BYTES, TRANSFER_REMARK_MAX } from '@khela/contract/cashier';
import { cashierMethodsCall, depositCall, depositReferenceCall, depositStatusCall } from '@khela/contract/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cashierTestHooks, centre, loggedIn, methodFixture, requestFixture } from '../../../test/cashier-fixtures';
import { renderApp, resetBrowser, sentTo } from '../../../test/render';
import { FINAL_STATES, PROOF_MAX_BYTES as PROOF_HERE, TRANSFER_REMARK_MAX as REMARK_HERE } from './api';
import { browser } from './browser';

/*
 * The deposit page (spec §2 depositv2, CASHIER.md "Deposit"): methods, amount, the
 * confirmation, then a provider's checkout or a bank transfer's details, and the status of a
 * deposit the address names.
 */

const bank = methodFixture({
  id: 2,
  kind: 'bank_transfer',
  channel: 'bank',
  name: 'Bank transfer',
  feeBp: 100,
  feeBearer: 'player',
  presets: ['5000.00'],
  processingMinutes: 60,
});

cashierTestHooks();
afterEach(() => {
  vi.restoreAllMocks();
});

const methods = stub(cashierMethodsCall, {
  list: [methodFixture(), bank],
  promotions: [{ id: 9, title: 'Welcome bonus' }],
});

describe('the deposit page', () => {
  it('opens from the header’s Deposit button', async () => {
    loggedIn([methods]);
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = await centre();
    expect(within(dialog).getByRole('link', { name: 'Deposit', current: 'page' })).toBeTruthy();
    expect(await within(dialog).findByRole('radio', { name: /bKash/ })).toBeTruthy();
    expect(window.location.search).toContain('page=depositv2');
  });

  it('confirms the figures, then sends the player to the provider’s checkout in this tab', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { sent } = loggedIn([
      methods,
      stub(depositCall, requestFixture({ redirectUrl: 'https://pay.example/checkout/abc' })),
    ]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await centre();
    // The method's limits, fee and time are shown before anything is asked.
    expect(await within(dialog).findByText('৳100.00')).toBeTruthy();
    expect(within(dialog).getByText('No fee')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '৳1,000.00' }));
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('1,000');
    expect(within(dialog).getByLabelText('Amount').getAttribute('inputmode')).toBe('decimal');
    await userEvent.selectOptions(within(dialog).getByLabelText('Promotion to join'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // Nothing moves before the confirmation.
    expect(sentTo(sent, depositCall)).toEqual([]);
    const check = within(dialog).getByRole('region', { name: 'Check your deposit' });
    expect(within(check).getByText('Reaches your wallet').nextSibling?.textContent).toBe('৳1,000.00');
    expect(within(check).getByText('Welcome bonus')).toBeTruthy();
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/checkout/abc'));
    expect(sentTo(sent, depositCall)[0]?.body).toEqual({ methodId: 1, amount: '1000.00', promotionId: 9 });
  });

  it('reads an amount typed in Bengali digits', async () => {
    vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { sent } = loggedIn([methods, stub(depositCall, requestFixture({ redirectUrl: 'https://pay.example/x' }))]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await centre();
    await userEvent.type(await within(dialog).findByLabelText('Amount'), '১৫০০');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sentTo(sent, depositCall)[0]?.body).toMatchObject({ amount: '1500.00' }));
  });

  it('refuses an amount outside the method’s limits on the field', async () => {
    const { sent } = loggedIn([methods]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await centre();
    await userEvent.type(await within(dialog).findByLabelText('Amount'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The amount is outside the limits.');
    expect(within(dialog).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(sent, depositCall)).toEqual([]);
  });

  it('shows a bank transfer’s account with copy buttons, and a reused transaction id on its field', async () => {
    const created = requestFixture({
      id: '777',
      kind: 'bank_transfer',
      channel: 'bank',
      methodId: 2,
      methodName: 'Bank transfer',
      amount: '5000.00',
      fee: '50.00',
      net: '4950.00',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      bank: {
        bankName: 'Sonali Bank',
        accountName: 'Khela Ltd',
        accountNumber: '0011223344',
        branch: 'Motijheel',
        routingNumber: '200270522',
      },
      transferReference: 'KH-777-Q4',
    });
    const { sent } = loggedIn([
      methods,
      stub(depositCall, created),
      stub(depositStatusCall, created),
      stub(depositReferenceCall, failure(409, 'REFERENCE_USED')),
    ]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Bank transfer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '৳5,000.00' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const check = within(dialog).getByRole('region', { name: 'Check your deposit' });
    // The player bears this method's 1% fee: the wallet gets the rest.
    expect(within(check).getByText('Reaches your wallet').nextSibling?.textContent).toBe('৳4,950.00');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    const account = await within(dialog).findByRole('region', { name: 'Transfer to this account' });
    expect(window.location.search).toContain('deposit=777');
    expect(within(account).getByText('0011223344')).toBeTruthy();
    expect(within(account).getByText('KH-777-Q4')).toBeTruthy();
    expect(within(account).getByRole('button', { name: 'Copy: Account number' })).toBeTruthy();
    expect(within(dialog).getByText(/Pay within \d+:\d\d/)).toBeTruthy();
    await userEvent.type(within(account).getByLabelText('Transaction id of your transfer'), 'TX12345');
    await userEvent.click(within(account).getByRole('button', { name: 'Send for checking' }));
    const field = within(account).getByLabelText('Transaction id of your transfer');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(account).getByRole('alert').textContent).toBe('This transaction id has already been used.');
    expect(sentTo(sent, depositReferenceCall)[0]).toMatchObject({
      path: depositReferenceCall.path.replace(':id', '777'),
    });
    expect(sentTo(sent, depositReferenceCall)[0]?.body).toEqual({ reference: 'TX12345' });
  });

  it('shows the deposit the checkout returns to, with its history, and reads it again until it is final', async () => {
    let reads = 0;
    loggedIn([
      methods,
      stub(depositStatusCall, () => {
        reads++;
        return requestFixture(
          reads === 1
            ? {}
            : {
                state: 'credited',
                history: [
                  ...requestFixture().history,
                  { state: 'credited', at: '2026-11-26T10:02:00.000Z', note: null },
                ],
              },
        );
      }),
    ]);
    renderApp('/?centre=member&page=depositv2&deposit=501');
    const dialog = await centre();
    expect((await within(dialog).findAllByText('Waiting for payment')).length).toBeGreaterThan(0);
    const history = within(dialog).getByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    // Refreshed every few seconds while pending.
    await waitFor(() => expect(within(dialog).getAllByText('Credited').length).toBeGreaterThan(0), { timeout: 12_000 });
    expect(within(dialog).getByText('Receipt number').nextSibling?.textContent).toBe('501');
    const settled = reads;
    await new Promise((r) => setTimeout(r, 5_500));
    expect(reads).toBe(settled);
  }, 30_000);

  it('says so when no method is open', async () => {
    loggedIn([stub(cashierMethodsCall, { list: [], promotions: [] })]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await centre();
    expect(await within(dialog).findByText(/No deposit method is open right now/)).toBeTruthy();
  });

  it('writes the page in Bengali with the site’s words', async () => {
    await resetBrowser('bn');
    loggedIn([methods]);
    renderApp('/?centre=member&page=depositv2');
    const dialog = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect(await within(dialog).findByText('একটি মাধ্যম বেছে নিন')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '১,০০০.০০৳' })).toBeTruthy();
  });
});

describe('a receipt in Bengali', () => {
  it('writes the receipt number in Bengali digits and the rejection reason from the list', async () => {
    await resetBrowser('bn');
    loggedIn([
      methods,
      stub(depositStatusCall, () =>
        requestFixture({ state: 'rejected', reason: '[details_mismatch] Sender name differs' }),
      ),
    ]);
    renderApp('/?centre=member&page=depositv2&deposit=501');
    const dialog = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect((await within(dialog).findByText('রসিদ নম্বর')).nextSibling?.textContent).toBe('৫০১');
    expect(within(dialog).getByText(/দেওয়া তথ্য আমাদের রেকর্ডের সাথে মেলেনি। নোট: Sender name differs/)).toBeTruthy();
  });
});

describe('the cashier’s copies of contract values', () => {
  it('agree with the contract', () => {
    expect([...FINAL_STATES].sort()).toEqual([...CASHIER_FINAL_STATES].sort());
    expect(PROOF_HERE).toBe(PROOF_MAX_BYTES);
    expect(REMARK_HERE).toBe(TRANSFER_REMARK_MAX);
  });
});

describe('checkoutUrl', () => {
  it("sends the page's language to the sandbox checkout and leaves a provider's address alone", async () => {
    const { checkoutUrl } = await import('./deposit-page');
    const i18next = (await import('i18next')).default;
    const lang = i18next.language;
    await i18next.changeLanguage('en');
    try {
      const sandbox = `${window.location.origin}/psp/sandbox/checkout/abc`;
      expect(checkoutUrl(sandbox)).toBe(`${sandbox}?lang=en`);
      expect(checkoutUrl('https://pay.example/checkout/abc?sig=1')).toBe('https://pay.example/checkout/abc?sig=1');
    } finally {
      await i18next.changeLanguage(lang);
    }
  });
});
