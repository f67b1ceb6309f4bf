import { SEALED_KEY_PATH, type SealedEnvelope, sealedAad, sealedInfo } from '@khela/contract/sealed';
import { afterFirstScreen } from './idle';

/**
 * Sealed request bodies (spec §7 'encrypted body'; RFC 9180 HPKE with DHKEM(X25519,
 * HKDF-SHA256), HKDF-SHA256, AES-128-GCM). The server's public key is fetched once and kept;
 * @hpke/core is loaded only when a body is sealed, so the home page does not pay for it.
 * A body goes plain only when this browser's WebCrypto cannot do X25519 (or runs outside a
 * secure context) or the server publishes no key.
 */

export type SealingKey = { keyId: string; publicKey: string; serverTime: number; required: boolean };
type HeldKey = SealingKey & { offset: number; fetchedAt: number };

/** A held key is fetched again after this long: a rotated key and the clock offset are picked up. */
const KEY_MAX_AGE_MS = 10 * 60_000;

let held: Promise<HeldKey | null> | null = null;
let support: Promise<boolean> | null = null;

/** Whether WebCrypto here does X25519 (HPKE's KEM); AES-GCM and HKDF come with any WebCrypto. */
export function canSeal(): Promise<boolean> {
  support ??= (async () => {
    try {
      const subtle = globalThis.crypto?.subtle;
      if (!subtle) return false;
      await subtle.generateKey({ name: 'X25519' } as KeyAlgorithm, false, ['deriveBits']);
      return true;
    } catch {
      return false;
    }
  })();
  return support;
}

async function fetchKey(): Promise<HeldKey | null> {
  try {
    const res = await fetch(SEALED_KEY_PATH, { headers: { accept: 'application/json' } });
    const env = (await res.json()) as { success?: boolean; value?: SealingKey };
    if (!res.ok || !env.success || !env.value) return null;
    // The server checks a sealed body's timestamp against its own clock: keep the difference.
    return { ...env.value, offset: env.value.serverTime - Date.now(), fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/** The server's key: fetched once and kept for a while; a failed fetch is tried again next time. */
export async function sealingKey(): Promise<HeldKey | null> {
  if (held) {
    const key = await held;
    if (key && Date.now() - key.fetchedAt < KEY_MAX_AGE_MS) return key;
  }
  const pending = (async () => ((await canSeal()) ? fetchKey() : null))();
  held = pending;
  const key = await pending;
  if (!key && held === pending) held = null;
  return key;
}

/** Drops the held key (the server no longer accepts it, or the clock offset is off). */
export function forgetSealingKey(): void {
  held = null;
}

/**
 * Fetches the key and loads the HPKE code in the background, so the first sealed call does not
 * wait: once the first screen has settled, since a form opened with the page (/login) is typed
 * into for seconds before its first sealed call, and the code evaluated earlier would lengthen
 * the page's start on a slow phone. A call made sooner loads what it needs itself.
 */
export function prepareSealing(): void {
  afterFirstScreen()
    .then(sealingKey)
    .then((key) => (key ? import('@hpke/core') : undefined))
    .catch(() => {});
}

function toBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * Seals `body` for the call `method path`: the call goes into HPKE's info and the timestamp
 * (milliseconds on the server's clock) into the associated data, so the server refuses it on
 * any other call or once stale.
 */
export async function sealBody(
  key: Pick<SealingKey, 'keyId' | 'publicKey'>,
  method: string,
  path: string,
  body: unknown,
  ts: number,
): Promise<SealedEnvelope> {
  const { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } = await import('@hpke/core');
  const suite = new CipherSuite({ kem: new DhkemX25519HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const utf8 = new TextEncoder();
  const sender = await suite.createSenderContext({
    recipientPublicKey: await suite.kem.deserializePublicKey(fromBase64url(key.publicKey)),
    info: utf8.encode(sealedInfo(method, path)),
  });
  const ct = await sender.seal(utf8.encode(JSON.stringify(body)), utf8.encode(sealedAad(ts)));
  return { sealed: { keyId: key.keyId, enc: toBase64url(sender.enc), ct: toBase64url(ct), ts } };
}

/** What to send for a sealed call: the sealed envelope when possible, else the body as it is. */
export async function sealedOrPlain(method: string, path: string, body: unknown): Promise<unknown> {
  const key = await sealingKey();
  if (!key) return body;
  return sealBody(key, method, path, body, Math.round(Date.now() + key.offset));
}
