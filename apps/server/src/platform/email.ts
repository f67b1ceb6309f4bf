import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** One outgoing email. Plain text only: no HTML means no markup injection through a username. */
export type EmailMessage = { to: string; subject: string; text: string };

/** Sends account emails (password reset). Transports: the outbox file (default); SMTP later. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Mail settings, read from the environment like platform/config.ts (validated at start). */
const MailEnv = z.object({
  /** JSON-lines file the default transport appends every email to (default DATA_DIR/mail-outbox.jsonl). */
  MAIL_OUTBOX: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Khela <no-reply@localhost>'),
  /**
   * The site address links in emails point to, e.g. https://khela.example. Unset: the
   * request's host when it is one of the brand's domains (or any host outside production).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
});
export type MailConfig = z.infer<typeof MailEnv> & { outbox: string };

export function loadMailConfig(dataDir: string, env: Record<string, string | undefined> = process.env): MailConfig {
  const parsed = MailEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid mail configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, outbox: path.resolve(c.MAIL_OUTBOX ?? path.join(dataDir, 'mail-outbox.jsonl')) };
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
