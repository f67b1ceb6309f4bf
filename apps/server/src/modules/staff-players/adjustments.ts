import { type AdjustBody, type AdjustmentCategory, fromMinor, toMinor } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  type Adjustment,
  balanceAfter,
  type Posted,
  postAdjustment,
  prepareAdjustment,
  publishPosted,
  walletFor,
} from '../wallet/service';
import { type Desk, memberOf, refuseLinked } from './guard';
import { money } from './profile';
import * as repo from './repo';
import { iso } from './search';

/**
 * Balance adjustments from the back office (BACK-OFFICE.md "Four-eyes", decision 0031). At or
 * below the brand's threshold (brands.adjust_four_eyes_minor, either sign) an adjustment posts at
 * once; above it, it waits for a second staff member with players.adjust — never the one who
 * asked. The money moves only through modules/wallet, against the house 'adjustment' account,
 * under the ledger key `adjust:staff:<requester>:<their key>`: whoever approves, and however
 * often, it posts once.
 */

export { fourEyesThreshold } from './repo';

const ledgerKey = (staffId: bigint, requestKey: string) => `adjust:staff:${staffId}:${requestKey}`;

/** Whether an amount (either sign) needs a second staff member under this threshold. */
export function needsSecondStaff(amount: bigint, threshold: bigint): boolean {
  return (amount < 0n ? -amount : amount) > threshold;
}

async function viewOf(db: Database, brand: BrandSnapshot, r: repo.AdjustmentRecord, threshold: bigint) {
  const decimals = brand.info.currencyDecimals;
  let after: bigint | null = null;
  if (r.status === 'posted') {
    const wallet = await walletFor(db, { id: BigInt(r.member_id), brandId: r.brand_id, isAgent: 0 }, brand.info);
    after = await balanceAfter(db, r.brand_id, ledgerKey(BigInt(r.requested_by), r.request_key), wallet);
  }
  return {
    id: Number(r.id),
    memberId: Number(r.member_id),
    account: r.account,
    amount: money(BigInt(r.amount), brand, r.currency),
    category: r.category,
    reason: r.reason,
    status: r.status,
    requestedBy: Number(r.requested_by),
    requestedAt: iso(r.requested_at),
    decidedBy: r.decided_by === null ? null : Number(r.decided_by),
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decisionReason: r.decision_reason,
    threshold: money(threshold, brand),
    balanceAfter: after === null ? null : fromMinor(after, decimals),
  };
}

/** The same key again must be the same request; another amount, category or player under it is a mistake. */
function sameRequest(r: repo.AdjustmentRecord, memberId: bigint, amount: bigint, category: AdjustmentCategory) {
  if (BigInt(r.member_id) !== memberId || BigInt(r.amount) !== amount || r.category !== category)
    throw new AppError('DUPLICATE_TRANSACTION');
}

function adjustmentOf(
  d: Desk,
  member: repo.MemberRecord,
  o: { amount: bigint; category: AdjustmentCategory; reason: string; key: string; currency: string },
): Adjustment {
  return {
    brandId: d.staff.brandId,
    member: { id: BigInt(member.id), brandId: member.brand_id, isAgent: Number(member.is_agent) },
    amount: o.amount,
    category: o.category,
    reason: o.reason,
    actor: `staff:${d.staff.id}`,
    key: o.key,
    currency: o.currency,
    source: 'adjustment',
    staffId: d.staff.id,
    ip: d.ip,
  };
}

/** POST /bo/players/:id/adjust. */
export async function requestAdjustment(d: Desk, brand: BrandSnapshot, id: number, body: AdjustBody) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'adjust');
  const amount = toMinor(body.amount, brand.info.currencyDecimals);
  if (amount === null || amount === 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const currency = brand.info.currency;
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  const memberId = BigInt(member.id);
  const request = {
    brandId: d.staff.brandId,
    memberId,
    amount,
    currency,
    category: body.category,
    reason: body.reason,
    key: body.idempotencyKey,
    staffId: d.staff.id,
  };
  // Checked now (a trial account, a bad reason) rather than when someone approves.
  const prepared = await prepareAdjustment(
    d.db,
    adjustmentOf(d, member, {
      amount,
      category: body.category,
      reason: body.reason,
      currency,
      key: ledgerKey(d.staff.id, body.idempotencyKey),
    }),
  );

  if (needsSecondStaff(amount, threshold)) {
    const { row, created } = await repo.insertAdjustment(d.db, { ...request, status: 'pending' });
    if (!created) sameRequest(row, memberId, amount, body.category);
    else
      await audit(d.db, {
        event: 'adjust.requested',
        brandId: d.staff.brandId,
        memberId,
        staffId: d.staff.id,
        ip: d.ip,
        reason: body.reason,
        after: {
          adjustmentId: Number(row.id),
          status: 'pending',
          amount: amount.toString(),
          currency,
          category: body.category,
        },
        detail: { threshold: threshold.toString() },
      });
    return viewOf(d.db, brand, row, threshold);
  }

  // The request's row and its posting commit together: a refused posting (insufficient funds)
  // leaves no row, and the same key again finds the posted row.
  const done = await d.db.kysely.transaction().execute(async (trx) => {
    const { row, created } = await repo.insertAdjustment(trx, { ...request, status: 'posted' });
    if (!created) {
      sameRequest(row, memberId, amount, body.category);
      return { row, posted: null as Posted | null };
    }
    const posted = await postAdjustment(d.db, prepared, trx);
    await repo.setTxId(trx, BigInt(row.id), posted.txId);
    return { row, posted: posted.posted };
  });
  if (done.posted) await publishPosted(d.db, d.staff.brandId, done.posted);
  return viewOf(d.db, brand, done.row, threshold);
}

