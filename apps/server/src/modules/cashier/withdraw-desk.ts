import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { type Desk, memberOf, refuseLinked } from '../staff-players/guard';
import { cashierSettings } from './settings';
import { moveState, recordEvent } from './transitions';
import type { RequestRow } from './views';
import { accountsFor, afterCommit, moveMoney, noticeOf, writeNotice } from './withdraw-money';
import { payoutIdOf, sendPayout } from './withdraw-payouts';

/**
 * The finance desk's decisions on withdrawals: approve (a second staff member above the brand's
 * threshold, then the payout is sent), reject (the hold returns once), a bank payout marked paid
 * by hand, and a case closed. The desk's routes (modules/cashier-desk) call these; each throws
 * NOT_FOUND for another brand's request and REQUEST_STATE when the request has moved on.
 *
 * Every decision is one conditional state move in the transaction that moves its money, so two
 * staff clicking at once make one decision and one payout; the loser gets REQUEST_STATE.
 */

async function withdrawalOf(d: Desk, brand: BrandSnapshot, id: bigint): Promise<RequestRow> {
  const row = await d.db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', brand.id)
    .where('type', '=', 'withdraw')
    .executeTakeFirst();
  if (!row || row.brand_id !== d.staff.brandId) throw new AppError('NOT_FOUND');
  return row;
}

const staffActor = (d: Desk) => `staff:${d.staff.id}`;

export async function approveWithdrawal(d: Desk, brand: BrandSnapshot, id: bigint, reason?: string): Promise<void> {
  const row = await withdrawalOf(d, brand, id);
  await refuseLinked(d, await memberOf(d, row.member_id), 'withdraw.approve');
  if (row.state !== 'under_review') throw new AppError('REQUEST_STATE');
  const settings = await cashierSettings(d.db, brand.id);
  const twoNeeded = row.amount_minor > settings.four_eyes_minor;

  if (twoNeeded && row.first_approved_by === d.staff.id) {
    await audit(d.db, {
      event: 'withdraw.self.refused',
      brandId: brand.id,
      memberId: row.member_id,
      staffId: d.staff.id,
      ip: d.ip,
      target: `withdraw:${id}`,
    });
    throw new AppError('FOUR_EYES_REQUIRED');
  }
  if (twoNeeded && row.first_approved_by === null) {
    const first = await d.db.kysely.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('cashier_requests')
        .set({ first_approved_by: d.staff.id, first_approved_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'under_review')
        .where('first_approved_by', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      await recordEvent(trx, { requestId: id, state: 'under_review', actor: staffActor(d), note: 'first approval' });
      await audit(trx, {
        event: 'withdraw.approve.first',
        brandId: brand.id,
        memberId: row.member_id,
        staffId: d.staff.id,
        ip: d.ip,
        reason: reason ?? null,
        target: `withdraw:${id}`,
        detail: {
          amount: row.amount_minor.toString(),
          currency: row.currency,
          threshold: settings.four_eyes_minor.toString(),
        },
      });
      return true;
    });
    if (first) return;
    // Another staff member's first approval landed at the same moment: this click is the second.
    return approveWithdrawal(d, brand, id, reason);
  }

  const psp = row.provider !== null;
  const done = await d.db.kysely.transaction().execute(async (trx) => {
    const approved = await moveState(trx, {
      requestId: id,
      from: ['under_review'],
      to: 'approved',
      actor: staffActor(d),
      note: reason ?? null,
      set: { decided_by: d.staff.id, decided_at: new Date(), payout_id: psp ? payoutIdOf(id) : null },
    });
    if (!approved) return null;
    // The four-eyes rule re-checked on the row as it is now (the move holds its lock).
    if (twoNeeded && (approved.first_approved_by === null || approved.first_approved_by === d.staff.id))
      throw new AppError('FOUR_EYES_REQUIRED');
    const paying = psp
      ? await moveState(trx, {
          requestId: id,
          from: ['approved'],
          to: 'paying',
          actor: staffActor(d),
          set: { payout_attempts: 1 },
        })
      : null;
    await audit(trx, {
      event: 'withdraw.approved',
      brandId: brand.id,
      memberId: row.member_id,
      staffId: d.staff.id,
      ip: d.ip,
      reason: reason ?? null,
      target: `withdraw:${id}`,
      before: { state: 'under_review' },
      after: { state: paying ? 'paying' : 'approved', payoutId: approved.payout_id },
      detail: {
        amount: row.amount_minor.toString(),
        currency: row.currency,
        firstApprovedBy: approved.first_approved_by?.toString() ?? null,
      },
    });
    return writeNotice(d.db, noticeOf(brand.info.currencyDecimals, approved, 'withdraw.approved'), trx);
  });
  if (!done) throw new AppError('REQUEST_STATE');
  await afterCommit(d.db, brand.id, null, done);
  if (psp) await sendPayout(d.db, id);
}

