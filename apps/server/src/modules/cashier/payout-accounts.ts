import {
  type MethodChannel,
  type PayoutAccount,
  type PayoutAccountBody,
  payeeKey,
  payeeNameError,
  payeeText,
} from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { publishNotice, type SentNotice, writeNotice } from './notices';
import { verifyPaymentPassword } from './payment-password';
import { masked, methodName } from './views';

/**
 * Payout accounts (CASHIER.md "Withdrawal"): where a player's withdrawals go, each in the
 * member's real name. The first account is usable at once; any account added after the member
 * has ever had one is a change, usable only 24 hours later and announced by a notice, so a
 * stolen session cannot redirect a withdrawal.
 */

/** Live payout accounts a member may hold at once. */
export const PAYOUT_ACCOUNTS_MAX = 5;
/** A changed account takes withdrawals only this long after the change. */
export const PAYOUT_ACCOUNT_DELAY_HOURS = 24;

type AccountRow = {
  id: bigint;
  method_id: number;
  account_number: string;
  payee_name: string;
  usable_from: Date;
  created_at: Date;
  name_bn: string;
  name_en: string;
  channel: string;
};

function viewOf(r: AccountRow, lang: string, brand: BrandSnapshot): PayoutAccount {
  return {
    id: r.id.toString(),
    methodId: r.method_id,
    methodName: methodName(r, lang, brand),
    channel: r.channel as MethodChannel,
    accountNumber: masked(r.account_number),
    payeeName: r.payee_name,
    usableFrom: r.usable_from.toISOString(),
    createdAt: r.created_at.toISOString(),
  };
}

function accountsQuery(db: Database) {
  return db.kysely
    .selectFrom('payout_accounts as a')
    .innerJoin('cashier_methods as m', 'm.id', 'a.method_id')
    .select([
      'a.id',
      'a.method_id',
      'a.account_number',
      'a.payee_name',
      'a.usable_from',
      'a.created_at',
      'm.name_bn',
      'm.name_en',
      'm.channel',
    ])
    .where('a.removed_at', 'is', null);
}

/** GET /wps/cashier/payout-accounts: the member's live accounts, oldest first, masked. */
export async function listPayoutAccounts(
  db: Database,
  brand: BrandSnapshot,
  memberId: bigint,
  lang: string,
): Promise<PayoutAccount[]> {
  const rows = await accountsQuery(db).where('a.member_id', '=', memberId).orderBy('a.id').execute();
  return rows.map((r) => viewOf(r, lang, brand));
}

/**
 * POST /wps/cashier/payout-accounts. Checks in the order that changes least: the method (an
 * enabled withdraw method of the brand), the payee name against the member's, then the payment
 * password (a wrong one counts toward its lock). The member's row is locked for the insert, so
 * two adds at once cannot both be "the first" nor pass the limit together. The same method and
 * number again answers the live account it already is.
 */
export async function addPayoutAccount(
  db: Database,
  brand: BrandSnapshot,
  member: { id: bigint; brandId: number },
  body: PayoutAccountBody,
  o: { lang: string; ip: string },
): Promise<PayoutAccount> {
  const method = await db.kysely
    .selectFrom('cashier_methods')
    .select(['id', 'currency'])
    .where('id', '=', body.methodId)
    .where('brand_id', '=', brand.id)
    .where('direction', '=', 'withdraw')
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!method) throw new AppError('METHOD_UNAVAILABLE', { methodId: 'errors.METHOD_UNAVAILABLE' });
  const name = payeeText(body.payeeName);
  const stored = await db.kysely
    .selectFrom('members')
    .select('payee_name')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  if (stored.payee_name !== null && payeeKey(stored.payee_name) !== payeeKey(name))
    throw new AppError('PAYEE_NAME_MISMATCH', { payeeName: 'errors.PAYEE_NAME_MISMATCH' });
  // The first account sets the payee name: it meets the rules of every payee name.
  const problem = stored.payee_name === null ? payeeNameError(name) : null;
  if (problem) throw new AppError('VALIDATION_FAILED', { payeeName: problem });
  await verifyPaymentPassword(db, member.id, body.paymentPassword);

  const accountNumber = body.accountNumber.trim();
  const done = await db.kysely.transaction().execute(async (trx) => {
    const m = await sql<{ payee_name: string | null }>`
      SELECT payee_name FROM members WHERE id = ${member.id} FOR UPDATE`.execute(trx);
    const payee = m.rows[0]?.payee_name ?? null;
    // Set once by the player: the first account names the member when nothing did before.
    if (payee === null)
      await trx.updateTable('members').set({ payee_name: name }).where('id', '=', member.id).execute();
    else if (payeeKey(payee) !== payeeKey(name))
      throw new AppError('PAYEE_NAME_MISMATCH', { payeeName: 'errors.PAYEE_NAME_MISMATCH' });
    const existing = await trx
      .selectFrom('payout_accounts')
      .select(['id', 'method_id', 'account_number', 'removed_at'])
      .where('member_id', '=', member.id)
      .execute();
    const live = existing.filter((a) => a.removed_at === null);
    const same = live.find((a) => a.method_id === body.methodId && a.account_number === accountNumber);
    if (same) return { id: same.id, notice: null as SentNotice | null, created: false };
    if (live.length >= PAYOUT_ACCOUNTS_MAX) throw new AppError('PAYOUT_ACCOUNTS_FULL');
    // Any account before this one, even one removed since, makes this a change: removing the
    // only account and adding another must not skip the delay.
    const change = existing.length > 0;
    const row = await trx
      .insertInto('payout_accounts')
      .values({
        brand_id: brand.id,
        member_id: member.id,
        method_id: body.methodId,
        account_number: accountNumber,
        payee_name: payee ?? name,
        usable_from: change
          ? sql<Date>`now() + make_interval(hours => ${PAYOUT_ACCOUNT_DELAY_HOURS})`
          : sql<Date>`now()`,
      })
      .returning(['id', 'usable_from'])
      .executeTakeFirstOrThrow();
    const notice = change
      ? await writeNotice(
          db,
          {
            brandId: brand.id,
            memberId: member.id,
            kind: 'payout_account.changed',
            params: { account: masked(accountNumber), usableFrom: row.usable_from.toISOString() },
          },
          trx,
        )
      : null;
    await audit(trx, {
      event: 'payout_account.added',
      brandId: brand.id,
      memberId: member.id,
      ip: o.ip,
      after: {
        accountId: row.id.toString(),
        methodId: body.methodId,
        account: masked(accountNumber),
        usableFrom: row.usable_from.toISOString(),
      },
      detail: { change, payeeNameSet: payee === null },
    });
    return { id: row.id, notice, created: true };
  });
  if (done.notice) publishNotice(db, done.notice);
  const row = await accountsQuery(db).where('a.id', '=', done.id).executeTakeFirstOrThrow();
  return viewOf(row, o.lang, brand);
}

