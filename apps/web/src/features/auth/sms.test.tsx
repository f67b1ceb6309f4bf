import { failure, stub } from '@khela/client/testing';
import { loginCall, memberInfoCall, sendSmsCodeCall } from '@khela/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../../test/accounts';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo, statusFixture } from '../../../test/render';
import { initialDialingCode } from './country-code-picker';
import { saveRemembered } from './remember';
import { SmsCodeButton } from './sms-code-button';

beforeEach(async () => {
  await resetBrowser('en');
  saveRemembered(false, { username: '', smsMobile: '' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SMS code button', () => {
  it('counts expiry minutes × 60 s down a second at a time and blocks sending meanwhile', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => ({ expiredMinutes: 1 }));
    render(<SmsCodeButton send={send} />);
    const button = screen.getByRole('button', { name: 'Get code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('60 s');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('59 s');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 59; i++)
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    expect(button.textContent).toBe('Get code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends at most once per 1000 ms', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => null);
    render(<SmsCodeButton send={send} />);
    const button = screen.getByRole('button', { name: 'Get code' });
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('country code picker', () => {
  it("defaults to a supplied code the brand takes, else the brand's first", () => {
    expect(initialDialingCode(['+880', '+91'], '91')).toBe('+91');
    expect(initialDialingCode(['+880', '+91'], '+999')).toBe('+880');
    expect(initialDialingCode(['+880'], '+91')).toBe('+880');
    expect(initialDialingCode(['+880'], undefined)).toBe('+880');
  });
});

describe('SMS login', () => {
  it('logs in with the number and code and stores the token', async () => {
    const { sent } = mockCalls(
      [
        stub(loginCall, loginFixture({ token: 'sms-tok', account: '01712345678', customerId: 9 })),
        stub(memberInfoCall, memberFixture({ id: 9, account: '01712345678', nickname: 'Karim' })),
      ],
      { status: statusFixture({ whitelabel: { MOBILEVERCODELOGIN3: true } }) },
    );
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Log in' }));
    const form = await screen.findByRole('form', { name: 'Log in' });
    await userEvent.selectOptions(within(form).getByLabelText('Log in with'), 'sms');
    await userEvent.type(within(form).getByLabelText('Mobile number'), '01712345678');
    await userEvent.type(within(form).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('sms-tok'));
    expect(sentTo(sent, loginCall)[0]?.body).toMatchObject({
      username: '+8801712345678',
      password: '123456',
      type: 'sms',
      countryDialingCode: '+880',
    });
  });
});

describe('the number in the SMS login, however it is written', () => {
  /** Opens the SMS login with these dialling codes and the code answer; returns the form and what was sent. */
  async function smsForm(
    codes: string[],
    answer: Parameters<typeof stub<typeof sendSmsCodeCall>>[1] = { expiredMinutes: 1 },
  ) {
    const { sent } = mockCalls([stub(sendSmsCodeCall, answer)], {
      status: statusFixture({ whitelabel: { MOBILEVERCODELOGIN3: true }, mobileDialingCodes: codes }),
    });
    renderApp('/');
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log in' }));
    const form = await screen.findByRole('form', { name: 'Log in' });
    await userEvent.selectOptions(within(form).getByLabelText('Log in with'), 'sms');
    return { form, sent };
  }
  const getCode = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Get code' }));

  it.each([['+8801712345678'], ['1712345678'], ['8801712345678'], ['017-1234 5678'], ['০১৭১২৩৪৫৬৭৮']])(
    'asks a code for %s as +8801712345678',
    async (typed) => {
      const { form, sent } = await smsForm(['+880']);
      await userEvent.type(within(form).getByLabelText('Mobile number'), typed);
      await getCode(form);
      await within(form).findByRole('button', { name: '60 s' });
      expect(sentTo(sent, sendSmsCodeCall).map((s) => s.body)).toEqual([
        { mobileNum: '+8801712345678', countryDialingCode: '+880' },
      ]);
    },
  );

  it("refuses another country's number under the field, in words, and sends nothing", async () => {
    const { form, sent } = await smsForm(['+880']);
    await userEvent.type(within(form).getByLabelText('Mobile number'), '+91 98765 43210');
    await getCode(form);
    expect(await within(form).findByText('Only mobile numbers with +880 can be used here')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Mobile number'));
    await userEvent.type(within(form).getByLabelText('Mobile number'), '01212345678');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.advanceTimersByTime(1000);
    await getCode(form);
    expect(await within(form).findByText('Please enter a valid mobile number')).toBeTruthy();
    expect(sentTo(sent, sendSmsCodeCall)).toEqual([]);
  });

  it("shows the server's refusal under the field and in the form", async () => {
    const { form } = await smsForm(
      ['+880', '+91'],
      failure(400, 'MOBILE_COUNTRY_NOT_ALLOWED', { fieldErrors: { mobileNum: 'validation.mobileCountry' } }),
    );
    await userEvent.type(within(form).getByLabelText('Mobile number'), '+91 98765 43210');
    await getCode(form);
    expect(await within(form).findByText('Only mobile numbers with +880, +91 can be used here')).toBeTruthy();
    expect(await within(form).findByText(/^We can't send codes to mobile numbers from that country/)).toBeTruthy();
  });
});
