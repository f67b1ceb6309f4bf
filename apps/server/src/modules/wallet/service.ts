import { randomUUID } from 'node:crypto';
import { type BrandInfo, type ConsolidatedFunds, fromMinor, isTrialAccount, type WalletBalance } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { PLAY_MONEY, systemAccount, walletOf } from './accounts';
import { currentBalance, fingerprintOf, post } from './ledger';

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
  /** Minor units; positive credits the player from operator funding, negative debits back. */
  amount: bigint;
  reason: string;
  /** Who asked (an operator name, 'seed' …), kept in the audit entry. */
  actor: string;
  /** Defaults to a fresh 'adjust:<uuid>'; a fixed key makes a re-run a no-op. */
  key?: string;
  currency: string;
};

/**
 * An operator's balance adjustment (until the back office exists): one balanced movement between
 * operator funding and the player's wallet, and an audit entry. Never below zero; trial accounts
 * cannot receive real money.
 */
export async function adjust(db: Database, a: Adjustment): Promise<{ balance: bigint; replayed: boolean }> {
  if (isTrialAccount(a.member.isAgent)) throw new AppError('TRIAL_ACCOUNT');
  if (a.amount === 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const reason = a.reason.trim();
  if (reason.length === 0 || reason.length > 200)
    throw new AppError('VALIDATION_FAILED', { reason: 'validation.required' });
  const wallet = await walletOf(db, a.brandId, a.member.id, a.currency);
  const funding = await systemAccount(db, a.brandId, 'funding', a.currency);
  const key = a.key ?? `adjust:${randomUUID()}`;
  const done = await post(db, {
    brandId: a.brandId,
    key,
    kind: 'adjust',
    fingerprint: fingerprintOf({ member: a.member.id, amount: a.amount, currency: a.currency }),
    memberId: a.member.id,
    memo: reason,
    legs: [
      { accountId: funding, amount: -a.amount },
      { accountId: wallet.id, amount: a.amount },
    ],
  });
  if (!done.replayed) {
    await audit(db, {
      event: 'wallet.adjust',
      brandId: a.brandId,
      memberId: a.member.id,
      ip: '',
      detail: {
        key,
        amount: a.amount.toString(),
        currency: a.currency,
        reason,
        actor: a.actor,
        txId: done.txId.toString(),
      },
    });
  }
  return { balance: done.balances.get(wallet.id) ?? 0n, replayed: done.replayed };
}
