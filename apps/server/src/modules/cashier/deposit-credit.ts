import type { CashierState } from '@khela/contract';
import { fromMinor } from '@khela/contract';
import { CompiledQuery, type Kysely, type Updateable } from 'kysely';
import { type Database, preparedStatement } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { groupCommit, type Outcome } from '../../platform/group-commit';
import type { CashierRequestsTable, DB } from '../../platform/schema';
import { systemAccount, walletOf } from '../wallet/accounts';
import { type Posted, postedOf, publishPosted } from '../wallet/ledger';
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
 * notice's amount) and the method's name.
 */
async function contextOf(db: Database, row: RequestRow) {
  const r = await db.kysely
    .selectFrom('brands as b')
    .leftJoin('cashier_methods as m', (j) => j.on('m.id', '=', row.method_id ?? 0))
    .select(['b.currency_decimals', 'm.name_en'])
    .where('b.id', '=', row.brand_id)
    .executeTakeFirst();
  return { decimals: r?.currency_decimals ?? 2, method: r?.name_en ?? '' };
}

/** The credit's database function (migrations/0046-deposit-credit.sql), parsed once per connection. */
const CREDIT = preparedStatement(
  'cashier_credit_deposit',
  `SELECT member_id, tx_id, outcome, result, notice_id, notice_at, notice_params, unread
     FROM cashier_credit_deposit($1::bigint, $2::text[], $3, $4, $5, $6::bigint, $7::integer, $8, $9::bigint, $10, $11::boolean)`,
);

type CreditCall = {
  requestId: bigint;
  brandId: number;
  from: readonly CashierState[];
  actor: string;
  note?: string | null;
  /** The provider's transaction id, recorded with the move. */
  txId?: string | null;
  /** The staff member deciding (decided_by and decided_at). */
  decidedBy?: bigint | null;
  /**
   * A provider's result, unread: the order moves only if it is that provider's, for that amount
   * and currency, with no other transaction id, and (noLimits) for a player without
   * responsible-play rows.
   */
  result?: { provider: string; amountMinor: bigint; currency: string; noLimits: boolean };
};

type Credited = { posted: Posted; notice: SentNotice };

/** KH010: an account or the brand's cashier settings are not there yet; nothing moved. */
const isNotReady = (err: unknown) => (err as { code?: string } | null)?.code === 'KH010';

/** A row of the credit function, as either form of the call answers it. */
type CreditRow = {
  member_id: bigint;
  tx_id: bigint;
  outcome: 'posted' | 'replay' | 'conflict';
  result: Record<string, string>;
  notice_id: bigint;
  notice_at: Date;
  notice_params: Record<string, string>;
  unread: string;
};

function creditedOf(row: CreditRow, c: CreditCall): Credited {
  return {
    posted: postedOf(row),
    notice: {
      brandId: c.brandId,
      memberId: row.member_id,
      kind: 'deposit.arrival',
      params: row.notice_params,
      requestId: c.requestId,
      id: row.notice_id,
      at: row.notice_at,
      unread: Number(row.unread),
    },
  };
}

/** One call of the credit function: null when nothing moved (the state or a guard did not match). */
async function runCredit(q: Kysely<DB>, c: CreditCall): Promise<Credited | null> {
  let r: { rows: CreditRow[] };
  try {
    r = await q.executeQuery<CreditRow>(
      CompiledQuery.raw(CREDIT, [
        c.requestId,
        [...c.from],
        c.actor,
        c.note ?? null,
        c.txId ?? null,
        c.decidedBy ?? null,
        c.brandId,
        c.result?.provider ?? null,
        c.result?.amountMinor ?? null,
        c.result?.currency ?? null,
        c.result?.noLimits ?? false,
      ]),
    );
  } catch (err) {
    if ((err as { code?: string } | null)?.code === 'KH011') throw new AppError('DUPLICATE_TRANSACTION');
    throw err;
  }
  const row = r.rows[0];
  return row ? creditedOf(row, c) : null;
}

/** The batch form (migrations/0048-deposit-credits-set-based.sql): a row per item that moved. */
const CREDIT_BATCH = preparedStatement(
  'cashier_credit_deposits',
  `SELECT item, member_id, tx_id, outcome, result, notice_id, notice_at, notice_params, unread
     FROM cashier_credit_deposits($1::bigint[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::bigint[], $7::text[])`,
);

/**
 * At most this many providers' results in one transaction: enough to spread what each
 * transaction costs over many credits, few enough that the wallets it locks are held briefly.
 */
const BATCH_MAX = 32;
/**
 * Batches written at once by one process: two keep two database connections busy (one is
 * writing while the other commits). A second starts only once this many results wait, so that
 * under load batches stay large; a lone result never waits.
 */
const IN_FLIGHT = 2;
const SECOND_BATCH_MIN = 8;

/** A provider's paid result: from an open order, with every guard of the webhook. */
type ProviderCredit = CreditCall & { result: NonNullable<CreditCall['result']>; txId: string };
const batchers = new WeakMap<Database, (call: ProviderCredit) => Promise<Credited | null>>();

/**
 * Credits a provider's paid result together with the others that arrive while earlier batches
 * are written (decision 0042, platform/group-commit.ts): one transaction for all of them.
 * Answers exactly as runCredit would for the item alone.
 */
