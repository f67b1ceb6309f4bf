import { failure, stub } from '@khela/client/testing';
import type { SecuritySummary } from '@khela/contract/cashier';
import { REGISTER_FIELDS } from '@khela/contract/constants';
import {
  addPayoutAccountCall,
  cashierMethodsCall,
  newAddressCheckCall,
  paymentPasswordCall,
  payoutAccountsCall,
  registerSettingsCall,
  removePayoutAccountCall,
  revokeSessionCall,
  securityLoginsCall,
  securitySessionsCall,
  securitySummaryCall,
} from '@khela/contract/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cashierTestHooks, centre, loggedIn, methodFixture } from '../../../test/cashier-fixtures';
import { renderApp, sentTo } from '../../../test/render';

/*
 * The security centre (spec §2 securityCenter): the payment password and its lock, the login
 * password, payout accounts, the new-address check, logins and sessions.
 */

/** What a phone's Chrome sends; the lists name it "Chrome · Android" and keep the string as a title. */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

const summary = (over: Partial<SecuritySummary> = {}): SecuritySummary => ({
  paymentPasswordSet: false,
  paymentPasswordLockedUntil: null,
  payeeName: null,
  email: null,
  mobile: null,
  newAddressCheck: false,
  newAddressCheckOffered: true,
  newAddressCheckBrandWide: false,
  ...over,
});

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

function page(over: Partial<SecuritySummary> = {}, extra: Parameters<typeof loggedIn>[0] = []) {
  return loggedIn([
    stub(securitySummaryCall, summary(over)),
    stub(payoutAccountsCall, [account]),
    stub(cashierMethodsCall, { list: [methodFixture({ id: 5, direction: 'withdraw' })], promotions: [] }),
    stub(securityLoginsCall, [
      { at: '2026-11-25T08:00:00.000Z', ip: '203.0.113.7', device: ANDROID_CHROME, country: 'BD' },
    ]),
    stub(securitySessionsCall, [
      {
        id: '1',
        createdAt: '2026-11-25T08:00:00.000Z',
        lastSeenAt: '2026-11-26T08:00:00.000Z',
        ip: '203.0.113.7',
        device: ANDROID_CHROME,
        current: true,
      },
      {
        id: '2',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastSeenAt: '2026-11-21T08:00:00.000Z',
        ip: '198.51.100.4',
        device: 'Firefox on Windows',
        current: false,
      },
    ]),
    ...extra,
  ]);
}

cashierTestHooks();

