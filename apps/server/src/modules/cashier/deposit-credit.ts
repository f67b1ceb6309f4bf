import type { CashierState } from '@khela/contract';
import { fromMinor } from '@khela/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CashierRequestsTable, DB } from '../../platform/schema';
import { systemAccount, walletOf } from '../wallet/accounts';
import { fingerprintOf, type Leg, type Posted, post, publishPosted } from '../wallet/ledger';
import { recordInflow } from '../wallet/turnover';
import { type NoticeKind, publishNotice, type SentNotice, writeNotice } from './notices';
import { providerFor } from './providers';
import type { ProviderResult } from './providers/adapter';
import { checkDepositAllowed } from './responsible-play';
import { cashierSettings } from './settings';
import { moveState } from './transitions';
import type { RequestRow } from './views';

/**
 * A deposit's endings (CASHIER.md "Deposit"): credited — one ledger transaction keyed
 * `deposit:<id>`, the turnover requirement and the arrival notice, all in the transaction that
 * moves the state, so a result replayed ten times at once or an approval clicked twice credits
 * once — rejected, or expired. Shared by the providers' webhooks, the finance desk and the expiry job.
 */

export const DEPOSIT_OPEN: readonly CashierState[] = ['created', 'pending'];

/**
 * What a deposit's ending needs besides its row, read in one query: the brand's decimals (the
 * notice's amount), the method's name, and the brand's turnover percentage for deposits (the
 * table's default when the brand has no settings row yet).
 */
async function contextOf(db: Database, row: RequestRow) {
  const r = await db.kysely
    .selectFrom('brands as b')
    .leftJoin('cashier_methods as m', (j) => j.on('m.id', '=', row.method_id ?? 0))
    .leftJoin('cashier_settings as s', 's.brand_id', 'b.id')
    .select(['b.currency_decimals', 'm.name_en', 's.deposit_turnover_pct'])
    .where('b.id', '=', row.brand_id)
    .executeTakeFirst();
  const pct = r?.deposit_turnover_pct ?? (await cashierSettings(db, row.brand_id)).deposit_turnover_pct;
  return { decimals: r?.currency_decimals ?? 2, method: r?.name_en ?? '', pct };
}

/**
 * The credit's legs: the player gets the amount (less the fee when the player bears it); the
 * provider (`psp:<name>`) or the bank-transfer method's account (`bank:<method>`) gives what it
 * settles to the operator, and a fee the operator bears is posted to `cashier_fee`.
 */
async function creditLegs(db: Database, row: RequestRow): Promise<Leg[]> {
  const wallet = (await walletOf(db, row.brand_id, row.member_id, row.currency)).id;
  const source = await systemAccount(
    db,
    row.brand_id,
    row.provider ? `psp:${row.provider}` : `bank:${row.method_id ?? 0}`,
    row.currency,
  );
  const fee = row.fee_minor;
  if (fee === 0n)
    return [
      { accountId: wallet, amount: row.amount_minor },
      { accountId: source, amount: -row.amount_minor },
    ];
  if (row.fee_bearer === 'player')
    return [
      { accountId: wallet, amount: row.amount_minor - fee },
      { accountId: source, amount: -(row.amount_minor - fee) },
    ];
  const feeAccount = await systemAccount(db, row.brand_id, 'cashier_fee', row.currency);
  return [
    { accountId: wallet, amount: row.amount_minor },
    { accountId: source, amount: -(row.amount_minor - fee) },
    { accountId: feeAccount, amount: -fee },
  ];
}

export type CreditOptions = {
  from: readonly CashierState[];
  actor: string;
  note?: string | null;
  set?: Updateable<CashierRequestsTable>;
  /** Written in the credit's transaction (the desk's audit row). */
  inTransaction?: (trx: Kysely<DB>, moved: RequestRow) => Promise<void>;
};

/**
 * Credits the deposit once: null when another caller moved it first (nothing posted here).
 * Account ids and settings are read before the transaction: on PGlite (one connection) nothing
 * but `trx` may be used inside it.
 */
