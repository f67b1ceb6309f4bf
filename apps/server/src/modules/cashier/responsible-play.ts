import type { Database } from '../../platform/db';

/**
 * The one seam where responsible-play limits meet the cashier (the loyalty work builds the
 * player's screens and writes the rows): called when a deposit is ordered and again when it is
 * credited, and when a transfer reaches a player. Withdrawals are never blocked by it.
 * Throws RESPONSIBLE_PLAY_BLOCK; resolves when the deposit may go ahead.
 */
export async function checkDepositAllowed(
  _db: Database,
  _o: { brandId: number; memberId: bigint; amountMinor: bigint; stage: 'order' | 'credit' | 'transfer' },
): Promise<void> {}
