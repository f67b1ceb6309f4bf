import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Provider call signatures: hex HMAC-SHA256 with the vendor's secret over
 * `<timestamp>.<raw body bytes>`, where timestamp is the Unix time in seconds sent in the
 * timestamp header. Signing the raw bytes (not re-serialised JSON) means any changed byte fails.
 */
export function sign(secret: string, timestamp: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

/** True when the signature is the body's and the timestamp is within `windowSeconds` of now. */
export function verify(opts: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  raw: Buffer;
  windowSeconds: number;
  nowMs?: number;
}): boolean {
  const { timestamp, signature } = opts;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const skew = Math.abs((opts.nowMs ?? Date.now()) / 1000 - Number(timestamp));
  if (skew > opts.windowSeconds) return false;
  const expected = Buffer.from(sign(opts.secret, timestamp, opts.raw), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
