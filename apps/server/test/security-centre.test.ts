import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  lastSmsCode,
  login,
  newIp,
  newUsername,
  STRONG_PASSWORD,
  solveHumanCheck,
} from './accounts-helpers';
import { call, demoBrandId, member } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

const OUTBOX = path.join(tmpdir(), `khela-security-${process.pid}-${Date.now()}.jsonl`);
const MAIL = path.join(tmpdir(), `khela-security-mail-${process.pid}-${Date.now()}.jsonl`);
let t: TestApp;
let brandId: number;
beforeAll(async () => {
  process.env.MAIL_OUTBOX = MAIL;
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: OUTBOX });
  brandId = await demoBrandId(t.db);
  // The brand-wide check off: what is asked below is the member's own opt-in.
  await t.db.kysely.updateTable('brands').set({ new_ip_check: false }).execute();
  invalidateBrandCache();
});
afterAll(async () => {
  await t.close();
  delete process.env.MAIL_OUTBOX;
  rmSync(OUTBOX, { force: true });
  rmSync(MAIL, { force: true });
});

let seq = 0;
const newMobile = () => `0171${String((Date.now() + ++seq * 7919) % 10_000_000).padStart(7, '0')}`;

/** A member registered (its first login) from `ip` with a mobile number. */
async function registered(ip: string) {
  const mobile = newMobile();
  const username = newUsername('sec');
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/register',
    headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/120' },
    payload: {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      mobileNum: mobile,
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: true,
      altcha: await solveHumanCheck(t.app),
    },
  });
  expect(res.statusCode).toBe(200);
  return { username, mobile, id: BigInt(res.json().value.customerId), token: res.json().value.token as string };
}

/** The code of the last email to `to` in the mail outbox. */
function lastMailCode(to: string): string | undefined {
  if (!existsSync(MAIL)) return undefined;
  const mails = readFileSync(MAIL, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string });
  const text = mails.filter((m) => m.to === to).at(-1)?.text ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1];
}

const summaryOf = async (token: string) => (await call(t.app, 'GET', '/wps/member/security', token)).json().value;
const optIn = (token: string, enabled: boolean) =>
  call(t.app, 'PUT', '/wps/member/security/new-address-check', token, { enabled });

