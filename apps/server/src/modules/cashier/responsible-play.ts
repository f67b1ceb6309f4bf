import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * The one seam where responsible-play limits meet the cashier (the loyalty work builds the
 * player's screens and writes the rows): called when a deposit is ordered and again when it is
 * credited, and when a transfer reaches a player. Withdrawals are never blocked by it.
 * Throws RESPONSIBLE_PLAY_BLOCK; resolves when the deposit may go ahead.
 *
 * - A cool-off or self-exclusion whose `until` is in the future (or null: until lifted) blocks.
 * - deposit_day / deposit_week / deposit_month cap what the last 24 hours / 7 days / 30 days may
 *   bring in: credited deposits plus upline transfers received, plus this amount. Rolling windows
 *   rather than calendar periods, so a limit cannot be doubled across midnight; the strictest
 *   row of a kind wins when several are written.
 */
export async function checkDepositAllowed(
  db: Database,
  o: { brandId: number; memberId: bigint; amountMinor: bigint; stage: 'order' | 'credit' | 'transfer' },
): Promise<void> {
  const rows = await db.kysely
    .selectFrom('responsible_play_limits')
    .select(['kind', 'amount_minor', 'until'])
    .where('member_id', '=', o.memberId)
    .where('brand_id', '=', o.brandId)
    .execute();
  if (rows.length === 0) return;
  const now = Date.now();
  const limits = new Map<string, bigint>();
  for (const r of rows) {
    if (r.kind === 'cool_off' || r.kind === 'self_exclusion') {
      if (r.until === null || new Date(r.until).getTime() > now) throw new AppError('RESPONSIBLE_PLAY_BLOCK');
      continue;
    }
    if (r.amount_minor === null) continue;
    const known = limits.get(r.kind);
    if (known === undefined || r.amount_minor < known) limits.set(r.kind, r.amount_minor);
  }
  for (const [kind, limit] of limits) {
    const days = kind === 'deposit_day' ? 1 : kind === 'deposit_week' ? 7 : 30;
    if ((await broughtIn(db, o.memberId, days)) + o.amountMinor > limit) throw new AppError('RESPONSIBLE_PLAY_BLOCK');
  }
}

/** Credited deposits and upline transfers received in the last `days` days, in minor units. */
async function broughtIn(db: Database, memberId: bigint, days: number): Promise<bigint> {
  const r = await sql<{ total: string | bigint | null }>`
    SELECT COALESCE((SELECT sum(amount_minor) FROM cashier_requests
                      WHERE member_id = ${memberId} AND type = 'deposit' AND state = 'credited'
                        AND paid_at > now() - make_interval(days => ${days})), 0)
         + COALESCE((SELECT sum(amount_minor) FROM member_transfers
                      WHERE to_member = ${memberId} AND created_at > now() - make_interval(days => ${days})), 0)
           AS total`.execute(db.kysely);
  return BigInt(r.rows[0]?.total ?? 0);
}
