/**
 * Customer-service paths of type 3 travel "encrypted" (spec §7): the key is the last 8 characters
 * of the path. This is OBFUSCATION, not security: anyone holding the path holds the key. It only
 * keeps the external support address out of naive scrapers and plain-text greps; never put a secret
 * in a customer-service path.
 *
 * Format: base64url(utf8(plain) XOR repeating key) + key, key = 8 characters of [A-Za-z0-9].
 * Pure functions on Web APIs (TextEncoder, btoa/atob, crypto.getRandomValues), so the server
 * and the browser share this exact code.
 */

export const CS_PATH_KEY_LENGTH = 8;
/** The customer-service type whose paths are stored and sent obfuscated (spec §7). */
export const CS_ENCRYPTED_TYPE = 3;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = /^[A-Za-z0-9]{8}$/;

/** 8 random key characters; bytes ≥ 248 are redrawn so each character is equally likely. */
export function randomCsPathKey(): string {
  let key = '';
  const limit = 256 - (256 % KEY_ALPHABET.length);
  while (key.length < CS_PATH_KEY_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < limit && key.length < CS_PATH_KEY_LENGTH) key += KEY_ALPHABET[b % KEY_ALPHABET.length];
    }
  }
  return key;
}

function xorWithKey(bytes: Uint8Array, key: string): Uint8Array {
  const k = new TextEncoder().encode(key);
  return bytes.map((b, i) => b ^ (k[i % k.length] as number));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('cs path: not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Obfuscates a customer-service path; `key` defaults to a fresh random one. */
export function encryptCsPath(plain: string, key: string = randomCsPathKey()): string {
  if (!KEY_PATTERN.test(key)) throw new Error('cs path: the key must be 8 characters of [A-Za-z0-9]');
  return toBase64Url(xorWithKey(new TextEncoder().encode(plain), key)) + key;
}

/** Reverses `encryptCsPath`; throws on a path that was not produced by it. */
export function decryptCsPath(path: string): string {
  const key = path.slice(-CS_PATH_KEY_LENGTH);
  if (path.length < CS_PATH_KEY_LENGTH || !KEY_PATTERN.test(key)) throw new Error('cs path: no key');
  const bytes = xorWithKey(fromBase64Url(path.slice(0, -CS_PATH_KEY_LENGTH)), key);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
