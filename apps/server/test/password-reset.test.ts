import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEST_ENV, bearer, login, newIp, register, STRONG_PASSWORD } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let dir: string;
let outbox: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'khela-mail-'));
  outbox = path.join(dir, 'outbox.jsonl');
  process.env.MAIL_OUTBOX = outbox;
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
  delete process.env.MAIL_OUTBOX;
  rmSync(dir, { recursive: true, force: true });
});

type Mail = { to: string; subject: string; text: string };
const mails = (): Mail[] =>
  existsSync(outbox)
    ? readFileSync(outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

/** The emails are sent after the answer: wait for the outbox to reach `n` lines. */
const waitForMails = (n: number): Promise<Mail[]> =>
  vi.waitFor(
    () => {
      const m = mails();
      if (m.length < n) throw new Error(`expected ${n} emails, outbox has ${m.length}`);
      return m;
    },
    { timeout: 3_000, interval: 20 },
  );

async function memberWithEmail() {
  const { res, username } = await register(t.app);
  expect(res.statusCode).toBe(200);
  const email = `${username}@example.com`;
  await sql`UPDATE members SET email = ${email} WHERE account = ${username}`.execute(t.db.kysely);
  return { username, email, token: res.json().value.token as string };
}

const forgot = (payload: Record<string, string>, ip = newIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'x-forwarded-for': ip, ...headers },
    payload,
  });

const forgotForm = (fields: Record<string, string>, ip = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const reset = (token: string, password = 'River#Stone77', confirm = password) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password/reset',
    headers: { 'x-forwarded-for': newIp() },
    payload: { token, newPassword: password, confirmNewPassword: confirm },
  });

const tokenOf = (mail: Mail) => {
  const m = /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error('no link in the email');
  return m[1];
};

