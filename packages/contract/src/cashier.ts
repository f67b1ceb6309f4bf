import { SmsCodeSent } from './auth';
import { defineCall } from './call';
import { z } from './zod';

/**
 * The player's cashier (CASHIER.md, decision 0040): methods, deposits through a payment
 * provider's hosted checkout or a bank transfer, withdrawals to a bound payout account with the
 * payment password, upline transfers, and the requests' states. Every call refuses a trial
 * account (`member:real`, TRIAL_ACCOUNT). Amounts are decimal strings in the brand currency's
 * precision (money.ts); the server keeps minor units.
 */

const TAG = 'cashier';

/** One set of request states for deposits and withdrawals, translated on screen (`cashier.states.*`). */
export const CASHIER_STATES = [
  'created',
  'pending',
  'submitted',
  'under_review',
  'approved',
  'paying',
  'paid',
  'credited',
  'rejected',
  'expired',
  'cancelled',
  'failed',
] as const;
export type CashierState = (typeof CASHIER_STATES)[number];

/** States a request no longer leaves (a paid withdrawal still takes the player's confirmation). */
export const CASHIER_FINAL_STATES: readonly CashierState[] = ['paid', 'credited', 'rejected', 'expired', 'cancelled'];

export const CASHIER_DIRECTIONS = ['deposit', 'withdraw'] as const;
export type CashierDirection = (typeof CASHIER_DIRECTIONS)[number];

/** `psp`: a payment provider acting for the operator (hosted checkout, payouts); `bank_transfer`: the operator's own account, reconciled by staff. */
export const METHOD_KINDS = ['psp', 'bank_transfer'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];

/** What a provider offers under a method; each has a neutral icon until the operator uploads a logo. */
export const METHOD_CHANNELS = ['bkash', 'nagad', 'rocket', 'upay', 'card', 'bank'] as const;
export type MethodChannel = (typeof METHOD_CHANNELS)[number];

/** The player's answer after a withdrawal is paid (spec §4); `auto` when the brand's time ran out. */
export const WITHDRAW_CONFIRMATIONS = ['received', 'partial', 'not_received'] as const;
export type WithdrawConfirmation = (typeof WITHDRAW_CONFIRMATIONS)[number] | 'auto';

/** A proof image for "not received": png or jpg, at most this many bytes. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** A transfer's remark, at most this many characters. */
export const TRANSFER_REMARK_MAX = 140;

const Amount = z.string();
/** An amount the player types: digits with an optional fraction; the server checks precision and limits. */
const AmountInput = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/);
const id = z.coerce.number().int().positive().max(2_147_483_647);
const bigId = z.coerce
  .string()
  .regex(/^[1-9]\d{0,18}$/)
  .transform((s) => s);
/**
 * A payment password as the player types it. Its shape is the brand's rule (payment-password-rule.ts
 * `paymentPasswordRule`), which the server checks and answers with the rule's pattern message.
 */
const PaymentPassword = z.string().min(1).max(64);

export const CashierMethod = z.object({
  id: z.number().int(),
  direction: z.enum(CASHIER_DIRECTIONS),
  kind: z.enum(METHOD_KINDS),
  channel: z.enum(METHOD_CHANNELS),
  /** In the reader's language (BN or EN). */
  name: z.string(),
  /** The operator's uploaded logo; null shows the channel's icon. */
  logoUrl: z.string().nullable(),
  currency: z.string(),
  min: Amount,
  max: Amount,
  /** Fee in basis points of the amount plus a fixed part, and who bears it. */
  feeBp: z.number().int(),
  feeFixed: Amount,
  feeBearer: z.enum(['operator', 'player']),
  presets: z.array(Amount),
  /** How long the method usually takes, shown beside it. */
  processingMinutes: z.number().int(),
});
export type CashierMethod = z.infer<typeof CashierMethod>;

export const MethodsQuery = z.object({ type: z.enum(CASHIER_DIRECTIONS) }).strict();

/** A promotion the player may join with a deposit. */
export const DepositPromotion = z.object({ id: z.number().int(), title: z.string() });

export const MethodsAnswer = z.object({
  list: z.array(CashierMethod),
  /** Deposits: the promotions open to this player; empty for withdrawals. */
  promotions: z.array(DepositPromotion),
});
export type MethodsAnswer = z.infer<typeof MethodsAnswer>;

