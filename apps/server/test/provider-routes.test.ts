import {
  PROVIDER_SIGNATURE_AUTH,
  providerBalanceCall,
  providerBetCall,
  providerRollbackCall,
  providerWinCall,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { injectDriver, type ProviderDriver } from './provider-driver';

/**
 * The provider calls as routes of the contract: the signature is checked before the body is
 * read (a caller without the vendor's secret learns nothing about what a body should hold), and
 * /docs publishes each call with its auth. The money rules are provider-conformance.test.ts's.
 */

const VENDOR = 'JL';
const CALLS = [providerBalanceCall, providerBetCall, providerWinCall, providerRollbackCall];

let t: TestApp;
let signed: ProviderDriver;
let forged: ProviderDriver;

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const v = await t.db.kysely
    .selectFrom('provider_vendors')
    .innerJoin('brands', 'brands.id', 'provider_vendors.brand_id')
    .select('provider_vendors.secret')
    .where('brands.merchant_code', '=', 'khela')
    .where('provider_vendors.code', '=', VENDOR)
    .executeTakeFirstOrThrow();
  signed = injectDriver(t.app, { vendor: VENDOR, secret: v.secret });
  forged = injectDriver(t.app, { vendor: VENDOR, secret: 'not-the-vendors-secret-0123456789abcdef' });
});
afterAll(() => t.close());

describe('authentication before validation', () => {
  it.each(['balance', 'bet', 'win', 'rollback'] as const)(
    'a %s with a bad signature and an invalid body gets the signature refusal',
    async (name) => {
      const r = await forged.send(name, { playerId: 'not a player', amount: '-1', unexpected: true });
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    },
  );

  it('a bad signature over bytes that are not JSON gets the signature refusal', async () => {
    const r = await forged.send('bet', '{"txId":');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('a vendor code the path cannot hold is refused as unauthenticated, not as bad input', async () => {
    const lower = injectDriver(t.app, { vendor: 'jl', secret: 'whatever-secret-0123456789abcdef' });
    const r = await lower.send('bet', { unexpected: true });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('UNAUTHORIZED');
  });

  it('a signed call with an invalid body gets the validation refusal, naming the fields', async () => {
    const r = await signed.send('bet', { txId: 'tx-1', unexpected: true });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      fieldErrors: { unexpected: 'validation.unknownField', playerId: 'validation.required' },
    });
  });

  it('a signed call whose bytes are not JSON gets MALFORMED_JSON', async () => {
    const r = await signed.send('win', '{"txId":');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('MALFORMED_JSON');
  });
});

describe('/docs', () => {
  it('lists every provider call with its signature auth and its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string; security?: unknown[]; requestBody?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const call of CALLS) {
      expect(call.auth).toBe(PROVIDER_SIGNATURE_AUTH);
      const op = doc.paths[call.path.replace(':vendor', '{vendor}')]?.post;
      expect(op, call.path).toBeDefined();
      expect(op?.description).toBe('auth: `signature:provider-hmac`');
      expect(op?.security).toEqual([{ providerSignature: [] }]);
      expect(op?.requestBody).toBeDefined();
    }
    expect(doc.components.securitySchemes.providerSignature).toBeDefined();
  });
});
