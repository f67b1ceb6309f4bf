import { staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from './render';

const ENROLMENT = {
  username: 'rahima',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUri:
    'otpauth://totp/khela%20back%20office:rahima?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=khela%20back%20office',
};
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-NP${String.fromCharCode(65 + i)}Q`);

describe('the set-up page', () => {
  it('takes a new staff member from the link through password, authenticator and recovery codes', async () => {
    const requests = fakeServer((r) => {
      if (r.path === staffSetupPasswordCall.path) return { value: ENROLMENT };
      if (r.path === staffSetupConfirmCall.path) return { value: { recoveryCodes: CODES } };
      return { status: 404, code: 'NOT_FOUND' };
    });
    const { router } = await renderApp('/setup/tok-123');
    const user = userEvent.setup();
    // The rules come from the contract's schema.
    expect(await screen.findByText('At least 12 and at most 128 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'Quiet-Harbour-Lantern-42');
    await user.type(screen.getByLabelText('Type the password again'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('data-value')).toBe(ENROLMENT.otpauthUri);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.type(screen.getByLabelText('Code shown in the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    const finish = screen.getByRole('button', { name: 'Go to the login page' });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I have saved them'));
    await user.click(finish);
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(/Your account is ready/)).toBeTruthy();
    expect(requests.map((r) => r.body)).toEqual([
      { token: 'tok-123', password: 'Quiet-Harbour-Lantern-42' },
      { token: 'tok-123', code: '654321' },
    ]);
  });

  it('checks the password before sending it and puts the server’s verdict on the field, translated', async () => {
    const requests = fakeServer(() => ({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: { password: 'validation.breachedPassword' },
    }));
    await renderApp('/setup/tok-123', { lang: 'bn' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('নতুন পাসওয়ার্ড'), 'short');
    await user.type(screen.getByLabelText('পাসওয়ার্ডটি আবার লিখুন'), 'other');
    await user.click(screen.getByRole('button', { name: 'পাসওয়ার্ড ঠিক করুন' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['কমপক্ষে ১২ অক্ষর লাগবে', 'দুটি পাসওয়ার্ড মিলছে না']);
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('নতুন পাসওয়ার্ড'));
    await user.type(screen.getByLabelText('নতুন পাসওয়ার্ড'), 'password1234');
    await user.clear(screen.getByLabelText('পাসওয়ার্ডটি আবার লিখুন'));
    await user.type(screen.getByLabelText('পাসওয়ার্ডটি আবার লিখুন'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'পাসওয়ার্ড ঠিক করুন' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/ফাঁস হওয়া পাসওয়ার্ডের তালিকায়/);
    expect(screen.getByLabelText('নতুন পাসওয়ার্ড').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a wrong first code on the code field', async () => {
    fakeServer((r) =>
      r.path === staffSetupPasswordCall.path ? { value: ENROLMENT } : { status: 400, code: 'TOTP_INVALID' },
    );
    await renderApp('/setup/tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Quiet-Harbour-Lantern-42');
    await user.type(screen.getByLabelText('Type the password again'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    await user.type(await screen.findByLabelText('Code shown in the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The code is wrong, too old or already used/);
  });

  it('says when the link is spent or expired, with the way to the login page', async () => {
    fakeServer(() => ({ status: 400, code: 'SETUP_LINK_INVALID' }));
    await renderApp('/setup/used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Quiet-Harbour-Lantern-42');
    await user.type(screen.getByLabelText('Type the password again'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toBeTruthy();
  });
});
