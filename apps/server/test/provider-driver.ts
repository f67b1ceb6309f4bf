import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { sign } from '../src/modules/provider/signature';

/**
 * Drives the seamless-wallet endpoints the way an aggregator does: signed raw bodies, retries,
 * concurrency and tampering. The conformance suite (provider-conformance.test.ts) talks only to
 * a `ProviderDriver`, so a future vendor adapter runs through the same suite by supplying a
 * driver that speaks its protocol and maps the answers back to `Reply`.
 */

export type CallName = 'balance' | 'bet' | 'win' | 'rollback';

export type Reply = { status: number; body: string; json: { success: boolean; code: string; value: unknown } };

export type SendOptions = {
  /** Unix seconds the body is signed at (default now). */
  timestamp?: number;
  /** Changes the bytes after signing (a man in the middle). */
  tamper?: (raw: Buffer) => Buffer;
  /** Replaces the signature header; null leaves it out. */
  signature?: string | null;
  /** Signs with another secret. */
  secret?: string;
};

export type ProviderDriver = {
  vendor: string;
  /** Sends one callback; `body` is serialised once, so a replay sends the very same bytes. */
  send(call: CallName, body: Record<string, unknown> | string, opts?: SendOptions): Promise<Reply>;
};

/** A driver for Khela's own API, in process through `app.inject`. */
export function injectDriver(
  app: FastifyInstance,
  opts: { vendor: string; secret: string; host?: string; headers?: Record<string, string> },
): ProviderDriver {
  return {
    vendor: opts.vendor,
    async send(call, body, o = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const raw = Buffer.from(text, 'utf8');
      const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
      const signature = o.signature === undefined ? sign(o.secret ?? opts.secret, timestamp, raw) : o.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        host: opts.host ?? 'localhost',
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        ...opts.headers,
      };
      if (signature !== null) headers[PROVIDER_SIGNATURE_HEADER] = signature;
      const res = await app.inject({
        method: 'POST',
        url: `/provider/${opts.vendor}/${call}`,
        headers,
        payload: o.tamper ? o.tamper(raw) : raw,
      });
      let json: Reply['json'];
      try {
        json = JSON.parse(res.body);
      } catch {
        json = { success: false, code: 'NOT_JSON', value: null };
      }
      return { status: res.statusCode, body: res.body, json };
    },
  };
}

/** Sends the same callback `times` times one after another. */
export async function inSequence(d: ProviderDriver, call: CallName, body: Record<string, unknown>, times: number) {
  const text = JSON.stringify(body);
  const out: Reply[] = [];
  for (let i = 0; i < times; i++) out.push(await d.send(call, text));
  return out;
}

/** Sends the same callback `times` times at once. */
export function concurrently(d: ProviderDriver, call: CallName, body: Record<string, unknown>, times: number) {
  const text = JSON.stringify(body);
  return Promise.all(Array.from({ length: times }, () => d.send(call, text)));
}

/** Flips one bit of one byte in the middle of the body. */
export function flipByte(raw: Buffer): Buffer {
  const copy = Buffer.from(raw);
  const i = Math.floor(copy.length / 2);
  copy[i] = (copy[i] as number) ^ 0x01;
  return copy;
}