function creditTogether(db: Database, call: ProviderCredit): Promise<Credited | null> {
  let credit = batchers.get(db);
  if (!credit) {
    credit = groupCommit<ProviderCredit, Credited | null>({
      inFlight: IN_FLIGHT,
      maxBatch: BATCH_MAX,
      secondBatchMin: SECOND_BATCH_MIN,
      gatherTurn: true,
      one: (c) => runCredit(db.kysely, c),
      many: (calls) => creditBatch(db, calls),
    });
    batchers.set(db, credit);
  }
  return credit(call);
}

/**
 * The batch in one statement: each item's credit (null when it did not move), or, when the
 * batch raised and nothing of it was written, every item again alone.
 */
async function creditBatch(db: Database, calls: ProviderCredit[]): Promise<Outcome<Credited | null>[]> {
  let rows: (CreditRow & { item: number })[];
  try {
    const r = await db.kysely.executeQuery<CreditRow & { item: number }>(
      CompiledQuery.raw(CREDIT_BATCH, [
        calls.map((c) => c.requestId),
        calls.map((c) => c.actor),
        calls.map((c) => c.txId),
        calls.map((c) => c.brandId),
        calls.map((c) => c.result.provider),
        calls.map((c) => c.result.amountMinor),
        calls.map((c) => c.result.currency),
      ]),
    );
    rows = r.rows;
  } catch {
    return calls.map(() => ({ alone: true }));
  }
  const byItem = new Map(rows.map((row) => [row.item, row]));
  return calls.map((c, i) => {
    const row = byItem.get(i + 1);
    return { row: row ? creditedOf(row, c) : null };
  });
}

/** Tells the player's sockets, once the credit has committed: the header's balance and the notice. */
async function publishCredit(db: Database, done: Credited) {
  await publishPosted(db, done.notice.brandId, done.posted);
  publishNotice(db, done.notice);
}

/**
 * Opens what the credit function reads and does not make: the player's wallet, the source's
 * settlement account, the fee account when the operator bears a fee, the brand's settings row.
 * Account ids are cached, so after the first deposit of a player this is one settings read.
 */
async function prepareCredit(db: Database, row: RequestRow) {
  await walletOf(db, row.brand_id, row.member_id, row.currency);
  await systemAccount(
    db,
    row.brand_id,
    row.provider ? `psp:${row.provider}` : `bank:${row.method_id ?? 0}`,
    row.currency,
  );
  if (row.fee_minor !== 0n && row.fee_bearer !== 'player')
    await systemAccount(db, row.brand_id, 'cashier_fee', row.currency);
  await cashierSettings(db, row.brand_id);
}

export type CreditOptions = {
  from: readonly CashierState[];
  actor: string;
  note?: string | null;
  txId?: string | null;
  decidedBy?: bigint | null;
  /** Written in the credit's transaction (the desk's audit row). */
  inTransaction?: (trx: Kysely<DB>) => Promise<void>;
};

/**
 * Credits the deposit once: null when another caller moved it first (nothing posted here). On
 * PGlite (one connection) nothing but `trx` may be used inside the transaction, so what the
 * credit reads is opened before it.
 */
export async function creditDeposit(db: Database, row: RequestRow, o: CreditOptions): Promise<Credited | null> {
  await prepareCredit(db, row);
  const call: CreditCall = {
    requestId: row.id,
    brandId: row.brand_id,
    from: o.from,
    actor: o.actor,
    note: o.note ?? null,
    txId: o.txId ?? null,
    decidedBy: o.decidedBy ?? null,
  };
  const inTransaction = o.inTransaction;
  const done = inTransaction
    ? await db.kysely.transaction().execute(async (trx) => {
        const credited = await runCredit(trx, call);
        if (credited) await inTransaction(trx);
        return credited;
      })
    : await runCredit(db.kysely, call);
  if (done) await publishCredit(db, done);
  return done;
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
  const actor = `provider:${provider}`;
  // The common case — paid, for an open order that matches, of a player without responsible-play
  // rows — is one statement; anything else (a replay, a mismatch, limits, an expired order, a
  // first deposit through a new method) finds nothing moved and takes the careful path below.
  if (result.status === 'paid') {
    const fast = await guarded(() =>
      creditTogether(db, {
        requestId: BigInt(result.requestId),
        brandId,
        from: DEPOSIT_OPEN,
        actor,
        txId: result.providerTxId,
        result: { provider, amountMinor: result.amountMinor, currency: result.currency, noLimits: true },
      }).catch((err) => {
        if (isNotReady(err)) return null;
        throw err;
      }),
    );
    if (fast) {
      await publishCredit(db, fast);
      return { requestId: result.requestId, state: 'credited' };
    }
  }
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
  const set = { provider_tx_id: result.providerTxId };
  return guarded(async () => {
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
      else if (await creditDeposit(db, row, { from: DEPOSIT_OPEN, actor, txId: result.providerTxId }))
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
    const after = (await find()) as RequestRow & { has_limits: boolean };
    return { requestId: after.id.toString(), state: after.state };
  });
}

/** The transaction id is another order's: refused, and its statement or transaction rolled back. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('DUPLICATE_TRANSACTION');
    throw err;
  }
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