export async function creditDeposit(db: Database, row: RequestRow, o: CreditOptions): Promise<RequestRow | null> {
  const legs = await creditLegs(db, row);
  const { decimals, method, pct } = await contextOf(db, row);
  const key = `deposit:${row.id}`;
  const done = await db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, {
      requestId: row.id,
      from: o.from,
      to: 'credited',
      actor: o.actor,
      note: o.note ?? null,
      set: { ...o.set, paid_at: new Date() },
    });
    if (!moved) return null;
    const posted: Posted = await post(
      db,
      {
        brandId: row.brand_id,
        key,
        kind: 'deposit',
        fingerprint: fingerprintOf({ request: row.id, member: row.member_id, amount: row.amount_minor }),
        memberId: row.member_id,
        memo: `deposit ${row.id}`,
        legs,
      },
      trx,
    );
    await recordInflow(trx, {
      brandId: row.brand_id,
      memberId: row.member_id,
      source: 'deposit',
      sourceKey: key,
      amountMinor: legs[0]?.amount ?? row.amount_minor,
      pct,
    });
    const notice = await writeNotice(
      db,
      {
        brandId: row.brand_id,
        memberId: row.member_id,
        kind: 'deposit.arrival',
        params: { amount: fromMinor(legs[0]?.amount ?? row.amount_minor, decimals), currency: row.currency, method },
        requestId: row.id,
      },
      trx,
    );
    await o.inTransaction?.(trx, moved);
    return { moved, posted, notice };
  });
  if (!done) return null;
  await publishPosted(db, row.brand_id, done.posted);
  publishNotice(db, done.notice);
  return done.moved;
}

/** Ends the deposit rejected or expired with its notice; null when it had moved on. */
export async function endDeposit(
  db: Database,
  row: RequestRow,
  o: {
    from: readonly CashierState[];
    to: 'rejected' | 'expired' | 'cancelled';
    actor: string;
    reason: string | null;
    set?: Updateable<CashierRequestsTable>;
    inTransaction?: (trx: Kysely<DB>, moved: RequestRow) => Promise<void>;
  },
): Promise<RequestRow | null> {
  const { decimals, method } = await contextOf(db, row);
  const kind: NoticeKind | null =
    o.to === 'rejected' ? 'deposit.rejected' : o.to === 'expired' ? 'deposit.expired' : null;
  const done = await db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, {
      requestId: row.id,
      from: o.from,
      to: o.to,
      actor: o.actor,
      note: o.reason,
      set: { ...o.set, reason: o.reason },
    });
    if (!moved) return null;
    let notice: SentNotice | null = null;
    if (kind)
      notice = await writeNotice(
        db,
        {
          brandId: row.brand_id,
          memberId: row.member_id,
          kind,
          params: {
            amount: fromMinor(row.amount_minor, decimals),
            currency: row.currency,
            method,
            ...(o.reason ? { reason: o.reason } : {}),
          },
          requestId: row.id,
        },
        trx,
      );
    await o.inTransaction?.(trx, moved);
    return { moved, notice };
  });
  if (!done) return null;
  if (done.notice) publishNotice(db, done.notice);
  return done.moved;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * A provider's result for one of its deposits (its webhook, or a query's answer), checked
 * against the stored order: another brand's or provider's request is NOT_FOUND, another amount
 * or currency is refused (VALIDATION_FAILED naming the field), a second transaction id for a
 * decided order DUPLICATE_TRANSACTION — each moving nothing. Answers the request's state after it,
 * so a replay gets the first answer.
 *
 * Paid but refused by the responsible-play check at credit: the money has arrived, so the
 * deposit waits under review for staff (approve credits, reject says why) rather than being lost.
 * Paid after it expired: the same, the player paid late.
 */
