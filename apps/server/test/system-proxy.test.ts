import { envelope, SystemStatus } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

const BD_IP = '103.4.145.1';
const US_IP = '8.8.8.8';

describe(`behind a proxy (TRUSTED_PROXY_HEADER=x-forwarded-for) on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const location = async (headers: Record<string, string>, ip = '10.0.0.2') => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: ip, headers });
    return envelope(SystemStatus).parse(res.json()).value;
  };

  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' });
  });
  afterAll(() => t.close());

  it('takes the left-most address of the configured header', async () => {
    expect((await location({ 'x-forwarded-for': `${BD_IP}, 10.0.0.1` })).location).toEqual({
      ip: BD_IP,
      country: 'BD',
    });
  });

  it('normalises IPv4-mapped IPv6 and ports written by the proxy', async () => {
    expect((await location({ 'x-forwarded-for': `::ffff:${US_IP}` })).location).toEqual({ ip: US_IP, country: 'US' });
    expect((await location({ 'x-forwarded-for': `${US_IP}:51234` })).location.ip).toBe(US_IP);
  });

  it('falls back to the socket address when the header is missing or not an address', async () => {
    expect((await location({}, US_IP)).location).toEqual({ ip: US_IP, country: 'US' });
    expect((await location({ 'x-forwarded-for': 'unknown' }, US_IP)).location.ip).toBe(US_IP);
  });

  it('restricts by the forwarded address, on status and on the other calls', async () => {
    await sql`UPDATE brands SET deny_countries = '{BD}' WHERE merchant_code = 'khela'`.execute(t.db.kysely);
    invalidateBrandCache();
    try {
      expect((await location({ 'x-forwarded-for': BD_IP }, US_IP)).status).toBe(2);
      expect((await location({ 'x-forwarded-for': US_IP }, BD_IP)).status).toBe(0);
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/system/domainRoute',
        remoteAddress: US_IP,
        headers: { 'x-forwarded-for': BD_IP },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('REGION_RESTRICTED');
    } finally {
      await sql`UPDATE brands SET deny_countries = '{}' WHERE merchant_code = 'khela'`.execute(t.db.kysely);
      invalidateBrandCache();
    }
  });
});
