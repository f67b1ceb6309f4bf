import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  lastSmsCode,
  login,
  newIp,
  newUsername,
  register,
  STRONG_PASSWORD,
  smsOutbox,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

const OUTBOX = path.join(tmpdir(), `khela-newip-${process.pid}-${Date.now()}.jsonl`);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: OUTBOX });
});
afterAll(async () => {
  await t.close();
  rmSync(OUTBOX, { force: true });
});

async function setCheck(on: boolean) {
  await t.db.kysely.updateTable('brands').set({ new_ip_check: on }).execute();
  invalidateBrandCache();
}
beforeEach(() => setCheck(true));

let seq = 0;
const newMobile = () => `0191${String((Date.now() + ++seq * 7919) % 10_000_000).padStart(7, '0')}`;

/** A member registered (and so first logged in) from `ip`, with a mobile number unless told not to. */
async function member(ip: string, withMobile = true) {
  const mobile = newMobile();
  const username = newUsername('newip');
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/register',
    headers: { 'x-forwarded-for': ip },
    payload: {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(withMobile ? { mobileNum: mobile, countryDialingCode: '+880' } : {}),
      registerMethod: 'WEB',
      login: true,
      altcha: await solveHumanCheck(t.app),
    },
  });
  expect(res.statusCode).toBe(200);
  return { username, mobile, id: BigInt(res.json().value.customerId) };
}

const verify = (challengeId: string, code: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/newip',
    headers: { 'x-forwarded-for': ip },
    payload: { challengeId, code },
  });
const resend = (challengeId: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/newip/resend',
    headers: { 'x-forwarded-for': ip },
    payload: { challengeId },
  });