export async function onDepositResult(
  db: Database,
  brandId: number,
  provider: string,
  result: ProviderResult,
): Promise<{ requestId: string; state: CashierState }> {
  if (!/^[1-9]\d{0,18}$/.test(result.requestId)) throw new AppError('NOT_FOUND');
  const find = () =>
    db.kysely
      .selectFrom('cashier_requests')
      .selectAll()
      // Whether the player has any responsible-play row: most have none, and then the check at
      // credit has nothing to read (one query less on every webhook).
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('responsible_play_limits as l')
              .select('l.id')
              .whereRef('l.member_id', '=', 'cashier_requests.member_id'),
          )
          .as('has_limits'),
      )
      .where('id', '=', BigInt(result.requestId))
      .where('brand_id', '=', brandId)
      .where('type', '=', 'deposit')
      .where('provider', '=', provider)
      .executeTakeFirst();
  const found = await find();
  if (!found) throw new AppError('NOT_FOUND');
  const { has_limits: hasLimits, ...row } = found;
  if (result.amountMinor !== row.amount_minor)
    throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  if (result.currency !== row.currency) throw new AppError('VALIDATION_FAILED', { currency: 'validation.invalid' });
  if (row.provider_tx_id !== null && row.provider_tx_id !== result.providerTxId)
    throw new AppError('DUPLICATE_TRANSACTION');
  const actor = `provider:${provider}`;
  const set = { provider_tx_id: result.providerTxId };
  try {
    if (result.status === 'paid' && DEPOSIT_OPEN.includes(row.state)) {
      let blocked = false;
      try {
        if (hasLimits)
          await checkDepositAllowed(db, {
            brandId,
            memberId: row.member_id,
            amountMinor: row.amount_minor,
            stage: 'credit',
          });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'RESPONSIBLE_PLAY_BLOCK') throw err;
        blocked = true;
      }
      if (blocked)
        await db.kysely.transaction().execute((trx) =>
          moveState(trx, {
            requestId: row.id,
            from: DEPOSIT_OPEN,
            to: 'under_review',
            actor,
            note: 'responsible_play',
            set,
          }),
        );
      else if (await creditDeposit(db, row, { from: DEPOSIT_OPEN, actor, set }))
        return { requestId: row.id.toString(), state: 'credited' };
      // Lost the race to the expiry job: the money has arrived, so the order goes to review below.
      else if ((await find())?.state === 'expired') row.state = 'expired';
    }
    if (result.status === 'paid' && row.state === 'expired') {
      await db.kysely.transaction().execute((trx) =>
        moveState(trx, {
          requestId: row.id,
          from: ['expired'],
          to: 'under_review',
          actor,
          note: 'paid_after_expiry',
          set,
        }),
      );
    } else if (result.status === 'failed' && DEPOSIT_OPEN.includes(row.state)) {
      await endDeposit(db, row, {
        from: DEPOSIT_OPEN,
        to: 'rejected',
        actor,
        reason: result.reason ?? 'declined',
        set,
      });
    }
  } catch (err) {
    // The transaction id is another order's: refused, and its transaction rolled back.
    if (isUniqueViolation(err)) throw new AppError('DUPLICATE_TRANSACTION');
    throw err;
  }
  const after = (await find()) as RequestRow & { has_limits: boolean };
  return { requestId: after.id.toString(), state: after.state };
}

/**
 * Before a provider's order expires, the provider is asked about it (`queryDeposit`): a result
 * whose webhook never arrived is applied as if it had, so a lost webhook loses no money. A
 * provider that cannot answer now lets the order expire; its late paid result still goes to
 * review (onDepositResult).
 */
async function reconciled(db: Database, row: RequestRow, channel: string): Promise<boolean> {
  const provider = row.provider ? providerFor(row.provider) : undefined;
  if (!provider || !row.order_token) return false;
  try {
    const result = await provider.queryDeposit(
      {
        requestId: row.id.toString(),
        orderToken: row.order_token,
        amountMinor: row.amount_minor,
        currency: row.currency,
        channel,
        returnUrl: '',
      },
      { brandId: row.brand_id, origin: '' },
    );
    if (!result || result.status === 'pending') return false;
    const after = await onDepositResult(db, row.brand_id, provider.name, result);
    return after.state !== 'pending' && after.state !== 'created';
  } catch {
    return false;
  }
}

/**
 * Ends deposits still waiting for payment past their expiry (created or pending; a bank transfer
 * the player has reported stays for staff), a batch at a time, after asking each one's provider.
 * Returns how many expired.
 */
export async function expireDeposits(db: Database, now = new Date(), batch = 200): Promise<number> {
  let total = 0;
  const seen = new Set<bigint>();
  for (;;) {
    const rows = await db.kysely
      .selectFrom('cashier_requests as r')
      .leftJoin('cashier_methods as m', 'm.id', 'r.method_id')
      .selectAll('r')
      .select('m.channel')
      .where('r.type', '=', 'deposit')
      .where('r.state', 'in', [...DEPOSIT_OPEN])
      .where('r.expires_at', '<', now)
      .orderBy('r.expires_at')
      .limit(batch)
      .execute();
    let fresh = 0;
    for (const { channel, ...row } of rows) {
      // A row the provider had no answer for and that could not be moved is not looked at twice.
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      fresh++;
      if (await reconciled(db, row, channel ?? '')) continue;
      if (await endDeposit(db, row, { from: DEPOSIT_OPEN, to: 'expired', actor: 'job', reason: null })) total++;
    }
    if (rows.length < batch || fresh === 0) return total;
  }
}
