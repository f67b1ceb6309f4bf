import {
  BACK_OFFICE_TIME_ZONE,
  type CashierRefusal,
  type CashierRequest,
  type ConfirmBody,
  fromMinor,
  PROOF_MAX_BYTES,
  toMinor,
  type WithdrawBody,
  type WithdrawSummary,
} from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import type { SessionMember } from '../../platform/sessions';
import { currentBalance } from '../wallet/ledger';
import { walletFor } from '../wallet/service';
import { turnoverMeter, turnoverRemaining } from '../wallet/turnover';
import { verifyPaymentPassword } from './payment-password';
import { cashierSettings } from './settings';
import { moveState, recordEvent } from './transitions';
import { feeOf, playerViews, type RequestRow } from './views';
import { accountsFor, afterCommit, moveMoney, payoutAmount } from './withdraw-money';

/**
 * The player's side of withdrawals (CASHIER.md "Withdrawal"): the page's summary, the request
 * (the amount moves to the hold at once), cancel before review, and the confirmation after paid.
 * Withdrawals are never blocked by responsible-play limits: leaving must always be possible.
 */

/** TURNOVER_NOT_MET carries what is still to wager, for the form. */
export class TurnoverNotMet extends AppError {
  override readonly value: CashierRefusal;
  constructor(remaining: string) {
    super('TURNOVER_NOT_MET');
    this.value = { remaining };
  }
}

/** States whose money has left or is leaving the wallet: they count toward the day's limits. */
const COUNTED = ['under_review', 'approved', 'paying', 'paid'] as const;

/** What the member withdrew today (the back office's day, Asia/Dhaka: the brand's day). */
async function usedToday(k: Kysely<DB>, memberId: bigint): Promise<{ count: number; amount: bigint }> {
  const { rows } = await sql<{ n: string; total: string | null }>`
    SELECT count(*) AS n, sum(amount_minor) AS total FROM cashier_requests
     WHERE member_id = ${memberId} AND type = 'withdraw' AND state IN (${sql.join(COUNTED)})
       AND created_at >= (date_trunc('day', now() AT TIME ZONE ${BACK_OFFICE_TIME_ZONE}) AT TIME ZONE ${BACK_OFFICE_TIME_ZONE})`.execute(
    k,
  );
  return { count: Number(rows[0]?.n ?? 0), amount: BigInt(rows[0]?.total ?? 0) };
}

