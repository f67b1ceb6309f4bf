import {
  auditLogCall,
  ROLES,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffRevokeSessionCall,
  staffSessionsCall,
  staffSetupConfirmCall,
  staffSetupPasswordCall,
  staffVerifyCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/staff/accounts';
import { STAFF_LOCK_AFTER_FAILURES } from '../src/modules/staff/login';
import { createTestApp, type TestApp } from './harness';
import {
  bearerOf,
  codeAt,
  type EnrolledStaff,
  enrolStaff,
  LINK_BASE,
  loginStaff,
  passwordStep,
  post,
  STAFF_PASSWORD,
  TEST_SECRETS_KEY,
} from './staff-helpers';

const IDLE = 5;
const MAX = 600;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SECRETS_KEY: TEST_SECRETS_KEY,
    STAFF_SESSION_IDLE_SECONDS: String(IDLE),
    STAFF_SESSION_MAX_SECONDS: String(MAX),
    STAFF_LOGIN_RATE_PER_MINUTE: '1000',
  });
});
afterAll(() => t.close());

/** A code no step around now has (the tolerance takes one step either side). */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((n) => codeAt(secret, n)));
  let code = 0;
  while (near.includes(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

const me = (token: string) => t.app.inject({ method: 'GET', url: staffMeCall.path, headers: bearerOf(token) });

async function events(staffId: bigint) {
  const rows = await t.db.kysely
    .selectFrom('audit_log')
    .select(['event', 'detail'])
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.event);
}

describe('setting up a staff member from the link', () => {
  it('prints a one-time link on the public address, then takes a password, a TOTP code, and hands out recovery codes once', async () => {
    const made = await createStaff(t.db, LINK_BASE, {
      merchantCode: 'khela',
      username: 'owner.one',
      roles: ['owner'],
      createdBy: 'test',
    });
    expect(made.link).toMatch(/^https:\/\/bo\.khela\.example\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
    const token = made.link.split('/admin/setup/')[1] as string;

    const breached = await post(t, staffSetupPasswordCall, { token, password: '1qaz2wsx3edc' });
    expect(breached.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { password: expect.any(String) } });

    const setup = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, username } = setup.json().value;
    expect(username).toBe('owner.one');
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);

    // Not enrolled until a code confirms it: no login yet.
    expect((await post(t, staffLoginCall, { username: 'owner.one', password: STAFF_PASSWORD })).statusCode).toBe(400);

    const wrong = await post(t, staffSetupConfirmCall, { token, code: await wrongCode(secret) });
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID' });

    const confirm = await post(t, staffSetupConfirmCall, { token, code: await codeAt(secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // The link has done its work.
    const again = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
    expect(again.json()).toMatchObject({ code: 'SETUP_LINK_INVALID' });
    expect(await events(made.staffId)).toEqual(['staff.setup.password', 'staff.login.failed', 'staff.totp.enrolled']);
  });

  it('refuses a link older than 24 hours', async () => {
    const made = await createStaff(t.db, LINK_BASE, {
      merchantCode: 'khela',
      username: 'late.one',
      roles: ['support'],
      createdBy: 'test',
    });
    await t.db.kysely
      .updateTable('staff_setup_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('staff_id', '=', made.staffId)
      .execute();
    const token = made.link.split('/admin/setup/')[1] as string;
    const res = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SETUP_LINK_INVALID' });
  });
});

describe('logging in with the second factor', () => {
  let s: EnrolledStaff;
  beforeAll(async () => {
    s = await enrolStaff(t, ['finance']);
  });

  it('answers the session after a fresh TOTP code, and `me` the role’s permissions', async () => {
    const challenge = await passwordStep(t, s.username);
    const wrong = await post(t, staffVerifyCall, { challenge, code: await wrongCode(s.secret) });
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID' });
    // The code the enrolment used is spent: shown on a screen once, it opens nothing again (the
    // very code, not this step's: the clock may have moved to the next step since).
    const replayed = await post(t, staffVerifyCall, { challenge, code: s.enrolCode as string });
    expect(replayed.json()).toMatchObject({ code: 'TOTP_INVALID' });

    // One code for both logins below: asked for twice, the clock could cross a step between
    // them and the second would be a fresh code, not a replay.
    const code = await codeAt(s.secret, 1);
    const ok = await post(t, staffVerifyCall, { challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ idleSeconds: IDLE, recoveryCodesLeft: 10 });
    const who = await me(ok.json().value.token);
    expect(who.statusCode).toBe(200);
    expect(who.json().value).toMatchObject({
      username: s.username,
      brand: 'khela',
      roles: ['finance'],
    });
    expect([...who.json().value.permissions].sort()).toEqual([...ROLES.finance].sort());

    // The same code again, on a new password step: a replay within its window.
    const again = await post(t, staffVerifyCall, { challenge: await passwordStep(t, s.username), code });
    expect(again.json()).toMatchObject({ code: 'TOTP_INVALID' });
    const failures = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('staff_id', '=', s.id)
      .where('event', '=', 'staff.login.failed')
      .execute();
    expect(failures.map((f) => f.detail.why)).toEqual(['wrong-code', 'replayed-code', 'replayed-code']);
  });

  it('takes a recovery code once', async () => {
    const code = (s.recoveryCodes[3] as string).toLowerCase().replaceAll('-', '');
    const first = await post(t, staffVerifyCall, { challenge: await passwordStep(t, s.username), recoveryCode: code });
    expect(first.statusCode).toBe(200);
    expect(first.json().value.recoveryCodesLeft).toBe(9);
    const second = await post(t, staffVerifyCall, { challenge: await passwordStep(t, s.username), recoveryCode: code });
    expect(second.json()).toMatchObject({ code: 'TOTP_INVALID' });
    expect(await events(s.id)).toContain('staff.recovery.used');
  });

  it('spends the challenge: it opens one session only', async () => {
    const challenge = await passwordStep(t, s.username);
    const ok = await post(t, staffVerifyCall, { challenge, recoveryCode: s.recoveryCodes[0] });
    expect(ok.statusCode).toBe(200);
    const again = await post(t, staffVerifyCall, { challenge, recoveryCode: s.recoveryCodes[1] });
    expect(again.json()).toMatchObject({ code: 'LOGIN_CHALLENGE_INVALID' });
  });

  it('keeps no secret in clear: password, TOTP secret, recovery codes, link and session tokens', async () => {
    const token = await loginStaffWithRecovery(s, 5);
    const row = await t.db.kysely.selectFrom('staff').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret_sealed).toMatch(/^v1\./);
    const dump = JSON.stringify(
      await Promise.all(
        [
          'staff',
          'staff_recovery_codes',
          'staff_sessions',
          'staff_setup_links',
          'staff_login_challenges',
          'audit_log',
        ].map(async (table) => (await sql.raw(`SELECT * FROM ${table}`).execute(t.db.kysely)).rows),
      ),
      (_k, v) => (typeof v === 'bigint' ? String(v) : v),
    );
    expect(dump).not.toContain(s.secret);
    expect(dump).not.toContain(STAFF_PASSWORD);
    expect(dump).not.toContain(token);
    for (const c of s.recoveryCodes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replaceAll('-', ''));
    }
  });

  async function loginStaffWithRecovery(who: EnrolledStaff, i: number) {
    const res = await post(t, staffVerifyCall, {
      challenge: await passwordStep(t, who.username),
      recoveryCode: who.recoveryCodes[i],
    });
    return res.json().value.token as string;
  }

  it('lists and revokes its own sessions, and logs out', async () => {
    const a = await loginStaffWithRecovery(s, 6);
    const b = await loginStaffWithRecovery(s, 7);
    const list = await t.app.inject({ method: 'GET', url: staffSessionsCall.path, headers: bearerOf(a) });
    const sessions = list.json().value as { id: number; current: boolean }[];
    expect(sessions.filter((x) => x.current)).toHaveLength(1);
    const current = sessions.find((x) => x.current)?.id as number;
    const other = sessions.find((x) => !x.current)?.id as number;

    // Another staff member's session id ends nothing.
    const stranger = await loginStaff(t, await enrolStaff(t, ['support']));
    const refused = await t.app.inject({
      method: 'POST',
      url: staffRevokeSessionCall.path.replace(':id', String(current)),
      headers: bearerOf(stranger),
    });
    expect(refused.json().value).toEqual({ revoked: false });
    expect((await me(a)).statusCode).toBe(200);

    const done = await t.app.inject({
      method: 'POST',
      url: staffRevokeSessionCall.path.replace(':id', String(other)),
      headers: bearerOf(a),
    });
    expect(done.json().value).toEqual({ revoked: true });
    const stillLive = await Promise.all([me(a), me(b)].map(async (r) => (await r).statusCode));
    // `b` was the other one unless the list put `a` second; either way exactly one is gone.
    expect(stillLive.sort()).toEqual([200, 401]);

    const live = stillLive[0] === 200 ? a : b;
    const out = await t.app.inject({ method: 'POST', url: staffLogoutCall.path, headers: bearerOf(live) });
    expect(out.statusCode).toBe(200);
    expect((await me(live)).statusCode).toBe(401);
    const trail = await events(s.id);
    expect(trail).toContain('staff.session.revoked');
    expect(trail).toContain('staff.logout');
  });
});

describe('session expiry', () => {
  it(`ends a session unused for STAFF_SESSION_IDLE_SECONDS (${IDLE} s)`, async () => {
    const token = await loginStaff(t, await enrolStaff(t, ['auditor']));
    const setIdle = (seconds: number) =>
      t.db.kysely
        .updateTable('staff_sessions')
        .set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
        .where('revoked_at', 'is', null)
        .where('id', '=', sql<bigint>`(SELECT max(id) FROM staff_sessions)`)
        .execute();
    await setIdle(IDLE - 2);
    expect((await me(token)).statusCode).toBe(200);
    // That call counted as use: idle again, for longer than allowed.
    await setIdle(IDLE + 1);
    expect((await me(token)).statusCode).toBe(401);
  });

  it(`ends a session STAFF_SESSION_MAX_SECONDS (${MAX} s) after login however busy`, async () => {
    const s = await enrolStaff(t, ['auditor']);
    const token = await loginStaff(t, s);
    const row = await t.db.kysely
      .selectFrom('staff_sessions')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('lifetime'))
      .where('staff_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(Math.round(Number(row.lifetime))).toBe(MAX);
    await t.db.kysely
      .updateTable('staff_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'`, last_seen_at: sql<Date>`now()` })
      .where('staff_id', '=', s.id)
      .execute();
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it(`locks the account after ${STAFF_LOCK_AFTER_FAILURES} failures: even the right password is refused, with one answer`, async () => {
    const s = await enrolStaff(t, ['content']);
    for (let i = 0; i < STAFF_LOCK_AFTER_FAILURES; i++) {
      const res = await post(t, staffLoginCall, { username: s.username, password: 'Not-The-Password-1' });
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const right = await post(t, staffLoginCall, { username: s.username, password: STAFF_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const trail = await events(s.id);
    expect(trail.filter((e) => e === 'staff.login.lockout')).toHaveLength(1);

    // When the lock runs out, the right password and code open a session again.
    await t.db.kysely
      .updateTable('staff')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', s.id)
      .execute();
    expect((await me(await loginStaff(t, s))).statusCode).toBe(200);
  });
});

describe('the audit trail', () => {
  it('records staff events with the actor and address, shows them to audit.read, and refuses UPDATE and DELETE', async () => {
    const s = await enrolStaff(t, ['auditor']);
    const token = await loginStaff(t, s);
    const res = await t.app.inject({
      method: 'GET',
      url: `${auditLogCall.path}?staffId=${s.id}`,
      headers: bearerOf(token),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().value as { event: string; staffId: number; ip: string }[];
    expect(rows.map((r) => r.event)).toEqual(['staff.login.ok', 'staff.totp.enrolled', 'staff.setup.password']);
    expect(rows.every((r) => r.staffId === Number(s.id) && r.ip === '127.0.0.1')).toBe(true);

    const created = await t.db.kysely
      .selectFrom('audit_log')
      .select(['after', 'detail'])
      .where('event', '=', 'staff.created')
      .where(sql<boolean>`after->>'username' = ${s.username}`)
      .executeTakeFirstOrThrow();
    expect(created.after).toMatchObject({ username: s.username, roles: ['auditor'] });

    await expect(sql`UPDATE audit_log SET reason = 'x' WHERE staff_id = ${s.id}`.execute(t.db.kysely)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log WHERE staff_id = ${s.id}`.execute(t.db.kysely)).rejects.toThrow(
      /append-only/,
    );
  });
});
