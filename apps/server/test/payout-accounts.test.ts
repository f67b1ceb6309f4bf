import { payeeKey } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_ACCOUNTS_MAX, payoutAccountForWithdrawal } from '../src/modules/cashier/payout-accounts';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { addAccount, call, demoBrandId, member, withdrawMethod } from './cashier-security-helpers';
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

const HOUR = 3_600_000;
const payeeOf = async (id: bigint) =>
  (await t.db.kysely.selectFrom('members').select('payee_name').where('id', '=', id).executeTakeFirstOrThrow())
    .payee_name;
const changeNotices = async (id: bigint) =>
  t.db.kysely
    .selectFrom('member_messages')
    .select(['kind', 'params'])
    .where('member_id', '=', id)
    .where('kind', '=', 'payout_account.changed')
    .execute();

describe('payee names', () => {
  it('compare after NFC, trimming, single spaces and case-folding', () => {
    expect(payeeKey('  ABDUL   Karim ')).toBe(payeeKey('abdul karim'));
    // "é" typed as one code point or as e + combining accent.
    expect(payeeKey('Jos\u00e9 Rahman')).toBe(payeeKey('Jose\u0301 rahman'));
    expect(payeeKey('আব্দুল  করিম')).toBe(payeeKey('আব্দুল করিম'));
    expect(payeeKey('Abdul Karim')).not.toBe(payeeKey('Abdul Kalim'));
  });
});

