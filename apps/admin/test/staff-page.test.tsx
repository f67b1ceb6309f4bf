import {
  staffAddressesCall,
  staffAddressesEditCall,
  staffContactCall,
  staffCreateCall,
  staffDisableCall,
  staffListCall,
  staffMeCall,
  staffResetCall,
} from '@khela/contract/endpoints';
import { PERMISSIONS } from '@khela/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const staff = (id: number, username: string, o: Record<string, unknown> = {}) => ({
  id,
  username,
  roles: ['support'],
  status: 'active',
  totpEnrolled: true,
  lastLoginAt: '2026-11-26T03:00:00.000Z',
  linkedMemberIds: [],
  mobile: null,
  email: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'staff:7',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...o,
});

const AUDITOR = { ...STAFF_ME, roles: ['auditor'], permissions: PERMISSIONS.filter((p) => p.endsWith('.read')) };

function server(me = STAFF_ME) {
  let list = [
    staff(7, 'rahima', { roles: ['owner'] }),
    staff(8, 'karim', { mobile: '+8801711223344', linkedMemberIds: [1042] }),
    staff(9, 'nadia', { status: 'setup', totpEnrolled: false, lastLoginAt: null }),
  ];
  const requests = fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === staffListCall.path && r.method === 'GET') {
      const status = r.query.get('status');
      return { value: status ? list.filter((s) => s.status === status) : list };
    }
    if (r.path === staffCreateCall.path) {
      const body = r.body as { username: string };
      if (body.username === 'karim')
        return { status: 409, code: 'ACCOUNT_EXISTS', fieldErrors: { username: 'validation.accountTaken' } };
      const made = staff(10, body.username, { status: 'setup', totpEnrolled: false, lastLoginAt: null });
      list = [...list, made];
      return { value: { staff: made, setupLink: 'https://bo.example/admin/setup/tok-new', expiresHours: 24 } };
    }
    if (r.path === staffDisableCall.path.replace(':id', '8')) {
      list = list.map((s) => (s.id === 8 ? { ...s, status: 'disabled' } : s));
      return { value: list[1] };
    }
    if (r.path === staffResetCall.path.replace(':id', '8'))
      return { value: { staff: list[1], setupLink: 'https://bo.example/admin/setup/tok-reset', expiresHours: 24 } };
    if (r.path === staffContactCall.path.replace(':id', '8')) return { status: 409, code: 'STALE_EDIT' };
    if (r.path === staffAddressesCall.path && r.method === 'GET') return { value: { addresses: ['10.0.0.0/8'] } };
    if (r.path === staffAddressesEditCall.path)
      return { value: { addresses: (r.body as { addresses: string[] }).addresses } };
    return { status: 404, code: 'NOT_FOUND' };
  });
  return requests;
}

const rowOf = async (username: string) =>
  (await screen.findByText(username, { selector: 'strong' })).closest('tr') as HTMLElement;