/** The operator's account a bank-transfer deposit goes to. */
export const BankDetails = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string(),
  routingNumber: z.string(),
});

export const RequestEvent = z.object({ state: z.enum(CASHIER_STATES), at: z.string(), note: z.string().nullable() });

/** A deposit or withdrawal as its owner sees it: a state, a reason, every change's time and a receipt number. */
export const CashierRequest = z.object({
  /** The receipt number. */
  id: z.string(),
  type: z.enum(CASHIER_DIRECTIONS),
  methodId: z.number().int().nullable(),
  methodName: z.string(),
  kind: z.enum(METHOD_KINDS),
  channel: z.enum(METHOD_CHANNELS),
  state: z.enum(CASHIER_STATES),
  amount: Amount,
  fee: Amount,
  /** What reaches the wallet (deposit) or the payout account (withdrawal) after a fee the player bears. */
  net: Amount,
  currency: z.string(),
  /** Why it was rejected, failed or is held; in the reader's language where the server knows it. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Deposits waiting for payment: when they expire. */
  expiresAt: z.string().nullable(),
  history: z.array(RequestEvent),
  /** Provider deposits: the hosted checkout to send the player to, while pending. */
  redirectUrl: z.string().nullable(),
  /** Bank transfers: the operator's account, the reference to write on the transfer and the player's reported one. */
  bank: BankDetails.nullable(),
  transferReference: z.string().nullable(),
  playerReference: z.string().nullable(),
  /** Withdrawals: where the money goes (masked) and the player's confirmation after paid. */
  payoutAccount: z.string().nullable(),
  confirmation: z.enum([...WITHDRAW_CONFIRMATIONS, 'auto']).nullable(),
  /** Withdrawals: the player may cancel (before review) or confirm (after paid) now. */
  canCancel: z.boolean(),
  canConfirm: z.boolean(),
});
export type CashierRequest = z.infer<typeof CashierRequest>;

export const DepositBody = z
  .object({
    methodId: id,
    amount: AmountInput,
    promotionId: id.optional(),
  })
  .strict();
export type DepositBody = z.infer<typeof DepositBody>;

export const RequestParams = z.object({ id: bigId }).strict();

/** The bank's or wallet's transaction id the player got for the transfer. */
export const ReferenceBody = z
  .object({
    reference: z
      .string()
      .trim()
      .min(4)
      .max(40)
      .regex(/^[A-Za-z0-9-]+$/),
  })
  .strict();

export const WithdrawBody = z
  .object({
    /** The client's id for this request: sending it again never makes a second withdrawal. */
    requestId: z.uuid(),
    payoutAccountId: bigId,
    amount: AmountInput,
    paymentPassword: PaymentPassword,
  })
  .strict();
export type WithdrawBody = z.infer<typeof WithdrawBody>;

/** A proof image as base64 (png or jpg, at most PROOF_MAX_BYTES once decoded). */
const ProofImage = z
  .string()
  .max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const ConfirmBody = z
  .object({
    outcome: z.enum(WITHDRAW_CONFIRMATIONS),
    /** partial: what did not arrive. */
    remaining: AmountInput.optional(),
    /** not_received: the proof image. */
    proof: ProofImage.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.outcome === 'partial' && !v.remaining)
      ctx.addIssue({ code: 'custom', path: ['remaining'], message: 'required' });
    if (v.outcome === 'not_received' && !v.proof)
      ctx.addIssue({ code: 'custom', path: ['proof'], message: 'required' });
  });
export type ConfirmBody = z.infer<typeof ConfirmBody>;

