import { stub } from '@khela/client/testing';
import { loginCall, memberInfoCall } from '@khela/contract';
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
  it('defaults to a supplied listed code, else +880', () => {
    expect(initialDialingCode('91')).toBe('+91');
    expect(initialDialingCode('+999')).toBe('+880');
    expect(initialDialingCode(undefined)).toBe('+880');
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
      username: '01712345678',
      password: '123456',
      type: 'sms',
      countryDialingCode: '+880',
    });
  });
});
