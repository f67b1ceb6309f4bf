import { catalogGamesCall, catalogRotateSecretCall, catalogVendorsCall, staffMeCall } from '@khela/contract/endpoints';
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

function server() {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: STAFF_ME };
    if (r.path === catalogVendorsCall.path) return { value: [vendor(1, 'NKR', 'stored'), vendor(2, 'LTS', 'env')] };
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
});