describe('the staff screen', () => {
  it('lists staff with roles, status, two-factor and last login in the brand zone', async () => {
    server();
    await renderApp('/staff', { loggedIn: true });
    const table = await screen.findByRole('region', { name: 'Staff' });
    const karim = await rowOf('karim');
    expect(within(karim).getByText('Support')).toBeTruthy();
    expect(within(karim).getByText('Active')).toBeTruthy();
    expect(within(karim).getByText('Enrolled')).toBeTruthy();
    // 03:00 UTC is 09:00 in Dhaka.
    expect(within(karim).getByText('2026-11-26 09:00:00')).toBeTruthy();
    expect(within(karim).getByText('2 linked')).toBeTruthy();
    const nadia = await rowOf('nadia');
    expect(within(nadia).getByText('Setting up')).toBeTruthy();
    expect(within(nadia).getByText('Never')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('creates a staff member, puts a taken username on its field, and shows the one-time link', async () => {
    const requests = server();
    await renderApp('/staff', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff member' });
    // Nothing is sent before the form holds a role and a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Create and get the link' }));
    expect(await within(dialog).findByText('Choose at least one role')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Username'), 'karim');
    await user.click(within(dialog).getByLabelText('Finance'));
    await user.type(within(dialog).getByLabelText('Declared linked player ids'), '১০৪২, 2210');
    await user.type(within(dialog).getByLabelText('Reason'), 'new cashier');
    await user.click(within(dialog).getByRole('button', { name: 'Create and get the link' }));
    expect(await within(dialog).findByText('This username is taken')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && r.path === staffCreateCall.path);
    expect(sent?.body).toMatchObject({ username: 'karim', roles: ['finance'], linkedMemberIds: [1042, 2210] });

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'shapla');
    await user.click(within(dialog).getByRole('button', { name: 'Create and get the link' }));
    const done = await screen.findByRole('dialog', { name: 'Staff member created' });
    expect(within(done).getByTestId('one-time-link').textContent).toBe('https://bo.example/admin/setup/tok-new');
    expect(within(done).getByText(/valid for 24 hours/)).toBeTruthy();
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await rowOf('shapla')).toBeTruthy();
  });

  it('shows a reset link once, asks before disabling and sends the reasons', async () => {
    const requests = server();
    await renderApp('/staff', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(within(await rowOf('karim')).getByRole('button', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Reset login' }));
    const reset = await screen.findByRole('dialog', { name: "Reset karim's login?" });
    await user.click(within(reset).getByLabelText('The two-factor phone'));
    await user.type(within(reset).getByLabelText('Reason'), 'lost phone');
    await user.click(within(reset).getByRole('button', { name: 'Reset login' }));
    const link = await screen.findByRole('dialog', { name: 'New set-up link' });
    expect(within(link).getByTestId('one-time-link').textContent).toBe('https://bo.example/admin/setup/tok-reset');
    expect(requests.find((r) => r.path.endsWith('/8/reset'))?.body).toEqual({ kind: 'totp', reason: 'lost phone' });
    await user.click(within(link).getByRole('button', { name: 'Done' }));
    // A disabled account has nothing to reset: only enabling it again is offered.
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable karim?' });
    expect(within(confirm).getByText(/logged out everywhere at once/)).toBeTruthy();
    await user.type(within(confirm).getByLabelText('Reason'), 'left the company');
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await within(await rowOf('karim')).findByText('Disabled')).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/8/disable'))?.body).toEqual({ reason: 'left the company' });

    expect(screen.queryByRole('button', { name: 'Reset login' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it("refuses a stale edit of a staff member's linked players with the server's words", async () => {
    const requests = server();
    await renderApp('/staff', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(within(await rowOf('karim')).getByRole('button', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Linked players' }));
    const dialog = await screen.findByRole('dialog', { name: 'Linked players of karim' });
    expect((within(dialog).getByLabelText('Own mobile number') as HTMLInputElement).value).toBe('+8801711223344');
    await user.type(within(dialog).getByLabelText('Own email'), 'karim@example.com');
    await user.type(within(dialog).getByLabelText('Reason'), 'declared');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else saved this first/)).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/8/contact'))?.body).toMatchObject({
      email: 'karim@example.com',
      updatedAt: '2026-11-25T10:00:00.000Z',
    });
  });

  it('shows an auditor the staff without a single write button', async () => {
    server(AUDITOR);
    await renderApp('/staff', { loggedIn: true });
    await openDetails();
    expect(screen.queryByRole('button', { name: 'New staff member' })).toBeNull();
    for (const name of ['Change roles', 'Linked players', 'Disable', 'Reset login'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText('+8801711223344')).toBeTruthy();
  });

  it('checks the allowed addresses before sending and warns about locking oneself out', async () => {
    const requests = server();
    await renderApp('/staff/addresses', { loggedIn: true, lang: 'en' });
    expect(await screen.findByText(/or you lock yourself out/)).toBeTruthy();
    const field = screen.getByLabelText('Addresses and networks');
    expect((field as HTMLTextAreaElement).value).toBe('10.0.0.0/8');
    const user = userEvent.setup();
    await user.type(field, '\n203.0.113.7\n2001:db8::/48\n300.1.1.1\n10.0.0.0/40');
    await user.type(screen.getByLabelText('Reason'), 'new office');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    expect(await screen.findByText('Not an address or a network: 300.1.1.1, 10.0.0.0/40')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '10.0.0.0/8\n2001:db8::/48');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    expect(await screen.findByText(/The list is saved/)).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.path === staffAddressesEditCall.path)?.body).toEqual({
      addresses: ['10.0.0.0/8', '2001:db8::/48'],
      reason: 'new office',
    });
  });

  it('writes the staff screen in Bengali with Bengali digits', async () => {
    server();
    await renderApp('/staff', { loggedIn: true, lang: 'bn' });
    expect(await screen.findByRole('heading', { name: 'স্টাফ' })).toBeTruthy();
    const karim = await rowOf('karim');
    expect(within(karim).getByText('২০২৬-১১-২৬ ০৯:০০:০০')).toBeTruthy();
    expect(within(karim).getByText('সক্রিয়')).toBeTruthy();
  });
});

async function openDetails() {
  const user = userEvent.setup();
  await user.click(within(await rowOf('karim')).getByRole('button', { name: 'Details' }));
}
