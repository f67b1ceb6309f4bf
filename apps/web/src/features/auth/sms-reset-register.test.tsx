import type { RegisterSettings } from '@khela/contract';
import { REGISTER_FIELDS } from '@khela/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, resetBrowser, statusFixture } from '../../../test/render';

beforeEach(async () => {
  await resetBrowser('en');
});

/** validation.mobileNum in English. */
const MOBILE_INVALID = 'Please enter a valid mobile number';

const reply = (value: unknown) => ({
  ok: true,
  status: 200,
  json: async () => ({ success: true, value, message: 'ok', code: 'OK' }),
});

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
  const base = mockApi({ status: statusFixture({ whitelabel }) });
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path: url.pathname, body });
      if (url.pathname === '/wps/system/setting/register') return reply(SETTINGS);
      if (url.pathname.startsWith('/wps/verification/sms/')) return reply({ expiredMinutes: 1 });
      if (url.pathname === '/wps/member/password/verification')
        return reply({
          token: 'reset-tok',
          firstTimeLogin: false,
          passwordExpired: false,
          account: 'karim1234',
          customerId: 9,
          isAgent: 0,
          memberLabel: [],
        });
      if (url.pathname === '/wps/member/info')
        return reply({
          id: 9,
          account: 'karim1234',
          nickname: 'Karim',
          type: 0,
          isAgent: 0,
          toUpline: null,
          clubLabel: null,
          memberLabel: [],
          avatar: null,
        });
      return base(input);
    }),
  );
  return calls;
}

describe('forgot password by phone', () => {
  it('is not offered without MOBILEVERCODELOGIN3', async () => {
    serve({ MOBILEVERCODELOGIN3: false });
    renderApp('/');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }, { timeout: 5000 }));
    await screen.findByRole('form', { name: 'Forgot password' });
    expect(screen.queryByRole('tab', { name: 'By mobile number' })).toBeNull();
  });

  it('gets a reset code, sets the password with it and is logged in at /', async () => {
    const calls = serve({ MOBILEVERCODELOGIN3: true });
    renderApp('/lottery');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('tab', { name: 'By mobile number' }));
    const form = await screen.findByRole('form', { name: 'Forgot password' });
    await userEvent.type(within(form).getByLabelText(/Mobile number/), '01712345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    await within(form).findByRole('button', { name: '60 s' });
    expect(calls.find((c) => c.path === '/wps/verification/sms/noLogin')?.body).toMatchObject({
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      purpose: 'reset',
    });
    await userEvent.type(within(form).getByLabelText(/Verification code/), '123456');
    await userEvent.type(within(form).getByLabelText(/^＊?New password$/), 'Kh#Fresh2024');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Kh#Fresh2025');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and log in' }));
    expect(calls.some((c) => c.path === '/wps/member/password/verification')).toBe(false);
    await userEvent.clear(within(form).getByLabelText(/Confirm new password/));
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Kh#Fresh2024');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('reset-tok'));
    expect(calls.find((c) => c.path === '/wps/member/password/verification')?.body).toEqual({
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      verificationCode: '123456',
      newPassword: 'Kh#Fresh2024',
      confirmNewPassword: 'Kh#Fresh2024',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Forgot password' })).toBeNull());
    await waitFor(() => expect(calls.some((c) => c.path === '/wps/member/info')).toBe(true));
    expect(window.location.pathname).toBe('/');
  });
});

describe('the shared mobile number and Get code fields', () => {
  it('refuse a malformed number under the field before any request', async () => {
    const calls = serve({ MOBILEVERCODELOGIN3: true, MOBILENUMREG3: true, REGMOBVERF3: true });
    renderApp('/');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }, { timeout: 5000 }));
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
    expect(calls.some((c) => c.path.startsWith('/wps/verification/sms/'))).toBe(false);
    // Still Get code: nothing was sent, so no countdown.
    expect(within(forgot).getByRole('button', { name: 'Get code' })).toBeTruthy();
  });
});

describe('registration with an SMS code (REGMOBVERF3)', () => {
  it('adds the code field to the mobile number; Get code asks /wps/verification/sms/register and counts down', async () => {
    const calls = serve({ MOBILENUMREG3: true, REGMOBVERF3: true });
    renderApp('/register');
    await userEvent.click(await screen.findByRole('tab', { name: 'Mobile number' }));
    const form = await screen.findByRole('form', { name: 'Create account' });
    const code = await within(form).findByLabelText(/Verification code/);
    expect(code).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    // An empty number is refused before any request.
    expect(calls.some((c) => c.path === '/wps/verification/sms/register')).toBe(false);
    await userEvent.type(within(form).getByLabelText(/Mobile number/), '01812345678');
    await new Promise((r) => setTimeout(r, 1000));
    await userEvent.click(within(form).getByRole('button', { name: 'Get code' }));
    await within(form).findByRole('button', { name: '60 s' });
    expect(calls.find((c) => c.path === '/wps/verification/sms/register')?.body).toMatchObject({
      mobileNo: '01812345678',
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
