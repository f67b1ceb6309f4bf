import { defineCall } from './call';
import { z } from './zod';

/**
 * The seamless-wallet provider API (docs/provider-api.md, decision 0009): what a game provider
 * sends to `/provider/<vendor>/balance|bet|win|rollback`. Amounts are decimal strings in the
 * currency's precision ("12.50"); ids are the provider's own, opaque to us. Every body is signed
 * (PROVIDER_SIGNATURE_HEADER over `<timestamp>.<raw body>`), and the signature is checked on the
 * raw bytes before they are parsed.
 */

/** The caller of every provider call: a vendor proven by its HMAC signature over the raw body. */
export const PROVIDER_SIGNATURE_AUTH = 'signature:provider-hmac';

/** Header carrying the Unix time (seconds) the body was signed at. */
export const PROVIDER_TIMESTAMP_HEADER = 'x-khela-timestamp';
/** Header carrying hex HMAC-SHA256(vendor secret, `<timestamp>.<raw body>`). */
export const PROVIDER_SIGNATURE_HEADER = 'x-khela-signature';

/** Provider bodies are small; anything larger is refused before it is read in full. */
export const PROVIDER_BODY_LIMIT = 16 * 1024;

/** A vendor code as the path names it (`provider_vendors.code`). */
export const VendorCode = z.string().regex(/^[A-Z0-9_]{2,20}$/, 'validation.invalid');

/** The path of every provider call: `/provider/<vendor>/…`. */
export const ProviderPath = z.object({ vendor: VendorCode });

/** Provider ids: printable ASCII without spaces, at most 100 characters. */
const Id = z.string().regex(/^[\x21-\x7e]{1,100}$/, 'validation.invalid');
/** A non-negative decimal amount; its precision is checked against the currency's. */
const Amount = z.string().regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.invalid');
const Currency = z.string().regex(/^[A-Z]{3,5}$/, 'validation.invalid');

export const ProviderBalanceRequest = z.strictObject({
  playerId: Id,
  /** The game session's launch token. */
  token: z.string().min(16).max(200),
  currency: Currency,
});
export type ProviderBalanceRequest = z.infer<typeof ProviderBalanceRequest>;

export const ProviderBetRequest = z.strictObject({
  txId: Id,
  playerId: Id,
  token: z.string().min(16).max(200),
  roundId: Id,
  gameCode: Id,
  amount: Amount,
  currency: Currency,
  /** The bet ends the round (a lost single-bet round); default false. */
  roundClosed: z.boolean().optional(),
});
export type ProviderBetRequest = z.infer<typeof ProviderBetRequest>;

export const ProviderWinRequest = z.strictObject({
  txId: Id,
  playerId: Id,
  roundId: Id,
  gameCode: Id,
  /** "0.00" closes a lost round without moving money. */
  amount: Amount,
  currency: Currency,
  /** The win ends the round; default true (send false for several wins in one round). */
  roundClosed: z.boolean().optional(),
});
export type ProviderWinRequest = z.infer<typeof ProviderWinRequest>;

export const ProviderRollbackRequest = z.strictObject({
  txId: Id,
  playerId: Id,
  roundId: Id,
  /** The bet to reverse. Its stored amount is refunded, whatever `amount` says. */
  refTxId: Id,
  gameCode: Id.optional(),
  amount: Amount.optional(),
  currency: Currency,
});
export type ProviderRollbackRequest = z.infer<typeof ProviderRollbackRequest>;

/** `value` of every successful answer: the player's balance after the call. */
export const ProviderBalanceValue = z.object({
  txId: z.string().optional(),
  playerId: z.string(),
  currency: z.string(),
  balance: z.string(),
});
export type ProviderBalanceValue = z.infer<typeof ProviderBalanceValue>;

const provider = {
  method: 'POST',
  auth: PROVIDER_SIGNATURE_AUTH,
  rawBody: true,
  bodyLimit: PROVIDER_BODY_LIMIT,
  params: ProviderPath,
  response: ProviderBalanceValue,
  tag: 'provider',
} as const;

/** POST /provider/:vendor/balance: the player's balance (needs a live game session). */
export const providerBalanceCall = defineCall({
  ...provider,
  path: '/provider/:vendor/balance',
  summary: "The player's balance",
  body: ProviderBalanceRequest,
});

/** POST /provider/:vendor/bet: debits a stake. */
export const providerBetCall = defineCall({
  ...provider,
  path: '/provider/:vendor/bet',
  summary: 'Debit a stake (needs a live game session)',
  body: ProviderBetRequest,
});

/** POST /provider/:vendor/win: credits a win. */
export const providerWinCall = defineCall({
  ...provider,
  path: '/provider/:vendor/win',
  summary: 'Credit a win (accepted after the session expired)',
  body: ProviderWinRequest,
});

/** POST /provider/:vendor/rollback: reverses a bet. */
export const providerRollbackCall = defineCall({
  ...provider,
  path: '/provider/:vendor/rollback',
  summary: "Reverse a bet's stored amount (unknown bets leave a tombstone)",
  body: ProviderRollbackRequest,
});