/** The brand's median minutes from request to paid over the last 7 days; null with none paid. */
async function medianMinutesToPaid(db: Database, brandId: number): Promise<number | null> {
  const { rows } = await sql<{ m: number | null }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM paid_at - created_at) / 60) AS m
      FROM cashier_requests
     WHERE brand_id = ${brandId} AND type = 'withdraw' AND paid_at IS NOT NULL
       AND paid_at >= now() - interval '7 days'`.execute(db.kysely);
  const m = rows[0]?.m;
  return m === null || m === undefined ? null : Math.round(Number(m));
}

/** GET /wps/cashier/withdraw/summary. */
export async function withdrawSummary(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
): Promise<WithdrawSummary> {
  const decimals = brand.info.currencyDecimals;
  const money = (m: bigint) => fromMinor(m, decimals);
  const wallet = await walletFor(db, member, brand.info);
  const [balance, meter, settings, used, median, row] = await Promise.all([
    currentBalance(db, wallet),
    turnoverMeter(db, member.id),
    cashierSettings(db, brand.id),
    usedToday(db.kysely, member.id),
    medianMinutesToPaid(db, brand.id),
    db.kysely
      .selectFrom('members')
      .select([
        'payee_name',
        'payment_password_hash',
        sql<Date | null>`CASE WHEN payment_password_locked_until > now() THEN payment_password_locked_until END`.as(
          'locked_until',
        ),
      ])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    balance: money(balance),
    currency: brand.info.currency,
    turnoverRemaining: money(meter.remaining),
    turnoverRequired: money(meter.required),
    withdrawable: money(meter.remaining > 0n ? 0n : balance),
    min: money(settings.withdraw_min_minor),
    max: money(settings.withdraw_max_minor),
    dailyCount: settings.withdraw_daily_count,
    dailyAmount: money(settings.withdraw_daily_minor),
    usedCount: used.count,
    usedAmount: money(used.amount),
    medianMinutesToPaid: median,
    paymentPasswordSet: row.payment_password_hash !== null,
    paymentPasswordLockedUntil: row.locked_until ? new Date(row.locked_until).toISOString() : null,
    payeeName: row.payee_name,
  };
}

const keyOf = (memberId: bigint, requestId: string) => `withdraw:${memberId}:${requestId}`;

async function byKey(db: Database, memberId: bigint, key: string): Promise<RequestRow | undefined> {
  return db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

async function viewOne(db: Database, brand: BrandSnapshot, row: RequestRow, lang: string): Promise<CashierRequest> {
  return (await playerViews(db, brand, [row], lang))[0] as CashierRequest;
}

/** The same requestId again is the same withdrawal; another account or amount under it is a mistake. */
function sameRequest(row: RequestRow, accountId: bigint, amount: bigint) {
  if (row.type !== 'withdraw' || row.payout_account_id !== accountId || row.amount_minor !== amount)
    throw new AppError('DUPLICATE_TRANSACTION');
}

/**
 * POST /wps/cashier/withdraw. The payment password first, before anything is read or moved;
 * then the account, limits and turnover; then one transaction makes the request and its hold.
 * The request's key (`withdraw:<member>:<requestId>`, unique) makes fifty identical requests
 * one: the losers of the insert wait for the winner's commit and answer with its request.
 */
export async function requestWithdrawal(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  body: WithdrawBody,
  lang: string,
): Promise<CashierRequest> {
  const amount = toMinor(body.amount, brand.info.currencyDecimals);
  if (amount === null || amount <= 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const accountId = BigInt(body.payoutAccountId);
  await verifyPaymentPassword(db, member.id, body.paymentPassword);

  const key = keyOf(member.id, body.requestId);
  const existing = await byKey(db, member.id, key);
  if (existing) {
    sameRequest(existing, accountId, amount);
    return viewOne(db, brand, existing, lang);
  }
  try {
    return await create(db, brand, member, { key, accountId, amount }, lang);
  } catch (err) {
    // A twin of this request committed while this one was checked: answer with it.
    const twin = await byKey(db, member.id, key);
    if (twin) {
      sameRequest(twin, accountId, amount);
      return viewOne(db, brand, twin, lang);
    }
    throw err;
  }
}

async function create(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  o: { key: string; accountId: bigint; amount: bigint },
  lang: string,
): Promise<CashierRequest> {
  const account = await db.kysely
    .selectFrom('payout_accounts')
    .select(['id', 'method_id', 'usable_from', sql<boolean>`usable_from <= now()`.as('usable')])
    .where('id', '=', o.accountId)
    .where('member_id', '=', member.id)
    .where('brand_id', '=', brand.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND', { payoutAccountId: 'validation.invalid' });
  if (!account.usable) throw new AppError('PAYOUT_ACCOUNT_DELAYED');
  const method = await db.kysely
    .selectFrom('cashier_methods')
    .selectAll()
    .where('id', '=', account.method_id)
    .where('brand_id', '=', brand.id)
    .where('direction', '=', 'withdraw')
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!method || method.currency !== brand.info.currency) throw new AppError('METHOD_UNAVAILABLE');

  const settings = await cashierSettings(db, brand.id);
  // The narrower of the brand's and the method's ranges (bigints: Math.min/max do not take them).
  const min = [method.min_minor, settings.withdraw_min_minor].sort((a, b) => (a < b ? 1 : -1))[0] as bigint;
  const max = [method.max_minor, settings.withdraw_max_minor].sort((a, b) => (a < b ? -1 : 1))[0] as bigint;
  if (o.amount < min) throw new AppError('AMOUNT_OUT_OF_RANGE', { amount: 'errors.AMOUNT_OUT_OF_RANGE' });
  if (o.amount > max) throw new AppError('AMOUNT_OUT_OF_RANGE', { amount: 'errors.AMOUNT_OUT_OF_RANGE' });
  const used = await usedToday(db.kysely, member.id);
  if (used.count + 1 > settings.withdraw_daily_count || used.amount + o.amount > settings.withdraw_daily_minor)
    throw new AppError('DAILY_LIMIT_REACHED');
  const remaining = await turnoverRemaining(db, member.id);
  if (remaining > 0n) throw new TurnoverNotMet(fromMinor(remaining, brand.info.currencyDecimals));

  const fee = feeOf(method, o.amount);
  if (method.fee_bearer === 'player' && fee >= o.amount)
    throw new AppError('AMOUNT_OUT_OF_RANGE', { amount: 'errors.AMOUNT_OUT_OF_RANGE' });
  await walletFor(db, member, brand.info);
  const acc = await accountsFor(
    db,
    {
      brand_id: brand.id,
      member_id: member.id,
      currency: brand.info.currency,
      provider: method.provider,
      method_id: method.id,
    },
    'hold',
  );
  const done = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cashier_requests')
      .values({
        brand_id: brand.id,
        member_id: member.id,
        type: 'withdraw',
        method_id: method.id,
        state: 'under_review',
        amount_minor: o.amount,
        fee_minor: fee,
        fee_bearer: method.fee_bearer,
        currency: brand.info.currency,
        request_key: o.key,
        provider: method.provider,
        payout_account_id: account.id,
      })
      .onConflict((oc) => oc.columns(['member_id', 'request_key']).where('request_key', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await recordEvent(trx, { requestId: row.id, state: 'under_review', actor: 'member' });
    // The hold locks the wallet's row until commit, so a second withdrawal at once counts this
    // one in its day's limits below (READ COMMITTED sees it once committed).
    const posted = await moveMoney(db, trx, row, 'hold', acc);
    const day = await usedToday(trx, member.id);
    if (day.count > settings.withdraw_daily_count || day.amount > settings.withdraw_daily_minor)
      throw new AppError('DAILY_LIMIT_REACHED');
    return { row, posted };
  });
  if (!done) {
    const twin = await byKey(db, member.id, o.key);
    if (!twin) throw new AppError('REQUEST_STATE');
    sameRequest(twin, o.accountId, o.amount);
    return viewOne(db, brand, twin, lang);
  }
  await afterCommit(db, brand.id, done.posted, null);
  return viewOne(db, brand, done.row, lang);
}

async function ownRequest(db: Database, member: SessionMember, id: bigint): Promise<RequestRow> {
  const row = await db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', member.id)
    .where('type', '=', 'withdraw')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** POST /wps/cashier/withdraw/:id/cancel: before any staff member approved it; the hold returns once. */
export async function cancelWithdrawal(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  id: bigint,
  lang: string,
): Promise<CashierRequest> {
  const row = await ownRequest(db, member, id);
  if (row.state !== 'under_review' || row.first_approved_by !== null) throw new AppError('REQUEST_STATE');
  const acc = await accountsFor(db, row, 'return');
  const done = await db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, { requestId: id, from: ['under_review'], to: 'cancelled', actor: 'member' });
    if (!moved) return null;
    // A first approval that landed meanwhile wins: roll the move back.
    if (moved.first_approved_by !== null) throw new AppError('REQUEST_STATE');
    return { row: moved, posted: await moveMoney(db, trx, moved, 'return', acc) };
  });
  if (!done) throw new AppError('REQUEST_STATE');
  await afterCommit(db, brand.id, done.posted, null);
  return viewOne(db, brand, done.row, lang);
}

/** What a proof image is, by its first bytes (never by what the client says). */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * POST /wps/cashier/withdraw/:id/confirm, once per paid withdrawal: received; partial (what did
 * not arrive, at most the amount) or not received (a png/jpg proof ≤ 5 MB) open a case for
 * finance in the same transaction. Nothing is refunded here: only staff may, working the case.
 */
export async function confirmWithdrawal(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  id: bigint,
  body: ConfirmBody,
  lang: string,
): Promise<CashierRequest> {
  const row = await ownRequest(db, member, id);
  let remaining: bigint | null = null;
  let proof: Buffer | null = null;
  let proofType: string | null = null;
  if (body.outcome === 'partial') {
    remaining = toMinor(body.remaining ?? '', brand.info.currencyDecimals);
    if (remaining === null || remaining <= 0n)
      throw new AppError('VALIDATION_FAILED', { remaining: 'validation.invalid' });
    // What did not arrive is at most what was sent: the amount less a fee the player bears.
    if (remaining > payoutAmount(row))
      throw new AppError('AMOUNT_OUT_OF_RANGE', { remaining: 'errors.AMOUNT_OUT_OF_RANGE' });
  }
  if (body.outcome === 'not_received') {
    proof = Buffer.from(body.proof ?? '', 'base64');
    proofType = imageTypeOf(proof);
    if (proof.length > PROOF_MAX_BYTES || !proofType)
      throw new AppError('PROOF_NOT_IMAGE', { proof: 'errors.PROOF_NOT_IMAGE' });
  }
  if (row.state !== 'paid' || row.confirmation !== null) throw new AppError('REQUEST_STATE');
  const done = await db.kysely.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('cashier_requests')
      .set({ confirmation: body.outcome, confirmed_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('member_id', '=', member.id)
      .where('state', '=', 'paid')
      .where('confirmation', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!confirmed) return null;
    if (body.outcome !== 'received')
      await trx
        .insertInto('cashier_cases')
        .values({
          brand_id: confirmed.brand_id,
          request_id: id,
          kind: body.outcome,
          remaining_minor: remaining,
          proof,
          proof_type: proofType,
        })
        .execute();
    return confirmed;
  });
  if (!done) throw new AppError('REQUEST_STATE');
  return viewOne(db, brand, done, lang);
}

/**
 * Paid withdrawals the player left unconfirmed past the brand's minutes count as received
 * (spec §4), in one statement: run twice, it confirms nothing twice.
 */
export async function autoConfirm(db: Database): Promise<number> {
  const r = await sql`
    UPDATE cashier_requests r SET confirmation = 'auto', confirmed_at = now(), updated_at = now()
      FROM brands b LEFT JOIN cashier_settings s ON s.brand_id = b.id
     WHERE b.id = r.brand_id AND r.type = 'withdraw' AND r.state = 'paid' AND r.confirmation IS NULL
       AND r.paid_at < now() - make_interval(mins => coalesce(s.auto_confirm_minutes, 1440))`.execute(db.kysely);
  return Number(r.numAffectedRows ?? 0n);
}
