import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INHOUSE_VENDOR, playerStatusCall } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as provider from '../src/modules/provider/service';
import { invalidateBrandCache } from '../src/platform/brand';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  lastSmsCode,
  login,
  newIp,
  register,
  STRONG_PASSWORD,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * The member status (decision 0031): locked, suspended and closed keep the player out of every
 * login, both password resets and every token call, end their sessions at once, and nothing the
 * player does lifts them.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'khela-status-'));
const SMS = path.join(dir, 'sms.jsonl');
const MAIL = path.join(dir, 'mail.jsonl');
let t: TestApp;
let support: string;
let brandId: number;

beforeAll(async () => {
  process.env.MAIL_OUTBOX = MAIL;
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: SMS, SECRETS_KEY: TEST_SECRETS_KEY });
  support = await staffSessionWithRoles(t, ['support']);
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
  delete process.env.MAIL_OUTBOX;
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
const newMobile = () => `0181${String((Date.now() + ++seq * 7919) % 10_000_000).padStart(7, '0')}`;

/** A player registered by mobile (so every way in applies), with a live session and an email. */
async function player() {
  const mobile = newMobile();
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/register/mobile',
    headers: { 'x-forwarded-for': newIp() },
    payload: {
      mobileNum: mobile,
      username: mobile,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: true,
      altcha: await solveHumanCheck(t.app),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token, customerId } = res.json().value as { token: string; customerId: number };
  const email = `p${customerId}@example.com`;
  await sql`UPDATE members SET email = ${email} WHERE id = ${customerId}`.execute(t.db.kysely);
  return { id: customerId, mobile, email, token };
}

const setStatus = (id: number, status: string, token = support) =>
  t.app.inject({
    method: 'POST',
    url: playerStatusCall.path.replace(':id', String(id)),
    headers: bearerOf(token),
    payload: { status, reason: 'test: checked with the player' },
  });

const info = (token: string) => t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });

async function askCode(mobileNum: string, purpose: 'login' | 'reset') {
  // A number gets one code a minute: the earlier ones are made older, as if the minute had passed.
  await sql`UPDATE sms_codes SET created_at = created_at - interval '2 minutes' WHERE phone = ${`+880${mobileNum.slice(1)}`}`.execute(
    t.db.kysely,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    headers: { 'x-forwarded-for': newIp() },
    payload: { mobileNum, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app), purpose },
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = lastSmsCode(SMS, mobileNum);
  if (!code) throw new Error('no code sent');
  return code;
}

