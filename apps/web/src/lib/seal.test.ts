// @vitest-environment node
// Node's WebCrypto, as in a browser: jsdom's typed arrays come from another realm WebCrypto refuses.
import { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core';
import { sealedAad, sealedInfo } from '@khela/contract/sealed';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { forgetSealingKey, sealBody, sealedOrPlain } from './seal';

/* The sealing helper against a real HPKE recipient: what the server does with the same suite. */

const suite = new CipherSuite({ kem: new DhkemX25519HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
const utf8 = new TextEncoder();
const b64url = (b: ArrayBuffer) => Buffer.from(new Uint8Array(b)).toString('base64url');

let keyPair: CryptoKeyPair;
let publicKey: string;
beforeAll(async () => {
  keyPair = await suite.kem.generateKeyPair();
  publicKey = b64url(await suite.kem.serializePublicKey(keyPair.publicKey));
});
afterEach(() => {
  forgetSealingKey();
  vi.unstubAllGlobals();
});

async function open(sealed: { enc: string; ct: string; ts: number }, method: string, path: string) {
  const recipient = await suite.createRecipientContext({
    recipientKey: keyPair,
    enc: new Uint8Array(Buffer.from(sealed.enc, 'base64url')),
    info: utf8.encode(sealedInfo(method, path)),
  });
  const plain = await recipient.open(
    new Uint8Array(Buffer.from(sealed.ct, 'base64url')),
    utf8.encode(sealedAad(sealed.ts)),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

const envelope = (value: unknown, status = 200) => ({
  ok: status < 400,
  status,
  json: async () =>
    status < 400
      ? { success: true, value, message: 'ok', code: 'OK' }
      : { success: false, value: null, message: `errors.${value}`, code: value },
});

describe('sealBody', () => {
  it('seals the JSON body for one call; only that call and timestamp open it', async () => {
    const body = { username: 'rahim42', password: 'Tiger#Lake42', type: 'username' };
    const { sealed } = await sealBody(
      { keyId: 'k1', publicKey },
      'POST',
      '/wps/session/login',
      body,
      1_700_000_000_000,
    );
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ts).toBe(1_700_000_000_000);
    expect(sealed.enc).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(sealed)).not.toContain('Tiger');
    expect(await open(sealed, 'POST', '/wps/session/login')).toEqual(body);
    await expect(open(sealed, 'POST', '/wps/member/register')).rejects.toThrow();
    await expect(open({ ...sealed, ts: sealed.ts + 1 }, 'POST', '/wps/session/login')).rejects.toThrow();
  });

  it('uses a fresh encapsulation each time', async () => {
    const a = await sealBody({ keyId: 'k1', publicKey }, 'PUT', '/wps/member/password', {}, 1);
    const b = await sealBody({ keyId: 'k1', publicKey }, 'PUT', '/wps/member/password', {}, 1);
    expect(a.sealed.enc).not.toBe(b.sealed.enc);
  });
});

describe('sealedOrPlain', () => {
  it('fetches the key once, seals with the server clock, and keeps the key', async () => {
    const serverTime = Date.now() + 90_000;
    const fetchMock = vi.fn(async () => envelope({ keyId: 'k1', publicKey, serverTime, required: false }));
    vi.stubGlobal('fetch', fetchMock);
    const first = (await sealedOrPlain('POST', '/wps/member/register', { a: 1 })) as { sealed: { ts: number } };
    const second = (await sealedOrPlain('POST', '/wps/member/register', { a: 2 })) as { sealed: { ts: number } };
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/wps/system/hpke', { headers: { accept: 'application/json' } }]);
    // The timestamp follows the server's clock, not the browser's.
    expect(Math.abs(first.sealed.ts - (Date.now() + 90_000))).toBeLessThan(5_000);
    expect(await open(second.sealed as never, 'POST', '/wps/member/register')).toEqual({ a: 2 });
  });

  it('sends the body plain when the server publishes no key, and asks again next time', async () => {
    const fetchMock = vi.fn(async () => envelope('NOT_FOUND', 404));
    vi.stubGlobal('fetch', fetchMock);
    expect(await sealedOrPlain('POST', '/wps/session/login', { a: 1 })).toEqual({ a: 1 });
    expect(await sealedOrPlain('POST', '/wps/session/login', { a: 1 })).toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api with sealed: true', () => {
  it('puts the sealed envelope on the wire, and reseals once with a fresh key after SEALED_KEY_UNKNOWN', async () => {
    const bodies: unknown[] = [];
    let keyFetches = 0;
    let logins = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === '/wps/system/hpke') {
          keyFetches++;
          return envelope({ keyId: `k${keyFetches}`, publicKey, serverTime: Date.now(), required: false });
        }
        bodies.push(JSON.parse(String(init?.body)));
        logins++;
        return logins === 1 ? envelope('SEALED_KEY_UNKNOWN', 400) : envelope({ token: 't' });
      }),
    );
    const value = await api('/wps/session/login', { method: 'POST', body: { password: 'Tiger#Lake42' }, sealed: true });
    expect(value).toEqual({ token: 't' });
    expect(keyFetches).toBe(2);
    expect(bodies.map((b) => (b as { sealed: { keyId: string } }).sealed.keyId)).toEqual(['k1', 'k2']);
    expect(JSON.stringify(bodies)).not.toContain('Tiger');
  });
});
