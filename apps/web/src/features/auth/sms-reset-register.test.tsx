import { stub } from '@khela/client/testing';
import {
  memberInfoCall,
  type RegisterSettings,
  registerSettingsCall,
  resetPasswordByPhoneCall,
  sendRegisterSmsCodeCall,
  sendSmsCodeCall,
} from '@khela/contract';
import { REGISTER_FIELDS, SMS_THROTTLE_MS } from '@khela/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../../test/accounts';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo, statusFixture } from '../../../test/render';

beforeEach(async () => {
  await resetBrowser('en');
});
afterEach(() => {
  vi.useRealTimers();
});

/** validation.mobileNum in English. */
const MOBILE_INVALID = 'Please enter a valid mobile number';

const off = { enabled: false, required: false, acceptedPattern: '*', patternId: '', minLength: 0, maxLength: 0 };
const SETTINGS = {
  ...Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off])),
  password: {
    enabled: true,
    required: true,
    acceptedPattern: '^[\\x21-\\x7E]+$',
    patternId: 'password',
    minLength: 6,
    maxLength: 20,
  },
  mobileNum: { ...off, enabled: true, required: true, acceptedPattern: '^\\d{6,15}$', minLength: 6, maxLength: 15 },
} as RegisterSettings;

/** The API mock with the given whitelabel flags; SMS, reset and member info answered here. */
function serve(whitelabel: Record<string, boolean>) {
  const { fetchMock } = mockCalls(
    [
      stub(registerSettingsCall, SETTINGS),
      stub(sendSmsCodeCall, { expiredMinutes: 1 }),
      stub(sendRegisterSmsCodeCall, { expiredMinutes: 1 }),
      stub(resetPasswordByPhoneCall, loginFixture({ token: 'reset-tok', account: 'karim1234', customerId: 9 })),
      stub(memberInfoCall, memberFixture({ id: 9, account: 'karim1234', nickname: 'Karim' })),
    ],
    { status: statusFixture({ whitelabel }) },
  );
  // Every call made, the page's own included, so a test can also say what was not sent.
  return fetchMock.sent;
}

describe('forgot password by phone', () => {
  it('is not offered without MOBILEVERCODELOGIN3', async () => {
    serve({ MOBILEVERCODELOGIN3: false });
    renderApp('/');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('form', { name: 'Forgot password' });
    expect(screen.queryByRole('tab', { name: 'By mobile number' })).toBeNull();
  });

  it('gets a reset code, sets the password with it and is logged in at /', async () => {
    const calls = serve({ MOBILEVERCODELOGIN3: true });
    renderApp('/lottery');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'By mobile number' }));
    const form = await screen.findByRole('form', { name: 'Forgot password' });
    await userEvent.type(within(form).getByLabelText(/Mobile number/), '01712345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    await within(form).findByRole('button', { name: '60 s' });
    // The number as the server stores it: E.164, however it was typed.
    expect(sentTo(calls, sendSmsCodeCall)[0]?.body).toMatchObject({
      mobileNum: '+8801712345678',
      countryDialingCode: '+880',
      purpose: 'reset',
    });
    await userEvent.type(within(form).getByLabelText(/Verification code/), '123456');
    await userEvent.type(within(form).getByLabelText(/^＊?New password$/), 'Kh#Fresh2024');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Kh#Fresh2025');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and log in' }));
    expect(sentTo(calls, resetPasswordByPhoneCall)).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(/Confirm new password/));
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Kh#Fresh2024');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('reset-tok'));
    expect(sentTo(calls, resetPasswordByPhoneCall)[0]?.body).toEqual({
      mobileNum: '+8801712345678',
      countryDialingCode: '+880',
      verificationCode: '123456',
      newPassword: 'Kh#Fresh2024',
      confirmNewPassword: 'Kh#Fresh2024',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Forgot password' })).toBeNull());
    await waitFor(() => expect(sentTo(calls, memberInfoCall)).not.toEqual([]));
    expect(window.location.pathname).toBe('/');
  });
});

describe('the shared mobile number and Get code fields', () => {
  it('refuse a malformed number under the field before any request', async () => {
    const calls = serve({ MOBILEVERCODELOGIN3: true, MOBILENUMREG3: true, REGMOBVERF3: true });
    renderApp('/');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'By mobile number' }));
    const forgot = await screen.findByRole('form', { name: 'Forgot password' });
    await userEvent.type(within(forgot).getByLabelText(/Mobile number/), '12ab');
    await userEvent.click(within(forgot).getByRole('button', { name: 'Get code' }));
    expect(await within(forgot).findByText(MOBILE_INVALID)).toBeTruthy();
    expect(
      within(forgot)
        .getByLabelText(/Mobile number/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect([...sentTo(calls, sendSmsCodeCall), ...sentTo(calls, sendRegisterSmsCodeCall)]).toEqual([]);
    // Still Get code: nothing was sent, so no countdown.
    expect(within(forgot).getByRole('button', { name: 'Get code' })).toBeTruthy();
  });
});

describe('registration with an SMS code (REGMOBVERF3)', () => {
  it('adds the code field to the mobile number; Get code asks for a registration code and counts down', async () => {
    const calls = serve({ MOBILENUMREG3: true, REGMOBVERF3: true });
    renderApp('/register');
    await userEvent.click(await screen.findByRole('tab', { name: 'Mobile number' }));
    const form = await screen.findByRole('form', { name: 'Create account' });
    const code = await within(form).findByLabelText(/Verification code/);
    expect(code).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    // An empty number is refused before any request.
    expect(sentTo(calls, sendRegisterSmsCodeCall)).toEqual([]);
    await userEvent.type(within(form).getByLabelText(/Mobile number/), '01812345678');
    // Get code takes one click per SMS_THROTTLE_MS: move the clock past the refused one.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.advanceTimersByTime(SMS_THROTTLE_MS);
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    await within(form).findByRole('button', { name: '60 s' });
    expect(sentTo(calls, sendRegisterSmsCodeCall)[0]?.body).toMatchObject({
      mobileNo: '+8801812345678',
      countryDialingCode: '+880',
    });
  });

  it('has no code field without REGMOBVERF3', async () => {
    serve({ MOBILENUMREG3: true, REGMOBVERF3: false });
    renderApp('/register');
    await userEvent.click(await screen.findByRole('tab', { name: 'Mobile number' }));
    const form = await screen.findByRole('form', { name: 'Create account' });
    await within(form).findByLabelText(/Mobile number/);
    expect(within(form).queryByLabelText(/Verification code/)).toBeNull();
  });
});
