// @vitest-environment node
// Node's WebCrypto, as in a browser: jsdom's typed arrays come from another realm WebCrypto refuses.
import { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core';
import { failure, fetchStub, type Sent, type Stub, stub } from '@khela/client/testing';
import type { ClientEndpoint, LoginResult, SealingKey } from '@khela/contract';
import { changePasswordCall, loginCall, registerCall, sealingKeyCall } from '@khela/contract/endpoints';
import { sealedAad, sealedInfo } from '@khela/contract/sealed';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from './api';
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

/** The server's key as GET sealing key answers it, on the given clock. */
const keyAnswer = (keyId: string, serverTime = Date.now()): SealingKey => ({
  keyId,
  publicKey,
  kem: 'DHKEM(X25519, HKDF-SHA256)',
  kdf: 'HKDF-SHA256',
  aead: 'AES-128-GCM',
  serverTime,
  maxAgeSeconds: 300,
  required: false,
  calls: [`${loginCall.method} ${loginCall.path}`],
});

const LOGGED_IN: LoginResult = {
  token: 't',
  firstTimeLogin: false,
  passwordExpired: false,
  account: 'rahim42',
  customerId: 7,
  isAgent: 0,
  memberLabel: [],
};

/** What was sent to one call, in order. */
const sentTo = (sent: readonly Sent[], d: ClientEndpoint) =>
  sent.filter((c) => c.method === d.method && c.path === d.path);

function serve(stubs: Stub[]) {
  const { fetch, sent } = fetchStub(stubs);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

describe('sealBody', () => {
  it('seals the JSON body for one call; only that call and timestamp open it', async () => {
    const body = { username: 'rahim42', password: 'Tiger#Lake42', type: 'username' };
    const { sealed } = await sealBody(
      { keyId: 'k1', publicKey },
      loginCall.method,
      loginCall.path,
      body,
      1_700_000_000_000,
    );
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ts).toBe(1_700_000_000_000);
    expect(sealed.enc).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(sealed)).not.toContain('Tiger');
    expect(await open(sealed, loginCall.method, loginCall.path)).toEqual(body);
    await expect(open(sealed, registerCall.method, registerCall.path)).rejects.toThrow();
    await expect(open({ ...sealed, ts: sealed.ts + 1 }, loginCall.method, loginCall.path)).rejects.toThrow();
  });

  it('uses a fresh encapsulation each time', async () => {
    const a = await sealBody({ keyId: 'k1', publicKey }, changePasswordCall.method, changePasswordCall.path, {}, 1);
    const b = await sealBody({ keyId: 'k1', publicKey }, changePasswordCall.method, changePasswordCall.path, {}, 1);
    expect(a.sealed.enc).not.toBe(b.sealed.enc);
  });
});

describe('sealedOrPlain', () => {
  it('fetches the key once, seals with the server clock, and keeps the key', async () => {
    const sent = serve([stub(sealingKeyCall, keyAnswer('k1', Date.now() + 90_000))]);
    const first = (await sealedOrPlain(registerCall.method, registerCall.path, { a: 1 })) as { sealed: { ts: number } };
    const second = (await sealedOrPlain(registerCall.method, registerCall.path, { a: 2 })) as {
      sealed: { ts: number };
    };
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', path: sealingKeyCall.path });
    expect(sent[0]?.headers).toEqual({ accept: 'application/json' });
    // The timestamp follows the server's clock, not the browser's.
    expect(Math.abs(first.sealed.ts - (Date.now() + 90_000))).toBeLessThan(5_000);
    expect(await open(second.sealed as never, registerCall.method, registerCall.path)).toEqual({ a: 2 });
  });

  it('sends the body plain when the server publishes no key, and asks again next time', async () => {
    const sent = serve([stub(sealingKeyCall, failure(404, 'NOT_FOUND'))]);
    expect(await sealedOrPlain(loginCall.method, loginCall.path, { a: 1 })).toEqual({ a: 1 });
    expect(await sealedOrPlain(loginCall.method, loginCall.path, { a: 1 })).toEqual({ a: 1 });
    expect(sent).toHaveLength(2);
  });
});

describe('call of a definition marked sealed', () => {
  it('puts the sealed envelope on the wire, and reseals once with a fresh key after SEALED_KEY_UNKNOWN', async () => {
    let keyFetches = 0;
    let logins = 0;
    const sent = serve([
      stub(sealingKeyCall, () => {
        keyFetches++;
        return keyAnswer(`k${keyFetches}`);
      }),
      stub(loginCall, () => {
        logins++;
        return logins === 1 ? failure(400, 'SEALED_KEY_UNKNOWN') : LOGGED_IN;
      }),
    ]);
    const value = await call(loginCall, { username: 'rahim42', password: 'Tiger#Lake42' });
    expect(value).toEqual(LOGGED_IN);
    expect(keyFetches).toBe(2);
    const bodies = sentTo(sent, loginCall).map((c) => c.body);
    expect(bodies.map((b) => (b as { sealed: { keyId: string } }).sealed.keyId)).toEqual(['k1', 'k2']);
    expect(JSON.stringify(bodies)).not.toContain('Tiger');
  });
});