export const RequestsQuery = z
  .object({
    type: z.enum(CASHIER_DIRECTIONS).optional(),
    /** The last id of the previous page. */
    before: bigId.optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const RequestsPage = z.object({ list: z.array(CashierRequest), next: z.string().nullable() });

/** Everything the withdraw page shows above the form. */
export const WithdrawSummary = z.object({
  balance: Amount,
  currency: z.string(),
  /** What is still to be wagered before a withdrawal (0 when none). */
  turnoverRemaining: Amount,
  /** The whole of the requirements not yet met (0 when none): the meter's bar is (required − remaining) / required. */
  turnoverRequired: Amount,
  /** What may be withdrawn now: the balance, if the turnover is met. */
  withdrawable: Amount,
  min: Amount,
  max: Amount,
  dailyCount: z.number().int(),
  dailyAmount: Amount,
  usedCount: z.number().int(),
  usedAmount: Amount,
  /** The median minutes from request to paid over the last 7 days; null with no paid withdrawal. */
  medianMinutesToPaid: z.number().int().nullable(),
  paymentPasswordSet: z.boolean(),
  /** Five wrong payment passwords lock its use until then. */
  paymentPasswordLockedUntil: z.string().nullable(),
  payeeName: z.string().nullable(),
});
export type WithdrawSummary = z.infer<typeof WithdrawSummary>;

/**
 * What a cashier refusal may carry besides null: PAYMENT_PASSWORD_WRONG the tries left before
 * the lock, PAYMENT_PASSWORD_LOCKED the time the lock ends, TURNOVER_NOT_MET what is still to wager.
 */
export const CashierRefusal = z.object({
  triesLeft: z.number().int().optional(),
  until: z.string().optional(),
  remaining: Amount.optional(),
});
export type CashierRefusal = z.infer<typeof CashierRefusal>;

export const PayoutAccount = z.object({
  id: z.string(),
  methodId: z.number().int(),
  methodName: z.string(),
  channel: z.enum(METHOD_CHANNELS),
  /** Masked but for its last four characters. */
  accountNumber: z.string(),
  payeeName: z.string(),
  /** A changed account takes withdrawals from this time (24 hours after the change). */
  usableFrom: z.string(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;

export const PayoutAccountBody = z
  .object({
    methodId: id,
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{6,34}$/),
    /** Must match the member's real name; the first account sets it when none is stored. */
    payeeName: z.string().trim().min(2).max(60),
    paymentPassword: PaymentPassword,
  })
  .strict();
export type PayoutAccountBody = z.infer<typeof PayoutAccountBody>;

export const PaymentPasswordBody = z
  .object({
    /** The current one; absent when none is set yet. */
    oldPassword: PaymentPassword.optional(),
    /** By the brand's rule (`paymentPasswordRule`), checked by the server. */
    newPassword: PaymentPassword,
  })
  .strict();

export const UplineTransferBody = z
  .object({
    requestId: z.uuid(),
    /** A player leaves it out (its upline); an agent names a direct downline's account. */
    toAccount: z.string().trim().min(1).max(40).optional(),
    amount: AmountInput,
    remark: z.string().trim().max(TRANSFER_REMARK_MAX).default(''),
    paymentPassword: PaymentPassword,
  })
  .strict();
export type UplineTransferBody = z.infer<typeof UplineTransferBody>;

export const UplineTransfer = z.object({
  id: z.string(),
  direction: z.enum(['out', 'in']),
  /** The other side's account name. */
  counterparty: z.string(),
  amount: Amount,
  currency: z.string(),
  remark: z.string(),
  at: z.string(),
});

export const TransfersAnswer = z.object({
  /** A player's upline (null when it has none); agents send to their direct downlines instead. */
  upline: z.string().nullable(),
  isAgent: z.boolean(),
  min: Amount,
  max: Amount,
  list: z.array(UplineTransfer),
});

export const cashierMethodsCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/methods',
  auth: 'member:real',
  tag: TAG,
  summary: 'The deposit or withdrawal methods open to this player, with limits, fees and presets',
  query: MethodsQuery,
  response: MethodsAnswer,
});

export const depositCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/deposit',
  auth: 'member:real',
  tag: TAG,
  summary: "Start a deposit: a provider's checkout (redirectUrl) or a bank transfer's details",
  body: DepositBody,
  response: CashierRequest,
});

export const depositStatusCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/deposit/:id',
  auth: 'member:real',
  tag: TAG,
  summary: "One of the player's deposits with its state and history",
  params: RequestParams,
  response: CashierRequest,
});

export const depositReferenceCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/deposit/:id/reference',
  auth: 'member:real',
  tag: TAG,
  summary: "A bank transfer's transaction id, as the player got it (a reused one is refused)",
  params: RequestParams,
  body: ReferenceBody,
  response: CashierRequest,
});

