import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db';
import { SANDBOX, type SandboxWebhook, sandboxTxId, signedWebhook } from '../cashier/providers/sandbox';
import { masked } from '../cashier/views';
import { sendToSelf } from './loopback';
import type { WaitingPayout } from './sandbox-pages';

/**
 * What the sandbox's buttons do: decide a record in the sandbox's own books once (a second press
 * finds it decided and sends the same result again), then send its signed webhook over HTTP.
 */

type Decided = {
  kind: 'deposit' | 'payout';
  request_id: bigint;
  provider_tx_id: string | null;
  status: 'pending' | 'paid' | 'failed';
  amount_minor: bigint;
  currency: string;
  reason: string | null;
};

function webhookOf(r: Decided): SandboxWebhook {
  return {
    kind: r.kind,
    requestId: r.request_id.toString(),
    txId: r.provider_tx_id ?? '',
    status: r.status,
    amount: r.amount_minor.toString(),
    currency: r.currency,
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

/** Decides the record (pending → paid or failed) unless it was decided already; returns it as it now stands. */
export async function decide(
  db: Database,
  brandId: number,
  where: { orderToken: string } | { id: bigint },
  outcome: 'paid' | 'failed',
): Promise<Decided | null> {
  let q = db.kysely
    .updateTable('psp_sandbox_records')
    .set({
      status: outcome,
      provider_tx_id: sandboxTxId(),
      decided_at: new Date(),
      reason: outcome === 'failed' ? 'declined_by_sandbox' : null,
    })
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'orderToken' in where ? 'deposit' : 'payout')
    .where('status', '=', 'pending');
  q = 'orderToken' in where ? q.where('order_token', '=', where.orderToken) : q.where('id', '=', where.id);
  const updated = await q.returningAll().executeTakeFirst();
  if (updated) return updated;
  let s = db.kysely
    .selectFrom('psp_sandbox_records')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'orderToken' in where ? 'deposit' : 'payout');
  s = 'orderToken' in where ? s.where('order_token', '=', where.orderToken) : s.where('id', '=', where.id);
  return (await s.executeTakeFirst()) ?? null;
}

/** Sends the record's result to /psp/sandbox/webhook over HTTP; the answer's status, for the log. */
export async function sendResult(app: FastifyInstance, brandId: number, host: string, r: Decided) {
  if (r.status === 'pending' || !r.provider_tx_id) return null;
  const { raw, headers } = await signedWebhook(brandId, webhookOf(r));
  try {
    const answer = await sendToSelf(app, { path: `/psp/${SANDBOX}/webhook`, host, headers, body: raw });
    if (answer.status !== 200) app.log.warn({ status: answer.status, body: answer.body }, 'sandbox: webhook refused');
    return answer;
  } catch (err) {
    // Like a real provider's webhook lost on the way: the result stays in the sandbox's books,
    // and the expiry job's query (queryDeposit) applies it before the order would expire.
    app.log.warn({ err, requestId: r.request_id.toString() }, 'sandbox: webhook not delivered');
    return null;
  }
}

export async function waitingPayouts(db: Database, brandId: number): Promise<WaitingPayout[]> {
  const rows = await db.kysely
    .selectFrom('psp_sandbox_records')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'payout')
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    requestId: r.request_id,
    amountMinor: r.amount_minor,
    currency: r.currency,
    channel: r.channel,
    account: masked(r.account_number ?? ''),
    payee: r.payee_name ?? '',
  }));
}