describe(`payout accounts on ${TEST_ENGINE}`, () => {
  it('binds the first account at once, naming the member, and answers it masked', async () => {
    const m = await member(t.db, brandId);
    const before = Date.now();
    const res = await addAccount(t.app, m.token, {
      methodId,
      accountNumber: '01712345678',
      payeeName: ' Abdul   Karim ',
    });
    expect(res.statusCode).toBe(200);
    const acc = res.json().value;
    expect(acc).toMatchObject({
      methodId,
      methodName: 'বিকাশ',
      channel: 'bkash',
      accountNumber: '••••••5678',
      payeeName: 'Abdul Karim',
    });
    expect(new Date(acc.usableFrom).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(acc.usableFrom).getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(await payeeOf(m.id)).toBe('Abdul Karim');
    expect(await changeNotices(m.id)).toEqual([]);
    const list = await call(t.app, 'GET', '/wps/cashier/payout-accounts', m.token);
    expect(list.json().value).toEqual([acc]);
    expect(JSON.stringify(list.json())).not.toContain('01712345678');
    // The same account again is the one already bound.
    const again = await addAccount(t.app, m.token, {
      methodId,
      accountNumber: '01712345678',
      payeeName: 'abdul karim',
    });
    expect(again.json().value.id).toBe(acc.id);
  });

  it('refuses a payee name that is not the member’s, and changes nothing', async () => {
    const m = await member(t.db, brandId);
    await t.db.kysely.updateTable('members').set({ payee_name: 'Rahima Begum' }).where('id', '=', m.id).execute();
    const res = await addAccount(t.app, m.token, { methodId, accountNumber: '01812345678', payeeName: 'Someone Else' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PAYEE_NAME_MISMATCH',
      fieldErrors: { payeeName: 'errors.PAYEE_NAME_MISMATCH' },
    });
    expect((await call(t.app, 'GET', '/wps/cashier/payout-accounts', m.token)).json().value).toEqual([]);
    // The same name in other spacing and case is the member's.
    const ok = await addAccount(t.app, m.token, { methodId, accountNumber: '01812345678', payeeName: 'RAHIMA  begum' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.payeeName).toBe('Rahima Begum');
  });

  it('refuses a first payee name outside the rules of every payee name, and binds nothing', async () => {
    const m = await member(t.db, brandId);
    for (const payeeName of ['Karim 2', 'Abdul_Karim']) {
      const res = await addAccount(t.app, m.token, { methodId, accountNumber: '01912345678', payeeName });
      expect(res.statusCode, payeeName).toBe(400);
      expect(res.json().fieldErrors).toEqual({ payeeName: 'validation.payeeName' });
    }
    expect(await payeeOf(m.id)).toBeNull();
    expect((await call(t.app, 'GET', '/wps/cashier/payout-accounts', m.token)).json().value).toEqual([]);
  });

  it('refuses a method that is off, another direction’s or another brand’s', async () => {
    const m = await member(t.db, brandId);
    const off = await withdrawMethod(t.db, brandId, false);
    for (const id of [off, 999_999]) {
      const res = await addAccount(t.app, m.token, {
        methodId: id,
        accountNumber: '01712345678',
        payeeName: 'Abdul Karim',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('METHOD_UNAVAILABLE');
    }
  });

  it('delays an account added after another by 24 hours, with a notice — even after removing the first', async () => {
    const m = await member(t.db, brandId);
    const first = (
      await addAccount(t.app, m.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' })
    ).json().value;
    const second = await addAccount(t.app, m.token, {
      methodId,
      accountNumber: '01912345678',
      payeeName: 'Abdul Karim',
    });
    expect(second.statusCode).toBe(200);
    const usable = new Date(second.json().value.usableFrom).getTime();
    expect(usable - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(usable - Date.now()).toBeLessThanOrEqual(24 * HOUR + 5000);
    const notices = await changeNotices(m.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.params).toMatchObject({ account: '••••••5678', usableFrom: second.json().value.usableFrom });

    // Removing every account and adding one is still a change.
    for (const id of [first.id, second.json().value.id])
      expect((await call(t.app, 'DELETE', `/wps/cashier/payout-accounts/${id}`, m.token)).json().value).toEqual({
        removed: true,
      });
    expect((await call(t.app, 'GET', '/wps/cashier/payout-accounts', m.token)).json().value).toEqual([]);
    const third = (
      await addAccount(t.app, m.token, { methodId, accountNumber: '01512345678', payeeName: 'Abdul Karim' })
    ).json().value;
    expect(new Date(third.usableFrom).getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(await changeNotices(m.id)).toHaveLength(2);
  });

  it(`holds at most ${PAYOUT_ACCOUNTS_MAX} live accounts`, async () => {
    const m = await member(t.db, brandId);
    for (let i = 0; i < PAYOUT_ACCOUNTS_MAX; i++)
      expect(
        (await addAccount(t.app, m.token, { methodId, accountNumber: `0171234560${i}`, payeeName: 'Abdul Karim' }))
          .statusCode,
      ).toBe(200);
    const full = await addAccount(t.app, m.token, { methodId, accountNumber: '01712345699', payeeName: 'Abdul Karim' });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('PAYOUT_ACCOUNTS_FULL');
  });

  it('refuses to remove someone else’s account, which stays bound', async () => {
    const owner = await member(t.db, brandId);
    const other = await member(t.db, brandId);
    const acc = (
      await addAccount(t.app, owner.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' })
    ).json().value;
    const res = await call(t.app, 'DELETE', `/wps/cashier/payout-accounts/${acc.id}`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', '/wps/cashier/payout-accounts', owner.token)).json().value).toHaveLength(1);
    expect((await call(t.app, 'DELETE', '/wps/cashier/payout-accounts/999999999', owner.token)).statusCode).toBe(404);
    // Its owner removes it once; again answers removed: false.
    expect(
      (await call(t.app, 'DELETE', `/wps/cashier/payout-accounts/${acc.id}`, owner.token)).json().value.removed,
    ).toBe(true);
    expect(
      (await call(t.app, 'DELETE', `/wps/cashier/payout-accounts/${acc.id}`, owner.token)).json().value.removed,
    ).toBe(false);
  });

  it('binds one first account when two are added at once', async () => {
    const m = await member(t.db, brandId);
    const [a, b] = await Promise.all([
      addAccount(t.app, m.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' }),
      addAccount(t.app, m.token, { methodId, accountNumber: '01812345678', payeeName: 'Abdul Karim' }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const delayed = [a, b].filter((r) => new Date(r?.json().value.usableFrom).getTime() > Date.now() + HOUR);
    expect(delayed).toHaveLength(1);
  });

  it('tells a withdrawal which account it may use now', async () => {
    const m = await member(t.db, brandId);
    const other = await member(t.db, brandId);
    const first = (
      await addAccount(t.app, m.token, { methodId, accountNumber: '01712345678', payeeName: 'Abdul Karim' })
    ).json().value;
    const second = (
      await addAccount(t.app, m.token, { methodId, accountNumber: '01912345678', payeeName: 'Abdul Karim' })
    ).json().value;
    await expect(payoutAccountForWithdrawal(t.db, m.id, BigInt(first.id))).resolves.toMatchObject({
      account_number: '01712345678',
    });
    await expect(payoutAccountForWithdrawal(t.db, m.id, BigInt(second.id))).rejects.toMatchObject({
      code: 'PAYOUT_ACCOUNT_DELAYED',
      value: { until: second.usableFrom },
    });
    await expect(payoutAccountForWithdrawal(t.db, other.id, BigInt(first.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await call(t.app, 'DELETE', `/wps/cashier/payout-accounts/${first.id}`, m.token);
    await expect(payoutAccountForWithdrawal(t.db, m.id, BigInt(first.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
