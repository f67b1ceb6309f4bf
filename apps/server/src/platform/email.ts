import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { AppError } from './errors';

/** One outgoing email. Plain text only: no HTML means no markup injection through a username. */
export type EmailMessage = { to: string; subject: string; text: string };

/** Sends account emails (password reset). Transports: SMTP when SMTP_URL is set, else the outbox file. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Mail settings, read from the environment like platform/config.ts (validated at start). */
const MailEnv = z.object({
  /** JSON-lines file the default transport appends every email to (default DATA_DIR/mail-outbox.jsonl). */
  MAIL_OUTBOX: z.string().min(1).optional(),
  /** The sender, e.g. `Khela <no-reply@khela.example>`; required with SMTP_URL (a mail server refuses a made-up one). */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * The mail server, e.g. smtp://user:password@mail.example:587 (STARTTLS when the server offers
   * it) or smtps://user:password@mail.example:465 (TLS from the start). User and password are
   * percent-encoded. Unset: emails go to the outbox file.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+\/?$/, 'must be smtp://[user:password@]host[:port] or smtps://…')
    .optional(),
  /** Refuse to send when the server does not offer STARTTLS (smtp:// only). */
  SMTP_REQUIRE_TLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** How long to wait for the connection, the greeting and each answer of the mail server. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The site address links in emails point to, e.g. https://khela.example. Unset: the
   * request's host when it is one of the brand's domains (or any host outside production).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
});
export type MailConfig = Omit<z.infer<typeof MailEnv>, 'MAIL_FROM'> & { MAIL_FROM: string; outbox: string };

const DEFAULT_FROM = 'Khela <no-reply@localhost>';

export function loadMailConfig(dataDir: string, env: Record<string, string | undefined> = process.env): MailConfig {
  const checked = MailEnv.superRefine((c, ctx) => {
    if (c.SMTP_URL && !c.MAIL_FROM)
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    if (c.SMTP_URL && !URL.canParse(c.SMTP_URL))
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is not a valid address' });
  });
  const parsed = checked.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid mail configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    MAIL_FROM: c.MAIL_FROM ?? DEFAULT_FROM,
    outbox: path.resolve(c.MAIL_OUTBOX ?? path.join(dataDir, 'mail-outbox.jsonl')),
  };
}

/**
 * The default transport: logs that an email went out (recipient and subject, never the body,
 * which holds a reset link) and appends it as one JSON line to the outbox file, where an
 * operator — or a test — reads it.
 */
export function outboxSender(config: MailConfig, log: FastifyBaseLogger): EmailSender {
  let dirReady: Promise<unknown> | undefined;
  return {
    async send(m) {
      dirReady ??= mkdir(path.dirname(config.outbox), { recursive: true });
      await dirReady;
      const line = JSON.stringify({ at: new Date().toISOString(), from: config.MAIL_FROM, ...m });
      await appendFile(config.outbox, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
      log.info({ to: m.to, subject: m.subject, outbox: config.outbox }, 'email written to the outbox');
    },
  };
}

/**
 * An email the mail server did not take. It is an AppError (503 MAIL_SEND_FAILED), so a call
 * that waits for an email answers with that code and a translated message, never a 500; its
 * `reason` is nodemailer's code (ECONNECTION, ETIMEDOUT, EAUTH, ETLS, EENVELOPE…) and its
 * message says what happened without the password.
 */
export class MailSendError extends AppError {
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super('MAIL_SEND_FAILED');
    this.message = `email not sent (${reason}): ${detail}`;
  }
}

/** What to log about a failed send: the reason and what the server said, without a stack. */
export function mailFailure(err: unknown): { reason: string; detail: string } {
  if (err instanceof MailSendError) return { reason: err.reason, detail: err.detail };
  return { reason: 'UNKNOWN', detail: err instanceof Error ? err.message : String(err) };
}

/**
 * SMTP through nodemailer. smtp:// upgrades with STARTTLS whenever the server offers it (and
 * fails rather than go on in clear if that upgrade fails; SMTP_REQUIRE_TLS also refuses servers
 * that do not offer it); smtps:// speaks TLS from the start. Certificates are verified — a
 * private CA is added with Node's NODE_EXTRA_CA_CERTS. One connection per email, so nothing is
 * left open; every wait is bounded by SMTP_TIMEOUT_MS.
 */
export function smtpSender(
  config: MailConfig,
  log: FastifyBaseLogger,
  /** Extra TLS options, e.g. `{ ca }` for a server whose certificate a private CA signed. */
  tls: ConnectionOptions = {},
): EmailSender {
  if (!config.SMTP_URL) throw new Error('smtpSender needs SMTP_URL');
  const url = new URL(config.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const timeout = config.SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: config.SMTP_REQUIRE_TLS,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    dnsTimeout: timeout,
    tls: { minVersion: 'TLSv1.2', ...tls },
    // Plain-text account emails only: no attachments or content fetched from files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  return {
    async send(m) {
      try {
        const info = await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text });
        log.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'email sent by SMTP');
      } catch (err) {
        const e = err as { code?: string; response?: string; message?: string };
        throw new MailSendError(e.code ?? 'ESMTP', (e.response ?? e.message ?? 'unknown failure').slice(0, 300));
      }
    },
  };
}

/** The transport the configuration asks for: SMTP when SMTP_URL is set, else the outbox file. */
export function createEmailSender(config: MailConfig, log: FastifyBaseLogger): EmailSender {
  return config.SMTP_URL ? smtpSender(config, log) : outboxSender(config, log);
}
