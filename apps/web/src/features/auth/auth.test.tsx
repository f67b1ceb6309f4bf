import { failure, stub } from '@khela/client/testing';
import {
  captchaCall,
  loginCall,
  logoutCall,
  memberInfoCall,
  type RegisterSettings,
  registerCall,
  registerSettingsCall,
} from '@khela/contract';
import { REGISTER_FIELDS } from '@khela/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginFixture, openLogin } from '../../../test/accounts';
import { memberFixture, mockCalls, renderApp, resetBrowser, sentTo } from '../../../test/render';
import { ui } from '../../lib/ui-store';
import { saveRemembered } from './remember';

const off = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: 'length',
  minLength: 0,
  maxLength: 255,
};
const SETTINGS = {
  ...Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off])),
  username: {
    enabled: true,
    required: true,
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    patternId: 'letterFirstAlnum',
    minLength: 4,
    maxLength: 12,
  },
  password: {
    enabled: true,
    required: true,
    acceptedPattern: '^[\\x21-\\x7E]+$',
    patternId: 'password',
    minLength: 6,
    maxLength: 20,
  },
} as RegisterSettings;

const MEMBER = memberFixture({ memberLabel: [{ labelName: 'VIP 1', color: '#fff', bgColor: '#b45309' }] });

beforeEach(async () => {
  await resetBrowser('en');
  saveRemembered(false, { username: '', smsMobile: '' });
});

describe('login', () => {
  it('asks for username and password under the fields before calling the server', async () => {
    const { fetchMock } = mockCalls([]);
    const form = await openLogin();
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findAllByText('Please enter the username and password')).toHaveLength(2);
    expect(sentTo(fetchMock.sent, loginCall)).toEqual([]);
  });

  it('stores the token, closes the popup and shows the avatar menu', async () => {
    const { sent } = mockCalls([stub(loginCall, loginFixture({ token: 'tok-1' })), stub(memberInfoCall, MEMBER)]);
    const form = await openLogin();
    await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('Password'), 'secret12');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Account menu of Rahim' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('memberLabel')).toBe('VIP 1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentTo(sent, loginCall)[0]?.body).toMatchObject({
      username: 'rahim42',
      password: 'secret12',
      type: 'username',
    });
  });

  it('shows the captcha image once the server answers CAPTCHA_REQUIRED', async () => {
    mockCalls([
      stub(loginCall, failure(401, 'CAPTCHA_REQUIRED')),
      stub(captchaCall, { image: 'iVBORw0KGgo=', captchaId: 'c1' }),
    ]);
    const form = await openLogin();
    await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    const img = await within(form).findByRole('img', { name: 'Captcha: type the characters shown' });
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(form).getByLabelText('Captcha')).toBeTruthy();
  });

  it('shows the captcha at once when a failed login carries the captcha flag (spec §4)', async () => {
    mockCalls([
      stub(loginCall, failure(400, 'INVALID_CREDENTIALS', { value: { captcha: true } })),
      stub(captchaCall, { image: 'iVBORw0KGgo=', captchaId: 'c2' }),
    ]);
    const form = await openLogin();
    await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    await within(form).findByRole('img', { name: 'Captcha: type the characters shown' });
    expect(
      within(form).getByText(
        'Incorrect username or password. After too many failed attempts, login is paused for 15 minutes — reset your password to get in sooner.',
      ),
    ).toBeTruthy();
  });

  it('remember-me keeps the username but never the password in cookies or web storage', async () => {
    mockCalls([stub(loginCall, loginFixture({ token: 'tok-2' })), stub(memberInfoCall, MEMBER)]);
    const form = await openLogin();
    await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('Password'), 'S3cret-pass');
    expect(within(form).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    await userEvent.click(within(form).getByLabelText('Remember me'));
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    await screen.findByRole('button', { name: 'Account menu of Rahim' });
    expect(document.cookie).toContain('rahim42');
    const everything = [
      document.cookie,
      ...Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`),
      ...Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k)}`),
    ].join('\n');
    expect(everything).not.toContain('S3cret-pass');
  });

  it("opens the change-password form after logging in with '123456'", async () => {
    mockCalls([stub(loginCall, loginFixture({ token: 'tok-3' })), stub(memberInfoCall, MEMBER)]);
    const form = await openLogin();
    await userEvent.type(within(form).getByLabelText('Username'), 'rahim42');
    await userEvent.type(within(form).getByLabelText('Password'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(sessionStorage.getItem('cpw')).toBe('1');
  });
});

