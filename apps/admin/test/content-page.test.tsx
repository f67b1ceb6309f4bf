import {
  contentAnnouncementsCall,
  contentAnnouncementUpdateCall,
  contentBannerOrderCall,
  contentBannersCall,
  staffMeCall,
} from '@khela/contract/endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, fakeServer, renderApp, STAFF_ME } from './render';

const notice = (id: number, en: string, o: Record<string, unknown> = {}) => ({
  id,
  version: 3,
  type: 'PL',
  title: { bn: `${en} (বাংলা)`, en },
  content: { bn: '<p>বাংলা লেখা</p>', en: `<p>${en} text</p>` },
  popup: false,
  active: true,
  startsAt: '2026-11-26T04:00:00.000Z',
  endsAt: null,
  ...o,
});

const banner = (id: number, en: string) => ({
  id,
  version: 1,
  groupName: 'w_home',
  imageUrl: 'https://cdn.example/b.png',
  title: { bn: `${en} বাংলা`, en },
  linkageType: 'none',
  linkageValue: '',
  sort: id,
  active: true,
  startsAt: null,
  endsAt: null,
});

function server(onUpdate: (body: unknown) => Answer = (b) => ({ value: b }), me = STAFF_ME) {
  return fakeServer((r) => {
    if (r.path === staffMeCall.path) return { value: me };
    if (r.path === contentAnnouncementsCall.path)
      return { value: [notice(1, 'Cup final'), notice(2, 'Maintenance', { active: false })] };
    if (r.path === contentBannersCall.path) return { value: [banner(1, 'First'), banner(2, 'Second')] };
    if (r.path === contentBannerOrderCall.path) return { value: [banner(2, 'Second'), banner(1, 'First')] };
    if (r.method === 'PUT' && r.path.startsWith(`${contentAnnouncementsCall.path}/`)) return onUpdate(r.body);
    return { status: 404, code: 'NOT_FOUND' };
  });
}

describe('the Content screen', () => {
  it('lists announcements and switches one off with the version it read', async () => {
    const requests = server((b) => ({ value: { ...notice(1, 'Cup final'), ...(b as object), version: 4 } }));
    await renderApp('/content/announcements', { loggedIn: true });
    const row = (await screen.findByRole('cell', { name: 'Cup final' })).closest('tr') as HTMLElement;
    const toggle = within(row).getByRole('switch', { name: 'Show Cup final on the site' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.setup().click(toggle);
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(contentAnnouncementUpdateCall.path.replace(':id', '1'));
    expect(put?.body).toMatchObject({ active: false, version: 3, title: { en: 'Cup final' } });
    expect(screen.getByRole('switch', { name: 'Show Maintenance on the site' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('edits a title per language and saves it; the editor loads with its toolbar', async () => {
    const requests = server((b) => ({ value: { ...notice(1, 'x'), ...(b as object), version: 4 } }));
    await renderApp('/content/announcements?edit=1', { loggedIn: true });
    const user = userEvent.setup();
    expect(await screen.findByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'English' }));
    const title = screen.getByLabelText('Title · English');
    await user.clear(title);
    await user.type(title, 'Cup final tonight');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Cup final tonight')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ version: 3, title: { en: 'Cup final tonight', bn: 'Cup final (বাংলা)' } });
  });

  it('says a stale save plainly and puts a server field error on its language tab', async () => {
    let answer: Answer = { status: 409, code: 'STALE_EDIT' };
    server(() => answer);
    await renderApp('/content/announcements?edit=1', { loggedIn: true, lang: 'bn' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await screen.findByText(/অন্য কেউ আগেই এটি সংরক্ষণ করেছেন/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'সংরক্ষিত সংস্করণটি খুলুন' })).toBeTruthy();

    answer = { status: 400, code: 'VALIDATION_FAILED', fieldErrors: { 'title.en': 'validation.required' } };
    await user.click(screen.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await screen.findByText('এই ঘরটি পূরণ করুন')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'ইংরেজি (English)' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves a banner down by sending the new order', async () => {
    const requests = server();
    await renderApp('/content/banners', { loggedIn: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move First down' }));
    expect(requests.find((r) => r.path === contentBannerOrderCall.path)?.body).toEqual({ ids: [2, 1] });
  });

  it('shows a reader the lists without a way to change them', async () => {
    server(undefined, { ...STAFF_ME, roles: ['support'], permissions: ['content.read'] });
    await renderApp('/content/announcements', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Cup final' });
    expect(screen.queryByRole('button', { name: 'Add an announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((screen.getAllByRole('switch')[0] as HTMLButtonElement).disabled).toBe(true);
  });
});