describe(`security centre on ${TEST_ENGINE}`, () => {
  it('sums up what protects the account, masked', async () => {
    const m = await member(t.db, brandId);
    await t.db.kysely
      .updateTable('members')
      .set({
        email: 'karim@example.com',
        mobile_num: '+8801712345678',
        country_dialing_code: '+880',
        payee_name: 'Abdul Karim',
      })
      .where('id', '=', m.id)
      .execute();
    expect(await summaryOf(m.token)).toEqual({
      paymentPasswordSet: true,
      paymentPasswordLockedUntil: null,
      payeeName: 'Abdul Karim',
      email: 'ka***@example.com',
      mobile: '+880 17******78',
      newAddressCheck: false,
      newAddressCheckOffered: true,
      newAddressCheckBrandWide: false,
    });
    const fresh = await member(t.db, brandId, { pin: false });
    expect(await summaryOf(fresh.token)).toMatchObject({
      paymentPasswordSet: false,
      payeeName: null,
      email: null,
      mobile: null,
    });
    const trial = await member(t.db, brandId, { isAgent: 4 });
    expect((await call(t.app, 'GET', '/wps/member/security', trial.token)).json().code).toBe('TRIAL_ACCOUNT');
  });

  it('asks a member who opted in for a code at a login from a new address, though the brand does not', async () => {
    const home = newIp();
    const m = await registered(home);
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, newIp())).statusCode).toBe(200);

    const on = await optIn(m.token, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().value).toMatchObject({ newAddressCheck: true, newAddressCheckBrandWide: false });
    const away = newIp();
    const held = await login(t.app, m.username, STRONG_PASSWORD, {}, away);
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe('NEW_IP_CHECK_REQUIRED');
    const code = lastSmsCode(OUTBOX, m.mobile) ?? '';
    const passed = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/newip',
      headers: { 'x-forwarded-for': away },
      payload: { challengeId: held.json().value.challengeId, code },
    });
    expect(passed.statusCode).toBe(200);
    // A known address asks nothing.
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, home)).statusCode).toBe(200);

    expect((await optIn(m.token, false)).json().value.newAddressCheck).toBe(false);
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, newIp())).statusCode).toBe(200);
  });

  it('offers the opt-in only where the brand allows it, and only with a mobile number to text', async () => {
    const m = await registered(newIp());
    await t.db.kysely
      .insertInto('cashier_settings')
      .values({ brand_id: brandId, player_two_factor_opt_in: false })
      .onConflict((oc) => oc.column('brand_id').doUpdateSet({ player_two_factor_opt_in: false }))
      .execute();
    try {
      expect((await summaryOf(m.token)).newAddressCheckOffered).toBe(false);
      const res = await optIn(m.token, true);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await t.db.kysely.updateTable('cashier_settings').set({ player_two_factor_opt_in: true }).execute();
    }
    const noMobile = await member(t.db, brandId);
    const res = await optIn(noMobile.token, true);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { mobile: 'validation.required' } });
    expect((await summaryOf(noMobile.token)).newAddressCheck).toBe(false);
  });

  it('lists recent logins and live sessions, and ends one of the member’s own', async () => {
    const ip = newIp();
    const m = await registered(ip);
    const other = await login(t.app, m.username, STRONG_PASSWORD, {}, ip);
    const otherToken = other.json().value.token as string;
    const logins = (await call(t.app, 'GET', '/wps/member/security/logins', m.token)).json().value;
    expect(logins).toHaveLength(2);
    expect(logins[0]).toMatchObject({ ip, country: null });
    expect(logins[1].device).toContain('Android');

    const sessions = (await call(t.app, 'GET', '/wps/member/security/sessions', m.token)).json().value;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const theirs = sessions.find((s: { current: boolean }) => !s.current);
    const revoked = await call(t.app, 'POST', `/wps/member/security/sessions/${theirs.id}/revoke`, m.token);
    expect(revoked.json().value).toEqual({ revoked: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(otherToken) })).statusCode,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/wps/member/security/sessions', m.token)).json().value).toHaveLength(1);
    const again = await call(t.app, 'POST', `/wps/member/security/sessions/${theirs.id}/revoke`, m.token);
    expect(again.json().value).toEqual({ revoked: false });
  });

  it('cannot end another member’s session', async () => {
    const a = await registered(newIp());
    const b = await registered(newIp());
    const bSession = (await call(t.app, 'GET', '/wps/member/security/sessions', b.token)).json().value[0];
    const res = await call(t.app, 'POST', `/wps/member/security/sessions/${bSession.id}/revoke`, a.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(b.token) })).statusCode).toBe(
      200,
    );
  });

  it('binds a mobile number with the code texted to it and the login password', async () => {
    const m = await registered(newIp());
    const next = newMobile();
    const sent = await call(t.app, 'POST', '/wps/member/security/mobile/code', m.token, { mobileNum: next });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toEqual({ expiredMinutes: 10 });
    const code = lastSmsCode(OUTBOX, next) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const bind = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', '/wps/member/security/mobile', m.token, {
        mobileNum: next,
        code,
        password: STRONG_PASSWORD,
        ...body,
      });

    const wrongPassword = await bind({ password: 'Not-the-password1' });
    expect(wrongPassword.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { password: 'validation.wrongOldPassword' },
    });
    const wrongCode = await bind({ code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.json()).toMatchObject({
      code: 'INVALID_SMS_CODE',
      fieldErrors: { code: 'validation.verificationCode' },
    });
    const old = await t.db.kysely
      .selectFrom('members')
      .select('mobile_num')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(old.mobile_num).toBe(`+880${m.mobile.slice(1)}`);

    const ok = await bind({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.mobile).toBe(`+880 ${next.slice(1, 3)}******${next.slice(-2)}`);
    const now = await t.db.kysely
      .selectFrom('members')
      .select('mobile_num')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(now.mobile_num).toBe(`+880${next.slice(1)}`);
    // The code is single use.
    expect((await bind({})).json().code).toBe('INVALID_SMS_CODE');
  });

  it('refuses a number another member holds', async () => {
    const a = await registered(newIp());
    const b = await registered(newIp());
    await call(t.app, 'POST', '/wps/member/security/mobile/code', a.token, { mobileNum: b.mobile });
    const code = lastSmsCode(OUTBOX, b.mobile) ?? '';
    const res = await call(t.app, 'PUT', '/wps/member/security/mobile', a.token, {
      mobileNum: b.mobile,
      code,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', fieldErrors: { mobileNum: 'validation.mobileTaken' } });
  });

  it('binds an email address with the code mailed to it and the login password', async () => {
    const m = await registered(newIp());
    const email = `${m.username}@example.com`;
    const bad = await call(t.app, 'POST', '/wps/member/security/email/code', m.token, { email: 'not-an-address' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { email: 'validation.invalid' } });
    const sent = await call(t.app, 'POST', '/wps/member/security/email/code', m.token, { email });
    expect(sent.statusCode).toBe(200);
    const code = lastMailCode(email) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // A second code within 60 s is refused.
    expect((await call(t.app, 'POST', '/wps/member/security/email/code', m.token, { email })).statusCode).toBe(429);
    const bind = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', '/wps/member/security/email', m.token, { email, code, password: STRONG_PASSWORD, ...body });
    expect((await bind({ password: 'Not-the-password1' })).json().fieldErrors).toEqual({
      password: 'validation.wrongOldPassword',
    });
    expect((await bind({ code: code === '000000' ? '111111' : '000000' })).json().fieldErrors).toEqual({
      code: 'validation.verificationCode',
    });
    expect((await bind({ email: `other-${email}` })).json().fieldErrors).toEqual({
      code: 'validation.verificationCode',
    });
    const ok = await bind({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.email).toBe(`${m.username.slice(0, 2)}***@example.com`);
    const row = await t.db.kysely
      .selectFrom('members')
      .select('email')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect((await bind({})).json().fieldErrors).toEqual({ code: 'validation.verificationCode' });
  });
});