describe('logout', () => {
  it('asks first, then clears the session but merchant and merchantCode', async () => {
    const { sent } = mockCalls([stub(memberInfoCall, MEMBER), stub(logoutCall, null)]);
    sessionStorage.setItem('token', 'tok-4');
    sessionStorage.setItem('account', 'rahim42');
    sessionStorage.setItem('merchantCode', 'khela');
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Rahim' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(sessionStorage.getItem('account')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('khela');
    expect(sentTo(sent, logoutCall)).toHaveLength(1);
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('a 401 clears the session and opens the login popup', async () => {
    mockCalls([stub(memberInfoCall, failure(401, 'UNAUTHORIZED'))]);
    sessionStorage.setItem('token', 'expired');
    renderApp('/');
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
    ui.closeModal();
  });
});

describe('registration', () => {
  it('shows the rule messages under the fields and ＊ on required ones', async () => {
    const { fetchMock } = mockCalls([stub(registerSettingsCall, SETTINGS)]);
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Create account' });
    await userEvent.type(within(form).getByLabelText(/Username/), '4bad');
    await userEvent.type(within(form).getByLabelText(/^＊?Password/), 'secret12');
    await userEvent.type(within(form).getByLabelText(/Confirm password/), 'secret13');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(
      await within(form).findByText('Please enter 4 - 12 characters: start with a letter, then letters and numbers'),
    ).toBeTruthy();
    expect(within(form).getByText('Incorrect confirmation input')).toBeTruthy();
    expect(within(form).getByText('Please agree to the terms and conditions')).toBeTruthy();
    expect(sentTo(fetchMock.sent, registerCall)).toEqual([]);
  });

  it('draws the required mark, hidden from screen readers, and tells them through aria-required', async () => {
    const withEmail = { ...SETTINGS, email: { ...off, enabled: true } };
    mockCalls([stub(registerSettingsCall, withEmail)]);
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Create account' });
    const username = within(form).getByLabelText('Username');
    expect(username.getAttribute('aria-required')).toBe('true');
    const label = form.querySelector(`label[for="${username.id}"]`) as HTMLLabelElement;
    // No U+FF0A character: the Bengali webfont has no glyph for it, so it is drawn.
    expect(label.textContent).toBe('Username');
    const mark = label.querySelector('svg.auth-required');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    expect(form.textContent).not.toContain('＊');
    // An optional field has neither the mark nor aria-required.
    const email = within(form).getByLabelText('Email');
    expect(email.getAttribute('aria-required')).toBeNull();
    expect(form.querySelector(`label[for="${email.id}"] svg`)).toBeNull();
  });

  it('shows the country code the optional mobile number is read with, as the SMS fields do', async () => {
    mockCalls([stub(registerSettingsCall, { ...SETTINGS, mobileNum: { ...off, enabled: true } })]);
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Create account' });
    expect(within(form).getByLabelText('Mobile number')).toBeTruthy();
    expect((within(form).getByLabelText('Country code') as HTMLInputElement).value).toBe('+880');
  });

  it('registers with the payload additions, logs in and shows the success popup', async () => {
    const { sent } = mockCalls([
      stub(registerSettingsCall, SETTINGS),
      stub(registerCall, loginFixture({ token: 'tok-5', firstTimeLogin: true })),
      stub(memberInfoCall, MEMBER),
    ]);
    renderApp('/register?referralCode=FRIEND1');
    const form = await screen.findByRole('form', { name: 'Create account' });
    await userEvent.type(within(form).getByLabelText(/Username/), 'rahim42');
    await userEvent.type(within(form).getByLabelText(/^＊?Password/), 'secret12');
    await userEvent.type(within(form).getByLabelText(/Confirm password/), 'secret12');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome!' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBe('tok-5');
    expect(sentTo(sent, registerCall)[0]?.body).toMatchObject({
      username: 'rahim42',
      referralCode: 'FRIEND1',
      registerMethod: 'WEB',
      login: true,
      domain: 'localhost',
    });
    expect(window.location.pathname).toBe('/');
  });
});
