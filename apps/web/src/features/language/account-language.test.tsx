import { type Sent, stub } from '@khela/client/testing';
import { memberInfoCall, updateLanguageCall } from '@khela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser } from '../../../test/render';
import { syncAccountLanguage } from '../../lib/account-language';
import { applyBrandLanguage } from './brand-language';

/** The avatar menu is a lazy chunk: its first load in a test run takes a while. */
const avatarMenu = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });

/** Every call to the account's language, whatever its method: none may go unseen. */
const languageCalls = (sent: readonly Sent[]) => sent.filter((c) => c.path === updateLanguageCall.path);

const keepLanguage = stub(updateLanguageCall, (sent) => sent.body as { language: string });

beforeEach(async () => {
  await resetBrowser('bn');
});

describe('language kept on the account', () => {
  it('a fresh browser (no language chosen) switches to the language of the account after login', async () => {
    localStorage.removeItem('lang');
    sessionStorage.setItem('token', 'tok-1');
    const { fetchMock } = mockCalls([stub(memberInfoCall, memberFixture({ language: 'en' }))]);
    renderApp('/');
    expect(await avatarMenu('Account menu of Rahim')).toBeTruthy();
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // Nothing to tell the server: it told us.
    expect(languageCalls(fetchMock.sent)).toEqual([]);
  });

  it('a language chosen in this browser stays, and logging in does not change the account', async () => {
    localStorage.setItem('lang', 'bn');
    sessionStorage.setItem('token', 'tok-1');
    const { fetchMock } = mockCalls([stub(memberInfoCall, memberFixture({ language: 'en' })), keepLanguage]);
    renderApp('/');
    await avatarMenu('Rahim-এর অ্যাকাউন্ট মেনু');
    // The page made this decision once member info arrived; making it again with the same
    // account language and the brand's list resolves only after any switch it would make.
    await syncAccountLanguage('en', ['bn', 'en']);
    expect(i18next.language).toBe('bn');
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(languageCalls(fetchMock.sent)).toEqual([]);
  });

  it('an account language the brand does not offer is ignored', async () => {
    localStorage.removeItem('lang');
    sessionStorage.setItem('token', 'tok-1');
    mockCalls([stub(memberInfoCall, memberFixture({ language: 'vi' }))]);
    renderApp('/');
    await avatarMenu('Rahim-এর অ্যাকাউন্ট মেনু');
    expect(i18next.language).toBe('bn');
    expect(localStorage.getItem('lang')).toBeNull();
  });

  it('switching the language while logged in tells the server', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const { fetchMock } = mockCalls([stub(memberInfoCall, memberFixture({ language: 'bn' })), keepLanguage]);
    renderApp('/');
    const header = await screen.findByRole('banner');
    await avatarMenu('Rahim-এর অ্যাকাউন্ট মেনু');
    await userEvent.click(within(header).getByRole('button', { name: 'ভাষা: বাংলা' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(languageCalls(fetchMock.sent)).toHaveLength(1));
    expect(languageCalls(fetchMock.sent)[0]).toMatchObject({ method: 'PUT', body: { language: 'en' } });
    expect(await avatarMenu('Account menu of Rahim')).toBeTruthy();
  });

  it('a visitor switching the language makes no call', async () => {
    const { fetchMock } = mockCalls([]);
    renderApp('/');
    const header = await screen.findByRole('banner');
    await userEvent.click(within(header).getByRole('button', { name: 'ভাষা: বাংলা' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await within(header).findByRole('button', { name: 'Log in' });
    expect(localStorage.getItem('lang')).toBe('en');
    expect(languageCalls(fetchMock.sent)).toEqual([]);
  });

  it('the brand default is applied to a visitor who never chose, but not stored as a choice', async () => {
    localStorage.removeItem('lang');
    await applyBrandLanguage({ languages: ['bn', 'en'], defaultLanguage: 'en' });
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem('lang')).toBeNull();
    // A stored language the brand no longer offers is dropped, not kept as a choice.
    localStorage.setItem('lang', 'vi');
    await applyBrandLanguage({ languages: ['bn', 'en'], defaultLanguage: 'bn' });
    expect(i18next.language).toBe('bn');
    expect(localStorage.getItem('lang')).toBeNull();
  });
});