export const withdrawSummaryCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/withdraw/summary',
  auth: 'member:real',
  tag: TAG,
  summary: 'Turnover still to wager, limits used today, the median time to paid, the payment password state',
  response: WithdrawSummary,
});

export const withdrawCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/withdraw',
  auth: 'member:real',
  tag: TAG,
  summary: 'Ask for a withdrawal to a bound payout account (payment password; the amount moves to a hold at once)',
  body: WithdrawBody,
  sealed: true,
  failure: CashierRefusal,
  response: CashierRequest,
});

export const withdrawCancelCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/withdraw/:id/cancel',
  auth: 'member:real',
  tag: TAG,
  summary: 'Cancel a withdrawal before staff review it (its hold returns)',
  params: RequestParams,
  response: CashierRequest,
});

export const withdrawConfirmCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/withdraw/:id/confirm',
  auth: 'member:real',
  tag: TAG,
  summary: 'After paid: received, partially received (remaining amount) or not received (proof image)',
  params: RequestParams,
  body: ConfirmBody,
  bodyLimit: 8 * 1024 * 1024,
  response: CashierRequest,
});

export const cashierRequestsCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/requests',
  auth: 'member:real',
  tag: TAG,
  summary: "The player's deposits and withdrawals, newest first",
  query: RequestsQuery,
  response: RequestsPage,
});

export const payoutAccountsCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/payout-accounts',
  auth: 'member:real',
  tag: TAG,
  summary: "The player's bound payout accounts",
  response: z.array(PayoutAccount),
});

export const addPayoutAccountCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/payout-accounts',
  auth: 'member:real',
  tag: TAG,
  summary: 'Bind a payout account in the real name (payment password; usable after 24 hours if it replaces one)',
  body: PayoutAccountBody,
  sealed: true,
  failure: CashierRefusal,
  response: PayoutAccount,
});

export const removePayoutAccountCall = defineCall({
  method: 'DELETE',
  path: '/wps/cashier/payout-accounts/:id',
  auth: 'member:real',
  tag: TAG,
  summary: 'Remove a bound payout account',
  params: RequestParams,
  response: z.object({ removed: z.boolean() }),
});

export const paymentPasswordCall = defineCall({
  method: 'PUT',
  path: '/wps/member/password/payment',
  auth: 'member:real',
  tag: TAG,
  summary:
    "Set the payment password, or change it with the current one (the brand's paymentPassword rule, 6 digits by default)",
  body: PaymentPasswordBody,
  sealed: true,
  failure: CashierRefusal,
  response: z.object({ set: z.boolean() }),
});

export const uplineTransfersCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/transfers',
  auth: 'member:real',
  tag: TAG,
  summary: "Who this member can send to, the limits, and the member's transfers both ways",
  response: TransfersAnswer,
});

export const uplineTransferCall = defineCall({
  method: 'POST',
  path: '/wps/cashier/transfers',
  auth: 'member:real',
  tag: TAG,
  summary: 'Send money to the upline agent (player) or a direct downline (agent), with the payment password',
  body: UplineTransferBody,
  sealed: true,
  failure: CashierRefusal,
  response: UplineTransfer,
});

/** One notice in the minimal inbox; the site writes its text from `kind` and `params`. */
export const MemberMessage = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.string()),
  requestId: z.string().nullable(),
  at: z.string(),
  read: z.boolean(),
});
export type MemberMessage = z.infer<typeof MemberMessage>;

