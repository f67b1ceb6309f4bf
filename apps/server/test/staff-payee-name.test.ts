import { playerPayeeNameCall, playerProfileCall } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { addAccount, demoBrandId, member, withdrawMethod } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/** Staff change a player's payee name (spec §5: set once by the player, changed only by staff). */

let t: TestApp;
let brandId: number;
let methodId: number;
let support: string;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SECRETS_KEY: TEST_SECRETS_KEY });
  brandId = await demoBrandId(t.db);
  methodId = await withdrawMethod(t.db, brandId);
  support = await staffSessionWithRoles(t, ['support']);
});
afterAll(() => t.close());

const path = (id: bigint | number) => playerPayeeNameCall.path.replace(':id', String(id));
const change = (token: string | null, id: bigint | number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: path(id), headers: token ? bearerOf(token) : {}, payload });

const payeeOf = async (id: bigint) =>
  (await t.db.kysely.selectFrom('members').select('payee_name').where('id', '=', id).executeTakeFirstOrThrow())
    .payee_name;
const auditsOf = (id: bigint) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['event', 'staff_id', 'reason', 'before', 'after', 'detail'])
    .where('member_id', '=', id)
    .where('event', '=', 'player.payee_name')
    .execute();
const noticesOf = (id: bigint) =>
  t.db.kysely
    .selectFrom('member_messages')
    .select(['kind', 'params'])
    .where('member_id', '=', id)
    .where('kind', '=', 'payee_name.changed')
    .execute();
const liveAccounts = (id: bigint) =>
  t.db.kysely
    .selectFrom('payout_accounts')
    .select(['id', 'payee_name', 'usable_from'])
    .where('member_id', '=', id)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();

describe(`staff change of the payee name on ${TEST_ENGINE}`, () => {
  it('asks for a staff session before it reads the body, and players.write', async () => {
    const m = await member(t.db, brandId);
    const anon = await change(null, m.id, { payeeName: '1', extra: true });
    expect(anon.statusCode).toBe(401);
    const finance = await staffSessionWithRoles(t, ['finance']);
    const refused = await change(finance, m.id, { payeeName: 'Abdul Karim', reason: 'ID checked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await payeeOf(m.id)).toBeNull();
    expect(await auditsOf(m.id)).toHaveLength(0);
  });

  it('refuses bad names with the field error, and changes nothing', async () => {
    const m = await member(t.db, brandId);
    for (const [name, key] of [
      ['A', 'validation.payeeName'],
      ['Abdul 2Karim', 'validation.payeeName'],
      ['x'.repeat(61), 'validation.payeeName'],
      // The demo brand's payeeName rule (fullName): a first and a last name.
      ['Karim', 'validation.payeeNameRule'],
    ] as const) {
      const res = await change(support, m.id, { payeeName: name, reason: 'ID checked' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { payeeName: key } });
    }
    const noReason = await change(support, m.id, { payeeName: 'Abdul Karim', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toHaveProperty('reason');
    const other = await change(support, 999_999_999, { payeeName: 'Abdul Karim', reason: 'ID checked' });
    expect(other.statusCode).toBe(404);
    expect(await payeeOf(m.id)).toBeNull();
    expect(await auditsOf(m.id)).toHaveLength(0);
    expect(await noticesOf(m.id)).toHaveLength(0);
  });

  it('sets the name, audits it, tells the player and removes the payout accounts in the old name', async () => {
    const m = await member(t.db, brandId);
    expect(
      (await addAccount(t.app, m.token, { methodId, accountNumber: '01712000001', payeeName: 'Abdul Karim' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await addAccount(t.app, m.token, { methodId, accountNumber: '01712000002', payeeName: 'abdul karim' }))
        .statusCode,
    ).toBe(200);
    expect(await liveAccounts(m.id)).toHaveLength(2);

    const res = await change(support, m.id, { payeeName: '  আব্দুল   করিম ', reason: 'Name as on the NID card' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ payeeName: 'আব্দুল করিম', before: 'Abdul Karim', removedAccounts: 2 });
    expect(await payeeOf(m.id)).toBe('আব্দুল করিম');
    expect(await liveAccounts(m.id)).toHaveLength(0);

    const [row] = await auditsOf(m.id);
    expect(row).toMatchObject({
      reason: 'Name as on the NID card',
      before: { payeeName: 'Abdul Karim' },
      after: { payeeName: 'আব্দুল করিম' },
    });
    expect(row?.staff_id).not.toBeNull();
    expect(row?.detail).toMatchObject({ removedAccounts: [expect.any(Object), expect.any(Object)] });
    expect(await noticesOf(m.id)).toEqual([
      { kind: 'payee_name.changed', params: { payeeName: 'আব্দুল করিম', removedAccounts: '2' } },
    ]);

    // The old name no longer adds an account; the new one does, as a change with its 24 hours' wait.
    const old = await addAccount(t.app, m.token, { methodId, accountNumber: '01712000003', payeeName: 'Abdul Karim' });
    expect(old.json().code).toBe('PAYEE_NAME_MISMATCH');
    const again = await addAccount(t.app, m.token, { methodId, accountNumber: '01712000001', payeeName: 'আব্দুল করিম' });
    expect(again.statusCode).toBe(200);
    expect(Date.parse(again.json().value.usableFrom)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const profile = await t.app.inject({
      method: 'GET',
      url: playerProfileCall.path.replace(':id', String(m.id)),
      headers: bearerOf(support),
    });
    expect(profile.json().value).toMatchObject({ payeeName: 'আব্দুল করিম', payoutAccounts: 1 });
  });

  it('keeps accounts already in the name when only its letter case changes, and refuses the same name', async () => {
    const m = await member(t.db, brandId);
    await addAccount(t.app, m.token, { methodId, accountNumber: '01712000011', payeeName: 'rahima begum' });
    const res = await change(support, m.id, { payeeName: 'Rahima Begum', reason: 'Capital letters as on the card' });
    expect(res.json().value).toEqual({ payeeName: 'Rahima Begum', before: 'rahima begum', removedAccounts: 0 });
    expect(await liveAccounts(m.id)).toHaveLength(1);
    const same = await change(support, m.id, { payeeName: 'Rahima  Begum', reason: 'again' });
    expect(same.json()).toMatchObject({ fieldErrors: { payeeName: 'validation.payeeNameSame' } });
    expect(await auditsOf(m.id)).toHaveLength(1);
  });

  it('sets a first name for a player who never gave one', async () => {
    const m = await member(t.db, brandId);
    const res = await change(support, m.id, { payeeName: "Md. Nur-E D'Souza", reason: 'Asked by phone, ID checked' });
    expect(res.json().value).toEqual({ payeeName: "Md. Nur-E D'Souza", before: null, removedAccounts: 0 });
    const first = await addAccount(t.app, m.token, {
      methodId,
      accountNumber: '01712000021',
      payeeName: "md. nur-e d'souza",
    });
    expect(first.statusCode).toBe(200);
  });
});
