import { logoutCall } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeCaptcha } from '../src/modules/auth/captcha';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  freePlay,
  login,
  newIp,
  newUsername,
  register,
  STRONG_PASSWORD,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

/** The hashes argon2 has verified, in order: the work a login spends, counted rather than timed. */
const verified = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hash: string | Uint8Array, ...rest: [string | Uint8Array, ...unknown[]]) => {
      verified.push(String(hash));
      return (real.verify as (...a: unknown[]) => Promise<boolean>)(hash, ...rest);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(() => t.close());

const countMembers = async (account: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM members WHERE lower(account) = lower(${account})`.execute(
        t.db.kysely,
      )
    ).rows[0]?.n,
  );

describe('registration', () => {
  it('creates the member with an argon2id hash and logs in', async () => {
    const { res, username } = await register(t.app);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      account: username,
      isAgent: 0,
      firstTimeLogin: false,
      passwordExpired: false,
      memberLabel: [],
    });
    const row = await t.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('account', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(v.token) });
    expect(info.json().value.account).toBe(username);
  });

  it('refuses a taken username whatever its case', async () => {
    const { username } = await register(t.app);
    const { res } = await register(t.app, { username: username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', fieldErrors: { username: 'validation.accountTaken' } });
  });

  it.each([
    ['a too short username', { username: 'ab1' }, 'username', 'validation.reg_pattern_letterFirstAlnum'],
    [
      'a username starting with a digit',
      { username: '1player99' },
      'username',
      'validation.reg_pattern_letterFirstAlnum',
    ],
    ['a unicode username', { username: 'খেলোয়াড়১২৩' }, 'username', 'validation.reg_pattern_letterFirstAlnum'],
    ['SQL in the username', { username: "a' OR 1=1;--" }, 'username', 'validation.reg_pattern_letterFirstAlnum'],
    ['HTML in the username', { username: '<script>x</script>' }, 'username', 'validation.reg_pattern_letterFirstAlnum'],
    ['a missing username', { username: '' }, 'username', 'validation.notEmpty'],
    [
      'a password with spaces',
      { password: 'has space 1', confirmPassword: 'has space 1' },
      'password',
      'validation.reg_pattern_password',
    ],
    [
      'a differing confirmation',
      { confirmPassword: 'Other#Pass42' },
      'confirmPassword',
      'validation.inconsistentTwice',
    ],
    [
      'a breached password',
      { password: 'iloveyou', confirmPassword: 'iloveyou' },
      'password',
      'validation.breachedPassword',
    ],
    [
      'a breached password in capitals',
      { password: 'PASSWORD1', confirmPassword: 'PASSWORD1' },
      'password',
      'validation.breachedPassword',
    ],
    [
      'the weak password 123456',
      { password: '123456', confirmPassword: '123456' },
      'password',
      'validation.weakPassword',
    ],
    ['a malformed mobile number', { mobileNum: '12345' }, 'mobileNum', 'validation.mobileNum'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'validation.reg_pattern_email'],
  ])('answers field errors and creates nobody for %s', async (_name, fields, field, key) => {
    const username = (fields as { username?: string }).username ?? newUsername();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      payload: { username, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.json().fieldErrors[field]).toBe(key);
    expect(await countMembers(username)).toBe(0);
  });

  it('refuses an unknown field and an overlong value by name', async () => {
    const username = newUsername();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      payload: {
        username,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        isAgent: 1,
        email: `${'x'.repeat(300)}@a.bd`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ isAgent: 'validation.unknownField', email: 'validation.invalid' });
    expect(await countMembers(username)).toBe(0);
  });

  it('refuses a wrong type without a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      payload: { username: 42, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('requires the human check', async () => {
    const username = newUsername();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      payload: {
        username,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        altcha: 'bm90IGEgcGF5bG9hZA==',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
    expect(await countMembers(username)).toBe(0);
  });

  it('links the member to the agent whose invitation code it gives, and refuses an unknown code', async () => {
    const bad = await register(t.app, { affiliateCode: 'NOSUCH99' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json()).toMatchObject({
      code: 'INVITATION_CODE_ERROR',
      fieldErrors: { affiliateCode: 'validation.invalidInvitationCode' },
    });
    expect(await countMembers(bad.username)).toBe(0);

    const agent = await register(t.app);
    await t.db.kysely
      .updateTable('members')
      .set({ is_agent: 1, affiliate_code: 'AGENTX1' })
      .where('account', '=', agent.username)
      .execute();
    const check = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      payload: { code: 'agentx1', domain: 'localhost' },
    });
    expect(check.json()).toMatchObject({ success: true, value: { valid: true } });
    const wrong = await t.app.inject({ method: 'POST', url: '/wps/agent/affiliate', payload: { code: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVITATION_CODE_ERROR');

    const { res } = await register(t.app, { affiliateCode: 'AGENTX1' });
    expect(res.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res.json().value.token),
    });
    expect(info.json().value.toUpline).toBe(agent.username);
  });
});

describe('login', () => {
  it('says firstTimeLogin once for an account opened with a preset password', async () => {
    const { username } = await register(t.app);
    await t.db.kysely.updateTable('members').set({ first_login: true }).where('account', '=', username).execute();
    expect((await login(t.app, username, STRONG_PASSWORD)).json().value.firstTimeLogin).toBe(true);
    expect((await login(t.app, username, STRONG_PASSWORD)).json().value.firstTimeLogin).toBe(false);
  });

  it('logs in with a new token each time and audits it', async () => {
    const { username } = await register(t.app);
    const a = await login(t.app, username, STRONG_PASSWORD);
    const b = await login(t.app, username.toUpperCase(), STRONG_PASSWORD);
    expect(a.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({
      account: username,
      firstTimeLogin: false,
      passwordExpired: false,
      isAgent: 0,
    });
    expect(b.json().value.token).not.toBe(a.json().value.token);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .innerJoin('members', 'members.id', 'audit_log.member_id')
      .select('event')
      .where('members.account', '=', username)
      .execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['member.register', 'login.ok']));
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    const { username } = await register(t.app);
    const wrong = await login(t.app, username, 'Wrong#Pass1');
    const unknown = await login(t.app, newUsername('ghost'), 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', value: null });
  });

  it('spends the same argon2 work on an unknown user as on a wrong password', async () => {
    const { username } = await register(t.app);
    /** The argon2 verifications one login makes, each as its parameters ('argon2id$v=19$m=…,t=…,p=…'). */
    const work = async (name: string) => {
      const altcha = await solveHumanCheck(t.app);
      const from = verified.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { 'x-forwarded-for': newIp() },
        payload: { username: name, password: 'Wrong#Pass1', type: 'username', altcha },
      });
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      return verified.slice(from).map((hash) => hash.split('$').slice(1, 4).join('$'));
    };
    const known = await work(username);
    expect(known).toEqual([expect.stringMatching(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)]);
    // Without the throwaway verification an unknown name would cost no argon2 work at all, and
    // with a cheaper throwaway hash less: either would tell which accounts exist.
    expect(await work(newUsername('ghost'))).toEqual(known);
    // Nor may a lock answer sooner than a password check would.
    const locked = (await register(t.app)).username;
    await t.db.kysely
      .updateTable('members')
      .set({ locked_until: sql<Date>`now() + interval '15 minutes'` })
      .where('account', '=', locked)
      .execute();
    expect(await work(locked)).toEqual(known);
  });

  it('asks for the captcha after three failures and accepts a right answer once', async () => {
    const { username } = await register(t.app);
    for (let i = 1; i <= 3; i++) {
      const r = await login(t.app, username, 'Wrong#Pass1');
      expect(r.json().code).toBe('INVALID_CREDENTIALS');
      expect(r.json().value).toEqual(i >= 3 ? { captcha: true } : null);
    }
    const noCaptcha = await login(t.app, username, STRONG_PASSWORD);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });

    const img = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(Buffer.from(img.json().value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const wrongCaptcha = await login(t.app, username, STRONG_PASSWORD, {
      captchaId: img.json().value.captchaId,
      captcha: '0000x',
    });
    expect(wrongCaptcha.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });

    const captchaId = await storeCaptcha(t.db, '4821');
    const ok = await login(t.app, username, STRONG_PASSWORD, { captchaId, captcha: '4821' });
    expect(ok.statusCode).toBe(200);
    // Single use: the same captcha cannot pass again.
    await login(t.app, username, 'Wrong#Pass1');
    await login(t.app, username, 'Wrong#Pass1');
    await login(t.app, username, 'Wrong#Pass1');
    const reuse = await login(t.app, username, STRONG_PASSWORD, { captchaId, captcha: '4821' });
    expect(reuse.json().code).toBe('CAPTCHA_INVALID');
  });

  it('locks the account for 15 minutes after ten failures in an hour', async () => {
    const { username } = await register(t.app);
    const brand = await t.db.kysely
      .selectFrom('members')
      .select(['id', 'brand_id'])
      .where('account', '=', username)
      .executeTakeFirstOrThrow();
    // Nine failures spread over the last hour, from other addresses (the captcha is per account too).
    for (let i = 0; i < 9; i++) {
      await t.db.kysely
        .insertInto('login_failures')
        .values({
          brand_id: brand.brand_id,
          member_id: brand.id,
          account: username.toLowerCase(),
          ip: `10.0.0.${i}`,
          at: sql<Date>`now() - make_interval(mins => ${50 - i * 5})`,
        })
        .execute();
    }
    // A failure from more than an hour ago does not count.
    await t.db.kysely
      .insertInto('login_failures')
      .values({
        brand_id: brand.brand_id,
        member_id: brand.id,
        account: username.toLowerCase(),
        ip: '10.0.1.1',
        at: sql<Date>`now() - interval '2 hours'`,
      })
      .execute();
    const captchaId = await storeCaptcha(t.db, '1111');
    const tenth = await login(t.app, username, 'Wrong#Pass1', { captchaId, captcha: '1111' });
    // The lock is not announced: a locked account answers as a wrong password does.
    expect(tenth.statusCode).toBe(400);
    expect(tenth.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captcha: true } });
    const locked = await t.db.kysely
      .selectFrom('members')
      .select('locked_until')
      .where('id', '=', brand.id)
      .executeTakeFirstOrThrow();
    const minutes = (new Date(locked.locked_until as Date).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);

    const right = await login(t.app, username, STRONG_PASSWORD, {
      captchaId: await storeCaptcha(t.db, '2222'),
      captcha: '2222',
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('INVALID_CREDENTIALS');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', brand.id)
      .where('event', '=', 'login.lockout')
      .execute();
    expect(audit).toHaveLength(1);

    // Fifteen minutes later (moved back in SQL) the right password works again.
    await t.db.kysely
      .updateTable('members')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', brand.id)
      .execute();
    const later = await login(t.app, username, STRONG_PASSWORD, {
      captchaId: await storeCaptcha(t.db, '3333'),
      captcha: '3333',
    });
    expect(later.statusCode).toBe(200);
  });

  /** A login's answer as an outsider sees it: status, headers (less the clock's) and body bytes. */
  const seen = (res: Awaited<ReturnType<typeof login>>) => {
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.body };
  };

  /** A member whose failed logins of the last hour (from other addresses) number `failures`. */
  async function withFailures(account: string, failures: number, memberId: bigint | null = null) {
    const brand = await t.db.kysely
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'khela')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < failures; i++)
      await t.db.kysely
        .insertInto('login_failures')
        .values({ brand_id: brand.id, member_id: memberId, account: account.toLowerCase(), ip: `10.0.3.${i}` })
        .execute();
  }

  const idOf = async (account: string) =>
    (await t.db.kysely.selectFrom('members').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

  it('answers a locked account, an unknown name and a wrong password byte for byte alike', async () => {
    // Without failures: an account an earlier lock still holds (its right password), a name
    // nobody has, and a wrong password.
    const held = (await register(t.app)).username;
    await t.db.kysely
      .updateTable('members')
      .set({ locked_until: sql<Date>`now() + interval '10 minutes'` })
      .where('id', '=', await idOf(held))
      .execute();
    const known = (await register(t.app)).username;
    const fresh = [
      await login(t.app, held, STRONG_PASSWORD),
      await login(t.app, newUsername('ghost'), 'Wrong#Pass1'),
      await login(t.app, known, 'Wrong#Pass1'),
    ].map(seen);
    expect(fresh[0]).toMatchObject({ status: 400 });
    expect(JSON.parse(fresh[0]?.body ?? '')).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'errors.INVALID_CREDENTIALS',
      value: null,
    });
    expect(fresh[1]).toEqual(fresh[0]);
    expect(fresh[2]).toEqual(fresh[0]);

    // Nine failures each, then one more: the account locks on its tenth, the name nobody has
    // just counts, and a locked account's right password changes nothing.
    const locking = (await register(t.app)).username;
    const ghost = newUsername('ghost');
    const lockedAlready = (await register(t.app)).username;
    await withFailures(locking, 9, await idOf(locking));
    await withFailures(ghost, 9);
    await withFailures(lockedAlready, 10, await idOf(lockedAlready));
    await t.db.kysely
      .updateTable('members')
      .set({ locked_until: sql<Date>`now() + interval '15 minutes'` })
      .where('account', '=', lockedAlready)
      .execute();
    const captcha = async () => {
      const code = String(1000 + Math.floor(Math.random() * 9000));
      return { captchaId: await storeCaptcha(t.db, code), captcha: code };
    };
    const tenth = [
      await login(t.app, locking, 'Wrong#Pass1', await captcha()),
      await login(t.app, ghost, 'Wrong#Pass1', await captcha()),
      await login(t.app, lockedAlready, STRONG_PASSWORD, await captcha()),
    ].map(seen);
    expect(JSON.parse(tenth[0]?.body ?? '')).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captcha: true } });
    expect(tenth[1]).toEqual(tenth[0]);
    expect(tenth[2]).toEqual(tenth[0]);
    const lockedUntil = await t.db.kysely
      .selectFrom('members')
      .select('locked_until')
      .where('account', '=', locking)
      .executeTakeFirstOrThrow();
    expect(lockedUntil.locked_until).not.toBeNull();
  });

  it('refuses a replayed human-check solution', async () => {
    const { username } = await register(t.app);
    const altcha = await solveHumanCheck(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password: STRONG_PASSWORD, type: 'username', altcha },
    });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password: STRONG_PASSWORD, type: 'username', altcha },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('HUMAN_CHECK_FAILED');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password: STRONG_PASSWORD, type: 'username' },
    });
    expect(missing.json().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('refuses a forged human-check solution', async () => {
    const altcha = await solveHumanCheck(t.app);
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString());
    payload.solution.counter += 1;
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'someone1', password: 'x', type: 'username', altcha: forged },
    });
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('refuses an SMS login without a valid code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: '01712345678', password: '123456', type: 'sms' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_SMS_CODE');
  });

  it('flags the weak password 123456 as expired', async () => {
    const { username } = await register(t.app);
    const { hashPassword } = await import('../src/platform/passwords');
    await t.db.kysely
      .updateTable('members')
      .set({ password_hash: await hashPassword('123456') })
      .where('account', '=', username)
      .execute();
    const res = await login(t.app, username, '123456');
    expect(res.json().value.passwordExpired).toBe(true);
  });
});

describe('DELETE /wps/session/logout', () => {
  it('answers 401 to a caller without a session before it reads a body', async () => {
    for (const payload of ['{"sessionId": ', '{"all": true, "memberId": 1}']) {
      const res = await t.app.inject({
        method: logoutCall.method,
        url: logoutCall.path,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
    }
  });
});

describe('free play', () => {
  const trialAccounts = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM members WHERE is_agent = 4`.execute(t.db.kysely)).rows[0]?.n,
    );

  it('refuses without a solved human check, opening no account', async () => {
    const before = await trialAccounts();
    const used = await solveHumanCheck(t.app);
    expect((await freePlay(t.app, { altcha: used })).statusCode).toBe(200);
    const forged = JSON.parse(Buffer.from(await solveHumanCheck(t.app), 'base64').toString());
    forged.solution.counter += 1;
    const refused = [
      await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay' }),
      await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'web', platform: 'W' } }),
      await freePlay(t.app, { altcha: 'bm90IGEgc29sdXRpb24=' }),
      await freePlay(t.app, { altcha: Buffer.from(JSON.stringify(forged)).toString('base64') }),
      // A solution is good for one account.
      await freePlay(t.app, { altcha: used }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'HUMAN_CHECK_FAILED', value: null });
    }
    expect(await trialAccounts()).toBe(before + 1);
  });

  it('opens a trial account that cannot log in by password', async () => {
    const res = await freePlay(t.app);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.isAgent).toBe(4);
    expect(v.account).toMatch(/^guest[0-9a-z]+$/);
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(v.token) });
    expect(info.json().value).toMatchObject({ isAgent: 4, type: 4, account: v.account });
    const pw = await login(t.app, v.account, '');
    expect(pw.statusCode).toBe(400);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/password',
      headers: bearer(v.token),
      payload: { oldPassword: 'x', newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD },
    });
    expect(change.json().code).toBe('TRIAL_ACCOUNT');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', BigInt(v.customerId))
      .execute();
    expect(audit.map((a) => a.event)).toContain('login.freeplay');
  });
});

