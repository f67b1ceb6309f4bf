import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adjust } from '../src/modules/wallet/service';
import type { Database } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';
import { bearer } from './accounts-helpers';
import { memberWithSession } from './member-session';

/** Members, methods and calls for the payment password, payout account, transfer and security centre tests. */

export const PIN = '482913';

export async function demoBrandId(db: Database): Promise<number> {
  const b = await db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  return b.id;
}

let pinHash: Promise<string> | undefined;

export type Member = { id: bigint; token: string; account: string };

/** A member with a session; `pin` sets the payment password, `balance` (minor units) funds the wallet. */
export async function member(
  db: Database,
  brandId: number,
  o: { isAgent?: number; uplineId?: bigint; pin?: boolean; balance?: bigint; prefix?: string } = {},
): Promise<Member> {
  const m = await memberWithSession(db, brandId, { isAgent: o.isAgent ?? 0, prefix: o.prefix ?? 'sec' });
  pinHash ??= hashPassword(PIN);
  await db.kysely
    .updateTable('members')
    .set({
      upline_id: o.uplineId ?? null,
      payment_password_hash: o.pin === false ? null : await pinHash,
    })
    .where('id', '=', m.id)
    .execute();
  if (o.balance)
    await adjust(db, {
      brandId,
      member: { id: m.id, brandId, isAgent: o.isAgent ?? 0 },
      amount: o.balance,
      reason: 'test funds',
      actor: 'test',
      currency: 'BDT',
      source: 'adjustment',
    });
  const row = await db.kysely.selectFrom('members').select('account').where('id', '=', m.id).executeTakeFirstOrThrow();
  return { ...m, account: row.account };
}

/** An enabled withdraw method of the brand (a bank transfer payout). */
export async function withdrawMethod(db: Database, brandId: number, enabled = true): Promise<number> {
  const r = await db.kysely
    .insertInto('cashier_methods')
    .values({
      brand_id: brandId,
      direction: 'withdraw',
      kind: 'bank_transfer',
      channel: 'bkash',
      name_bn: 'বিকাশ',
      name_en: 'bKash',
      currency: 'BDT',
      min_minor: 20_000n,
      max_minor: 5_000_000n,
      enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

export const setPin = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, 'PUT', '/wps/member/password/payment', token, body);

export const transfer = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/wps/cashier/transfers', token, { requestId: randomUUID(), paymentPassword: PIN, ...body });

export const addAccount = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/wps/cashier/payout-accounts', token, { paymentPassword: PIN, ...body });
