import { z } from 'zod';
import { envelope } from './envelope';

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
export const WalletBalanceEnvelope = envelope(WalletBalance);

/** /wps/relay/GCS_merchantWallet: one wallet for every game (the default) or one per vendor. */
export const MerchantWallet = z.object({ isSingle: z.boolean() });
export const MerchantWalletEnvelope = envelope(MerchantWallet);

/** /wps/member/info/funds/consolidated: the total and each wallet that makes it up. */
export const ConsolidatedFunds = WalletBalance.extend({
  wallets: z.array(z.object({ name: z.string(), balance: Amount })),
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFunds>;
export const ConsolidatedFundsEnvelope = envelope(ConsolidatedFunds);