describe('forgot password by email', () => {
  it('accepts a form-encoded body and writes the link to the outbox', async () => {
    const before = mails().length;
    const { username, email } = await memberWithEmail();
    const res = await forgotForm({ username, email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: null });
    const m = (await waitForMails(before + 1)).at(-1) as Mail;
    expect(m.to).toBe(email);
    expect(m.text).toMatch(/^http:\/\/localhost(:\d+)?\/resetPassword\?token=[A-Za-z0-9_-]{43}$/m);
    // Only the digest is stored.
    const token = tokenOf(m);
    const rows = await sql<{ token_hash: Buffer }>`SELECT token_hash FROM password_reset_tokens`.execute(t.db.kysely);
    expect(rows.rows.some((r) => Buffer.from(r.token_hash).toString('base64url') === token)).toBe(false);
  });

  it('answers the same for an unknown user or a wrong email, and sends nothing', async () => {
    const { username } = await memberWithEmail();
    const start = mails().length;
    const known = await forgot({ username, email: `${username}@example.com` });
    const before = (await waitForMails(start + 1)).length;
    const unknown = await forgot({ username: 'nosuchplayer1', email: 'nobody@example.com' });
    const wrongEmail = await forgot({ username, email: 'other@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(wrongEmail.body).toBe(known.body);
    // A later request that matches sends its email after those two answered: once it is in the
    // outbox, an email of theirs would be too.
    const other = await memberWithEmail();
    await forgot({ username: other.username, email: other.email });
    const after = await waitForMails(before + 1);
    expect(after.slice(start).map((m) => m.to)).toEqual([`${username}@example.com`, other.email]);
  });

  it('validates username and email', async () => {
    const res = await forgot({ username: '', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['email', 'username']);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&username=b&email=x@y.z',
    });
    expect(dup.statusCode).toBe(400);
  });

  it('throttles per account name, whether or not it exists', async () => {
    const name = 'ghostplayer9';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await forgot({ username: name, email: `g${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('throttles per address', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await forgot({ username: `someone${i}x`, email: `s${i}@example.com` }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('where the link points', () => {
  const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('never builds the link from a forged Host or X-Forwarded-Host, whatever NODE_ENV', async () => {
    expect(t.config.NODE_ENV).not.toBe('production');
    const start = mails().length;
    const victim = await memberWithEmail();
    const forged = await forgot({ username: victim.username, email: victim.email }, newIp(), FORGED);
    // The same answer as any request: the caller learns nothing.
    expect(forged.statusCode).toBe(200);
    const proxied = await memberWithEmail();
    await forgot({ username: proxied.username, email: proxied.email }, newIp(), {
      'x-forwarded-host': 'evil.example',
    });
    // A later request that matches is mailed after the forged ones: once it is in the outbox,
    // theirs would be too.
    const witness = await memberWithEmail();
    await forgot({ username: witness.username, email: witness.email });
    const sent = (await waitForMails(start + 2)).slice(start);
    expect(sent.map((m) => m.to)).toEqual([proxied.email, witness.email]);
    for (const m of sent) {
      expect(m.text).not.toContain('evil.example');
      expect(m.text).toMatch(/^http:\/\/localhost(:\d+)?\/resetPassword\?token=/m);
    }
  });

  describe('with PUBLIC_URL', () => {
    let other: TestApp;
    beforeAll(async () => {
      process.env.PUBLIC_URL = 'https://khela.example/';
      other = await createTestApp(ACCOUNT_TEST_ENV).finally(() => delete process.env.PUBLIC_URL);
    });
    afterAll(() => other.close());

    it('uses PUBLIC_URL, whatever the request says', async () => {
      const start = mails().length;
      const { res, username } = await register(other.app);
      expect(res.statusCode).toBe(200);
      const email = `${username}@example.com`;
      await sql`UPDATE members SET email = ${email} WHERE account = ${username}`.execute(other.db.kysely);
      const answer = await other.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'x-forwarded-for': newIp(), ...FORGED },
        payload: { username, email },
      });
      expect(answer.statusCode).toBe(200);
      const m = (await waitForMails(start + 1)).at(-1) as Mail;
      expect(m.to).toBe(email);
      expect(m.text).toMatch(/^https:\/\/khela\.example\/resetPassword\?token=[A-Za-z0-9_-]{43}$/m);
    });
  });
});

describe('reset with the link', () => {
  it('sets the password once, ends the sessions, and the link is single use', async () => {
    const { username, email, token: session } = await memberWithEmail();
    const before = mails().length;
    await forgot({ username, email });
    const token = tokenOf((await waitForMails(before + 1)).at(-1) as Mail);

    const weak = await reset(token, '123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toBeDefined();
    const mismatch = await reset(token, 'River#Stone77', 'River#Stone78');
    expect(mismatch.json().fieldErrors.confirmNewPassword).toBeDefined();

    const ok = await reset(token);
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/member/info', headers: bearer(session) })).statusCode).toBe(401);
    expect((await login(t.app, username, 'River#Stone77')).statusCode).toBe(200);
    expect((await login(t.app, username, STRONG_PASSWORD)).statusCode).toBe(400);

    const again = await reset(token, 'Another#Pass88');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_LINK_INVALID');
    const audit = await sql<{ detail: { via?: string } }>`
      SELECT a.detail FROM audit_log a JOIN members m ON m.id = a.member_id
       WHERE m.account = ${username} AND a.event = 'password.change'`.execute(t.db.kysely);
    expect(audit.rows.map((r) => (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail).via)).toEqual([
      'email-reset',
    ]);
  });

  it('refuses a link older than 30 minutes, and an earlier link once a new one is asked for', async () => {
    const { username, email } = await memberWithEmail();
    const before = mails().length;
    await forgot({ username, email });
    const first = tokenOf((await waitForMails(before + 1)).at(-1) as Mail);
    await forgot({ username, email });
    const second = tokenOf((await waitForMails(before + 2)).at(-1) as Mail);
    expect((await reset(first)).json().code).toBe('RESET_LINK_INVALID');

    await sql`UPDATE password_reset_tokens SET created_at = now() - interval '31 minutes'
               WHERE member_id = (SELECT id FROM members WHERE account = ${username})`.execute(t.db.kysely);
    const expired = await reset(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('RESET_LINK_INVALID');
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await reset('x'.repeat(43))).json().code).toBe('RESET_LINK_INVALID');
    expect((await reset('<script>')).json().code).toBe('RESET_LINK_INVALID');
  });
});
