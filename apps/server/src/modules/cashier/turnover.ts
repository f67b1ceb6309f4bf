import type { Kysely } from 'kysely';
import type { DB } from '../../platform/schema';

/**
 * The turnover meter (CASHIER.md "Withdrawal"): every inflow records a requirement (its amount
 * times the brand's percentage for its source), reduced by valid bets oldest first.
 */
export type Inflow = {
  brandId: number;
  memberId: bigint;
  /** 'deposit', 'upline', 'adjustment', 'opening', 'bonus' … */
  source: string;
  /** The inflow's ledger key: a replay records nothing new. */
  sourceKey: string;
  amountMinor: bigint;
  /** 100 = the amount once. */
  pct: number;
};

/** Records an inflow's requirement in the caller's transaction (once per source key). */
export async function recordInflow(trx: Kysely<DB>, i: Inflow): Promise<void> {
  const required = (i.amountMinor * BigInt(i.pct)) / 100n;
  await trx
    .insertInto('turnover_requirements')
    .values({
      brand_id: i.brandId,
      member_id: i.memberId,
      source: i.source,
      source_key: i.sourceKey,
      required_minor: required,
      remaining_minor: required,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
}