export const MessagesQuery = z
  .object({
    before: bigId.optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const messagesCall = defineCall({
  method: 'GET',
  path: '/wps/member/messages',
  auth: 'member',
  tag: TAG,
  summary: "The member's notices, newest first, with the unread count",
  query: MessagesQuery,
  response: z.object({ list: z.array(MemberMessage), unread: z.number().int(), next: z.string().nullable() }),
});

export const messagesReadCall = defineCall({
  method: 'POST',
  path: '/wps/member/messages/read',
  auth: 'member',
  tag: TAG,
  summary: 'Mark notices read: the listed ids, or every one up to `upTo`',
  body: z.object({ upTo: bigId }).strict(),
  response: z.object({ unread: z.number().int() }),
});

/** The security centre's summary (securityCenter). */
export const SecuritySummary = z.object({
  paymentPasswordSet: z.boolean(),
  paymentPasswordLockedUntil: z.string().nullable(),
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The player asked for a code at every new address (only offered when the brand allows it). */
  newAddressCheck: z.boolean(),
  newAddressCheckOffered: z.boolean(),
  /** The brand asks every member for it: the player's switch cannot turn it off. */
  newAddressCheckBrandWide: z.boolean(),
});
export type SecuritySummary = z.infer<typeof SecuritySummary>;

export const securitySummaryCall = defineCall({
  method: 'GET',
  path: '/wps/member/security',
  auth: 'member:real',
  tag: TAG,
  summary: 'What the security centre shows: payment password, payee name, email, mobile, the new-address check',
  response: SecuritySummary,
});

export const newAddressCheckCall = defineCall({
  method: 'PUT',
  path: '/wps/member/security/new-address-check',
  auth: 'member:real',
  tag: TAG,
  summary: "Ask for a code at every login from a new address (the player's own opt-in, where the brand allows it)",
  body: z.object({ enabled: z.boolean() }).strict(),
  response: SecuritySummary,
});

export const LoginRow = z.object({
  at: z.string(),
  ip: z.string(),
  device: z.string(),
  country: z.string().nullable(),
});
export const MemberSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  device: z.string(),
  current: z.boolean(),
});

export const securityLoginsCall = defineCall({
  method: 'GET',
  path: '/wps/member/security/logins',
  auth: 'member:real',
  tag: TAG,
  summary: "The member's recent logins",
  response: z.array(LoginRow),
});

export const securitySessionsCall = defineCall({
  method: 'GET',
  path: '/wps/member/security/sessions',
  auth: 'member:real',
  tag: TAG,
  summary: "The member's live sessions",
  response: z.array(MemberSession),
});

export const revokeSessionCall = defineCall({
  method: 'POST',
  path: '/wps/member/security/sessions/:id/revoke',
  auth: 'member:real',
  tag: TAG,
  summary: 'End one of the member’s other sessions',
  params: RequestParams,
  response: z.object({ revoked: z.boolean() }),
});

/** A mobile number to bind or change to, as the member types it (the brand's dialling codes). */
export const MobileCodeBody = z
  .object({
    mobileNum: z.string().trim().min(1).max(32),
    countryDialingCode: z.string().max(8).optional(),
  })
  .strict();

/** The number again, the code texted to it, and the login password (a stolen session cannot move the number). */
export const BindMobileBody = z
  .object({
    mobileNum: z.string().trim().min(1).max(32),
    countryDialingCode: z.string().max(8).optional(),
    code: z.string().trim().min(1).max(16),
    password: z.string().min(1).max(128),
  })
  .strict();

export const mobileCodeCall = defineCall({
  method: 'POST',
  path: '/wps/member/security/mobile/code',
  auth: 'member:real',
  tag: TAG,
  summary: 'Text a code to the mobile number the member wants to bind (the SMS limits apply)',
  body: MobileCodeBody,
  response: SmsCodeSent,
});

export const bindMobileCall = defineCall({
  method: 'PUT',
  path: '/wps/member/security/mobile',
  auth: 'member:real',
  tag: TAG,
  summary: 'Bind or change the mobile number with the code texted to it and the login password',
  body: BindMobileBody,
  sealed: true,
  response: SecuritySummary,
});

/** An email address to bind or change to. */
export const EmailCodeBody = z.object({ email: z.string().trim().min(3).max(254) }).strict();

/** The address again, the code mailed to it, and the login password. */
export const BindEmailBody = z
  .object({
    email: z.string().trim().min(3).max(254),
    code: z.string().trim().min(1).max(16),
    password: z.string().min(1).max(128),
  })
  .strict();

export const emailCodeCall = defineCall({
  method: 'POST',
  path: '/wps/member/security/email/code',
  auth: 'member:real',
  tag: TAG,
  summary: 'Mail a code to the email address the member wants to bind (5 an hour, 60 s apart)',
  body: EmailCodeBody,
  response: SmsCodeSent,
});

