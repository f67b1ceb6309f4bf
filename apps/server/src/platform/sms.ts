import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';

/** Sends one text message; throws when the message could not be handed over. */
export interface SmsSender {
  readonly kind: 'console' | 'http';
  send(to: string, text: string): Promise<void>;
}

/** The outbox file of the console transport: SMS_OUTBOX, else DATA_DIR/sms-outbox.jsonl. */
export function smsOutboxPath(config: Config): string {
  return config.SMS_OUTBOX ? path.resolve(config.SMS_OUTBOX) : path.join(config.dataDir, 'sms-outbox.jsonl');
}

/**
 * The default transport: logs the message (the code appears in the server log) and appends
 * `{ at, to, text }` as one JSON line to the outbox file, where tests and people read it.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly kind = 'console';
  constructor(
    private readonly log: FastifyBaseLogger,
    readonly outbox: string,
  ) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ sms: { to, text } }, 'SMS (console transport)');
    await mkdir(path.dirname(this.outbox), { recursive: true });
    await appendFile(this.outbox, `${JSON.stringify({ at: new Date().toISOString(), to, text })}\n`, 'utf8');
  }
}

/**
 * A generic HTTP gateway: POST SMS_GATEWAY_URL with JSON `{ to, text }` and, when set,
 * `Authorization: Bearer SMS_GATEWAY_TOKEN`. Any 2xx is success; 10 s timeout.
 */
export class HttpSmsSender implements SmsSender {
  readonly kind = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const res = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** The gateway adapter when SMS_GATEWAY_URL is set, else the console transport. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_GATEWAY_URL) return new HttpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN);
  return new ConsoleSmsSender(log, smsOutboxPath(config));
}

const senders = new WeakMap<FastifyInstance, SmsSender>();

/** The app's sender, made once (every module that sends codes shares it). */
export function smsSenderOf(app: FastifyInstance): SmsSender {
  let sender = senders.get(app);
  if (!sender) {
    sender = createSmsSender(app.config, app.log);
    senders.set(app, sender);
  }
  return sender;
}
