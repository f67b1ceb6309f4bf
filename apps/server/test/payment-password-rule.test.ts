import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentPassword } from '../src/modules/cashier/payment-password';
import { invalidateBrandCache } from '../src/platform/brand';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { demoBrandId, member, setPin } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/** The payment password's shape is the brand's paymentPassword rule (spec §5), six digits without one. */

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  brandId = await demoBrandId(t.db);
});
afterAll(() => t.close());

/** The brand's rule for the field, as the brand settings write it; null removes it. */
async function ruleOf(rule: { pattern: string; id: string; min: number; max: number } | null) {
  await t.db.kysely
    .deleteFrom('register_field_rules')
    .where('brand_id', '=', brandId)
    .where('field', '=', 'paymentPassword')
    .execute();
  if (rule)
    await t.db.kysely
      .insertInto('register_field_rules')
      .values({
        brand_id: brandId,
        field: 'paymentPassword',
        enabled: false,
        required: false,
        accepted_pattern: rule.pattern,
        pattern_id: rule.id,
        min_length: rule.min,
        max_length: rule.max,
      })
      .execute();
  invalidateBrandCache();
}

const hashOf = async (id: bigint) =>
  (
    await t.db.kysely
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).payment_password_hash;

describe(`the payment password's rule on ${TEST_ENGINE}`, () => {
  it('takes 4 to 8 digits under a brand rule of 4–8 digits, refuses 3, 9 and letters with the rule message', async () => {
    await ruleOf({ pattern: '^[0-9]+$', id: 'digits', min: 4, max: 8 });
    for (const bad of ['123', '123456789', '12ab', 'abcdefgh']) {
      const m = await member(t.db, brandId, { pin: false });
      const res = await setPin(t.app, m.token, { newPassword: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { newPassword: 'validation.reg_pattern_digits' },
      });
      expect(await hashOf(m.id)).toBeNull();
    }
    for (const good of ['4829', '48291736']) {
      const m = await member(t.db, brandId, { pin: false });
      expect((await setPin(t.app, m.token, { newPassword: good })).statusCode, good).toBe(200);
      await expect(verifyPaymentPassword(t.db, m.id, good)).resolves.toBeUndefined();
      // A change is held to the same rule.
      const longer = await setPin(t.app, m.token, { oldPassword: good, newPassword: '123456789' });
      expect(longer.json().fieldErrors).toEqual({ newPassword: 'validation.reg_pattern_digits' });
      expect((await setPin(t.app, m.token, { oldPassword: good, newPassword: '97531' })).statusCode).toBe(200);
    }
  });

  it('says the shape of a wrong password on use, counted like any wrong try', async () => {
    await ruleOf({ pattern: '^[0-9]+$', id: 'digits', min: 4, max: 8 });
    const m = await member(t.db, brandId, { pin: false });
    await setPin(t.app, m.token, { newPassword: '2468' });
    await expect(verifyPaymentPassword(t.db, m.id, '12')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      fieldErrors: { paymentPassword: 'validation.reg_pattern_digits' },
      value: { triesLeft: 4 },
    });
    await expect(verifyPaymentPassword(t.db, m.id, '1357')).rejects.toMatchObject({
      fieldErrors: { paymentPassword: 'errors.PAYMENT_PASSWORD_WRONG' },
      value: { triesLeft: 3 },
    });
  });

  it('still opens with a password set before the brand narrowed its rule', async () => {
    await ruleOf({ pattern: '^[0-9]+$', id: 'digits', min: 4, max: 8 });
    const m = await member(t.db, brandId, { pin: false });
    await setPin(t.app, m.token, { newPassword: '4829' });
    await ruleOf({ pattern: '^[0-9]+$', id: 'digits', min: 6, max: 6 });
    await expect(verifyPaymentPassword(t.db, m.id, '4829')).resolves.toBeUndefined();
    // …and the security centre changes it to one of the new shape.
    expect((await setPin(t.app, m.token, { oldPassword: '4829', newPassword: '482913' })).statusCode).toBe(200);
  });

  it('is six digits where the brand has no rule', async () => {
    await ruleOf(null);
    for (const bad of ['12345', '1234567', '12345a']) {
      const m = await member(t.db, brandId, { pin: false });
      const res = await setPin(t.app, m.token, { newPassword: bad });
      expect(res.json(), bad).toMatchObject({ fieldErrors: { newPassword: 'validation.reg_pattern_digits' } });
    }
    const m = await member(t.db, brandId, { pin: false });
    expect((await setPin(t.app, m.token, { newPassword: '135790' })).statusCode).toBe(200);
  });
});
