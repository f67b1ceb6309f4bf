import { sealedAad, sealedInfo } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { suite } from '../src/platform/sealed-body';

export type PublishedKey = { keyId: string; publicKey: string; serverTime: number };

export async function fetchKey(app: FastifyInstance): Promise<PublishedKey> {
  const res = await app.inject({ method: 'GET', url: '/wps/system/hpke' });
  if (res.statusCode !== 200) throw new Error(`no key: ${res.body}`);
  return res.json().value;
}

/**
 * Seals `body` to the published key the way the web app does (RFC 9180 base mode, info naming
 * `method path`, the timestamp as associated data). `bind` and `ts` let a test lie about them.
 */
export async function seal(
  key: PublishedKey,
  method: string,
  path: string,
  body: unknown,
  opts: { ts?: number; keyId?: string; plaintext?: string } = {},
) {
  const ts = opts.ts ?? Date.now();
  const sender = await suite.createSenderContext({
    recipientPublicKey: await suite.kem.deserializePublicKey(new Uint8Array(Buffer.from(key.publicKey, 'base64url'))),
    info: new TextEncoder().encode(sealedInfo(method, path)),
  });
  const ct = await sender.seal(
    new TextEncoder().encode(opts.plaintext ?? JSON.stringify(body)),
    new TextEncoder().encode(sealedAad(ts)),
  );
  return {
    sealed: {
      keyId: opts.keyId ?? key.keyId,
      enc: Buffer.from(new Uint8Array(sender.enc)).toString('base64url'),
      ct: Buffer.from(new Uint8Array(ct)).toString('base64url'),
      ts,
    },
  };
}
