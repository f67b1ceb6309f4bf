import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_TURNOVER_PCT,
  type AdjustmentCategory,
  type BrandInfo,
  type ConsolidatedFunds,
  fromMinor,
  isTrialAccount,
  type WalletBalance,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { PLAY_MONEY, systemAccount, walletOf } from './accounts';
import { currentBalance, fingerprintOf, type Movement, type Posted, post } from './ledger';
import { recordInflow } from './turnover';

export { PLAY_MONEY, systemAccount } from './accounts';
// The ledger's own API, for modules that move money in their own transaction (the provider's
// calls claim their transaction id and lock their round in the same transaction as the posting).
export {
  balanceAfter,
  currentBalance,
  fingerprintOf,
  isOutOfRange,
  type Movement,
  outOfRange,
  type Posted,
  post,
  publishPosted,
} from './ledger';

/** Play money a trial account starts with, in minor units of its currency (2,000.00). */
export const TRIAL_OPENING_MINOR = 200_000n;

export type Holder = { id: bigint; brandId: number; isAgent: number };

/** Trial accounts hold play money only; everyone else the brand currency. */
export function currencyOf(holder: Holder, brand: Pick<BrandInfo, 'currency'>): string {
  return isTrialAccount(holder.isAgent) ? PLAY_MONEY : brand.currency;
}

/**
 * The holder's wallet id, opened on first use. A trial wallet opens with its play money, posted
 * from the play bank like any other movement (keyed, so it happens once).
 */
export async function walletFor(db: Database, holder: Holder, brand: Pick<BrandInfo, 'currency'>): Promise<bigint> {
  const currency = currencyOf(holder, brand);
  const wallet = await walletOf(db, holder.brandId, holder.id, currency);
  if (currency === PLAY_MONEY && wallet.created) {
    const bank = await systemAccount(db, holder.brandId, 'play_bank', PLAY_MONEY);
    await post(db, {
      brandId: holder.brandId,
      key: `play:opening:${holder.id}`,
      kind: 'opening',
      fingerprint: fingerprintOf({ member: holder.id, amount: TRIAL_OPENING_MINOR }),
      memberId: holder.id,
      memo: 'trial play money',
      legs: [
        { accountId: bank, amount: -TRIAL_OPENING_MINOR },
        { accountId: wallet.id, amount: TRIAL_OPENING_MINOR },
      ],
    });
  }
  return wallet.id;
}

export async function balanceMinor(db: Database, holder: Holder, brand: Pick<BrandInfo, 'currency'>): Promise<bigint> {
  const id = await walletFor(db, holder, brand);
  return currentBalance(db, id);
}

export function balanceView(
  minor: bigint,
  currency: string,
  brand: Pick<BrandInfo, 'currencySymbol' | 'currencyDecimals'>,
): WalletBalance {
  return {
    sumBalance: fromMinor(minor, brand.currencyDecimals),
    currency,
    currencySymbol: brand.currencySymbol,
    decimals: brand.currencyDecimals,
  };
}

export async function balance(db: Database, holder: Holder, brand: BrandInfo): Promise<WalletBalance> {
  return balanceView(await balanceMinor(db, holder, brand), currencyOf(holder, brand), brand);
}

/** Single wallet (the default): the consolidated funds are the one main wallet. */
export async function consolidated(db: Database, holder: Holder, brand: BrandInfo): Promise<ConsolidatedFunds> {
  const view = await balance(db, holder, brand);
  return { ...view, wallets: [{ name: 'main', balance: view.sumBalance }] };
}

export type Adjustment = {
  brandId: number;
  member: Holder;
  /** Minor units; positive credits the player from `source`, negative debits back. */
  amount: bigint;
  reason: string;
  /** Who asked (an operator name, 'seed', 'staff:<id>' …), kept in the audit entry. */
  actor: string;
  /** Defaults to a fresh 'adjust:<uuid>'; a fixed key makes a re-run a no-op. */
  key?: string;
  currency: string;
  /**
   * The house account on the other side: 'funding' (the demo's opening balances) or
   * 'adjustment', where every manual correction (back office, break-glass command) is booked,
   * so they add up on their own.
   */
  source?: 'funding' | 'adjustment';
  /** The staff member who acted, and from where (back office). */
  staffId?: bigint | null;
  ip?: string;
  /**
   * Why staff moved the balance (back office): sets the turnover a credit asks
   * (ADJUSTMENT_TURNOVER_PCT: a correction nothing) and is kept in the audit entry.
   */
  category?: AdjustmentCategory;
  /**
   * The turnover a credit asks before it may be withdrawn, in hundredths (100 = once; 0 for a
   * correction). Defaults by category, else by source: a staff adjustment 100, the demo's
   * opening balance 0.
   */
  turnoverPct?: number;
};

