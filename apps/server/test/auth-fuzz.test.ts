import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, newIp } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(() => t.close());

const members = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM members`.execute(t.db.kysely)).rows[0]?.n);

/** Strings a hostile client sends: unicode, SQL and HTML metacharacters, control characters, long runs. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    "' OR '1'='1",
    '"; DROP TABLE members;--',
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '../../etc/passwd',
    'a'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

describe('hostile input', () => {
  it('never answers 5xx nor creates a member without a human check', async () => {
    const before = await members();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            username: hostile,
            password: hostile,
            confirmPassword: hostile,
            email: hostile,
            mobileNum: hostile,
            affiliateCode: hostile,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/wps/member/register',
            headers: { 'x-forwarded-for': newIp() },
            payload: body,
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().success).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    expect(await members()).toBe(before);
  });

  it('answers any JSON sent to login with an envelope, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp() },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ success: false });
      }),
      { numRuns: 60 },
    );
  });
});
