import { fromMinor } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';
import { type SystemCode, systemAccount, walletOf } from '../wallet/accounts';
import { fingerprintOf, type Posted, post, publishPosted } from '../wallet/ledger';
import { type Notice, type NoticeKind, publishNotice, type SentNotice, writeNotice } from './notices';
import type { RequestRow } from './views';

/**
 * A withdrawal's three movements (CASHIER.md "Withdrawal"), each one ledger transaction under its
 * own key, so however often a step is replayed its money moves once:
 * - `withdraw:<id>:hold`: wallet → withdraw_hold, the whole amount, at request;
 * - `withdraw:<id>:return`: withdraw_hold → wallet, exactly what was held (cancelled, rejected,
 *   failed): the fee is only ever charged on a paid withdrawal;
 * - `withdraw:<id>:paid`: withdraw_hold → the payer's settlement account, with the method's fee
 *   on a leg of its own to `cashier_fee`, as a deposit's is: a fee the player bears is kept from
 *   what is sent (the payer pays out amount − fee, the fee is the operator's income); one the
 *   operator bears is charged on top (the payer pays out amount + fee, the fee an expense).
 */

export type Step = 'hold' | 'return' | 'paid';

/** The settlement account a paid withdrawal leaves through. */
export function payerOf(r: Pick<RequestRow, 'provider' | 'method_id'>): SystemCode {
  return r.provider ? `psp:${r.provider}` : `bank:${r.method_id ?? 0}`;
}

/** The accounts a step needs, found (or opened) before any transaction (PGlite's one connection). */
export async function accountsFor(
  db: Database,
  r: Pick<RequestRow, 'brand_id' | 'member_id' | 'currency' | 'provider' | 'method_id'>,
  step: Step,
) {
  const wallet = (await walletOf(db, r.brand_id, r.member_id, r.currency)).id;
  const hold = await systemAccount(db, r.brand_id, 'withdraw_hold', r.currency);
  const payer = step === 'paid' ? await systemAccount(db, r.brand_id, payerOf(r), r.currency) : null;
  const fee = step === 'paid' ? await systemAccount(db, r.brand_id, 'cashier_fee', r.currency) : null;
  return { wallet, hold, payer, fee };
}

type Accounts = Awaited<ReturnType<typeof accountsFor>>;

/** What reaches the payout account: the amount less a fee the player bears. */
export function payoutAmount(r: Pick<RequestRow, 'amount_minor' | 'fee_minor' | 'fee_bearer'>): bigint {
  return r.amount_minor - (r.fee_bearer === 'player' ? r.fee_minor : 0n);
}

/** The paid step's legs: the hold leaves whole; the payer and the fee account share it (see above). */
function paidLegs(r: RequestRow, acc: Accounts) {
  const a = r.amount_minor;
  const fee = r.fee_minor;
  const legs = [{ accountId: acc.hold, amount: -a }];
  if (fee === 0n) return [...legs, { accountId: acc.payer as bigint, amount: a }];
  const signed = r.fee_bearer === 'player' ? fee : -fee;
  return [
    ...legs,
    { accountId: acc.payer as bigint, amount: a - signed },
    { accountId: acc.fee as bigint, amount: signed },
  ];
}

export async function moveMoney(
  db: Database,
  trx: Kysely<DB>,
  r: RequestRow,
  step: Step,
  acc: Accounts,
): Promise<Posted> {
  const a = r.amount_minor;
  const legs =
    step === 'hold'
      ? [
          { accountId: acc.wallet, amount: -a },
          { accountId: acc.hold, amount: a },
        ]
      : step === 'return'
        ? [
            { accountId: acc.hold, amount: -a },
            { accountId: acc.wallet, amount: a },
          ]
        : paidLegs(r, acc);
  return post(
    db,
    {
      brandId: r.brand_id,
      key: `withdraw:${r.id}:${step}`,
      kind: `withdraw.${step}`,
      fingerprint: fingerprintOf({ request: r.id, member: r.member_id, amount: a, currency: r.currency }),
      // The ledger names a member only on a movement of their wallet (a paid one leaves the hold).
      memberId: step === 'paid' ? null : r.member_id,
      memo: `withdrawal ${r.id}`,
      legs,
    },
    trx,
  );
}

/**
 * A withdrawal notice's params: the amount as the player reads it, and the reason if any. Made
 * without a query: it is called inside transactions (PGlite has one connection).
 */
export function noticeOf(decimals: number, r: RequestRow, kind: NoticeKind, reason?: string | null): Notice {
  const params: Record<string, string> = {
    amount: fromMinor(r.amount_minor, decimals),
    currency: r.currency,
  };
  if (reason) params.reason = reason;
  return { brandId: r.brand_id, memberId: r.member_id, kind, params, requestId: r.id };
}

/** What a committed step tells the player: the new balance, then the notice. */
export async function afterCommit(db: Database, brandId: number, posted: Posted | null, notice: SentNotice | null) {
  if (posted) await publishPosted(db, brandId, posted);
  if (notice) publishNotice(db, notice);
}

export { writeNotice };