const mails = (): { to: string; text: string }[] =>
  existsSync(MAIL)
    ? readFileSync(MAIL, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

describe.each(['locked', 'suspended', 'closed'] as const)('a %s member', (status) => {
  const code = { locked: 'MEMBER_LOCKED', suspended: 'MEMBER_SUSPENDED', closed: 'MEMBER_CLOSED' }[status];

  it('loses an open session at once, with its game sessions, and the change is audited', async () => {
    const p = await player();
    const member = { id: BigInt(p.id), brandId, isAgent: 0 };
    const game = await provider.createGameSession(t.db, { member, vendor: INHOUSE_VENDOR, gameCode: 'slot' });
    expect((await info(p.token)).statusCode).toBe(200);

    const res = await setStatus(p.id, status);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status, endedSessions: 1, endedGameSessions: 1 });
    expect((await info(p.token)).statusCode).toBe(401);
    expect(await provider.liveGameSession(t.db, brandId, game.token)).toBeNull();

    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'player.status')
      .where('member_id', '=', BigInt(p.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      before: { status: 'active' },
      after: { status },
      reason: 'test: checked with the player',
    });
    expect(row.staff_id).not.toBeNull();
  });

  it('refuses the right password with the status, and a wrong one as any wrong password', async () => {
    const p = await player();
    await setStatus(p.id, status);
    const right = await login(t.app, p.mobile, STRONG_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe(code);
    const wrong = await login(t.app, p.mobile, 'Not#The1Password');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses the SMS login and the reset by phone, which leave the password and status as they were', async () => {
    const p = await player();
    await setStatus(p.id, status);
    const sms = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': newIp() },
      payload: {
        username: p.mobile,
        password: await askCode(p.mobile, 'login'),
        type: 'sms',
        countryDialingCode: '+880',
      },
    });
    expect(sms.json().code).toBe(code);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      headers: { 'x-forwarded-for': newIp() },
      payload: {
        mobileNum: p.mobile,
        countryDialingCode: '+880',
        verificationCode: await askCode(p.mobile, 'reset'),
        newPassword: 'River#Stone77',
      },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe(code);
    const m = await t.db.kysely
      .selectFrom('members')
      .select(['status', 'password_changed_at', 'created_at'])
      .where('id', '=', BigInt(p.id))
      .executeTakeFirstOrThrow();
    expect(m.status).toBe(status);
    expect((await login(t.app, p.mobile, 'River#Stone77')).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('mails no reset link, and refuses a link sent before the change', async () => {
    // The email form asks for the username as the brand's rule writes it.
    const { res: made, username } = await register(t.app);
    const id = made.json().value.customerId as number;
    const p = { id, mobile: username, email: `${username}@example.com` };
    await sql`UPDATE members SET email = ${p.email} WHERE id = ${id}`.execute(t.db.kysely);
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'x-forwarded-for': newIp() },
        payload: { username: p.mobile, email: p.email },
      });
    expect((await forgot()).statusCode).toBe(200);
    const mail = await vi.waitFor(
      () => {
        const m = mails().filter((x) => x.to === p.email);
        if (m.length < 1) throw new Error('no mail yet');
        return m[0] as { text: string };
      },
      { timeout: 3000, interval: 20 },
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;

    await setStatus(p.id, status);
    expect((await forgot()).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      headers: { 'x-forwarded-for': newIp() },
      payload: { token, newPassword: 'River#Stone77', confirmNewPassword: 'River#Stone77' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe(code);
    // The second request was answered alike but mailed nothing.
    expect(mails().filter((x) => x.to === p.email)).toHaveLength(1);
  });
});

describe('the new-address check', () => {
  it('opens no session when the status changed between the password and the code', async () => {
    const p = await player();
    await t.db.kysely.updateTable('brands').set({ new_ip_check: true }).where('id', '=', brandId).execute();
    invalidateBrandCache();
    try {
      const away = newIp();
      const held = await login(t.app, p.mobile, STRONG_PASSWORD, {}, away);
      expect(held.json().code).toBe('NEW_IP_CHECK_REQUIRED');
      await setStatus(p.id, 'locked');
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/newip',
        headers: { 'x-forwarded-for': away },
        payload: { challengeId: held.json().value.challengeId, code: lastSmsCode(SMS, p.mobile) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MEMBER_LOCKED');
      const live = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM sessions WHERE member_id = ${p.id} AND revoked_at IS NULL`.execute(t.db.kysely);
      expect(live.rows[0]?.n).toBe('0');
    } finally {
      await t.db.kysely.updateTable('brands').set({ new_ip_check: false }).where('id', '=', brandId).execute();
      invalidateBrandCache();
    }
  });
});

describe('the status and the failed-login lock', () => {
  it('keeps the status apart from the failed-login lock, and lets an active member in again', async () => {
    const p = await player();
    await setStatus(p.id, 'suspended');
    expect((await login(t.app, p.mobile, STRONG_PASSWORD)).json().code).toBe('MEMBER_SUSPENDED');
    // The failed-login lock is a column of its own: clearing it leaves the status.
    await sql`UPDATE members SET locked_until = NULL WHERE id = ${p.id}`.execute(t.db.kysely);
    expect((await login(t.app, p.mobile, STRONG_PASSWORD)).json().code).toBe('MEMBER_SUSPENDED');

    expect((await setStatus(p.id, 'active')).json().value).toMatchObject({ status: 'active', endedSessions: 0 });
    const back = await login(t.app, p.mobile, STRONG_PASSWORD);
    expect(back.statusCode, back.body).toBe(200);
    expect((await info(back.json().value.token)).statusCode).toBe(200);
  });

  it('refuses a status staff without players.write would set', async () => {
    const { res } = await register(t.app);
    const id = res.json().value.customerId as number;
    const finance = await staffSessionWithRoles(t, ['finance']);
    expect((await setStatus(id, 'closed', finance)).statusCode).toBe(403);
    expect((await info(res.json().value.token)).statusCode).toBe(200);
  });
});