export const bindEmailCall = defineCall({
  method: 'PUT',
  path: '/wps/member/security/email',
  auth: 'member:real',
  tag: TAG,
  summary: 'Bind or change the email address with the code mailed to it and the login password',
  body: BindEmailBody,
  sealed: true,
  response: SecuritySummary,
});

/** The caller of a payment provider's webhook: the provider the path names, proven by its HMAC signature over the raw body. */
export const PSP_SIGNATURE_AUTH = 'signature:psp-hmac';
/** Header carrying the Unix time (seconds) a webhook was signed at (the sandbox's scheme; a real adapter reads its provider's own). */
export const PSP_TIMESTAMP_HEADER = 'x-psp-timestamp';
/** Header carrying hex HMAC-SHA256(the brand's provider secret, `<timestamp>.<raw body>`). */
export const PSP_SIGNATURE_HEADER = 'x-psp-signature';
/** Webhook bodies are small; anything larger is refused before it is read. */
export const PSP_WEBHOOK_BODY_LIMIT = 16 * 1024;

export const PspWebhookPath = z.object({ provider: z.string().regex(/^[a-z0-9_-]{2,30}$/) }).strict();

/** What Khela answers a provider's result: the request's state after it (a replay gets the same answer). */
export const PspWebhookAnswer = z.object({ requestId: z.string(), state: z.enum(CASHIER_STATES) });

/**
 * POST /psp/:provider/webhook: a deposit's or payout's result from a payment provider. The body
 * is the provider's own format, kept as raw bytes: its adapter checks the signature over them
 * before reading them. A forged, stale or mismatched result moves nothing.
 */
export const pspWebhookCall = defineCall({
  method: 'POST',
  path: '/psp/:provider/webhook',
  auth: PSP_SIGNATURE_AUTH,
  rawBody: true,
  bodyLimit: PSP_WEBHOOK_BODY_LIMIT,
  tag: 'psp',
  summary: "A payment provider's signed result for a deposit or a payout",
  params: PspWebhookPath,
  response: PspWebhookAnswer,
});

/**
 * The sandbox provider's own pages (HTML, not envelopes): its hosted checkout and its payout
 * console, whose plain form posts decide an order and send its signed result to
 * /psp/sandbox/webhook. Open only where the brand switched the sandbox on.
 */
const SandboxPageQuery = z.object({ lang: z.enum(['bn', 'en']).optional() }).strict();
export const SandboxCheckoutParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) }).strict();

export const sandboxCheckoutCall = defineCall({
  method: 'GET',
  path: '/psp/sandbox/checkout/:token',
  auth: 'none',
  tag: 'psp',
  summary: "The sandbox provider's hosted checkout of one order (HTML)",
  params: SandboxCheckoutParams,
  query: SandboxPageQuery,
  response: z.string(),
  binary: true,
});

export const sandboxCheckoutDecideCall = defineCall({
  method: 'POST',
  path: '/psp/sandbox/checkout/:token',
  auth: 'none',
  tag: 'psp',
  summary:
    "The sandbox checkout's buttons: approve or decline (a signed webhook follows), or pay later; back to the deposit page",
  params: SandboxCheckoutParams,
  query: SandboxPageQuery,
  body: z.object({ action: z.enum(['approve', 'decline', 'later']) }).strict(),
  form: true,
  bodyLimit: 1024,
  response: z.string(),
  binary: true,
});

export const sandboxPayoutsCall = defineCall({
  method: 'GET',
  path: '/psp/sandbox/payouts',
  auth: 'none',
  tag: 'psp',
  summary: "The sandbox provider's payout console: the brand's waiting payouts (HTML)",
  query: SandboxPageQuery,
  response: z.string(),
  binary: true,
});

export const sandboxPayoutDecideCall = defineCall({
  method: 'POST',
  path: '/psp/sandbox/payouts/:id',
  auth: 'none',
  tag: 'psp',
  summary: 'The payout console: pay or fail (a signed webhook follows), or delay',
  params: RequestParams,
  query: SandboxPageQuery,
  body: z.object({ action: z.enum(['pay', 'fail', 'delay']) }).strict(),
  form: true,
  bodyLimit: 1024,
  response: z.string(),
  binary: true,
});