async function pendingOf(d: Desk, id: number) {
  const row = await repo.adjustmentById(d.db, d.staff.brandId, BigInt(id));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('ADJUSTMENT_DECIDED');
  return row;
}

/**
 * POST /bo/adjustments/:id/approve: the second pair of eyes. The requester is refused (and the
 * attempt audited); of approvals racing each other exactly one claims the row, in the same
 * transaction as the posting, so a refused posting leaves the request pending.
 */
export async function approveAdjustment(d: Desk, brand: BrandSnapshot, id: number, body: { reason?: string }) {
  const row = await pendingOf(d, id);
  const memberId = BigInt(row.member_id);
  if (BigInt(row.requested_by) === d.staff.id) {
    await audit(d.db, {
      event: 'adjust.self.refused',
      brandId: d.staff.brandId,
      memberId,
      staffId: d.staff.id,
      ip: d.ip,
      detail: { adjustmentId: Number(row.id) },
    });
    throw new AppError('FOUR_EYES_REQUIRED');
  }
  const member = await memberOf(d, memberId);
  await refuseLinked(d, member, 'adjust.approve');
  const amount = BigInt(row.amount);
  const prepared = await prepareAdjustment(
    d.db,
    adjustmentOf(d, member, {
      amount,
      category: row.category,
      reason: row.reason,
      currency: row.currency,
      key: ledgerKey(BigInt(row.requested_by), row.request_key),
    }),
  );
  const posted = await d.db.kysely.transaction().execute(async (trx) => {
    const claimed = await repo.claimPending(trx, {
      brandId: d.staff.brandId,
      id: BigInt(row.id),
      staffId: d.staff.id,
      to: 'posted',
      reason: body.reason ?? null,
      requesterMay: false,
    });
    if (!claimed) return null;
    const done = await postAdjustment(d.db, prepared, trx);
    await repo.setTxId(trx, BigInt(row.id), done.txId);
    await audit(trx, {
      event: 'adjust.approved',
      brandId: d.staff.brandId,
      memberId,
      staffId: d.staff.id,
      ip: d.ip,
      reason: body.reason ?? null,
      before: { adjustmentId: Number(row.id), status: 'pending' },
      after: { adjustmentId: Number(row.id), status: 'posted', txId: done.txId.toString() },
      detail: {
        requestedBy: Number(row.requested_by),
        amount: amount.toString(),
        currency: row.currency,
        category: row.category,
      },
    });
    return done.posted;
  });
  if (!posted) throw new AppError('ADJUSTMENT_DECIDED');
  await publishPosted(d.db, d.staff.brandId, posted);
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  return viewOf(
    d.db,
    brand,
    (await repo.adjustmentById(d.db, d.staff.brandId, BigInt(row.id))) as repo.AdjustmentRecord,
    threshold,
  );
}

/** POST /bo/adjustments/:id/reject: another staff member declines it, or its requester withdraws it. */
export async function rejectAdjustment(d: Desk, brand: BrandSnapshot, id: number, body: { reason: string }) {
  const row = await pendingOf(d, id);
  // Rejecting a debit helps its player as much as approving a credit does.
  await refuseLinked(d, await memberOf(d, BigInt(row.member_id)), 'adjust.reject');
  const claimed = await repo.claimPending(d.db, {
    brandId: d.staff.brandId,
    id: BigInt(row.id),
    staffId: d.staff.id,
    to: 'rejected',
    reason: body.reason,
    requesterMay: true,
  });
  if (!claimed) throw new AppError('ADJUSTMENT_DECIDED');
  await audit(d.db, {
    event: 'adjust.rejected',
    brandId: d.staff.brandId,
    memberId: BigInt(row.member_id),
    staffId: d.staff.id,
    ip: d.ip,
    reason: body.reason,
    before: { adjustmentId: Number(row.id), status: 'pending' },
    after: { adjustmentId: Number(row.id), status: 'rejected' },
  });
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  return viewOf(
    d.db,
    brand,
    (await repo.adjustmentById(d.db, d.staff.brandId, BigInt(row.id))) as repo.AdjustmentRecord,
    threshold,
  );
}

/** GET /bo/adjustments. */
export async function listAdjustments(
  d: Desk,
  brand: BrandSnapshot,
  q: { status: 'pending' | 'posted' | 'rejected'; memberId?: number; before?: number; pageSize: number },
) {
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  const rows = await repo.adjustments(d.db, d.staff.brandId, q);
  const out = [];
  for (const r of rows) out.push(await viewOf(d.db, brand, r, threshold));
  return out;
}
