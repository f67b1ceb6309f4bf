import type { CashierState } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { type Desk, memberOf, refuseLinked } from '../staff-players/guard';
import { creditDeposit, endDeposit } from './deposit-credit';
import { checkDepositAllowed } from './responsible-play';
import { cashierSettings } from './settings';
import type { RequestRow } from './views';

/**
 * The finance desk's decisions on deposits (bank transfers under review): approve credits the
 * wallet once under `deposit:<id>`, reject records the reason the player sees. The desk's routes
 * (modules/cashier-desk) call these; each throws NOT_FOUND for another brand's request and
 * REQUEST_STATE when the request has moved on.
 *
 * Above cashier_settings.four_eyes_minor an approval needs two different staff members: the
 * first is recorded in first_approved_by (one conditional update, so two first approvals at once
 * leave one), the second credits; the first approver again is FOUR_EYES_REQUIRED, audited.
 * Provider deposits under review (paid after expiry, or held by the responsible-play check at
 * credit) are approved the same way.
 */

const REVIEWABLE: readonly CashierState[] = ['submitted', 'under_review'];

async function depositOf(d: Desk, id: bigint): Promise<RequestRow> {
  const row = await d.db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', d.staff.brandId)
    .where('type', '=', 'deposit')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (!REVIEWABLE.includes(row.state)) throw new AppError('REQUEST_STATE');
  return row;
}

export async function approveDeposit(d: Desk, _brand: BrandSnapshot, id: bigint, reason?: string): Promise<void> {
  const row = await depositOf(d, id);
  const member = await memberOf(d, row.member_id);
  await refuseLinked(d, member, 'deposit.approve');
  const settings = await cashierSettings(d.db, d.staff.brandId);
  const staff = d.staff.id;
  const detail = { requestId: row.id.toString(), amount: row.amount_minor.toString(), currency: row.currency };

  if (row.amount_minor > settings.four_eyes_minor) {
    if (row.first_approved_by === null) {
      const first = await d.db.kysely
        .updateTable('cashier_requests')
        .set({ first_approved_by: staff, first_approved_at: new Date(), updated_at: new Date() })
        .where('id', '=', row.id)
        .where('first_approved_by', 'is', null)
        .where('state', 'in', [...REVIEWABLE])
        .returning('id')
        .executeTakeFirst();
      if (!first) throw new AppError('REQUEST_STATE');
      await audit(d.db, {
        event: 'deposit.approve.first',
        brandId: d.staff.brandId,
        memberId: row.member_id,
        staffId: staff,
        ip: d.ip,
        reason: reason ?? null,
        target: `deposit:${row.id}`,
        detail: { ...detail, threshold: settings.four_eyes_minor.toString() },
      });
      return;
    }
    if (row.first_approved_by === staff) {
      await audit(d.db, {
        event: 'deposit.self.refused',
        brandId: d.staff.brandId,
        memberId: row.member_id,
        staffId: staff,
        ip: d.ip,
        target: `deposit:${row.id}`,
        detail,
      });
      throw new AppError('FOUR_EYES_REQUIRED');
    }
  }

  // The limits are checked again at credit: a refusal leaves the deposit under review.
  await checkDepositAllowed(d.db, {
    brandId: row.brand_id,
    memberId: row.member_id,
    amountMinor: row.amount_minor,
    stage: 'credit',
  });
  const credited = await creditDeposit(d.db, row, {
    from: REVIEWABLE,
    actor: `staff:${staff}`,
    note: reason ?? null,
    decidedBy: staff,
    inTransaction: (trx) =>
      audit(trx, {
        event: 'deposit.approved',
        brandId: d.staff.brandId,
        memberId: row.member_id,
        staffId: staff,
        ip: d.ip,
        reason: reason ?? null,
        target: `deposit:${row.id}`,
        before: { state: row.state },
        after: { state: 'credited' },
        detail: { ...detail, firstApprovedBy: row.first_approved_by?.toString() ?? null },
      }),
  });
  // Another click (or another staff member) credited or rejected it first: nothing moved here.
  if (!credited) throw new AppError('REQUEST_STATE');
}

export async function rejectDeposit(d: Desk, _brand: BrandSnapshot, id: bigint, reason: string): Promise<void> {
  const row = await depositOf(d, id);
  const member = await memberOf(d, row.member_id);
  await refuseLinked(d, member, 'deposit.reject');
  const rejected = await endDeposit(d.db, row, {
    from: REVIEWABLE,
    to: 'rejected',
    actor: `staff:${d.staff.id}`,
    reason,
    set: { decided_by: d.staff.id, decided_at: new Date() },
    inTransaction: (trx, moved) =>
      audit(trx, {
        event: 'deposit.rejected',
        brandId: d.staff.brandId,
        memberId: row.member_id,
        staffId: d.staff.id,
        ip: d.ip,
        reason,
        target: `deposit:${row.id}`,
        before: { state: row.state },
        after: { state: moved.state },
        detail: { requestId: row.id.toString(), amount: row.amount_minor.toString(), currency: row.currency },
      }),
  });
  if (!rejected) throw new AppError('REQUEST_STATE');
}
