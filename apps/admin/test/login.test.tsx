import { staffLoginCall, staffMeCall, staffVerifyCall } from '@khela/contract/endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../src/lib/session';
import { fakeServer, renderApp, STAFF_ME } from './render';

const CHALLENGE = { challenge: 'c-1', expiresInSeconds: 300 };
const SESSION = { token: 't-1', idleSeconds: 900, expiresAt: '2026-11-26T18:00:00Z', recoveryCodesLeft: 10 };

describe('the login page', () => {
  it('logs in with the password, then a TOTP code typed in Bengali digits, and opens the shell', async () => {
    const requests = fakeServer((r) => {
      if (r.path === staffLoginCall.path) return { value: CHALLENGE };
      if (r.path === staffVerifyCall.path) return { value: SESSION };
      if (r.path === staffMeCall.path) return { value: STAFF_ME };
      return { status: 404, code: 'NOT_FOUND' };
    });
    const { router } = await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'rahima');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Code from the app'), '১২৩৪৫৬');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(requests.find((r) => r.path === staffVerifyCall.path)?.body).toEqual({ challenge: 'c-1', code: '123456' });
    expect(requests.find((r) => r.path === staffMeCall.path)?.auth).toBe('Bearer t-1');
  });

  it('says a wrong password in words and keeps the staff member on the first step', async () => {
    fakeServer(() => ({ status: 400, code: 'INVALID_CREDENTIALS' }));
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'rahima');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
  });

  it('translates the throttle and the lock, in Bengali too', async () => {
    fakeServer((r) =>
      r.path === staffLoginCall.path ? { value: CHALLENGE } : { status: 403, code: 'ACCOUNT_LOCKED' },
    );
    await renderApp('/login', { lang: 'bn' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ইউজারনেম'), 'rahima');
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'পরের ধাপ' }));
    await user.type(await screen.findByLabelText('অ্যাপের কোড'), '123456');
    await user.click(screen.getByRole('button', { name: 'লগ ইন' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/অ্যাকাউন্টটি কিছুক্ষণের জন্য আটকে/);

    fakeServer(() => ({ status: 429, code: 'TOO_MANY_REQUESTS' }));
    await user.click(screen.getByRole('button', { name: 'লগ ইন' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/খুব বেশিবার চেষ্টা/));
  });

  it('takes a recovery code instead, and says when it was refused', async () => {
    const requests = fakeServer((r) => {
      if (r.path === staffLoginCall.path) return { value: CHALLENGE };
      return { status: 400, code: 'TOTP_INVALID' };
    });
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'rahima');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'No phone at hand? Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is wrong or has been used already.');
    expect(requests.at(-1)?.body).toEqual({ challenge: 'c-1', recoveryCode: 'ABCD-EFGH-JKLM-NPQR' });
  });

  it('refuses empty fields before anything is sent', async () => {
    const requests = fakeServer(() => ({ value: CHALLENGE }));
    await renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Fill in this field',
      'Fill in this field',
    ]);
    expect(requests).toHaveLength(0);
  });

  it('returns to login with "your session ended" when a call is answered 401', async () => {
    fakeServer((r) => (r.path === staffMeCall.path ? { status: 401, code: 'UNAUTHORIZED' } : { value: [] }));
    const { router } = await renderApp('/audit', { loggedIn: true });
    expect(await screen.findByText('Your session ended. Please log in again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('admin.token')).toBeNull();
    // Ending again without a session does nothing more.
    sessionEnded();
  });
});
