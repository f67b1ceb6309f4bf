import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentPassword } from '../src/modules/cashier/payment-password';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { addAccount, demoBrandId, member, PIN, setPin, transfer, withdrawMethod } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

let t: TestApp;
let brandId: number;
let methodId: number;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  brandId = await demoBrandId(t.db);
  methodId = await withdrawMethod(t.db, brandId);
});
afterAll(() => t.close());

const stateOf = (id: bigint) =>
  t.db.kysely
    .selectFrom('members')
    .select(['payment_password_hash', 'payment_password_failures', 'payment_password_locked_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const lockNotices = async (id: bigint) =>
  (
    await t.db.kysely
      .selectFrom('member_messages')
      .select('id')
      .where('member_id', '=', id)
      .where('kind', '=', 'payment_password.locked')
      .execute()
  ).length;

describe(`payment password on ${TEST_ENGINE}`, () => {
  it('is set once with a new password alone, hashed, then asks for the current one to change it', async () => {
    const m = await member(t.db, brandId, { pin: false });
    const first = await setPin(t.app, m.token, { newPassword: '135790' });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toEqual({ set: true });
    const row = await stateOf(m.id);
    expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
    expect(row.payment_password_hash).not.toContain('135790');

    const again = await setPin(t.app, m.token, { newPassword: '246801' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { oldPassword: 'validation.required' },
    });

    const wrong = await setPin(t.app, m.token, { oldPassword: '000000', newPassword: '246801' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      fieldErrors: { oldPassword: 'errors.PAYMENT_PASSWORD_WRONG' },
      value: { triesLeft: 4 },
    });

    const changed = await setPin(t.app, m.token, { oldPassword: '135790', newPassword: '246801' });
    expect(changed.statusCode).toBe(200);
    await expect(verifyPaymentPassword(t.db, m.id, '246801')).resolves.toBeUndefined();
    // The right one reset the count.
    expect((await stateOf(m.id)).payment_password_failures).toBe(0);
  });

  it('refuses a new password that is not six digits, and a call without a session', async () => {
    const m = await member(t.db, brandId, { pin: false });
    const res = await setPin(t.app, m.token, { newPassword: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('newPassword');
    expect((await stateOf(m.id)).payment_password_hash).toBeNull();
    const anon = await t.app.inject({ method: 'PUT', url: '/wps/member/password/payment', payload: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('answers PAYMENT_PASSWORD_NOT_SET where none is set', async () => {
    const m = await member(t.db, brandId, { pin: false });
    await expect(verifyPaymentPassword(t.db, m.id, PIN)).rejects.toMatchObject({ code: 'PAYMENT_PASSWORD_NOT_SET' });
    const res = await addAccount(t.app, m.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' });
    expect(res.json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
  });

  it('locks every use for 15 minutes at the fifth wrong try in a row, counted across uses', async () => {
    const agent = await member(t.db, brandId, { isAgent: 1 });
    const m = await member(t.db, brandId, { uplineId: agent.id, balance: 100_000n });
    const tries = [
      () => setPin(t.app, m.token, { oldPassword: '111111', newPassword: '222222' }),
      () => transfer(t.app, m.token, { amount: '200', paymentPassword: '111111' }),
      () =>
        addAccount(t.app, m.token, {
          methodId,
          accountNumber: '01712345678',
          payeeName: 'Abdul Karim',
          paymentPassword: '111111',
        }),
      () => transfer(t.app, m.token, { amount: '200', paymentPassword: '111111' }),
    ];
    for (const [i, attempt] of tries.entries()) {
      const res = await attempt();
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', value: { triesLeft: 4 - i } });
    }
    const fifth = await transfer(t.app, m.token, { amount: '200', paymentPassword: '111111' });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
    const until = new Date(fifth.json().value.until).getTime();
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(await lockNotices(m.id)).toBe(1);

    // While locked even the right one is refused, at every use; nothing moved.
    for (const res of [
      await transfer(t.app, m.token, { amount: '200' }),
      await setPin(t.app, m.token, { oldPassword: PIN, newPassword: '222222' }),
      await addAccount(t.app, m.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' }),
    ])
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', value: { until: fifth.json().value.until } });
    expect(
      await t.db.kysely.selectFrom('member_transfers').select('id').where('from_member', '=', m.id).execute(),
    ).toEqual([]);

    // Fifteen minutes later (written, not waited): the right one works again, with five fresh tries.
    await sql`UPDATE members SET payment_password_locked_until = now() - interval '1 second' WHERE id = ${m.id}`.execute(
      t.db.kysely,
    );
    const wrongAgain = await transfer(t.app, m.token, { amount: '200', paymentPassword: '111111' });
    expect(wrongAgain.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', value: { triesLeft: 4 } });
    expect((await transfer(t.app, m.token, { amount: '200' })).statusCode).toBe(200);
    expect((await stateOf(m.id)).payment_password_failures).toBe(0);
  });

  it('counts wrong tries made at once without losing one, and locks exactly once', async () => {
    const m = await member(t.db, brandId);
    const three = await Promise.all([1, 2, 3].map(() => verifyPaymentPassword(t.db, m.id, '999999').catch((e) => e)));
    expect(three.map((e) => e.code)).toEqual(Array(3).fill('PAYMENT_PASSWORD_WRONG'));
    expect(three.map((e) => e.value.triesLeft).sort()).toEqual([2, 3, 4]);
    expect((await stateOf(m.id)).payment_password_failures).toBe(3);

    const other = await member(t.db, brandId);
    const eight = await Promise.all(
      Array.from({ length: 8 }, () => verifyPaymentPassword(t.db, other.id, '999999').catch((e) => e)),
    );
    const codes = eight.map((e) => e.code);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(4);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_LOCKED')).toHaveLength(4);
    expect(await lockNotices(other.id)).toBe(1);
    expect((await stateOf(other.id)).payment_password_locked_until).not.toBeNull();
  });
});
