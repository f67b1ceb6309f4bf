import { sql } from 'kysely';
import { brandStore } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ProviderContext, ProviderResult } from './providers/adapter';
import { providerFor } from './providers/index';
import { cashierSettings } from './settings';
import { moveState, recordEvent } from './transitions';
import { accountsFor, afterCommit, moveMoney, noticeOf, payoutAmount, writeNotice } from './withdraw-money';

/** A failed payout is sent again (same payout id) this long after the failure. */
export const RETRY_DELAY_SECONDS = 60;

/** The stable payout id of a withdrawal: the provider pays one id once at most. */
export const payoutIdOf = (requestId: bigint) => `wd-${requestId}`;

/** This brand's public origin for a provider's webhook address (its first non-mirror domain). */
async function contextOf(db: Database, brandId: number): Promise<ProviderContext> {
  const d = await db.kysely
    .selectFrom('brand_domains')
    .select('domain')
    .where('brand_id', '=', brandId)
    .orderBy('is_mirror')
    .orderBy('sort')
    .executeTakeFirst();
  return { brandId, origin: d ? `https://${d.domain}` : '' };
}

/**
 * Sends a withdrawal in `paying` to its provider under its payout id. A provider that answers at
 * once has its answer applied like its webhook; one that cannot be reached counts as a failed
 * attempt (a retry under the same id is safe: the provider pays an id once at most).
 */
export async function sendPayout(db: Database, requestId: bigint): Promise<void> {
  const r = await db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', requestId)
    .where('state', '=', 'paying')
    .executeTakeFirst();
  if (!r?.provider || !r.payout_id) return;
  const provider = providerFor(r.provider);
  const account = r.payout_account_id
    ? await db.kysely
        .selectFrom('payout_accounts')
        .select(['account_number', 'payee_name'])
        .where('id', '=', r.payout_account_id)
        .executeTakeFirst()
    : undefined;
  const method =
    r.method_id === null
      ? undefined
      : await db.kysely
          .selectFrom('cashier_methods')
          .select('channel')
          .where('id', '=', r.method_id)
          .executeTakeFirst();
  const attempt = r.payout_attempts;
  let result: ProviderResult | null;
  try {
    if (!provider) throw new Error(`no payment provider '${r.provider}' on this server`);
    result = await provider.createPayout(
      {
        requestId: r.id.toString(),
        payoutId: r.payout_id,
        amountMinor: payoutAmount(r),
        currency: r.currency,
        channel: method?.channel ?? 'bank',
        accountNumber: account?.account_number ?? '',
        payeeName: account?.payee_name ?? '',
      },
      await contextOf(db, r.brand_id),
    );
  } catch (err) {
    result = {
      kind: 'payout',
      requestId: r.id.toString(),
      providerTxId: `unreachable:${r.payout_id}:${attempt}`,
      status: 'failed',
      amountMinor: payoutAmount(r),
      currency: r.currency,
      reason: err instanceof Error ? err.message.slice(0, 200) : 'provider unreachable',
    };
  }
  if (result && result.status !== 'pending') await onPayoutResult(db, r.provider, result);
}

/**
 * A payout's result from a provider (its signed webhook, or its answer to createPayout): paid
 * ends the withdrawal paid; failed sends it again under the same payout id while the brand's
 * retries last, then returns the hold once. Replays change nothing.
 */