const sessionsOf = async (id: bigint) =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM sessions WHERE member_id = ${id}`.execute(t.db.kysely)).rows[0]
      ?.n,
  );
const eventsOf = async (id: bigint) =>
  (
    await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'ip'])
      .where('member_id', '=', id)
      .where('event', 'like', 'login.newip.%')
      .orderBy('id')
      .execute()
  ).map((e) => `${e.event}@${e.ip}`);
/** Moves the number's codes back in time (expiry, hourly limit and resend gap are by created_at). */
const age = (mobile: string, seconds: number) =>
  sql`UPDATE sms_codes SET created_at = created_at - make_interval(secs => ${seconds}) WHERE phone = ${`+880${mobile.slice(1)}`}`.execute(
    t.db.kysely,
  );

describe('two-factor check of a login from a new address', () => {
  it('logs in without a code from the address the account registered from', async () => {
    const home = newIp();
    const m = await member(home);
    const sent = smsOutbox(OUTBOX).length;
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, home)).statusCode).toBe(200);
    expect(smsOutbox(OUTBOX).length).toBe(sent);
  });

  it('holds back the session, texts a code to the member and logs in with it from the new address', async () => {
    const m = await member(newIp());
    const away = newIp();
    const before = await sessionsOf(m.id);
    const res = await login(t.app, m.username, STRONG_PASSWORD, {}, away);
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'NEW_IP_CHECK_REQUIRED',
      message: 'errors.NEW_IP_CHECK_REQUIRED',
    });
    expect(body.value).toEqual({
      challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      mobile: `+880 ${m.mobile.slice(1, 3)}******${m.mobile.slice(-2)}`,
      expiredMinutes: 10,
      resendSeconds: 60,
    });
    expect(await sessionsOf(m.id)).toBe(before);
    const code = lastSmsCode(OUTBOX, m.mobile) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(smsOutbox(OUTBOX).at(-1)?.text).toMatch(/নতুন নেটওয়ার্ক/); // the brand's default language, BN;
    const row = await t.db.kysely
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', `+880${m.mobile.slice(1)}`)
      .where('purpose', '=', 'newip')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.code_hash).toString('hex')).not.toContain(code);

    const ok = await verify(body.value.challengeId, code, away);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().value.token;
    expect(ok.json().value).toMatchObject({ account: m.username, passwordExpired: false });
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(await eventsOf(m.id)).toEqual([`login.newip.sent@${away}`, `login.newip.passed@${away}`]);

    // Single use; and the address is known from now on.
    expect((await verify(body.value.challengeId, code, away)).json().code).toBe('LOGIN_CHALLENGE_INVALID');
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, away)).statusCode).toBe(200);
  });

  it('refuses a wrong code (audited), a code from another address and an expired challenge', async () => {
    const m = await member(newIp());
    const away = newIp();
    const { challengeId } = (await login(t.app, m.username, STRONG_PASSWORD, {}, away)).json().value;
    const code = lastSmsCode(OUTBOX, m.mobile) ?? '';
    const wrong = await verify(challengeId, code === '000000' ? '111111' : '000000', away);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_SMS_CODE',
      fieldErrors: { code: 'validation.verificationCode' },
    });
    expect(await eventsOf(m.id)).toEqual([`login.newip.sent@${away}`, `login.newip.failed@${away}`]);

    const elsewhere = await verify(challengeId, code, newIp());
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      success: false,
      value: null,
      code: 'LOGIN_CHALLENGE_INVALID',
      message: 'errors.LOGIN_CHALLENGE_INVALID',
    });
    expect((await verify('no-such-challenge', code, away)).json().code).toBe('LOGIN_CHALLENGE_INVALID');

    await t.db.kysely
      .updateTable('login_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', challengeId)
      .execute();
    expect((await verify(challengeId, code, away)).json().code).toBe('LOGIN_CHALLENGE_INVALID');
    expect(await sessionsOf(m.id)).toBe(1);
  });

  it('burns the code after 5 wrong tries', async () => {
    const m = await member(newIp());
    const away = newIp();
    const { challengeId } = (await login(t.app, m.username, STRONG_PASSWORD, {}, away)).json().value;
    const code = lastSmsCode(OUTBOX, m.mobile) ?? '';
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await verify(challengeId, wrongCode, away)).json().code).toBe('INVALID_SMS_CODE');
    expect((await verify(challengeId, code, away)).json().code).toBe('INVALID_SMS_CODE');
  });

  it('resends after 60 s (not before), and the new code logs in', async () => {
    const m = await member(newIp());
    const away = newIp();
    const { challengeId } = (await login(t.app, m.username, STRONG_PASSWORD, {}, away)).json().value;
    const first = lastSmsCode(OUTBOX, m.mobile);
    const soon = await resend(challengeId, away);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('SMS_RESEND_TOO_SOON');
    expect((await resend(challengeId, newIp())).json().code).toBe('LOGIN_CHALLENGE_INVALID');
    await age(m.mobile, 61);
    const again = await resend(challengeId, away);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual({ expiredMinutes: 10 });
    const second = lastSmsCode(OUTBOX, m.mobile) ?? '';
    expect(smsOutbox(OUTBOX).filter((s) => s.to === `+880${m.mobile.slice(1)}`)).toHaveLength(2);
    // The newest code is the one that counts.
    if (first !== second) expect((await verify(challengeId, first ?? '', away)).json().code).toBe('INVALID_SMS_CODE');
    expect((await verify(challengeId, second, away)).statusCode).toBe(200);
  });

  it('a second login within a minute keeps the code already sent', async () => {
    const m = await member(newIp());
    const away = newIp();
    const one = (await login(t.app, m.username, STRONG_PASSWORD, {}, away)).json().value;
    const code = lastSmsCode(OUTBOX, m.mobile) ?? '';
    const two = await login(t.app, m.username, STRONG_PASSWORD, {}, away);
    expect(two.json().code).toBe('NEW_IP_CHECK_REQUIRED');
    expect(two.json().value.challengeId).not.toBe(one.challengeId);
    expect(smsOutbox(OUTBOX).filter((s) => s.to === `+880${m.mobile.slice(1)}`)).toHaveLength(1);
    expect((await verify(two.json().value.challengeId, code, away)).statusCode).toBe(200);
  });

  it('sends nothing for a wrong password from a new address', async () => {
    const m = await member(newIp());
    const sent = smsOutbox(OUTBOX).length;
    const res = await login(t.app, m.username, 'Wrong#Password1', {}, newIp());
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
    expect(smsOutbox(OUTBOX).length).toBe(sent);
  });

  it('lets an account without a mobile number in, and audits the skipped check', async () => {
    const m = await member(newIp(), false);
    const away = newIp();
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, away)).statusCode).toBe(200);
    const skipped = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'detail'])
      .where('member_id', '=', m.id)
      .where('event', '=', 'login.newip.skipped')
      .execute();
    expect(skipped).toEqual([{ event: 'login.newip.skipped', detail: { reason: 'no_mobile' } }]);
  });

  it('asks nothing when the brand has the check off', async () => {
    await setCheck(false);
    const m = await member(newIp());
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, newIp())).statusCode).toBe(200);
  });

  it('remembers the addresses of every successful login', async () => {
    const home = newIp();
    const m = await member(home);
    await setCheck(false);
    const away = newIp();
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, away)).statusCode).toBe(200);
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, away)).statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('member_login_ips')
      .select(['ip', 'logins'])
      .where('member_id', '=', m.id)
      .orderBy('first_at')
      .execute();
    expect(rows).toEqual([
      { ip: home, logins: 1 },
      { ip: away, logins: 2 },
    ]);
    await setCheck(true);
    expect((await login(t.app, m.username, STRONG_PASSWORD, {}, away)).statusCode).toBe(200);
  });

  it('keeps the weak-password verdict for the session the code opens', async () => {
    const { username } = await register(t.app, { mobileNum: newMobile(), countryDialingCode: '+880' });
    const m = await t.db.kysely
      .selectFrom('members')
      .select(['id', 'mobile_num'])
      .where('account', '=', username)
      .executeTakeFirstOrThrow();
    // As a back office would: the account's password is '123456' (spec §9 forces a change).
    const { hashPassword } = await import('../src/platform/passwords');
    await t.db.kysely
      .updateTable('members')
      .set({ password_hash: await hashPassword('123456') })
      .where('id', '=', m.id)
      .execute();
    const away = newIp();
    const { challengeId } = (await login(t.app, username, '123456', {}, away)).json().value;
    const res = await verify(challengeId, lastSmsCode(OUTBOX, m.mobile_num ?? '') ?? '', away);
    expect(res.json().value.passwordExpired).toBe(true);
  });
});