/** The turnover a credit asks: as given, else its category's, else its source's. */
function turnoverPctOf(a: Adjustment): number {
  if (a.turnoverPct !== undefined) return a.turnoverPct;
  if (a.category) return ADJUSTMENT_TURNOVER_PCT[a.category];
  return a.source === 'adjustment' ? 100 : 0;
}

/** An adjustment checked and its accounts found: ready to post, in the caller's transaction if it has one. */
export type PreparedAdjustment = {
  a: Adjustment;
  key: string;
  reason: string;
  walletId: bigint;
  movement: Movement;
};

/**
 * Checks an adjustment and finds (or opens) its two accounts — before any transaction, so that
 * on PGlite's one connection nothing waits on a transaction of its own. Never below zero (the
 * posting refuses); trial accounts cannot receive real money.
 */
export async function prepareAdjustment(db: Database, a: Adjustment): Promise<PreparedAdjustment> {
  if (isTrialAccount(a.member.isAgent)) throw new AppError('TRIAL_ACCOUNT');
  if (a.amount === 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const reason = a.reason.trim();
  if (reason.length === 0 || reason.length > 200)
    throw new AppError('VALIDATION_FAILED', { reason: 'validation.required' });
  const wallet = await walletOf(db, a.brandId, a.member.id, a.currency);
  const house = await systemAccount(db, a.brandId, a.source ?? 'funding', a.currency);
  const key = a.key ?? `adjust:${randomUUID()}`;
  return {
    a,
    key,
    reason,
    walletId: wallet.id,
    movement: {
      brandId: a.brandId,
      key,
      kind: 'adjust',
      fingerprint: fingerprintOf({ member: a.member.id, amount: a.amount, currency: a.currency }),
      memberId: a.member.id,
      memo: reason,
      legs: [
        { accountId: house, amount: -a.amount },
        { accountId: wallet.id, amount: a.amount },
      ],
    },
  };
}

/**
 * Posts a prepared adjustment — one balanced movement, keyed, so a replay moves nothing — and
 * writes its audit entry with the balance before and after. In the caller's `trx` when given
 * (the caller then publishes the balance with `publishPosted` after its commit).
 */
export async function postAdjustment(
  db: Database,
  p: PreparedAdjustment,
  trx?: Kysely<DB>,
): Promise<{ balance: bigint; replayed: boolean; txId: bigint; posted: Posted }> {
  const { a } = p;
  const done = await post(db, p.movement, trx);
  const balance = done.balances.get(p.walletId) ?? 0n;
  const pct = turnoverPctOf(a);
  if (!done.replayed && a.amount > 0n && pct > 0)
    // Keyed by the movement's key: a re-run records no second requirement.
    await recordInflow(trx ?? db.kysely, {
      brandId: a.brandId,
      memberId: a.member.id,
      source: 'adjustment',
      sourceKey: p.key,
      amountMinor: a.amount,
      pct,
    });
  if (!done.replayed) {
    await audit(trx ?? db, {
      event: 'wallet.adjust',
      brandId: a.brandId,
      memberId: a.member.id,
      staffId: a.staffId ?? null,
      ip: a.ip ?? '',
      reason: p.reason,
      before: { balance: (balance - a.amount).toString(), currency: a.currency },
      after: { balance: balance.toString(), currency: a.currency },
      detail: {
        key: p.key,
        amount: a.amount.toString(),
        currency: a.currency,
        reason: p.reason,
        actor: a.actor,
        source: a.source ?? 'funding',
        ...(a.category ? { category: a.category } : {}),
        txId: done.txId.toString(),
      },
    });
  }
  return { balance, replayed: done.replayed, txId: done.txId, posted: done };
}

/**
 * An operator's balance adjustment from the command line or the seed: one balanced movement
 * between a house account and the player's wallet, and an audit entry.
 */
export async function adjust(db: Database, a: Adjustment): Promise<{ balance: bigint; replayed: boolean }> {
  const done = await postAdjustment(db, await prepareAdjustment(db, a));
  return { balance: done.balance, replayed: done.replayed };
}
