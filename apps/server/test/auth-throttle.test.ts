import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, LOGIN_RATE_PER_MINUTE: '5' });
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
