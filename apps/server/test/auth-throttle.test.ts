import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, bearer, newIp, register } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, LOGIN_RATE_PER_MINUTE: '5', REGISTER_TAKEN_PER_HOUR: '2' });
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
});
