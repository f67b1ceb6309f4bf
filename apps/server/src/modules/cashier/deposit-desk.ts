import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import type { Desk } from '../staff-players/guard';

/**
 * The finance desk's decisions on deposits (bank transfers under review): approve credits the
 * wallet once under `deposit:<id>`, reject records the reason the player sees. The desk's routes
 * (modules/cashier-desk) call these; each throws NOT_FOUND for another brand's request and
 * REQUEST_STATE when the request has moved on.
 */
export async function approveDeposit(_d: Desk, _brand: BrandSnapshot, _id: bigint, _reason?: string): Promise<void> {
  throw new AppError('REQUEST_STATE');
}

export async function rejectDeposit(_d: Desk, _brand: BrandSnapshot, _id: bigint, _reason: string): Promise<void> {
  throw new AppError('REQUEST_STATE');
}
