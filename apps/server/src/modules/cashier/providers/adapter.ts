import type { FastifyRequest } from 'fastify';

/**
 * A payment provider acting for the operator (CASHIER.md "The provider adapter"): one file per
 * provider implements this, and `providers/index.ts` lists them. The cashier's core talks only to
 * this interface, so a second provider is one new file and one line in the list.
 *
 * Amounts are minor units of `currency`. Every webhook is signed over its raw body with a
 * timestamp; `verifyWebhook` checks the signature and window in constant time and only then
 * parses, so a forged or stale body changes nothing.
 */
export interface PaymentProvider {
  /** The name in paths and method rows: `/psp/<name>/webhook`, `cashier_methods.provider`. */
  readonly name: string;
  /** What the provider offers (the method form's channel choices). */
  readonly channels: readonly string[];

  /** Starts a hosted checkout for a deposit; the player is sent to `redirectUrl`. */
  createDeposit(order: DepositOrder, ctx: ProviderContext): Promise<{ redirectUrl: string; providerTxId?: string }>;
  /** Asks the provider about one deposit (reconciliation, a late webhook). */
  queryDeposit(order: DepositOrder, ctx: ProviderContext): Promise<ProviderResult | null>;
  /** Sends money to a payout account; the result arrives by webhook (or at once, if the provider answers synchronously). */
  createPayout(order: PayoutOrder, ctx: ProviderContext): Promise<ProviderResult | null>;
  /** The provider's own records of one day (UTC), for reconciliation against Khela's. */
  records(day: string, ctx: ProviderContext): Promise<ProviderRecord[]>;
  /** Checks a webhook's signature over the exact bytes sent, then reads it; throws UNAUTHORIZED when it does not verify. */
  verifyWebhook(req: FastifyRequest, raw: Buffer, ctx: ProviderContext): Promise<ProviderResult>;
}

export type ProviderContext = {
  brandId: number;
  /** This server's public origin for the request ('https://example.com'): return and webhook addresses. */
  origin: string;
};

export type DepositOrder = {
  /** Khela's request id (the merchant order id the provider echoes). */
  requestId: string;
  /** Unguessable; names the hosted checkout. */
  orderToken: string;
  amountMinor: bigint;
  currency: string;
  channel: string;
  /** Where the player returns after the checkout. */
  returnUrl: string;
};

export type PayoutOrder = {
  requestId: string;
  /** The same id on every retry, so the provider pays it once at most. */
  payoutId: string;
  amountMinor: bigint;
  currency: string;
  channel: string;
  accountNumber: string;
  payeeName: string;
};

/** What a webhook or query says happened. */
export type ProviderResult = {
  kind: 'deposit' | 'payout';
  /** Khela's request id as sent in the order. */
  requestId: string;
  /** The provider's transaction id: a replayed result carries the same one. */
  providerTxId: string;
  status: 'paid' | 'failed' | 'pending';
  amountMinor: bigint;
  currency: string;
  reason?: string;
};

/** A line of the provider's records of a day (reconciliation): a result without its reason. */
export type ProviderRecord = Omit<ProviderResult, 'reason'>;