/**
 * DELETE /wps/cashier/payout-accounts/:id: removed, never deleted (a withdrawal made to it still
 * names it). Someone else's account is NOT_FOUND; one of the member's removed already answers
 * `removed: false`.
 */
export async function removePayoutAccount(
  db: Database,
  member: { id: bigint; brandId: number },
  id: bigint,
  ip: string,
): Promise<{ removed: boolean }> {
  const r = await db.kysely
    .updateTable('payout_accounts')
    .set({ removed_at: new Date() })
    .where('id', '=', id)
    .where('member_id', '=', member.id)
    .where('removed_at', 'is', null)
    .returning(['id', 'method_id', 'account_number'])
    .executeTakeFirst();
  if (!r) {
    const own = await db.kysely
      .selectFrom('payout_accounts')
      .select('id')
      .where('id', '=', id)
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!own) throw new AppError('NOT_FOUND');
    return { removed: false };
  }
  await audit(db, {
    event: 'payout_account.removed',
    brandId: member.brandId,
    memberId: member.id,
    ip,
    before: { accountId: id.toString(), methodId: r.method_id, account: masked(r.account_number) },
  });
  return { removed: true };
}

/**
 * When staff change a member's payee name (modules/staff-players): the live accounts in another
 * name are removed in the caller's transaction and returned (masked) for its audit row. An
 * account is the payee's only by its name, so none of them may take a withdrawal any more; the
 * player adds each again in the new name, and as every account after the first that is a change
 * with its 24 hours' wait and notice — a name changed on a stolen or mistaken word cannot send
 * money at once to an account nobody checked. Accounts already in the new name (the same by
 * `payeeKey`: a corrected letter case or spacing) stay as they are.
 */
export async function removeAccountsNotIn(trx: Kysely<DB>, memberId: bigint, payeeName: string) {
  const live = await trx
    .selectFrom('payout_accounts')
    .select(['id', 'method_id', 'account_number', 'payee_name'])
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .execute();
  const other = live.filter((a) => payeeKey(a.payee_name) !== payeeKey(payeeName));
  if (other.length > 0)
    await trx
      .updateTable('payout_accounts')
      .set({ removed_at: new Date() })
      .where(
        'id',
        'in',
        other.map((a) => a.id),
      )
      .execute();
  return other.map((a) => ({ accountId: a.id.toString(), methodId: a.method_id, account: masked(a.account_number) }));
}

/** PAYOUT_ACCOUNT_DELAYED with the time the account takes withdrawals (contract CashierRefusal). */
export class PayoutAccountDelayed extends AppError {
  override readonly value: { until: string };
  constructor(until: Date) {
    super('PAYOUT_ACCOUNT_DELAYED', { payoutAccountId: 'errors.PAYOUT_ACCOUNT_DELAYED' });
    this.value = { until: until.toISOString() };
  }
}

/**
 * The member's live payout account a withdrawal may go to now (for the withdrawal's own check):
 * NOT_FOUND when it is not the member's or was removed, PAYOUT_ACCOUNT_DELAYED (value.until)
 * while a changed account's 24 hours run.
 */
export async function payoutAccountForWithdrawal(db: Database, memberId: bigint, id: bigint) {
  const row = await db.kysely
    .selectFrom('payout_accounts')
    .select([
      'id',
      'method_id',
      'account_number',
      'payee_name',
      'usable_from',
      sql<boolean>`usable_from <= now()`.as('usable'),
    ])
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { payoutAccountId: 'errors.NOT_FOUND' });
  if (!row.usable) throw new PayoutAccountDelayed(row.usable_from);
  return row;
}
