import {
  catalogGamesCall,
  catalogInhouseCall,
  catalogRotateSecretCall,
  catalogVendorsCall,
  staffMeCall,
} from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, STAFF_ME } from './render';

const vendor = (id: number, code: string, source: 'env' | 'stored' | 'none') => ({
  id,
  vassalage: code,
  category: 'RNG',
  name: code,
  names: { en: `${code} Games`, bn: `${code} গেমস` },
  icon: null,
  isHot: false,
  enabled: true,
  maintenance: false,
  sort: id,
  launchUrl: null,
  launchUrl2: null,
  gameCount: 4,
  version: 2,
  secret: { source, rotatedAt: null, previousUntil: null },
});

const game = (id: number) => ({
  id,
  vendorId: 1,
  vassalage: 'NKR',
  code: `NKR-${id}`,
  names: { en: `Tiger ${id}`, bn: `বাঘ ${id}` },
  icon: null,
  isHot: false,
  enabled: true,
  sort: id,
  version: 1,
});

function server(me: object = STAFF_ME) {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === catalogVendorsCall.path && r.method === 'POST') {
      const body = r.body as { vassalage: string };
      if (body.vassalage === 'NKR')
        return { status: 400, code: 'VALIDATION_FAILED', fieldErrors: { vassalage: 'validation.taken' } };
      return { value: { vendor: vendor(3, body.vassalage, 'stored'), secret: 'first-secret-of-the-new-vendor' } };
    }
    if (r.path === catalogInhouseCall.path)
      return { value: { vendorAdded: true, added: ['slot', 'crash', 'dice'], games: ['slot', 'crash', 'dice'] } };
    if (r.path === catalogVendorsCall.path) return { value: [vendor(1, 'NKR', 'stored'), vendor(2, 'LTS', 'env')] };
    if (r.path === catalogGamesCall.path && r.method === 'POST') return { value: game(9) };
    if (r.path === catalogGamesCall.path) {
      const page = Number(r.query.get('page') ?? 1);
      return { value: { list: page === 1 ? [game(1), game(2)] : [game(3)], total: 3 } };
    }
    if (r.path === catalogRotateSecretCall.path.replace(':id', '1'))
      return {
        value: {
          secret: 'fresh-secret-value-0123456789',
          previousUntil: '2026-11-27T06:00:00.000Z',
          rotatedAt: '2026-11-26T06:00:00.000Z',
        },
      };
    if (r.method === 'PUT') return { value: { ...vendor(1, 'NKR', 'stored'), ...(r.body as object) } };
    return { status: 404, code: 'NOT_FOUND' };
  });
}

describe('the Catalog screen', () => {
  it('offers rotation only for a stored secret, and shows the new one once with the overlap end', async () => {
    const requests = server();
    await renderApp('/catalog/vendors', { loggedIn: true });
    const env = (await screen.findByRole('cell', { name: 'LTS Games LTS' })).closest('tr') as HTMLElement;
    expect(within(env).getByText('Set by the server (read-only)')).toBeTruthy();
    expect(within(env).queryByRole('button', { name: /Rotate secret/ })).toBeNull();

    const user = userEvent.setup();
    const stored = screen.getByRole('cell', { name: 'NKR Games NKR' }).closest('tr') as HTMLElement;
    await user.click(within(stored).getByRole('button', { name: /Rotate secret/ }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the signing secret of NKR Games' });
    const make = within(dialog).getByRole('button', { name: 'Make a new secret' }) as HTMLButtonElement;
    expect(make.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'yearly rotation');
    await user.click(make);
    expect(await within(dialog).findByText('fresh-secret-value-0123456789')).toBeTruthy();
    expect(within(dialog).getByText('The old secret is accepted until 2026-11-27 12:00:00 (Asia/Dhaka).')).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/secret'))?.body).toEqual({
      overlapMinutes: 1440,
      reason: 'yearly rotation',
    });
  });

  it('switches a vendor into maintenance with the version it read', async () => {
    const requests = server();
    await renderApp('/catalog/vendors', { loggedIn: true });
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'NKR Games under maintenance' }));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      maintenance: true,
      version: 2,
      enabled: true,
    });
  });

  it('pages the games from the server and filters by vendor', async () => {
    const requests = server();
    await renderApp('/catalog/games?pageSize=25', { loggedIn: true, lang: 'bn' });
    expect(await screen.findByText('বাঘ 1')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('ভেন্ডর'), '1');
    await user.click(screen.getByRole('button', { name: 'ফিল্টার করুন' }));
    const last = requests.filter((r) => r.path === catalogGamesCall.path).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toMatchObject({ vendorId: '1', page: '1' });
  });

  it('adds a vendor: a taken code is shown on its field, then the new secret is shown once', async () => {
    const requests = server();
    await renderApp('/catalog/vendors', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add vendor' }));
    const form = screen.getByRole('form', { name: 'Add a vendor' });
    await user.type(within(form).getByLabelText('Vendor code'), 'nkr');
    await user.selectOptions(within(form).getByLabelText('Category'), 'FISH');
    await user.type(within(form).getByLabelText('Name · English'), 'River Games');
    await user.type(within(form).getByLabelText('Launch address'), 'https://river.example/play?t={{token}');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('There is one of these already; edit that one instead')).toBeTruthy();
    const code = within(form).getByLabelText('Vendor code');
    await user.clear(code);
    await user.type(code, 'rvg');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'The signing secret of RVG' });
    expect(within(dialog).getByText('first-secret-of-the-new-vendor')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      vassalage: 'RVG',
      category: 'FISH',
      names: { en: 'River Games' },
      launchUrl: 'https://river.example/play?t={token}',
      walletAccount: true,
    });
  });

  it('offers the in-house games when the brand lacks them, and says what it added', async () => {
    const requests = server();
    await renderApp('/catalog/vendors', { loggedIn: true, lang: 'bn' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ইন-হাউস গেম যোগ করুন' }));
    expect(await screen.findByText('ইন-হাউস গেম যোগ হয়েছে: ৩টি। এখন লবিতে দেখা যাচ্ছে।')).toBeTruthy();
    expect(requests.some((r) => r.path === catalogInhouseCall.path && r.method === 'POST')).toBe(true);
  });

  it('adds no button for a read-only role', async () => {
    server({ ...STAFF_ME, permissions: STAFF_ME.permissions.filter((p) => p !== 'catalog.write') });
    await renderApp('/catalog/vendors', { loggedIn: true });
    await screen.findByRole('cell', { name: 'NKR Games NKR' });
    expect(screen.queryByRole('button', { name: 'Add vendor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add the in-house games' })).toBeNull();
  });

  it('adds a game under the chosen vendor', async () => {
    const requests = server();
    await renderApp('/catalog/games', { loggedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add game' }));
    const form = screen.getByRole('form', { name: 'Add a game' });
    await user.selectOptions(within(form).getByLabelText('Vendor'), '2');
    await user.type(within(form).getByLabelText('Game code'), 'LTS-RIVER');
    await user.type(within(form).getByLabelText('Name · Bengali'), 'নদীর ভাগ্য');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Add game' });
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      vendorId: 2,
      code: 'LTS-RIVER',
      names: { bn: 'নদীর ভাগ্য' },
      enabled: true,
    });
  });
});
