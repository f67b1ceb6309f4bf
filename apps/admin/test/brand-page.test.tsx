import { REGISTER_FIELDS } from '@khela/contract/constants';
import { brandSaveCall, brandSettingsCall, staffMeCall } from '@khela/contract/endpoints';
import type { BrandSettings } from '@khela/contract/staff-brand';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { instantOf, localInput } from '../src/features/brand/brand-form';
import { fakeServer, renderApp, STAFF_ME } from './render';

const rule = { enabled: false, required: false, patternId: 'length', minLength: 0, maxLength: 255 };

const SETTINGS: BrandSettings = {
  version: 3,
  updatedAt: '2026-11-26T04:15:00.000Z',
  updatedBy: 'staff:7',
  merchantCode: 'khela',
  domains: ['localhost'],
  currencyLocked: true,
  name: 'Khela',
  toggles: {
    DIRECTREG3: true,
    MOBILEVERCODELOGIN3: true,
    CBS3: true,
    MOBILENUMREG3: true,
    REGMOBVERF3: false,
    MOBILENUMPASSREG3: true,
    FREEPLAY3: true,
    PWDEXPFORCECHANGE3: true,
  },
  loggedInToHomePage: true,
  newIpCheck: false,
  passwordMaxAgeDays: null,
  registerRules: Object.fromEntries(
    REGISTER_FIELDS.map((f) => [f, f === 'username' ? { ...rule, enabled: true, required: true } : rule]),
  ) as BrandSettings['registerRules'],
  chatHeaderColor: '#0f6b45',
  gtagId: null,
  imageCDNs: [],
  launchGameCDNs: [],
  mirrors: ['khela-mirror1.example'],
  languages: ['bn', 'en'],
  defaultLanguage: 'bn',
  currency: 'BDT',
  currencySymbol: '৳',
  currencyDecimals: 2,
  allowCountries: [],
  denyCountries: [],
  mobileDialingCodes: ['+880'],
  maintenanceStart: null,
  maintenanceEnd: null,
  providerWinRatioCap: 100000,
  providerWinAmountCap: '100000000.00',
  adjustFourEyes: '10000.00',
  smsDailyBudget: 5000,
};

function server(save: (body: Record<string, unknown>) => ReturnType<Parameters<typeof fakeServer>[0]>, me = STAFF_ME) {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === brandSettingsCall.path && r.method === 'GET') return { value: SETTINGS };
    if (r.path === brandSaveCall.path) return save(r.body as Record<string, unknown>);
    return { status: 404, code: 'NOT_FOUND' };
  });
}

describe('the Brand screen', () => {
  it('turns a registration toggle off and saves it after a summary of the changes', async () => {
    const requests = server((body) => ({
      value: {
        settings: { ...SETTINGS, version: 4, toggles: body.toggles },
        changed: ['toggles'],
      },
    }));
    await renderApp('/brand', { loggedIn: true });
    const user = userEvent.setup();
    const toggle = await screen.findByLabelText('Registration with a mobile number');
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these changes?' });
    expect(within(dialog).getByText('Registration & login switches')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Why (optional, kept in the audit log)'), 'no SMS gateway yet');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: 1 setting(s) changed.')).toBeTruthy();
    const sent = requests.find((r) => r.path === brandSaveCall.path && r.method === 'PUT');
    expect(sent?.method).toBe('PUT');
    expect(sent?.body).toMatchObject({
      version: 3,
      reason: 'no SMS gateway yet',
      toggles: { MOBILENUMREG3: false, DIRECTREG3: true },
      mirrors: ['khela-mirror1.example'],
      mobileDialingCodes: ['+880'],
      providerWinRatioCap: 100000,
      maintenanceStart: null,
      gtagId: null,
    });
  });

  it('says plainly when someone else saved first, and offers to reload', async () => {
    server(() => ({ status: 409, code: 'STALE_EDIT' }));
    await renderApp('/brand', { loggedIn: true });
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Brand name'));
    await user.type(screen.getByLabelText('Brand name'), 'Khela BD');
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Someone else saved this first. Reload to see their changes, then make yours again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the settings' })).toBeTruthy();
  });

  it("checks fields before sending and puts the server's field errors under their fields, in Bengali", async () => {
    const requests = server(() => ({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: { denyCountries: 'brand.invalid.countryBoth' },
    }));
    await renderApp('/brand', { loggedIn: true, lang: 'bn' });
    const user = userEvent.setup();
    const color = await screen.findByLabelText('চ্যাটের শিরোনামের রং');
    await user.clear(color);
    await user.type(color, 'লাল');
    await user.click(screen.getByRole('button', { name: 'দেখে নিয়ে সংরক্ষণ করুন' }));
    expect(await screen.findByText('ঠিকভাবে লিখুন')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(color);
    await user.type(color, '#112233');
    await user.type(screen.getByLabelText('নিষিদ্ধ দেশ'), 'BD');
    await user.click(screen.getByRole('button', { name: 'দেখে নিয়ে সংরক্ষণ করুন' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await screen.findByText('একটি দেশ একসঙ্গে অনুমোদিত ও নিষিদ্ধ হতে পারে না')).toBeTruthy();
  });

  it('is read-only for staff without brand.write, and keeps the currency read-only once money moved', async () => {
    server(() => ({ value: null }), {
      ...STAFF_ME,
      roles: ['content'],
      permissions: STAFF_ME.permissions.filter((p) => p !== 'brand.write'),
    });
    await renderApp('/brand', { loggedIn: true });
    expect(
      await screen.findByText('You can read these settings; changing them needs the brand.write permission.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Registration with a mobile number').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Review and save' })).toBeNull();
    expect((screen.getByLabelText('Currency') as HTMLInputElement).readOnly).toBe(true);
  });
});

describe("the Brand form's maintenance times", () => {
  it('reads and writes them in the brand zone (Asia/Dhaka is UTC+6)', () => {
    expect(localInput('2026-12-01T04:00:00.000Z', 'Asia/Dhaka')).toBe('2026-12-01T10:00');
    expect(instantOf('Asia/Dhaka')('2026-12-01T10:00')).toBe('2026-12-01T04:00:00.000Z');
    expect(instantOf('Asia/Dhaka')('')).toBeNull();
  });
});