describe('audit log', () => {
  it('refuses UPDATE and DELETE', async () => {
    await expect(sql`UPDATE audit_log SET event = 'x'`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    const n = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log`.execute(t.db.kysely);
    expect(Number(n.rows[0]?.n)).toBeGreaterThan(0);
  });
});

describe('demo members', () => {
  it('logs in the demo player and answers the demo agent code', async () => {
    const player = await login(t.app, 'demo1234', 'Khela#Demo2024');
    expect(player.json().value).toMatchObject({ account: 'demo1234', isAgent: 0, passwordExpired: false });
    const agent = await login(t.app, 'agent1234', 'Khela#Agent2024');
    expect(agent.json().value.isAgent).toBe(1);
    const code = await t.app.inject({ method: 'POST', url: '/wps/agent/affiliate', payload: { code: 'KHELA2024' } });
    expect(code.statusCode).toBe(200);
    const weak = await login(t.app, 'weak1234', '123456');
    expect(weak.json().value.passwordExpired).toBe(true);
  });

  it('stores only argon2id hashes and no common password for the strong accounts', async () => {
    const { isBreached } = await import('../src/platform/passwords');
    expect(isBreached('Khela#Demo2024') || isBreached('Khela#Agent2024')).toBe(false);
    const rows = await t.db.kysely
      .selectFrom('members')
      .select('password_hash')
      .where('account', 'in', ['demo1234', 'agent1234', 'weak1234'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('per-address limits', () => {
  it('asks one address for a captcha after ten failures across accounts', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 10; i++) await login(t.app, newUsername('spray'), 'Wrong#Pass1', {}, ip);
    const next = await login(t.app, newUsername('spray'), 'Wrong#Pass1', {}, ip);
    expect(next.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
  });
});

describe('brand switches', () => {
  it('opens free play with only the human check, and refuses registration and free play the brand switched off', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { altcha: await solveHumanCheck(t.app) },
    });
    expect(bare.statusCode).toBe(200);
    const { invalidateBrandCache } = await import('../src/platform/brand');
    const set = async (enabled: boolean) => {
      await t.db.kysely
        .updateTable('whitelabel_modules')
        .set({ enabled })
        .where('code', 'in', ['DIRECTREG3', 'FREEPLAY3'])
        .execute();
      invalidateBrandCache();
    };
    await set(false);
    try {
      const reg = await register(t.app);
      expect(reg.res.statusCode).toBe(403);
      expect(reg.res.json().code).toBe('FEATURE_DISABLED');
      const fp = await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
      expect(fp.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await set(true);
    }
  });
});

describe('registration by mobile number', () => {
  let n = 0;
  const newMobile = () => `0171${String(Date.now() % 1_000_000).padStart(6, '0')}${++n % 10}`;
  const registerMobile = async (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/register/mobile',
      payload: {
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        countryDialingCode: '880',
        registerMethod: 'WEB',
        login: true,
        altcha: await solveHumanCheck(t.app),
        ...fields,
      },
    });

  it('makes the number the account, logs in, and refuses the same number twice', async () => {
    const mobileNum = newMobile();
    const res = await registerMobile({ mobileNum, username: mobileNum });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.account).toBe(mobileNum);
    expect((await login(t.app, mobileNum, STRONG_PASSWORD)).statusCode).toBe(200);
    const again = await registerMobile({ mobileNum, username: mobileNum });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS',
      fieldErrors: { mobileNum: 'validation.mobileTaken' },
    });
  });

  it('logs in by the number written any common way, which counts toward the same lock', async () => {
    const mobileNum = newMobile();
    expect((await registerMobile({ mobileNum, username: mobileNum })).statusCode).toBe(200);
    const bengali = mobileNum.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    for (const typed of [
      `+880${mobileNum.slice(1)}`,
      mobileNum.slice(1),
      `880 ${mobileNum.slice(1, 5)}-${mobileNum.slice(5)}`,
      bengali,
    ])
      expect((await login(t.app, typed, STRONG_PASSWORD)).statusCode, typed).toBe(200);
    const wrong = await login(t.app, `+880${mobileNum.slice(1)}`, 'Wrong#Password1');
    expect(wrong.statusCode).toBe(400);
    const failed = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'login.failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(failed.detail).toMatchObject({ account: mobileNum });
  });

  it('asks for a valid number and a password', async () => {
    const res = await registerMobile({ mobileNum: '12345', password: undefined, confirmPassword: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      mobileNum: 'validation.mobileNum',
      password: 'validation.notEmpty',
    });
  });
});