describe('the security centre', () => {
  it('sets a first payment password of six digits, repeated', async () => {
    const { sent } = page({}, [stub(paymentPasswordCall, { set: true })]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    expect(await within(dialog).findByText(/Set a payment password to withdraw/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Current payment password')).toBeNull();
    // No rule from the brand: six digits, said under the field.
    expect(within(dialog).getByText('Please enter 6 characters, digits only')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('New payment password'), '১২৩৪৫৬');
    await userEvent.type(within(dialog).getByLabelText('Repeat the new payment password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set payment password' }));
    expect(await within(dialog).findByText('Payment password saved.')).toBeTruthy();
    expect(sentTo(sent, paymentPasswordCall)[0]?.body).toEqual({ newPassword: '123456' });
  });

  it("holds the payment password to the brand's rule: 4 to 8 digits", async () => {
    const off = {
      enabled: false,
      required: false,
      acceptedPattern: '*',
      patternId: 'length',
      minLength: 0,
      maxLength: 255,
    };
    const settings = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off]));
    settings.paymentPassword = { ...off, acceptedPattern: '^[0-9]+$', patternId: 'digits', minLength: 4, maxLength: 8 };
    const { sent } = page({}, [
      stub(registerSettingsCall, settings as never),
      stub(
        paymentPasswordCall,
        failure(400, 'VALIDATION_FAILED', { fieldErrors: { newPassword: 'validation.reg_pattern_digits' } }),
      ),
    ]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    expect(await within(dialog).findByText('Please enter 4 - 8 characters, digits only')).toBeTruthy();
    const next = within(dialog).getByLabelText('New payment password');
    expect(next.getAttribute('maxlength')).toBe('8');
    expect(next.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(next, '123');
    await userEvent.type(within(dialog).getByLabelText('Repeat the new payment password'), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set payment password' }));
    await waitFor(() => expect(next.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Please enter 4 - 8 characters, digits only')).toBeTruthy();
    expect(sentTo(sent, paymentPasswordCall)).toEqual([]);
    // Four digits fit; the server's answer on the field reads with the rule's numbers too.
    await userEvent.type(next, '4');
    await userEvent.type(within(dialog).getByLabelText('Repeat the new payment password'), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set payment password' }));
    await waitFor(() => expect(sentTo(sent, paymentPasswordCall)[0]?.body).toEqual({ newPassword: '1234' }));
    expect(await within(dialog).findByText('Please enter 4 - 8 characters, digits only')).toBeTruthy();
  });

  it('shows the lock with its time, and a wrong current password on its field', async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    page({ paymentPasswordSet: true, paymentPasswordLockedUntil: until }, [
      stub(paymentPasswordCall, failure(403, 'PAYMENT_PASSWORD_WRONG')),
    ]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    const lock = await within(dialog).findByText(/Too many wrong payment passwords/);
    expect(lock.textContent).toMatch(/Locked until .+\d/);
    await userEvent.type(within(dialog).getByLabelText('Current payment password'), '000000');
    await userEvent.type(within(dialog).getByLabelText('New payment password'), '654321');
    await userEvent.type(within(dialog).getByLabelText('Repeat the new payment password'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change payment password' }));
    const current = within(dialog).getByLabelText('Current payment password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Wrong payment password.')).toBeTruthy();
  });

  it('opens the site’s own change-password form for the login password', async () => {
    page();
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Change login password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
  });

  it('adds a payout account in the stored real name, read-only, with the payment password', async () => {
    const { sent } = page({ paymentPasswordSet: true, payeeName: 'Rahim Uddin' }, [
      stub(addPayoutAccountCall, { ...account, id: '33', accountNumber: '*******4321' }),
    ]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add payout account' }));
    const payee = within(dialog).getByLabelText('Payee name') as HTMLInputElement;
    expect(payee.value).toBe('Rahim Uddin');
    expect(payee.readOnly).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Account or wallet number'), '01712344321');
    await userEvent.type(within(dialog).getAllByLabelText('Payment password').at(-1) as HTMLElement, '123456');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Add payout account' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(sentTo(sent, addPayoutAccountCall)[0]?.body).toEqual({
        methodId: 5,
        accountNumber: '01712344321',
        payeeName: 'Rahim Uddin',
        paymentPassword: '123456',
      }),
    );
  });

  it('removes a payout account only after asking', async () => {
    const { sent } = page({ paymentPasswordSet: true }, [stub(removePayoutAccountCall, { removed: true })]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove' }));
    expect(sentTo(sent, removePayoutAccountCall)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(sentTo(sent, removePayoutAccountCall)[0]?.path).toBe(removePayoutAccountCall.path.replace(':id', '31')),
    );
  });

  it('turns the player’s own new-address check on', async () => {
    const { sent } = page({}, [stub(newAddressCheckCall, summary({ newAddressCheck: true }))]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Ask for a code/ }));
    await waitFor(() => expect(sentTo(sent, newAddressCheckCall)[0]?.body).toEqual({ enabled: true }));
  });

  it('lists logins and sessions, and ends another session but not this one', async () => {
    const { sent } = page({}, [stub(revokeSessionCall, { revoked: true })]);
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    await waitFor(() => expect(within(dialog).getAllByText('Chrome · Android')).toHaveLength(2));
    expect(within(dialog).getByText('This device')).toBeTruthy();
    const buttons = within(dialog).getAllByRole('button', { name: 'Log out' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0] as HTMLElement);
    await waitFor(() =>
      expect(sentTo(sent, revokeSessionCall)[0]?.path).toBe(revokeSessionCall.path.replace(':id', '2')),
    );
  });
});

describe('the brand-wide new-address check', () => {
  it('shows the switch on and fixed', async () => {
    page({ newAddressCheckBrandWide: true, newAddressCheckOffered: false });
    renderApp('/?centre=member&page=securityCenter');
    const dialog = await centre();
    const box = (await within(dialog).findByRole('checkbox', { name: /Ask for a code/ })) as HTMLInputElement;
    expect([box.checked, box.disabled]).toEqual([true, true]);
    expect(within(dialog).getByText('This site asks every member for it.')).toBeTruthy();
  });
});
