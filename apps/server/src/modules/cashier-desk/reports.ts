import { fromMinor } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { providerFor } from '../cashier/providers';
import type { ProviderContext } from '../cashier/providers/adapter';
import { methodName, type RequestRow } from '../cashier/views';
import type { Desk } from '../staff-players/guard';
import { money } from '../staff-players/profile';
import { queueSizes } from './queue';
import * as repo from './repo';

/** The longest span the totals answer at once (a quarter), so one call stays a small query. */
export const TOTALS_MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/** GET /bo/cashier/totals: per day (the back office's time zone) and method, with fees. */
export async function totals(d: Desk, brand: BrandSnapshot, q: { from: string; to: string }, lang: string) {
  const span = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS;
  if (span < 0) throw new AppError('VALIDATION_FAILED', { to: 'cashier.invalid.toBeforeFrom' });
  if (span >= TOTALS_MAX_DAYS) throw new AppError('VALIDATION_FAILED', { to: 'cashier.invalid.spanTooLong' });
  const rows = await repo.totals(d.db, d.staff.brandId, q.from, q.to);
  const methods = await repo.methodsOf(d.db, [
    ...new Set(rows.map((r) => r.method_id).filter((v): v is number => v !== null)),
  ]);
  const byId = new Map(methods.map((m) => [m.id, m]));
  return {
    list: rows.map((r) => {
      const m = r.method_id === null ? undefined : byId.get(r.method_id);
      return {
        day: r.day,
        methodId: r.method_id,
        methodName: m ? methodName(m, lang, brand) : '',
        direction: r.type,
        count: Number(r.n),
        amount: money(BigInt(r.amount), brand),
        fees: money(BigInt(r.fees), brand),
      };
    }),
  };
}

type Side = 'paid' | 'failed' | 'pending';

/** Our state as a provider states a result: money moved, refused, or not decided yet. */
function sideOf(r: RequestRow): Side {
  if (r.state === 'credited' || r.state === 'paid') return 'paid';
  if (r.state === 'rejected' || r.state === 'expired' || r.state === 'cancelled' || r.state === 'failed')
    return 'failed';
  return 'pending';
}

type Difference = {
  kind: 'ours_only' | 'provider_only' | 'amount' | 'state';
  requestId: string | null;
  providerTxId: string | null;
  ours: string | null;
  theirs: string | null;
};

/**
 * GET /bo/cashier/reconciliation: one UTC day of a provider method against the provider's own
 * records of that day (adapter.ts `records`). A request is matched when both sides have it with
 * the same amount and outcome; every other one is listed: money we moved that the provider has
 * no record of, records we have no request for, and the two kinds of disagreement.
 */
export async function reconcile(
  d: Desk,
  brand: BrandSnapshot,
  q: { day: string; methodId: number },
  ctx: Pick<ProviderContext, 'origin'>,
) {
  const method = (await repo.methodsOf(d.db, [q.methodId])).find((m) => m.brand_id === d.staff.brandId);
  if (!method) throw new AppError('NOT_FOUND');
  const provider = method.kind === 'psp' && method.provider ? providerFor(method.provider) : undefined;
  if (!provider) throw new AppError('VALIDATION_FAILED', { methodId: 'cashier.invalid.notProviderMethod' });
  const decimals = brand.info.currencyDecimals;
  const [ours, records] = await Promise.all([
    repo.dayRequests(d.db, d.staff.brandId, method.id, q.day),
    provider.records(q.day, { brandId: d.staff.brandId, origin: ctx.origin }),
  ]);
  const kindOf = method.direction === 'deposit' ? 'deposit' : 'payout';
  const theirs = records.filter((r) => r.kind === kindOf);
  const byId = new Map(ours.map((r) => [String(r.id), r]));
  // A record of this day may name a request of the day before (paid after midnight).
  const elsewhere = theirs
    .map((r) => r.requestId)
    .filter((id) => /^[1-9]\d{0,18}$/.test(id) && !byId.has(id))
    .map(BigInt);
  for (const r of await repo.requestsByIds(d.db, d.staff.brandId, elsewhere))
    if (r.method_id === method.id) byId.set(String(r.id), r);

  const amount = (v: bigint) => fromMinor(BigInt(v), decimals);
  const differences: Difference[] = [];
  const seen = new Set<string>();
  let matched = 0;
  for (const rec of theirs) {
    const our = byId.get(rec.requestId);
    if (!our) {
      differences.push({
        kind: 'provider_only',
        requestId: null,
        providerTxId: rec.providerTxId,
        ours: null,
        theirs: `${rec.status} ${amount(rec.amountMinor)}`,
      });
      continue;
    }
    seen.add(rec.requestId);
    if (BigInt(our.amount_minor) !== rec.amountMinor || our.currency !== rec.currency)
      differences.push({
        kind: 'amount',
        requestId: rec.requestId,
        providerTxId: rec.providerTxId,
        ours: `${amount(our.amount_minor)} ${our.currency}`,
        theirs: `${amount(rec.amountMinor)} ${rec.currency}`,
      });
    else if (sideOf(our) !== rec.status)
      differences.push({
        kind: 'state',
        requestId: rec.requestId,
        providerTxId: rec.providerTxId,
        ours: our.state,
        theirs: rec.status,
      });
    else matched++;
  }
  for (const our of ours) {
    if (seen.has(String(our.id)) || sideOf(our) !== 'paid') continue;
    differences.push({
      kind: 'ours_only',
      requestId: String(our.id),
      providerTxId: our.provider_tx_id,
      ours: `${our.state} ${amount(our.amount_minor)}`,
      theirs: null,
    });
  }
  return { day: q.day, methodId: method.id, matched, differences };
}

/** The dashboard's cashier figures: today's money in and out, fees, and what waits at the desk. */
export async function cashierToday(db: Database, brandId: number, decimals: number) {
  const [t, queues] = await Promise.all([repo.today(db, brandId), queueSizes({ db }, brandId)]);
  const a = (v: bigint) => fromMinor(v, decimals);
  return {
    deposits: a(t.deposits),
    depositCount: t.depositCount,
    withdrawals: a(t.withdrawals),
    withdrawalCount: t.withdrawalCount,
    fees: a(t.fees),
    queues,
  };
}
