import { defineCall } from './call';
import { z } from './zod';

/**
 * Amounts are decimal strings in the currency's precision (see money.ts). Trial accounts hold
 * play money, currency 'PLAY'.
 */
const Amount = z.string();

/** /wps/v2/wallets/balance (spec §7: value.sumBalance). */
export const WalletBalance = z.object({
  sumBalance: Amount,
  currency: z.string(),
  currencySymbol: z.string(),
  decimals: z.number().int(),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

/** /wps/relay/GCS_merchantWallet: one wallet for every game (the default) or one per vendor. */
export const MerchantWallet = z.object({ isSingle: z.boolean() });

/** /wps/member/info/funds/consolidated: the total and each wallet that makes it up. */
export const ConsolidatedFunds = WalletBalance.extend({
  wallets: z.array(z.object({ name: z.string(), balance: Amount })),
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFunds>;

/** The web app GETs the balance; the spec's clients also POST it. Both answer the same. */
export const walletBalanceCall = defineCall({
  method: 'GET',
  alsoAccepts: ['POST'],
  path: '/wps/v2/wallets/balance',
  auth: 'member',
  tag: 'wallet',
  summary: 'The wallet balance (value.sumBalance)',
  response: WalletBalance,
});

export const merchantWalletCall = defineCall({
  method: 'GET',
  alsoAccepts: ['POST'],
  path: '/wps/relay/GCS_merchantWallet',
  auth: 'member',
  tag: 'wallet',
  summary: 'Whether the brand runs one wallet for every game (value.isSingle)',
  response: MerchantWallet,
});

export const consolidatedFundsCall = defineCall({
  method: 'GET',
  alsoAccepts: ['POST'],
  path: '/wps/member/info/funds/consolidated',
  auth: 'member',
  tag: 'wallet',
  summary: 'The total balance and its wallets',
  response: ConsolidatedFunds,
});

/**
 * Moves money between game wallets: only brands with a wallet per vendor have any to move, so
 * on a single-wallet brand it answers SINGLE_WALLET. Trial accounts hold no real money (spec §6).
 */
export const walletTransferCall = defineCall({
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  auth: 'member:real',
  tag: 'wallet',
  summary: 'Move money between game wallets (brands with separate wallets only)',
  response: z.null(),
});