export async function onPayoutResult(db: Database, provider: string, result: ProviderResult): Promise<void> {
  if (result.kind !== 'payout' || result.status === 'pending' || !/^\d{1,18}$/.test(result.requestId)) return;
  const id = BigInt(result.requestId);
  const r = await db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', 'withdraw')
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND');
  // A result for another amount or currency than the order's is not this payout's.
  if (result.amountMinor !== payoutAmount(r) || result.currency !== r.currency)
    throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  if (r.state !== 'paying') return; // already paid, failed or returned: a replay
  const decimals = (await brandStore(db).byId(r.brand_id)).info.currencyDecimals;
  const actor = `provider:${provider}`;

  if (result.status === 'paid') {
    const acc = await accountsFor(db, r, 'paid');
    const done = await db.kysely.transaction().execute(async (trx) => {
      const moved = await moveState(trx, {
        requestId: id,
        from: ['paying'],
        to: 'paid',
        actor,
        set: { paid_at: new Date(), provider_reference: result.providerTxId, payout_retry_at: null },
      });
      if (!moved) return null;
      const posted = await moveMoney(db, trx, moved, 'paid', acc);
      const notice = await writeNotice(db, noticeOf(decimals, moved, 'withdraw.paid'), trx);
      return { posted, notice };
    });
    if (done) await afterCommit(db, r.brand_id, done.posted, done.notice);
    return;
  }

  // Failed. The same failure told twice (a replayed webhook) counts once: each attempt's failure
  // is remembered by the provider's transaction id, and only a payout awaiting its answer takes one.
  const settings = await cashierSettings(db, r.brand_id);
  const reason = (result.reason ?? 'payout failed').slice(0, 200);
  if (r.payout_attempts <= settings.payout_retries) {
    await db.kysely.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('cashier_requests')
        .set({
          payout_retry_at: sql<Date>`now() + make_interval(secs => ${RETRY_DELAY_SECONDS})`,
          provider_tx_id: result.providerTxId,
          reason,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('state', '=', 'paying')
        .where('payout_retry_at', 'is', null)
        .where('payout_attempts', '=', r.payout_attempts)
        .where((eb) => eb.or([eb('provider_tx_id', 'is', null), eb('provider_tx_id', '<>', result.providerTxId)]))
        .returning('id')
        .executeTakeFirst();
      if (marked) await recordEvent(trx, { requestId: id, state: 'paying', actor, note: `retry: ${reason}` });
    });
    return;
  }
  const acc = await accountsFor(db, r, 'return');
  const done = await db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, {
      requestId: id,
      from: ['paying'],
      to: 'failed',
      actor,
      note: reason,
      set: { reason, provider_tx_id: result.providerTxId, payout_retry_at: null },
    });
    if (!moved) return null;
    const posted = await moveMoney(db, trx, moved, 'return', acc);
    const notice = await writeNotice(db, noticeOf(decimals, moved, 'withdraw.failed', reason), trx);
    return { posted, notice };
  });
  if (done) await afterCommit(db, r.brand_id, done.posted, done.notice);
}

/**
 * Sends again every failed payout whose retry is due: each is claimed by one conditional update
 * (the attempt counted, the wait cleared), so two processes never send the same attempt.
 */
export async function retryDuePayouts(db: Database, limit = 100): Promise<number> {
  const due = await db.kysely
    .selectFrom('cashier_requests')
    .select(['id', 'payout_attempts'])
    .where('state', '=', 'paying')
    .where('payout_retry_at', '<=', sql<Date>`now()`)
    .orderBy('payout_retry_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const d of due) {
    const claimed = await db.kysely
      .updateTable('cashier_requests')
      .set({ payout_retry_at: null, payout_attempts: d.payout_attempts + 1, updated_at: new Date() })
      .where('id', '=', d.id)
      .where('state', '=', 'paying')
      .where('payout_attempts', '=', d.payout_attempts)
      .where('payout_retry_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    await sendPayout(db, d.id);
    sent++;
  }
  return sent + (await resendSilentPayouts(db, limit));
}

/** A payout with no answer this long is sent again (the process may have stopped before sending it). */
export const SILENT_PAYOUT_MINUTES = 10;

/**
 * Payouts in `paying` that heard nothing for SILENT_PAYOUT_MINUTES — the approval committed but its
 * process stopped before the send, or the provider lost it — are sent again under the same payout
 * id, which the provider pays once at most. This is not a new attempt: a payout the provider holds
 * as pending is asked again, never failed for its silence. The claim (updated_at moved to now)
 * lets one process send it.
 */
async function resendSilentPayouts(db: Database, limit: number): Promise<number> {
  const silent = await db.kysely
    .updateTable('cashier_requests')
    .set({ updated_at: sql<Date>`now()` })
    .where(
      'id',
      'in',
      db.kysely
        .selectFrom('cashier_requests')
        .select('id')
        .where('state', '=', 'paying')
        .where('payout_retry_at', 'is', null)
        .where('updated_at', '<', sql<Date>`now() - make_interval(mins => ${SILENT_PAYOUT_MINUTES})`)
        .limit(limit),
    )
    .where('state', '=', 'paying')
    .where('payout_retry_at', 'is', null)
    .where('updated_at', '<', sql<Date>`now() - make_interval(mins => ${SILENT_PAYOUT_MINUTES})`)
    .returning('id')
    .execute();
  for (const r of silent) await sendPayout(db, r.id);
  return silent.length;
}
