import type { CashierState } from '@khela/contract';
import type { Kysely, Updateable } from 'kysely';
import type { CashierRequestsTable, DB } from '../../platform/schema';
import type { RequestRow } from './views';

/**
 * Moves a request from one of `from` to `to` with one conditional UPDATE, and records the change
 * with its time and actor. Two callers racing (a webhook replayed, two staff clicking at once)
 * cannot both move it: the loser gets null and must not move money. Run it in the same
 * transaction as the money movement it goes with.
 */
export async function moveState(
  trx: Kysely<DB>,
  o: {
    requestId: bigint;
    from: readonly CashierState[];
    to: CashierState;
    /** 'member', 'staff:<id>', 'provider:<name>', 'job' */
    actor: string;
    note?: string | null;
    set?: Updateable<CashierRequestsTable>;
  },
): Promise<RequestRow | null> {
  const row = await trx
    .updateTable('cashier_requests')
    .set({ ...o.set, state: o.to, updated_at: new Date() })
    .where('id', '=', o.requestId)
    .where('state', 'in', [...o.from])
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await recordEvent(trx, { requestId: o.requestId, state: o.to, actor: o.actor, note: o.note ?? null });
  return row;
}

export async function recordEvent(
  trx: Kysely<DB>,
  e: { requestId: bigint; state: CashierState; actor: string; note?: string | null },
) {
  await trx
    .insertInto('cashier_request_events')
    .values({ request_id: e.requestId, state: e.state, actor: e.actor, note: e.note ?? null })
    .execute();
}
