import { randomInt } from 'node:crypto';
import { latinDigits } from '@khela/contract/digits';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  ANY_DIGIT,
  addMember,
  defaultBrandId,
  exact,
  type Lang,
  outbox,
  smsCode,
  t,
  useKhela,
  visit as visitIn,
} from './support';

/*
 * The accounts journeys by SMS and recovery: SMS login with the Get code countdown, forgot password
 * by email (the link from the mail outbox) and by phone, and registration by mobile number with an
 * SMS code (REGMOBVERF3). Codes are read from the server's SMS outbox (DATA_DIR/sms-outbox.jsonl);
 * every human check is the real ALTCHA widget in Chromium.
 */

const LANGS = ['bn', 'en'] as const;
const unique = (n = 8) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)]).join('');
const strongPassword = () => `Kh#${unique(8)}9Z`;
/** A Bangladeshi mobile number (01[3-9] and 8 digits), and its E.164 form the SMS goes to. */
function bdMobile() {
  const national = `01${3 + randomInt(7)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sessionValue = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

describe('accounts by SMS and email: SMS login, forgot password, register by mobile', () => {
  // Logins, code requests and registrations from 127.0.0.1 within a minute (see accounts.e2e.ts).
  const env = useKhela({ LOGIN_RATE_PER_MINUTE: '1000' });

  const visit = (lang: Lang, path = '/') => visitIn(env, lang, path);
  async function closing(context: BrowserContext, body: () => Promise<void>) {
    try {
      await body();
    } finally {
      await context.close();
    }
  }

  const header = (page: Page) => page.getByRole('banner');
  const loginButton = (page: Page, lang: Lang) =>
    header(page).getByRole('button', { name: exact(t(lang, 'header.login')) });
  const avatarButton = (page: Page, lang: Lang, name: string) =>
    header(page).getByRole('button', { name: exact(t(lang, 'account.menu', { name })) });
  const loginForm = (page: Page, lang: Lang) => page.getByRole('form', { name: exact(t(lang, 'auth.loginTitle')) });
  const forgotForm = (page: Page, lang: Lang) => page.getByRole('form', { name: exact(t(lang, 'auth.forgotTitle')) });
  /** An input by its label, with or without the ＊ of a required field. */
  const field = (form: Locator, lang: Lang, name: string) =>
    form.getByLabel(new RegExp(`^＊?${escapeRe(t(lang, `validation.fields.${name}`))}$`));
  const humanVerified = (form: Locator) =>
    form.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
  const getCode = (form: Locator, lang: Lang) => form.getByRole('button', { name: exact(t(lang, 'auth.smsGetCode')) });
  /** The countdown text of the Get code button, with the seconds captured. */
  const countdownText = (lang: Lang) =>
    new RegExp(`^${escapeRe(t(lang, 'auth.smsCountdown', { seconds: '999' })).replace('999', `(${ANY_DIGIT}+)`)}$`);

  /**
   * Clicks Get code once the human check is solved. Spec §4: the button then counts down expiry
   * minutes × 60 s and is blocked meanwhile; returns the seconds it first shows.
   */
  async function requestCode(page: Page, form: Locator, lang: Lang, path: string): Promise<number> {
    await humanVerified(form);
    const answer = page.waitForResponse((r) => r.url().endsWith(path));
    await getCode(form, lang).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { expiredMinutes } = ((await response.json()) as { value: { expiredMinutes: number } }).value;
    const button = form.locator('.auth-sms-button').filter({ hasText: countdownText(lang) });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const seconds = Number(latinDigits(((await button.textContent()) ?? '').match(countdownText(lang))?.[1] ?? ''));
    expect(seconds).toBeGreaterThanOrEqual(expiredMinutes * 60 - 2);
    expect(seconds).toBeLessThanOrEqual(expiredMinutes * 60);
    return seconds;
  }

  for (const lang of LANGS) {
    it(`[${lang}] logs in by SMS code: Get code counts down, the code from the outbox logs in`, async () => {
      const mobile = bdMobile();
      const account = `s${lang}${unique(10)}`;
      await addMember(env.khela, {
        account,
        password: strongPassword(),
        mobileNum: mobile.e164,
        countryDialingCode: '+880',
      });
      const { context, page, errors } = await visit(lang, '/lottery');
      await closing(context, async () => {
        await loginButton(page, lang).click();
        const form = loginForm(page, lang);
        await form
          .getByRole('combobox', { name: new RegExp(`^${escapeRe(t(lang, 'auth.loginMode'))}`) })
          .selectOption('sms');
        await field(form, lang, 'mobileNum').fill(mobile.national);
        const seen = outbox(env.khela, 'sms').length;
        const seconds = await requestCode(page, form, lang, '/wps/verification/sms/noLogin');
        // It ticks: a second later the button shows fewer seconds and is still blocked.
        await page.waitForFunction(
          (s) => {
            const b = document.querySelector('.auth-sms-button') as HTMLButtonElement | null;
            // The seconds in either script (৫৯ in Bengali).
            const digits = b?.textContent?.match(/[0-9০-৯]+/)?.[0] ?? '';
            const n = Number(digits.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)));
            return !!b?.disabled && n < s;
          },
          seconds,
          { timeout: 3000 },
        );
        const code = await smsCode(env.khela, mobile.e164, seen);
        await field(form, lang, 'verificationCode').fill(code);
        const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
        await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
        expect((await answer).status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await sessionValue(page, 'account')).toBe(account);
        expect(errors).toEqual([]);
      });
    });
  }

  // However a Bangladeshi writes the number, the code reaches the phone and logs in: with the
  // country code, and without the trunk 0 (before, both silently sent nothing).
  const spellings = [
    { lang: 'bn', name: '+8801…', spell: (m: ReturnType<typeof bdMobile>) => m.e164 },
    { lang: 'en', name: '1… without its 0', spell: (m: ReturnType<typeof bdMobile>) => m.national.slice(1) },
  ] as const;
  for (const { lang, name, spell } of spellings)
    it(`[${lang}] logs in by SMS code with the number written ${name}`, async () => {
      const mobile = bdMobile();
      const account = `w${lang}${unique(10)}`;
      await addMember(env.khela, {
        account,
        password: strongPassword(),
        mobileNum: mobile.e164,
        countryDialingCode: '+880',
      });
      const { context, page, errors } = await visit(lang, '/');
      await closing(context, async () => {
        await loginButton(page, lang).click();
        const form = loginForm(page, lang);
        await form
          .getByRole('combobox', { name: new RegExp(`^${escapeRe(t(lang, 'auth.loginMode'))}`) })
          .selectOption('sms');
        const number = field(form, lang, 'mobileNum');
        // Another country's number is refused under the field, in words, before any request.
        const logins: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/wps/session/login')) logins.push(r.url());
        });
        await number.fill('+91 98765 43210');
        await field(form, lang, 'verificationCode').fill('123456');
        await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
        await form.getByText(exact(t(lang, 'validation.mobileCountry', { codes: '+880' }))).waitFor();
        expect(logins).toEqual([]);
        await field(form, lang, 'verificationCode').fill('');
        await number.fill(spell(mobile));
        const seen = outbox(env.khela, 'sms').length;
        const asked = page.waitForRequest((r) => r.url().endsWith('/wps/verification/sms/noLogin'));
        await requestCode(page, form, lang, '/wps/verification/sms/noLogin');
        expect((await asked).postDataJSON()).toMatchObject({ mobileNum: mobile.e164, countryDialingCode: '+880' });
        const code = await smsCode(env.khela, mobile.e164, seen);
        await field(form, lang, 'verificationCode').fill(code);
        const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
        await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
        expect((await answer).status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        expect(errors).toEqual([]);
      });
    });

  for (const lang of LANGS)
    it(`[${lang}] forgot password by email: the link from the mail outbox sets a new password that logs in`, async () => {
      const account = `m${unique(10)}`;
      const email = `${account}@example.com`;
      await addMember(env.khela, { account, password: strongPassword(), email });
      // Reset links point only to PUBLIC_URL or a domain of the brand: the operator of this
      // test site, reached at 127.0.0.1, lists that address as one of the brand's.
      await env.khela.db.kysely
        .insertInto('brand_domains')
        .values({ domain: '127.0.0.1', brand_id: await defaultBrandId(env.khela), is_mirror: false, sort: 9 })
        .onConflict((oc) => oc.column('domain').doNothing())
        .execute();
      const { context, page, errors } = await visit(lang);
      await closing(context, async () => {
        await loginButton(page, lang).click();
        await loginForm(page, lang)
          .getByRole('button', { name: exact(t(lang, 'auth.forgot')) })
          .click();
        const form = forgotForm(page, lang);
        await field(form, lang, 'username').fill(account);
        await field(form, lang, 'email').fill(email);
        await form.getByRole('button', { name: exact(t(lang, 'auth.forgotButton')) }).click();
        await page
          .getByRole('status')
          .filter({ hasText: exact(t(lang, 'auth.forgotSent')) })
          .waitFor();

        // The email is written after the answer.
        const link = await vi.waitFor(
          () => {
            const mail = outbox<{ to: string; text: string }>(env.khela, 'mail').find((m) => m.to === email);
            const found = mail?.text.match(/https?:\/\/\S+resetPassword\?token=\S+/)?.[0];
            if (!found) throw new Error('no reset email in the outbox');
            return found;
          },
          { timeout: 10_000, interval: 100 },
        );
        expect(new URL(link).origin).toBe(env.khela.url);

        const password = strongPassword();
        // The link opens the reset page, which keeps its token (it is not a session token).
        const token = new URL(link).searchParams.get('token') ?? '';
        await page.goto(link);
        const reset = page.getByRole('form', { name: exact(t(lang, 'auth.resetTitle')) });
        await field(reset, lang, 'newPassword').fill(password);
        await field(reset, lang, 'confirmNewPassword').fill(password);
        const saved = page.waitForResponse((r) => r.url().endsWith('/wps/member/password/reset'));
        await reset.getByRole('button', { name: exact(t(lang, 'auth.resetButton')) }).click();
        expect((await saved).status()).toBe(200);
        // Success opens the login popup.
        await loginForm(page, lang).waitFor();
        // Single use: the same link again is refused.
        const again = await page.request.post(`${env.khela.url}/wps/member/password/reset`, {
          data: { token, newPassword: password, confirmNewPassword: password },
        });
        expect(again.status()).toBeGreaterThanOrEqual(400);

        await page.goto(`${env.khela.url}/`);
        await loginButton(page, lang).click();
        const login = loginForm(page, lang);
        await field(login, lang, 'username').fill(account);
        await field(login, lang, 'password').fill(password);
        await humanVerified(login);
        const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
        await login.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
        expect((await answer).status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        expect(errors).toEqual([]);
      });
    });

  for (const lang of LANGS)
    it(`[${lang}] forgot password by phone: reset code, new password, logged in at /`, async () => {
      const mobile = bdMobile();
      const account = `p${unique(10)}`;
      await addMember(env.khela, {
        account,
        password: strongPassword(),
        mobileNum: mobile.e164,
        countryDialingCode: '+880',
      });
      const { context, page, errors } = await visit(lang, '/lottery');
      await closing(context, async () => {
        await loginButton(page, lang).click();
        await loginForm(page, lang)
          .getByRole('button', { name: exact(t(lang, 'auth.forgot')) })
          .click();
        await page.getByRole('tab', { name: exact(t(lang, 'auth.forgotByPhone')) }).click();
        const form = forgotForm(page, lang);
        await field(form, lang, 'mobileNum').fill(mobile.national);
        const seen = outbox(env.khela, 'sms').length;
        await requestCode(page, form, lang, '/wps/verification/sms/noLogin');
        const code = await smsCode(env.khela, mobile.e164, seen);
        const password = strongPassword();
        await field(form, lang, 'verificationCode').fill(code);
        await field(form, lang, 'newPassword').fill(password);
        await field(form, lang, 'confirmNewPassword').fill(password);
        const answer = page.waitForResponse((r) => r.url().endsWith('/wps/member/password/verification'));
        await form.getByRole('button', { name: exact(t(lang, 'auth.resetByPhoneButton')) }).click();
        expect((await answer).status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        await form.waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await sessionValue(page, 'token')).toMatch(/.{22,}/);
        expect(errors).toEqual([]);
      });
    });

  for (const lang of LANGS)
    it(`[${lang}] registers by mobile number with an SMS code when REGMOBVERF3 is on`, async () => {
      const setFlag = async (enabled: boolean) => {
        await env.khela.db.kysely
          .updateTable('whitelabel_modules')
          .set({ enabled })
          .where('brand_id', '=', await defaultBrandId(env.khela))
          .where('code', '=', 'REGMOBVERF3')
          .execute();
        env.khela.refresh();
      };
      await setFlag(true);
      try {
        const mobile = bdMobile();
        const { context, page, errors } = await visit(lang);
        await closing(context, async () => {
          await header(page)
            .getByRole('button', { name: exact(t(lang, 'header.register')) })
            .click();
          await page.getByRole('tab', { name: exact(t(lang, 'auth.byMobile')) }).click();
          const form = page.getByRole('form', { name: exact(t(lang, 'auth.registerTitle')) });
          await field(form, lang, 'mobileNum').fill(mobile.national);
          const seen = outbox(env.khela, 'sms').length;
          await requestCode(page, form, lang, '/wps/verification/sms/register');
          const code = await smsCode(env.khela, mobile.e164, seen);
          const password = strongPassword();
          await field(form, lang, 'verificationCode').fill(code);
          await field(form, lang, 'password').fill(password);
          await field(form, lang, 'confirmPassword').fill(password);
          await form.getByRole('checkbox', { name: new RegExp(t(lang, 'auth.agreePrefix')) }).check();
          // The code request spent the first human check; the form solves a fresh one.
          await humanVerified(form);
          const answer = page.waitForResponse((r) => r.url().endsWith('/wps/member/register/mobile'));
          await form.getByRole('button', { name: exact(t(lang, 'auth.createAccount')) }).click();
          expect((await answer).status()).toBe(200);
          const popup = page.getByRole('dialog', { name: exact(t(lang, 'auth.registerSuccessTitle')) });
          // Mobile mode shows the account number the server made (the number itself).
          await popup.getByText(t(lang, 'auth.registerSuccessMobile', { account: mobile.national })).waitFor();
          expect(new URL(page.url()).pathname).toBe('/');
          expect(await sessionValue(page, 'account')).toBe(mobile.national);
          const row = await env.khela.db.kysely
            .selectFrom('members')
            .select(['mobile_num', 'country_dialing_code'])
            .where('account', '=', mobile.national)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ mobile_num: mobile.e164, country_dialing_code: '+880' });
          expect(errors).toEqual([]);
        });
      } finally {
        await setFlag(false);
      }
    });
});
