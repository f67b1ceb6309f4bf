import { randomInt } from 'node:crypto';
import { formatter } from '@khela/contract/format';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANY_DIGIT, addMember, defaultBrandId, exact, type Lang, open, outbox, smsCode, t, useKhela } from './support';

/*
 * Login hardening in Chromium: the login body travels HPKE-sealed (the password never on the
 * wire), a password login from a new address asks for the SMS code from the outbox, and the
 * member site turns an agent-only account away in words. Every login passes the real ALTCHA.
 */

const LANGS = ['bn', 'en'] as const;
const unique = (n = 8) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)]).join('');
const strongPassword = () => `Kh#${unique(8)}9Z`;
function bdMobile() {
  const national = `01${3 + randomInt(7)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('login hardening: sealed bodies, the new-address check, the site kind', () => {
  const env = useKhela({ LOGIN_RATE_PER_MINUTE: '1000' });

  async function visit(lang: Lang) {
    const opened = await open(env.browser);
    if (lang !== 'bn') await opened.context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await opened.page.goto(env.khela.url);
    await opened.page.getByRole('banner').waitFor();
    return opened;
  }
  async function closing(context: BrowserContext, body: () => Promise<void>) {
    try {
      await body();
    } finally {
      await context.close();
    }
  }
  const loginForm = (page: Page, lang: Lang) => page.getByRole('form', { name: exact(t(lang, 'auth.loginTitle')) });
  const field = (form: Locator, lang: Lang, name: string) =>
    form.getByLabel(new RegExp(`^＊?${escapeRe(t(lang, `validation.fields.${name}`))}$`));
  const avatarButton = (page: Page, lang: Lang, name: string) =>
    page.getByRole('banner').getByRole('button', { name: exact(t(lang, 'account.menu', { name })) });

  /** Opens the login popup, fills the form once the human check is there, submits when it is solved. */
  async function submitLogin(page: Page, lang: Lang, account: string, password: string) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: exact(t(lang, 'header.login')) })
      .click();
    const form = loginForm(page, lang);
    await form.locator('altcha-widget .altcha').waitFor({ timeout: 20_000 });
    await field(form, lang, 'username').fill(account);
    await field(form, lang, 'password').fill(password);
    await form.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    const request = page.waitForRequest((r) => r.url().endsWith('/wps/session/login'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
    await form.getByRole('button', { name: exact(t(lang, 'auth.loginButton')) }).click();
    return { form, request: await request, response: await answer };
  }

  /** Chromium logs every 4xx answer; the refusals a test asks for are set aside, nothing else. */
  const otherErrors = (errors: string[]) => errors.filter((e) => !/status of 40[03]/.test(e));

  async function setNewIpCheck(on: boolean) {
    await env.khela.db.kysely
      .updateTable('brands')
      .set({ new_ip_check: on })
      .where('id', '=', await defaultBrandId(env.khela))
      .execute();
    env.khela.refresh();
  }

  for (const lang of LANGS) {
    it(`[${lang}] the password never appears in the login request: the body is sealed to the server's key`, async () => {
      const account = `h${lang}${unique(10)}`;
      const password = strongPassword();
      await addMember(env.khela, { account, password });
      const { context, page, errors } = await visit(lang);
      await closing(context, async () => {
        const keyAnswer = page.waitForResponse((r) => r.url().endsWith('/wps/system/hpke'));
        const { request, response } = await submitLogin(page, lang, account, password);
        const key = ((await (await keyAnswer).json()) as { value: { keyId: string } }).value;
        const wire = request.postData() ?? '';
        expect(wire).not.toContain(password);
        expect(wire).not.toContain(account);
        const body = JSON.parse(wire) as { sealed: { keyId: string; enc: string; ct: string; ts: number } };
        expect(Object.keys(body)).toEqual(['sealed']);
        expect(body.sealed.keyId).toBe(key.keyId);
        expect(body.sealed.enc).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Math.abs(body.sealed.ts - Date.now())).toBeLessThan(60_000);
        expect(response.status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        expect(otherErrors(errors)).toEqual([]);
      });
    });
  }

  for (const lang of LANGS) {
    it(`[${lang}] a login from a new address asks for the SMS code, which finishes it`, async () => {
      const account = `n${lang}${unique(10)}`;
      const password = strongPassword();
      const mobile = bdMobile();
      await addMember(env.khela, { account, password, mobileNum: mobile.e164, countryDialingCode: '+880' });
      await setNewIpCheck(true);
      const { context, page, errors } = await visit(lang);
      await closing(context, async () => {
        const seen = outbox(env.khela, 'sms').length;
        const { response } = await submitLogin(page, lang, account, password);
        expect(response.status()).toBe(403);
        const step = page.getByRole('form', { name: exact(t(lang, 'auth.newIpTitle')) });
        const masked = `+880 ${mobile.national.slice(1, 3)}******${mobile.national.slice(-2)}`;
        // Shown in the page's digits (+৮৮০ … in Bengali), like every number.
        await step.getByText(exact(t(lang, 'auth.newIpLead', { mobile: formatter(lang).digits(masked) }))).waitFor();
        // No session until the code: the header still offers to log in.
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
        // The resend waits out the 60 s gap, counting down.
        const countdown = new RegExp(
          `^${escapeRe(t(lang, 'auth.smsCountdown', { seconds: '999' })).replace('999', `${ANY_DIGIT}+`)}$`,
        );
        const resend = step.locator('.auth-sms-button');
        await expect.poll(() => resend.textContent()).toMatch(countdown);
        expect(await resend.isDisabled()).toBe(true);

        const code = await smsCode(env.khela, mobile.e164, seen);
        await field(step, lang, 'verificationCode').fill(code);
        const verified = page.waitForResponse((r) => r.url().endsWith('/wps/session/login/newip'));
        await step.getByRole('button', { name: exact(t(lang, 'auth.newIpButton')) }).click();
        expect((await verified).status()).toBe(200);
        await avatarButton(page, lang, account).waitFor();
        const events = await env.khela.db.kysely
          .selectFrom('audit_log as a')
          .innerJoin('members as m', 'm.id', 'a.member_id')
          .select('a.event')
          .where('m.account', '=', account)
          .where('a.event', 'like', 'login.newip.%')
          .orderBy('a.id')
          .execute();
        expect(events.map((e) => e.event)).toEqual(['login.newip.sent', 'login.newip.passed']);
        expect(otherErrors(errors)).toEqual([]);
      }).finally(() => setNewIpCheck(false));
    });
  }

  for (const lang of LANGS) {
    it(`[${lang}] the member site turns an agent-only account away: 'Non-member account unable to login'`, async () => {
      const account = `a${lang}${unique(10)}`;
      const password = strongPassword();
      await addMember(env.khela, { account, password, isAgent: 1 });
      await env.khela.db.kysely
        .updateTable('members')
        .set({ agent_only: true })
        .where('account', '=', account)
        .execute();
      const { context, page, errors } = await visit(lang);
      await closing(context, async () => {
        const { form, response } = await submitLogin(page, lang, account, password);
        expect(response.status()).toBe(403);
        await expect
          .poll(() => form.locator('.auth-alert[role="alert"]').textContent())
          .toBe(t(lang, 'errors.NON_MEMBER_LOGIN'));
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
        expect(otherErrors(errors)).toEqual([]);
      });
    });
  }
});
