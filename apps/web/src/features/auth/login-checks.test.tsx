import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockAccounts, ok, openLogin, type Reply } from '../../../test/accounts';
import { renderApp, resetBrowser } from '../../../test/render';
import { saveRemembered } from './remember';

/* The login form's part of the new-address check (spec §2) and of the site-kind rules (spec §6/§8). */

beforeEach(async () => {
  await resetBrowser('en');
  saveRemembered(false, { username: '', smsMobile: '' });
});

const CHALLENGE = { challengeId: 'ch-1', mobile: '+880 017******78', expiredMinutes: 10, resendSeconds: 60 };
const needsCode: Reply = {
  status: 403,
  body: {
    success: false,
    value: CHALLENGE,
    message: 'errors.NEW_IP_CHECK_REQUIRED',
    code: 'NEW_IP_CHECK_REQUIRED',
  },
};
const LOGIN = {
  token: 'new-ip-token',
  firstTimeLogin: false,
  passwordExpired: false,
  account: 'rahim42',
  customerId: 7,
  isAgent: 0,
  memberLabel: [],
};
const INFO = {
  id: 7,
  account: 'rahim42',
  nickname: 'Rahim',
  type: 0,
  isAgent: 0,
  toUpline: null,
  clubLabel: null,
  memberLabel: [],
  avatar: null,
};

async function submitPassword(form: HTMLElement, password = 'Tiger#Lake42') {
  await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
}

describe('new-address check', () => {
  it('asks for the code sent to the masked number, counts the resend down, and finishes the login', async () => {
    const calls = mockAccounts({
      'POST /wps/session/login': () => needsCode,
      'POST /wps/session/login/newip': (b) =>
        (b as { code: string }).code === '123456'
          ? ok(LOGIN)
          : fail(400, 'INVALID_SMS_CODE', 'errors.INVALID_SMS_CODE', { code: 'validation.verificationCode' }),
      'GET /wps/member/info': () => ok(INFO),
    });
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    expect(
      within(step).getByText(
        'You are logging in from a network this account has not used before. We sent a 6-digit code to +880 017******78. Enter it to finish logging in.',
      ),
    ).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
    // The code went out with the login: resending waits the 60 s gap.
    const resend = within(step).getByRole('button', { name: '60 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(step).getByLabelText('Verification code'), '000000');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirm and log in' }));
    expect(
      await within(step).findByText('The verification code is not valid or has expired. Please send again.', {
        selector: '.auth-alert',
      }),
    ).toBeTruthy();

    await userEvent.clear(within(step).getByLabelText('Verification code'));
    await userEvent.type(within(step).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirm and log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('new-ip-token'));
    expect(calls.filter((c) => c.path === '/wps/session/login/newip').map((c) => c.body)).toEqual([
      { challengeId: 'ch-1', code: '000000' },
      { challengeId: 'ch-1', code: '123456' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the code has 6 digits before calling the server', async () => {
    const calls = mockAccounts({ 'POST /wps/session/login': () => needsCode });
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    await userEvent.type(within(step).getByLabelText('Verification code'), '12');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirm and log in' }));
    expect(await within(step).findByText('Please enter a valid verification code')).toBeTruthy();
    expect(calls.some((c) => c.path === '/wps/session/login/newip')).toBe(false);
  });

  it('sends a new code once the countdown has run out', async () => {
    const calls = mockAccounts({
      'POST /wps/session/login': () => ({
        ...needsCode,
        body: { ...(needsCode.body as object), value: { ...CHALLENGE, resendSeconds: 1 } },
      }),
      'POST /wps/session/login/newip/resend': () => ok({ expiredMinutes: 10 }),
    });
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    const resend = await within(step).findByRole('button', { name: 'Send again' }, { timeout: 3000 });
    await act(async () => {
      await userEvent.click(resend);
    });
    await within(step).findByRole('button', { name: '1 s' });
    expect(calls.filter((c) => c.path === '/wps/session/login/newip/resend').map((c) => c.body)).toEqual([
      { challengeId: 'ch-1' },
    ]);
  });

  it('goes back to the login form when the check has expired', async () => {
    mockAccounts({
      'POST /wps/session/login': () => needsCode,
      'POST /wps/session/login/newip': () => fail(400, 'LOGIN_CHALLENGE_INVALID', 'errors.LOGIN_CHALLENGE_INVALID'),
    });
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    await userEvent.type(within(step).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirm and log in' }));
    expect(await within(step).findByText('This verification has expired. Please log in again.')).toBeTruthy();
    await userEvent.click(within(step).getByRole('button', { name: 'Back to log in' }));
    const form = await screen.findByRole('form', { name: 'Log in' });
    expect((within(form).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});

describe('site kind', () => {
  it.each([
    ['NON_MEMBER_LOGIN', 'Non-member account unable to login'],
    ['NON_AGENT_LOGIN', 'Non-agents cannot log in'],
  ])('shows %s in words and stays logged out', async (code, text) => {
    mockAccounts({ 'POST /wps/session/login': () => fail(403, code, `errors.${code}`) });
    const form = await openLogin();
    await submitPassword(form);
    expect(await within(form).findByText(text, { selector: '.auth-alert' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('says it in Bengali too', async () => {
    await resetBrowser('bn');
    mockAccounts({ 'POST /wps/session/login': () => fail(403, 'NON_MEMBER_LOGIN', 'errors.NON_MEMBER_LOGIN') });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'লগইন' }));
    const form = await screen.findByRole('form', { name: 'লগইন' });
    await userEvent.type(within(form).getByLabelText('ইউজারনেম'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('পাসওয়ার্ড'), 'Tiger#Lake42');
    await userEvent.click(within(form).getByRole('button', { name: 'লগইন' }));
    expect(await within(form).findByText('মেম্বার অ্যাকাউন্ট নয়, তাই লগইন করা যাবে না')).toBeTruthy();
  });
});