export async function rejectWithdrawal(d: Desk, brand: BrandSnapshot, id: bigint, reason: string): Promise<void> {
  const row = await withdrawalOf(d, brand, id);
  await refuseLinked(d, await memberOf(d, row.member_id), 'withdraw.reject');
  // A bank payout approved but not yet paid by hand may still be turned down; a provider's may not.
  const from = row.provider === null ? (['under_review', 'approved'] as const) : (['under_review'] as const);
  if (!from.includes(row.state as 'under_review')) throw new AppError('REQUEST_STATE');
  const acc = await accountsFor(d.db, row, 'return');
  const done = await d.db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, {
      requestId: id,
      from,
      to: 'rejected',
      actor: staffActor(d),
      note: reason,
      set: { reason, decided_by: d.staff.id, decided_at: new Date() },
    });
    if (!moved) return null;
    const posted = await moveMoney(d.db, trx, moved, 'return', acc);
    await audit(trx, {
      event: 'withdraw.rejected',
      brandId: brand.id,
      memberId: row.member_id,
      staffId: d.staff.id,
      ip: d.ip,
      reason,
      target: `withdraw:${id}`,
      before: { state: row.state },
      after: { state: 'rejected' },
      detail: { amount: row.amount_minor.toString(), currency: row.currency },
    });
    const notice = await writeNotice(
      d.db,
      noticeOf(brand.info.currencyDecimals, moved, 'withdraw.rejected', reason),
      trx,
    );
    return { posted, notice };
  });
  if (!done) throw new AppError('REQUEST_STATE');
  await afterCommit(d.db, brand.id, done.posted, done.notice);
}

/** A bank-transfer withdrawal staff paid by hand: approved → paid, with the bank's reference. */
export async function markWithdrawalPaid(
  d: Desk,
  brand: BrandSnapshot,
  id: bigint,
  providerReference: string,
): Promise<void> {
  const row = await withdrawalOf(d, brand, id);
  if (row.provider !== null || row.state !== 'approved') throw new AppError('REQUEST_STATE');
  const reference = providerReference.trim();
  if (reference.length === 0 || reference.length > 100)
    throw new AppError('VALIDATION_FAILED', { providerReference: 'validation.required' });
  const acc = await accountsFor(d.db, row, 'paid');
  const done = await d.db.kysely.transaction().execute(async (trx) => {
    const moved = await moveState(trx, {
      requestId: id,
      from: ['approved'],
      to: 'paid',
      actor: staffActor(d),
      note: reference,
      set: { paid_at: new Date(), provider_reference: reference },
    });
    if (!moved) return null;
    const posted = await moveMoney(d.db, trx, moved, 'paid', acc);
    await audit(trx, {
      event: 'withdraw.paid.manual',
      brandId: brand.id,
      memberId: row.member_id,
      staffId: d.staff.id,
      ip: d.ip,
      target: `withdraw:${id}`,
      before: { state: 'approved' },
      after: { state: 'paid', reference },
      detail: { amount: row.amount_minor.toString(), currency: row.currency },
    });
    const notice = await writeNotice(d.db, noticeOf(brand.info.currencyDecimals, moved, 'withdraw.paid'), trx);
    return { posted, notice };
  });
  if (!done) throw new AppError('REQUEST_STATE');
  await afterCommit(d.db, brand.id, done.posted, done.notice);
}

/** Closes an open case with a note; any refund is a separate staff adjustment (spec §4). */
export async function closeCase(d: Desk, brand: BrandSnapshot, caseId: bigint, note: string): Promise<void> {
  const text = note.trim();
  if (text.length === 0 || text.length > 500) throw new AppError('VALIDATION_FAILED', { note: 'validation.required' });
  const closed = await d.db.kysely.transaction().execute(async (trx) => {
    const c = await trx
      .updateTable('cashier_cases')
      .set({ state: 'closed', note: text, closed_by: d.staff.id, closed_at: new Date() })
      .where('id', '=', caseId)
      .where('brand_id', '=', brand.id)
      .where('brand_id', '=', d.staff.brandId)
      .where('state', '=', 'open')
      .returning(['id', 'request_id', 'kind'])
      .executeTakeFirst();
    if (!c) return null;
    await audit(trx, {
      event: 'cashier.case.closed',
      brandId: brand.id,
      staffId: d.staff.id,
      ip: d.ip,
      reason: text,
      target: `case:${caseId}`,
      before: { state: 'open' },
      after: { state: 'closed' },
      detail: { requestId: c.request_id.toString(), kind: c.kind },
    });
    return c;
  });
  if (closed) return;
  const exists = await d.db.kysely
    .selectFrom('cashier_cases')
    .select('id')
    .where('id', '=', caseId)
    .where('brand_id', '=', d.staff.brandId)
    .executeTakeFirst();
  throw new AppError(exists ? 'REQUEST_STATE' : 'NOT_FOUND');
}
