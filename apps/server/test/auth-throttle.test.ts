import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { ACCOUNT_TEST_ENV, bearer, newIp, register, STRONG_PASSWORD, solveHumanCheck } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ...ACCOUNT_TEST_ENV,
    LOGIN_RATE_PER_MINUTE: '5',
    REGISTER_TAKEN_PER_HOUR: '2',
    SMS_OUTBOX: `/tmp/khela-auth-throttle-${process.pid}.jsonl`,
  });
});
afterAll(() => t.close());

describe('login throttle', () => {
  it('answers 429 TOO_MANY_REQUESTS past the per-address login rate', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { 'x-forwarded-for': ip },
        payload: { username: 'someone1', password: 'x', type: 'username' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('10.9.9.9')).statusCode).toBe(400);
    const limited = await attempt('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // Another address is not held back.
    expect((await attempt('10.9.9.10')).statusCode).toBe(400);
  });
});

describe('change-password throttle', () => {
  it('answers 429 past the per-address rate of password guesses, as a login does', async () => {
    const { res } = await register(t.app, {}, newIp());
    const token = res.json().value.token as string;
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/password',
        headers: { ...bearer(token), 'x-forwarded-for': ip },
        payload: { oldPassword: 'Nope#Nope1', newPassword: 'Fresh#Mango9', confirmNewPassword: 'Fresh#Mango9' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('10.9.8.1')).statusCode).toBe(400);
    const limited = await attempt('10.9.8.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('the username check of registration', () => {
  it('tells one address that names are taken only a few times an hour, then answers 429 to any registration', async () => {
    const ip = newIp();
    const taken = (await register(t.app, {}, newIp())).username;
    for (let i = 0; i < 2; i++) {
      const { res } = await register(t.app, { username: taken }, ip);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'ACCOUNT_EXISTS',
        fieldErrors: { username: 'validation.accountTaken' },
      });
    }
    // Taken or free, the name is no longer checked for this address: a free one says nothing either.
    for (const username of [taken, undefined]) {
      const { res } = await register(t.app, username ? { username } : {}, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: null });
    }
    // Another address still registers.
    expect((await register(t.app, {}, newIp())).res.statusCode).toBe(200);
  });

  it("counts the mobile number's 'taken' from registration's SMS-code request in the same budget", async () => {
    const ip = newIp();
    const mobileNum = `0191${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/wps/member/register/mobile',
      headers: { 'x-forwarded-for': newIp() },
      payload: {
        mobileNum,
        username: mobileNum,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        countryDialingCode: '880',
        registerMethod: 'WEB',
        login: true,
        altcha: await solveHumanCheck(t.app),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const setCodes = async (enabled: boolean) => {
      await t.db.kysely.updateTable('whitelabel_modules').set({ enabled }).where('code', '=', 'REGMOBVERF3').execute();
      invalidateBrandCache();
    };
    await setCodes(true);
    try {
      const askCode = async () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          headers: { 'x-forwarded-for': ip },
          payload: { mobileNo: mobileNum, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app) },
        });
      const first = await askCode();
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json()).toMatchObject({
        code: 'ACCOUNT_EXISTS',
        fieldErrors: { mobileNo: 'validation.mobileTaken' },
      });
      expect((await askCode()).statusCode).toBe(409);
      const spent = await askCode();
      expect(spent.statusCode).toBe(429);
      expect(spent.json().code).toBe('TOO_MANY_REQUESTS');
      // The registration form of that address is held back too.
      expect((await register(t.app, {}, ip)).res.statusCode).toBe(429);
    } finally {
      await setCodes(false);
    }
  });
});
