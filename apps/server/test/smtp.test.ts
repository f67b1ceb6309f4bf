import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmailSender, loadMailConfig, MailSendError, mailFailure, smtpSender } from '../src/platform/email';
import { ACCOUNT_TEST_ENV, bearer, newIp, register } from './accounts-helpers';
import { createTestApp } from './harness';

/*
 * The SMTP transport against a real SMTP server (the smtp-server package) on a local port:
 * the password-reset email arrives with its link, STARTTLS is used when offered and its
 * certificate checked, and refusals, wrong passwords and silent servers end in a clear
 * MAIL_SEND_FAILED within the timeout.
 */

type Received = { from: string; to: string[]; raw: string; secure: boolean; user: string | undefined };
const USER = 'khela';
const PASS = 'p@ss:word/1';

let dir: string;
let cert: { key: Buffer; cert: Buffer };
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'khela-smtp-'));
  // A certificate for 127.0.0.1, trusted by passing it as the CA (it signs itself).
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp(opts: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: false,
    allowInsecureAuth: true,
    // No STARTTLS unless a test gives a certificate.
    disabledCommands: opts.key ? [] : ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASS) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        cb();
      });
    },
    ...opts,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The text body of a received email, transfer encoding undone. */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const ENCODED_WORD = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;

/** One header of a received email, unfolded, its RFC 2047 encoded words decoded. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
  // Adjacent encoded words make one text (the space between them is not part of it), and a
  // character may be split across two of them: their bytes are joined before decoding.
  return value?.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, encoding, text = '']) =>
        encoding?.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            ),
      ),
    ).toString('utf8'),
  );
}

const silentLog = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
const mailConfig = (env: Record<string, string>) =>
  loadMailConfig(dir, { MAIL_FROM: 'Khela <no-reply@khela.test>', ...env });
const message = { to: 'rahim@example.com', subject: 'Hello', text: 'A line of text.' };
const url = (port: number, user = USER, pass = PASS) =>
  `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

async function sendFails(p: Promise<void>): Promise<MailSendError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MailSendError);
  const e = err as MailSendError;
  // A clear answer: 503 MAIL_SEND_FAILED with its text key, never the password.
  expect(e.status).toBe(503);
  expect(e.code).toBe('MAIL_SEND_FAILED');
  expect(e.messageKey).toBe('errors.MAIL_SEND_FAILED');
  expect(e.message).not.toContain(PASS);
  return e;
}

describe('SMTP transport: the password-reset email through a real SMTP server', () => {
  it('delivers the email with the link that resets the password', async () => {
    const smtp = await startSmtp();
    process.env.SMTP_URL = url(smtp.port);
    process.env.MAIL_FROM = 'Khela <no-reply@khela.test>';
    // Reset links point only to the site's public address (never to a request's Host).
    process.env.PUBLIC_URL = 'http://khela.test:8080';
    const t = await createTestApp(ACCOUNT_TEST_ENV);
    try {
      const { res, username } = await register(t.app);
      const token = res.json().value.token as string;
      const email = `${username}@example.com`;
      await sql`UPDATE members SET email = ${email} WHERE account = ${username}`.execute(t.db.kysely);
      await t.app.inject({
        method: 'PUT',
        url: '/wps/member/language',
        headers: bearer(token),
        payload: { language: 'en' },
      });

      const forgot = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'x-forwarded-for': newIp(), host: 'khela.test:8080' },
        payload: { username, email },
      });
      expect(forgot.statusCode).toBe(200);
      // The email goes out after the answer.
      const mail = await vi.waitFor(
        () => {
          const first = smtp.received[0];
          if (!first) throw new Error('no email arrived');
          return first;
        },
        { timeout: 20_000, interval: 20 },
      );
      // One email, over the authenticated session, to the member only.
      expect(smtp.received).toHaveLength(1);
      expect(mail.user).toBe(USER);
      expect(mail.from).toBe('no-reply@khela.test');
      expect(mail.to).toEqual([email]);
      expect(headerOf(mail.raw, 'From')).toBe('Khela <no-reply@khela.test>');
      expect(headerOf(mail.raw, 'To')).toBe(email);
      expect(headerOf(mail.raw, 'Subject')).toBe('Khela: reset your password');
      const text = bodyOf(mail.raw).replace(/\r\n/g, '\n');
      expect(text).toContain(`Hello ${username},`);
      expect(text).toContain('within 30 minutes');
      const link = /^http:\/\/khela\.test:8080\/resetPassword\?token=([A-Za-z0-9_-]{43})$/m.exec(text);
      expect(link, text).not.toBeNull();

      // The link works: the new password logs in.
      const reset = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/reset',
        headers: { 'x-forwarded-for': newIp() },
        payload: { token: link?.[1], newPassword: 'River#Stone77', confirmNewPassword: 'River#Stone77' },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.MAIL_FROM;
      delete process.env.PUBLIC_URL;
      await t.close();
      await smtp.close();
    }
  }, 120_000); // registration, the reset and the login hash passwords: slow on a busy two-core machine

  it('writes Bengali text intact, in the subject and the body', async () => {
    const smtp = await startSmtp();
    try {
      const sender = smtpSender(mailConfig({ SMTP_URL: url(smtp.port) }), silentLog);
      await sender.send({
        to: 'rahim@example.com',
        subject: 'খেলা: পাসওয়ার্ড রিসেট করুন',
        text: 'প্রিয় rahim42,\nলিংকটি খুলুন।',
      });
      expect(smtp.received).toHaveLength(1);
      const raw = smtp.received[0]?.raw ?? '';
      expect(headerOf(raw, 'Subject')).toBe('খেলা: পাসওয়ার্ড রিসেট করুন');
      expect(bodyOf(raw).replace(/\r\n/g, '\n')).toContain('প্রিয় rahim42,\nলিংকটি খুলুন।');
    } finally {
      await smtp.close();
    }
  });

  it('uses STARTTLS when the server offers it, and checks its certificate', async () => {
    const smtp = await startSmtp({ key: cert.key, cert: cert.cert });
    try {
      const config = mailConfig({ SMTP_URL: url(smtp.port), SMTP_REQUIRE_TLS: 'true' });
      await smtpSender(config, silentLog, { ca: cert.cert }).send(message);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.secure).toBe(true);

      // The same server with a certificate nobody vouched for: nothing is sent in clear instead.
      const e = await sendFails(smtpSender(config, silentLog).send(message));
      expect(e.reason).toMatch(/^E(TLS|SOCKET|CONNECTION)$/);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('refuses to send in clear with SMTP_REQUIRE_TLS when the server offers no STARTTLS', async () => {
    const smtp = await startSmtp();
    try {
      const config = mailConfig({ SMTP_URL: url(smtp.port), SMTP_REQUIRE_TLS: 'true' });
      await sendFails(smtpSender(config, silentLog).send(message));
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('fails clearly on a wrong password, and sends nothing', async () => {
    const smtp = await startSmtp();
    try {
      const auth = await sendFails(
        smtpSender(mailConfig({ SMTP_URL: url(smtp.port, USER, 'wrong') }), silentLog).send(message),
      );
      expect(auth.reason).toBe('EAUTH');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('fails clearly when nothing listens on the port', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const refused = await sendFails(smtpSender(mailConfig({ SMTP_URL: url(closedPort) }), silentLog).send(message));
    expect(refused.reason).toMatch(/^E(SOCKET|CONNECTION)$/);
    expect(refused.detail).toMatch(/ECONNREFUSED/);
  });

  it('gives up on a server that never answers within SMTP_TIMEOUT_MS', async () => {
    const silent = net.createServer(() => {
      // Accepts the connection and never greets.
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const silentPort = (silent.address() as net.AddressInfo).port;
      const started = Date.now();
      const timedOut = await sendFails(
        smtpSender(mailConfig({ SMTP_URL: url(silentPort), SMTP_TIMEOUT_MS: '300' }), silentLog).send(message),
      );
      expect(timedOut.reason).toMatch(/^E(TIMEDOUT|CONNECTION|SOCKET)$/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(mailFailure(timedOut)).toEqual({ reason: timedOut.reason, detail: timedOut.detail });
    } finally {
      silent.close();
    }
  });

  it('answers a forgot-password request as for an unknown account when the mail server refuses it', async () => {
    // A mail server that refuses every recipient: the email is tried, and fails, after the answer.
    const refusals: string[] = [];
    const smtp = await startSmtp({
      onRcptTo(address, _session, cb) {
        refusals.push(address.address);
        cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
    });
    process.env.SMTP_URL = url(smtp.port);
    process.env.MAIL_FROM = 'no-reply@khela.test';
    process.env.PUBLIC_URL = 'http://khela.test:8080';
    const t = await createTestApp(ACCOUNT_TEST_ENV);
    try {
      const { username } = await register(t.app);
      const email = `${username}@example.com`;
      await sql`UPDATE members SET email = ${email} WHERE account = ${username}`.execute(t.db.kysely);
      const forgot = (payload: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/member/password/email',
          headers: { 'x-forwarded-for': newIp() },
          payload,
        });
      const res = await forgot({ username, email });
      await vi.waitFor(() => expect(refusals).toEqual([email]), { timeout: 20_000, interval: 20 });
      const unknown = await forgot({ username: 'nosuchplayer9', email: 'nobody@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(unknown.body);
      expect(smtp.received).toHaveLength(0);
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.MAIL_FROM;
      delete process.env.PUBLIC_URL;
      await t.close();
      await smtp.close();
    }
  }, 120_000);
});

describe('mail configuration', () => {
  it('reads the SMTP settings with their defaults', () => {
    expect(loadMailConfig(dir, {}).MAIL_FROM).toBe('Khela <no-reply@localhost>');
    const smtp = mailConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' });
    expect(smtp.SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(smtp.SMTP_TIMEOUT_MS).toBe(10_000);
    expect(smtp.SMTP_REQUIRE_TLS).toBe(false);
  });

  it('writes emails to the outbox file when SMTP_URL is unset', async () => {
    const outbox = path.join(dir, 'outbox-only.jsonl');
    const config = loadMailConfig(dir, { MAIL_OUTBOX: outbox });
    expect(config.SMTP_URL).toBeUndefined();
    await createEmailSender(config, silentLog).send(message);
    const lines = readFileSync(outbox, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { at: expect.any(String), from: 'Khela <no-reply@localhost>', ...message },
    ]);
  });

  it('sends by SMTP, and writes no outbox line, when SMTP_URL is set', async () => {
    const smtp = await startSmtp();
    const outbox = path.join(dir, 'outbox-unused.jsonl');
    try {
      await createEmailSender(mailConfig({ SMTP_URL: url(smtp.port), MAIL_OUTBOX: outbox }), silentLog).send(message);
      expect(smtp.received.map((m) => [m.to, headerOf(m.raw, 'Subject')])).toEqual([[[message.to], message.subject]]);
      expect(existsSync(outbox)).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('stops with a message naming the variable, never echoing the password', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadMailConfig(dir, env);
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(bad({ SMTP_URL: 'http://u:secret@mail.example', MAIL_FROM: 'a@b.c' })).toMatch(/SMTP_URL/);
    expect(bad({ SMTP_URL: 'http://u:secret@mail.example', MAIL_FROM: 'a@b.c' })).not.toContain('secret');
    expect(bad({ SMTP_URL: 'smtp://mail.example:587' })).toMatch(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(bad({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@b.c', SMTP_TIMEOUT_MS: '5' })).toMatch(
      /SMTP_TIMEOUT_MS/,
    );
  });
});
