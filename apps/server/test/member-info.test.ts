import { changePasswordCall, IS_AGENT, memberInfoCall } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, bearer, login, register, STRONG_PASSWORD } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';
import { memberWithSession } from './member-session';

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('GET /wps/member/info', () => {
  it('answers the logged-in member in the envelope', async () => {
    const m = await memberWithSession(t.db, brandId, { prefix: 'info' });
    const res = await t.app.inject({
      method: memberInfoCall.method,
      url: memberInfoCall.path,
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ success: true, code: 'OK', value: { id: Number(m.id), isAgent: 0 } });
  });

  it('tells a member who just registered from one who has logged in before', async () => {
    const info = async (token: string) =>
      (await t.app.inject({ method: memberInfoCall.method, url: memberInfoCall.path, headers: bearer(token) })).json()
        .value;
    const { res, username } = await register(t.app);
    expect(res.statusCode).toBe(200);
    expect(await info(res.json().value.token)).toMatchObject({ account: username, returning: false });
    const again = await login(t.app, username, STRONG_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await info(again.json().value.token)).toMatchObject({ account: username, returning: true });
  });

  it('answers 401 to a caller without a session', async () => {
    const res = await t.app.inject({ method: memberInfoCall.method, url: memberInfoCall.path });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('is listed at /docs with its auth', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/wps/member/info'].get.description).toBe('auth: `member`');
  });
});

describe('PUT /wps/member/password for a trial account', () => {
  it('answers 403 TRIAL_ACCOUNT before it reads the body: a trial account has no password to change', async () => {
    const m = await memberWithSession(t.db, brandId, { prefix: 'trial', isAgent: IS_AGENT.TRIAL });
    const res = await t.app.inject({
      method: changePasswordCall.method,
      url: changePasswordCall.path,
      headers: bearer(m.token),
      payload: { oldPassword: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'TRIAL_ACCOUNT' });
  });
});
