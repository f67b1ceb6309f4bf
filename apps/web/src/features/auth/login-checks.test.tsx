import { failure, stub } from '@khela/client/testing';
import {
  loginCall,
  loginFromNewIpCall,
  memberInfoCall,
  type NewIpChallenge,
  resendNewIpCodeCall,
} from '@khela/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginFixture, openLogin } from '../../../test/accounts';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo } from '../../../test/render';
import { saveRemembered } from './remember';

/* The login form's part of the new-address check (spec §2) and of the site-kind rules (spec §6/§8). */

beforeEach(async () => {
  await resetBrowser('en');
  saveRemembered(false, { username: '', smsMobile: '' });
});

const CHALLENGE: NewIpChallenge = {
  challengeId: 'ch-1',
  mobile: '+880 017******78',
  expiredMinutes: 10,
  resendSeconds: 60,
};
/** The right password from a new address: the login answers with the check's challenge. */
const needsCode = (challenge: NewIpChallenge = CHALLENGE) =>
  stub(loginCall, failure(403, 'NEW_IP_CHECK_REQUIRED', { value: challenge }));

async function submitPassword(form: HTMLElement, password = 'Tiger#Lake42') {
  await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
}

describe('new-address check', () => {
  it('asks for the code sent to the masked number, counts the resend down, and finishes the login', async () => {
    const { sent } = mockCalls([
      needsCode(),
      stub(loginFromNewIpCall, (req) =>
        (req.body as { code: string }).code === '123456'
          ? loginFixture({ token: 'new-ip-token' })
          : failure(400, 'INVALID_SMS_CODE', { fieldErrors: { code: 'validation.verificationCode' } }),
      ),
      stub(memberInfoCall, memberFixture()),
    ]);
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
    expect(sentTo(sent, loginFromNewIpCall).map((c) => c.body)).toEqual([
      { challengeId: 'ch-1', code: '000000' },
      { challengeId: 'ch-1', code: '123456' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the code has 6 digits before calling the server', async () => {
    const { fetchMock } = mockCalls([needsCode()]);
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    await userEvent.type(within(step).getByLabelText('Verification code'), '12');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirm and log in' }));
    expect(await within(step).findByText('Please enter a valid verification code')).toBeTruthy();
    expect(sentTo(fetchMock.sent, loginFromNewIpCall)).toEqual([]);
  });

  it('sends a new code once the countdown has run out', async () => {
    const { sent } = mockCalls([
      needsCode({ ...CHALLENGE, resendSeconds: 1 }),
      stub(resendNewIpCodeCall, { expiredMinutes: 10 }),
    ]);
    await submitPassword(await openLogin());
    const step = await screen.findByRole('form', { name: "Confirm it's you" });
    const resend = await within(step).findByRole('button', { name: 'Send again' }, { timeout: 3000 });
    await act(async () => {
      await userEvent.click(resend);
    });
    await within(step).findByRole('button', { name: '1 s' });
    expect(sentTo(sent, resendNewIpCodeCall).map((c) => c.body)).toEqual([{ challengeId: 'ch-1' }]);
  });

  it('goes back to the login form when the check has expired', async () => {
    mockCalls([needsCode(), stub(loginFromNewIpCall, failure(400, 'LOGIN_CHALLENGE_INVALID'))]);
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
    mockCalls([stub(loginCall, failure(403, code))]);
    const form = await openLogin();
    await submitPassword(form);
    expect(await within(form).findByText(text, { selector: '.auth-alert' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('says it in Bengali too', async () => {
    await resetBrowser('bn');
    mockCalls([stub(loginCall, failure(403, 'NON_MEMBER_LOGIN'))]);
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
