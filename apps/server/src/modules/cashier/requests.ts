import type { CashierDirection, CashierRequest } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { playerViews } from './views';

/**
 * GET /wps/cashier/requests: the player's deposits and withdrawals, newest first, a page at a time
 * (`before` is the last id of the previous page; the member index serves it).
 */
export async function listRequests(
  db: Database,
  brand: BrandSnapshot,
  memberId: bigint,
  q: { type?: CashierDirection; before?: string | number | bigint; pageSize: number },
  lang: string,
): Promise<{ list: CashierRequest[]; next: string | null }> {
  let query = db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.before !== undefined) query = query.where('id', '<', BigInt(q.before));
  const rows = await query.execute();
  const page = rows.slice(0, q.pageSize);
  return {
    list: await playerViews(db, brand, page, lang),
    next: rows.length > q.pageSize ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}
