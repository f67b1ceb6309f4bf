import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentPassword } from '../src/modules/cashier/payment-password';
import { invalidateBrandCache } from '../src/platform/brand';
import { ACCOUNT_TEST_ENV, register } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(() => t.close());

async function offer(enabled: boolean) {
  await t.db.kysely
    .updateTable('register_field_rules')
    .set({ enabled })
    .where('field', 'in', ['payeeName', 'paymentPassword'])
    .execute();
  invalidateBrandCache();
}

const stored = (id: number) =>
  t.db.kysely
    .selectFrom('members')
    .select(['payee_name', 'payment_password_hash'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();

describe(`registration's payee name and payment password on ${TEST_ENGINE}`, () => {
  it('stores the payee name and a hashed payment password when the brand’s form asks for them', async () => {
    await offer(true);
    try {
      // The brand's fullName rule: a first and a last name, one space between.
      const { res } = await register(t.app, { payeeName: 'Abdul Karim', paymentPassword: '246810' });
      expect(res.statusCode).toBe(200);
      const id = res.json().value.customerId;
      const row = await stored(id);
      expect(row.payee_name).toBe('Abdul Karim');
      expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
      expect(row.payment_password_hash).not.toContain('246810');
      await expect(verifyPaymentPassword(t.db, BigInt(id), '246810')).resolves.toBeUndefined();
    } finally {
      await offer(false);
    }
  });

  it('checks them by the brand’s rules: a payment password that is not six digits is refused', async () => {
    await offer(true);
    try {
      const { res } = await register(t.app, { payeeName: 'Abdul Karim', paymentPassword: '12ab' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('paymentPassword');
      const missing = await register(t.app, { payeeName: 'Abdul Karim' });
      expect(missing.res.json().fieldErrors).toHaveProperty('paymentPassword');
      // A payee name meets the rules of every payee name, as a first payout account's does.
      const digits = await register(t.app, { payeeName: 'Abdul 4', paymentPassword: '246810' });
      expect(digits.res.statusCode).toBe(400);
      expect(digits.res.json().fieldErrors).toEqual({ payeeName: 'validation.payeeName' });
    } finally {
      await offer(false);
    }
  });

  it('drops them where the brand does not ask for them', async () => {
    const { res } = await register(t.app, { payeeName: 'Abdul Karim', paymentPassword: '246810' });
    expect(res.statusCode).toBe(200);
    expect(await stored(res.json().value.customerId)).toEqual({ payee_name: null, payment_password_hash: null });
  });
});
