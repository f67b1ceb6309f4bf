import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IS_AGENT } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { hashPassword } from '../src/platform/passwords';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  freePlay,
  lastSmsCode,
  login,
  newIp,
  newUsername,
  register,
  STRONG_PASSWORD,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

/** Spec §6/§8: 'Non-member account unable to login' (member site), 'Non-agents cannot log in' (agent site). */

async function addMember(t: TestApp, isAgent: number, agentOnly = false, mobile?: string) {
  const account = newUsername(agentOnly ? 'aonly' : `t${isAgent}`);
  const brand = await t.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto('members')
    .values({
      brand_id: brand.id,
      account,
      is_agent: isAgent,
      agent_only: agentOnly,
      password_hash: await hashPassword(STRONG_PASSWORD),
      first_login: false,
      ...(mobile ? { mobile_num: `+880${mobile.slice(1)}`, country_dialing_code: '+880' } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { account, id: BigInt(row.id) };
}

const refusal = (code: string) => ({ success: false, value: null, code, message: `errors.${code}` });

describe('member site (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  it('is the default', () => {
    expect(loadConfig({}).SITE_KIND).toBe('member');
    expect(() => loadConfig({ SITE_KIND: 'casino' })).toThrow(/SITE_KIND/);
  });

  it('refuses an agent-only account with its right password, audits it and opens no session', async () => {
    const m = await addMember(t, 1, true);
    const res = await login(t.app, m.account, STRONG_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusal('NON_MEMBER_LOGIN'));
    const sessions = await t.db.kysely.selectFrom('sessions').select('id').where('member_id', '=', m.id).execute();
    expect(sessions).toEqual([]);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'detail'])
      .where('member_id', '=', m.id)
      .execute();
    expect(events).toEqual([
      {
        event: 'login.refused',
        detail: { reason: 'NON_MEMBER_LOGIN', type: 'username', siteKind: 'member' },
      },
    ]);
  });

  it('says nothing about the account to someone without its password', async () => {
    const m = await addMember(t, 1, true);
    expect((await login(t.app, m.account, 'Wrong#Password9')).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('admits players, agents who play and the demo accounts, and refuses the demo agent-only account', async () => {
    for (const isAgent of [0, 1, 2, 41, 42]) {
      const m = await addMember(t, isAgent);
      expect((await login(t.app, m.account, STRONG_PASSWORD)).statusCode).toBe(200);
    }
    expect((await login(t.app, 'agent1234', 'Khela#Agent2024')).statusCode).toBe(200);
    expect((await login(t.app, 'affiliate1234', 'Khela#Affiliate2024')).json().code).toBe('NON_MEMBER_LOGIN');
    expect((await freePlay(t.app)).statusCode).toBe(200);
  });

  it('ends the sessions of an account that becomes agent-only', async () => {
    const m = await addMember(t, 2);
    const token = (await login(t.app, m.account, STRONG_PASSWORD)).json().value.token;
    const info = () => t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
    expect((await info()).statusCode).toBe(200);
    await t.db.kysely.updateTable('members').set({ agent_only: true }).where('id', '=', m.id).execute();
    expect((await info()).statusCode).toBe(401);
  });

  it('keeps agent-only for agents (database check)', async () => {
    await expect(addMember(t, 0, true)).rejects.toThrow();
    await expect(addMember(t, 4, true)).rejects.toThrow();
  });
});

describe('agent site (SITE_KIND=agent)', () => {
  const OUTBOX = path.join(tmpdir(), `khela-site-${process.pid}-${Date.now()}.jsonl`);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, SITE_KIND: 'agent', SMS_OUTBOX: OUTBOX });
  });
  afterAll(async () => {
    await t.close();
    rmSync(OUTBOX, { force: true });
  });

  it('admits agent types 1, 2, 41, 42 (agent-only too) and refuses everyone else', async () => {
    for (const isAgent of [1, 2, 41, 42]) {
      const m = await addMember(t, isAgent);
      expect((await login(t.app, m.account, STRONG_PASSWORD)).json().value.isAgent).toBe(isAgent);
    }
    expect((await login(t.app, 'affiliate1234', 'Khela#Affiliate2024')).statusCode).toBe(200);
    const player = await login(t.app, 'demo1234', 'Khela#Demo2024');
    expect(player.statusCode).toBe(403);
    expect(player.json()).toEqual(refusal('NON_AGENT_LOGIN'));
    const trialLike = await addMember(t, 0);
    expect((await login(t.app, trialLike.account, STRONG_PASSWORD)).json().code).toBe('NON_AGENT_LOGIN');
  });

  it('refuses free play (a trial account is no agent) and registration, creating nothing', async () => {
    const free = await freePlay(t.app);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual(refusal('NON_AGENT_LOGIN'));
    const { res, username } = await register(t.app);
    expect(res.json().code).toBe('FEATURE_DISABLED');
    const rows = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .where((eb) => eb.or([eb('account', '=', username), eb('is_agent', '=', IS_AGENT.TRIAL)]))
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a player by SMS code too, and does not let a player token in', async () => {
    const mobile = `0161${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const m = await addMember(t, 0, false, mobile);
    await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNum: mobile, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app) },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': newIp() },
      payload: {
        username: mobile,
        password: lastSmsCode(OUTBOX, mobile) ?? '',
        type: 'sms',
        countryDialingCode: '+880',
      },
    });
    expect(res.json().code).toBe('NON_AGENT_LOGIN');

    // A session the member site opened (the two sites share the database) is no good here.
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    await t.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(token).digest(),
        member_id: m.id,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });
});
