import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { ACCOUNT_TEST_ENV, bearer, login, register, STRONG_PASSWORD } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
});
afterAll(() => t.close());

const info = (token: string) => t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
const sessionOf = (token: string) =>
  t.db.kysely
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', createHash('sha256').update(token).digest())
    .executeTakeFirstOrThrow();

async function newSession() {
  const { res, username } = await register(t.app);
  return { token: res.json().value.token as string, username };
}

describe('sessions', () => {
  it('are 256-bit random tokens, stored only as their SHA-256', async () => {
    const { token } = await newSession();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await sessionOf(token);
    expect(row.token_hash).toHaveLength(32);
    const leaked = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE ${`%${token}%`}
         OR encode(token_hash, 'base64') = ${token}`.execute(t.db.kysely);
    expect(Number(leaked.rows[0]?.n)).toBe(0);
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
  });

  it('refuses a missing, malformed or unknown token with 401 UNAUTHORIZED', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('A'.repeat(43))]) {
      const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
    }
  });

  it('ends a session idle for 30 minutes', async () => {
    const { token } = await newSession();
    await sql`UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE token_hash = ${(await sessionOf(token)).token_hash}`.execute(
      t.db.kysely,
    );
    expect((await info(token)).statusCode).toBe(200);
    // The call above counted as activity.
    const touched = await sessionOf(token);
    expect(Date.now() - new Date(touched.last_seen_at).getTime()).toBeLessThan(60_000);
    await sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = ${touched.token_hash}`.execute(
      t.db.kysely,
    );
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime even when busy', async () => {
    const { token } = await newSession();
    await sql`UPDATE sessions SET created_at = now() - interval '12 hours', expires_at = now() - interval '1 second' WHERE token_hash = ${(await sessionOf(token)).token_hash}`.execute(
      t.db.kysely,
    );
    expect((await info(token)).statusCode).toBe(401);
  });

  it('revokes the session at logout', async () => {
    const { token } = await newSession();
    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, value: null });
    expect((await sessionOf(token)).revoked_at).not.toBeNull();
    expect((await info(token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a token on another brand', async () => {
    const { token } = await newSession();
    const brand = await t.db.kysely
      .insertInto('brands')
      .values({
        merchant_code: 'other',
        name: 'Other',
        languages: ['bn'],
        default_language: 'bn',
        currency: 'BDT',
        image_cdns: [],
        launch_game_cdns: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('brand_domains').values({ domain: 'other.example', brand_id: brand.id }).execute();
    invalidateBrandCache();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { ...bearer(token), host: 'other.example' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('change password', () => {
  const change = (token: string, body: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/wps/member/password', headers: bearer(token), payload: body });

  it('ends every session, this one included, and audits', async () => {
    const { token, username } = await newSession();
    const other = (await login(t.app, username, STRONG_PASSWORD)).json().value.token as string;
    const res = await change(token, {
      oldPassword: STRONG_PASSWORD,
      newPassword: 'River!Boat77',
      confirmNewPassword: 'River!Boat77',
    });
    expect(res.statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect((await info(other)).statusCode).toBe(401);
    expect((await login(t.app, username, STRONG_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(t.app, username, 'River!Boat77')).statusCode).toBe(200);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .innerJoin('members', 'members.id', 'audit_log.member_id')
      .select(['event', 'detail'])
      .where('members.account', '=', username)
      .where('event', '=', 'password.change')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toEqual({ sessions: 2, gameSessions: 0 });
  });

  it.each([
    ['a wrong old password', { oldPassword: 'Nope#Nope1' }, 'oldPassword', 'validation.wrongOldPassword'],
    [
      'the old password again',
      { newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD },
      'newPassword',
      'validation.samePassword',
    ],
    ['123456', { newPassword: '123456', confirmNewPassword: '123456' }, 'newPassword', 'validation.weakPassword'],
    [
      'a breached password',
      { newPassword: 'sunshine', confirmNewPassword: 'sunshine' },
      'newPassword',
      'validation.breachedPassword',
    ],
    [
      'a differing confirmation',
      { confirmNewPassword: 'Other#One1' },
      'confirmNewPassword',
      'validation.inconsistentTwice',
    ],
    [
      'a password against the rule',
      { newPassword: 'no spaces!', confirmNewPassword: 'no spaces!' },
      'newPassword',
      'validation.reg_pattern_password',
    ],
  ])('refuses %s and keeps the password', async (_n, fields, field, key) => {
    const { token, username } = await newSession();
    const res = await change(token, {
      oldPassword: STRONG_PASSWORD,
      newPassword: 'Fresh#Mango9',
      confirmNewPassword: 'Fresh#Mango9',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(key);
    expect((await login(t.app, username, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('change password: guesses at the old password', () => {
  const change = (token: string, oldPassword: string, ip = '10.77.0.1') =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/password',
      headers: { ...bearer(token), 'x-forwarded-for': ip },
      payload: { oldPassword, newPassword: 'Fresh#Mango9', confirmNewPassword: 'Fresh#Mango9' },
    });
  const eventsOf = async (username: string) =>
    t.db.kysely
      .selectFrom('audit_log')
      .innerJoin('members', 'members.id', 'audit_log.member_id')
      .select(['event', 'detail'])
      .where('members.account', '=', username)
      .where('event', 'in', ['password.change.failed', 'login.failed', 'login.lockout', 'password.change'])
      .orderBy('audit_log.id')
      .execute();

  it('count with failed logins: the tenth in an hour locks the account as a login would, each one audited', async () => {
    const { token, username } = await newSession();
    // Three wrong logins first: one budget for both doors.
    for (let i = 0; i < 3; i++) expect((await login(t.app, username, `Wrong#Pass${i}`)).statusCode).toBe(400);
    for (let i = 0; i < 6; i++) {
      const res = await change(token, `Nope#Guess${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ oldPassword: 'validation.wrongOldPassword' });
    }
    const tenth = await change(token, 'Nope#Guess6');
    expect(tenth.statusCode).toBe(403);
    expect(tenth.json().code).toBe('ACCOUNT_LOCKED');
    // Locked: the right old password changes nothing now, and the login is held too.
    const right = await change(token, STRONG_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    expect((await login(t.app, username, STRONG_PASSWORD)).json().code).not.toBe('OK');

    const events = await eventsOf(username);
    expect(events.filter((e) => e.event === 'login.failed')).toHaveLength(3);
    expect(events.filter((e) => e.event === 'password.change.failed').map((e) => e.detail)).toEqual([
      ...[4, 5, 6, 7, 8, 9, 10].map((n) => ({ failuresThisHour: n })),
      { failuresThisHour: 11, locked: true },
    ]);
    expect(events.filter((e) => e.event === 'login.lockout').map((e) => e.detail)).toEqual([
      { minutes: 15, via: 'password.change' },
    ]);
    expect(events.some((e) => e.event === 'password.change')).toBe(false);

    // Fifteen minutes later (moved back in SQL) the right old password works.
    await t.db.kysely
      .updateTable('members')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('account', '=', username)
      .execute();
    expect((await change(token, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('member info', () => {
  it('answers the spec §3 fields', async () => {
    const { token, username } = await newSession();
    await t.db.kysely
      .updateTable('members')
      .set({
        nickname: 'Rahim',
        club_label: JSON.stringify({ labelName: 'Gold', color: '#fff', color2: '#c90', rankLevel: 5 }),
        member_label: JSON.stringify([{ labelName: 'VIP' }]),
      })
      .where('account', '=', username)
      .execute();
    const res = await info(token);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value).toEqual({
      id: expect.any(Number),
      account: username,
      nickname: 'Rahim',
      type: 0,
      isAgent: 0,
      toUpline: null,
      clubLabel: { labelName: 'Gold', color: '#fff', color2: '#c90', rankLevel: 5 },
      memberLabel: [{ labelName: 'VIP' }],
      avatar: null,
      language: null,
      returning: expect.any(Boolean),
    });
  });
});
