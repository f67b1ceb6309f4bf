import { defineCall } from './call';
import {
  CASHIER_DIRECTIONS,
  CASHIER_STATES,
  METHOD_CHANNELS,
  METHOD_KINDS,
  RequestEvent,
  WITHDRAW_CONFIRMATIONS,
} from './cashier';
import { REJECT_REASONS } from './reject-reasons';
import { StaffMoney } from './staff-players';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The back office's finance desk under /bo/cashier (CASHIER.md "The finance desk", decision
 * 0040): the brand's cashier settings and methods, the queues of deposits under review and
 * withdrawals to approve (oldest first), payouts, cases, daily totals and the reconciliation
 * against a provider's records. Reading needs cashier.read; deciding and paying cashier.approve;
 * settings and methods cashier.configure. Every write is audited.
 */

const TAG = 'back office: cashier';
const reason = z.string().trim().min(1).max(200);
const id = z.coerce.number().int().positive().max(2_147_483_647);
const bigId = z.coerce.string().regex(/^[1-9]\d{0,18}$/);
/** Major units as typed on the desk ('1500', '1500.50'). */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/);
const day = z.iso.date();

export const CashierSettingsFields = z.object({
  /** The built-in sandbox provider (demo and tests); off for every real brand. */
  sandboxEnabled: z.boolean(),
  depositExpiryMinutes: z.number().int().min(5).max(10080),
  withdrawMin: amount,
  withdrawMax: amount,
  withdrawDailyCount: z.number().int().min(1).max(1000),
  withdrawDailyAmount: amount,
  autoConfirmMinutes: z.number().int().min(1).max(43200),
  /** Withdrawals above this need two different staff members. */
  fourEyes: amount,
  payoutRetries: z.number().int().min(0).max(10),
  /** Turnover asked of a deposit and of an upline transfer, in percent of the amount (100 = 1×). */
  depositTurnoverPct: z.number().int().min(0).max(10000),
  uplineTurnoverPct: z.number().int().min(0).max(10000),
  transferMin: amount,
  transferMax: amount,
  playerTwoFactorOptIn: z.boolean(),
});
export type CashierSettingsFields = z.infer<typeof CashierSettingsFields>;

export const CashierSettings = CashierSettingsFields.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  currency: z.string(),
  decimals: z.number().int(),
});
export type CashierSettings = z.infer<typeof CashierSettings>;

export const CashierSettingsBody = CashierSettingsFields.extend({
  version: z.number().int().min(1),
  reason: z.string().trim().max(200).optional(),
}).strict();

export const MethodFields = z.object({
  direction: z.enum(CASHIER_DIRECTIONS),
  kind: z.enum(METHOD_KINDS),
  /** The adapter for kind psp ('sandbox', …); null for a bank transfer. */
  provider: z.string().trim().min(1).max(40).nullable(),
  channel: z.enum(METHOD_CHANNELS),
  nameBn: z.string().trim().min(1).max(60),
  nameEn: z.string().trim().min(1).max(60),
  min: amount,
  max: amount,
  feeBp: z.number().int().min(0).max(10000),
  feeFixed: amount,
  feeBearer: z.enum(['operator', 'player']),
  presets: z.array(amount).max(8),
  processingMinutes: z.number().int().min(0).max(10080),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100000),
  /** Bank-transfer deposits: the operator's account shown to players. */
  bankName: z.string().trim().max(80).nullable(),
  bankAccountName: z.string().trim().max(80).nullable(),
  bankAccountNumber: z.string().trim().max(40).nullable(),
  bankBranch: z.string().trim().max(80).nullable(),
  bankRoutingNumber: z.string().trim().max(20).nullable(),
});
export type MethodFields = z.infer<typeof MethodFields>;

export const StaffMethod = MethodFields.extend({
  id: z.number().int(),
  logoUrl: z.string().nullable(),
  currency: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StaffMethod = z.infer<typeof StaffMethod>;

export const MethodBody = MethodFields.extend({ reason: z.string().trim().max(200).optional() }).strict();
export const MethodEditBody = MethodFields.extend({
  version: z.number().int().min(1),
  reason: z.string().trim().max(200).optional(),
}).strict();
export const MethodParams = z.object({ id }).strict();

/** An uploaded logo: png, jpg or webp as base64, at most 512 KB decoded. */
export const MethodLogoBody = z
  .object({
    image: z
      .string()
      .max(700_000)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  })
  .strict();

/** The adapters this server has (the method form's provider choices). */
export const ProvidersAnswer = z.array(
  z.object({ name: z.string(), channels: z.array(z.enum(METHOD_CHANNELS)), enabled: z.boolean() }),
);

/** Which queue: deposits under review or withdrawals waiting for a decision or payout. */
export const QueueQuery = z
  .object({
    type: z.enum(CASHIER_DIRECTIONS),
    /** Defaults: deposits submitted/under_review; withdrawals under_review/approved/paying/failed. */
    state: z.enum(CASHIER_STATES).optional(),
    /** The `next` of the previous page (oldest first). */
    after: z.string().max(100).optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const StaffRequest = z.object({
  id: z.string(),
  type: z.enum(CASHIER_DIRECTIONS),
  memberId: z.number().int(),
  account: z.string(),
  methodId: z.number().int().nullable(),
  methodName: z.string(),
  kind: z.enum(METHOD_KINDS),
  state: z.enum(CASHIER_STATES),
  amount: StaffMoney,
  fee: StaffMoney,
  /** Who bears the fee: the player's is kept from what reaches them, the operator's is on top. */
  feeBearer: z.enum(['operator', 'player']),
  /** What reaches the player (their wallet, or their payout account): the amount less a fee they bear. */
  net: StaffMoney,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Seconds since it was asked: the queue shows the oldest first. */
  ageSeconds: z.number().int(),
  transferReference: z.string().nullable(),
  playerReference: z.string().nullable(),
  providerReference: z.string().nullable(),
  /** Withdrawals: the payout account in full (staff pay to it) and its payee name. */
  payoutAccount: z.string().nullable(),
  payeeName: z.string().nullable(),
  reason: z.string().nullable(),
  /** Above the threshold: who approved first (waiting for a second staff member). */
  firstApprovedBy: z.string().nullable(),
  needsSecondApproval: z.boolean(),
  confirmation: z.enum([...WITHDRAW_CONFIRMATIONS, 'auto']).nullable(),
  payoutAttempts: z.number().int(),
});
export type StaffRequest = z.infer<typeof StaffRequest>;

export const QueuePage = z.object({
  list: z.array(StaffRequest),
  next: z.string().nullable(),
  /** How many are waiting in this queue, and the oldest one's age in seconds. */
  total: z.number().int(),
  oldestAgeSeconds: z.number().int().nullable(),
});

/** One request with what the desk needs beside it to decide. */
export const StaffRequestDetail = StaffRequest.extend({
  history: z.array(RequestEvent.extend({ actor: z.string() })),
  player: z.object({
    balance: StaffMoney,
    turnoverRemaining: StaffMoney,
    /** The last 30 days. */
    deposits: StaffMoney,
    withdrawals: StaffMoney,
    stakes: StaffMoney,
    wins: StaffMoney,
    recent: z.array(
      z.object({
        id: z.string(),
        type: z.enum(CASHIER_DIRECTIONS),
        state: z.enum(CASHIER_STATES),
        amount: StaffMoney,
        at: z.string(),
      }),
    ),
  }),
});
export type StaffRequestDetail = z.infer<typeof StaffRequestDetail>;

export const RequestParamsStaff = z.object({ id: bigId }).strict();
export const DecisionBody = z.object({ reason: z.string().trim().max(200).optional() }).strict();
/**
 * A rejection: a reason from the fixed list (the player reads it in their language) and an
 * optional note shown as typed; a free-text `reason` alone is still taken from older callers.
 */
export const RejectBody = z
  .object({
    reasonCode: z.enum(REJECT_REASONS).optional(),
    note: z.string().trim().max(160).optional(),
    reason: reason.optional(),
  })
  .strict()
  .refine((b) => b.reasonCode !== undefined || b.reason !== undefined, {
    message: 'validation.required',
    path: ['reasonCode'],
  });
export type RejectBody = z.infer<typeof RejectBody>;
/** A bank-transfer payout staff made by hand: the bank's reference. */
export const PaidBody = z.object({ providerReference: z.string().trim().min(1).max(80) }).strict();

export const CaseRow = z.object({
  id: z.string(),
  requestId: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  kind: z.enum(['partial', 'not_received']),
  amount: StaffMoney,
  remaining: StaffMoney.nullable(),
  hasProof: z.boolean(),
  state: z.enum(['open', 'closed']),
  note: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export const CasesQuery = z
  .object({
    state: z.enum(['open', 'closed']).default('open'),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const CaseCloseBody = z.object({ note: reason }).strict();

export const TotalsQuery = z.object({ from: day, to: day }).strict();
export const TotalsRow = z.object({
  day: z.string(),
  methodId: z.number().int().nullable(),
  methodName: z.string(),
  direction: z.enum(CASHIER_DIRECTIONS),
  count: z.number().int(),
  amount: StaffMoney,
  fees: StaffMoney,
});

export const ReconcileQuery = z.object({ day, methodId: id }).strict();
export const ReconcileAnswer = z.object({
  day: z.string(),
  methodId: z.number().int(),
  /** Requests both sides agree on. */
  matched: z.number().int(),
  differences: z.array(
    z.object({
      /** ours_only: Khela credited or paid it, the provider has no record; provider_only: the reverse; amount/state: both, differing. */
      kind: z.enum(['ours_only', 'provider_only', 'amount', 'state']),
      requestId: z.string().nullable(),
      providerTxId: z.string().nullable(),
      ours: z.string().nullable(),
      theirs: z.string().nullable(),
    }),
  ),
});

export const cashierSettingsCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/settings',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "The brand's cashier settings: limits, expiry, four-eyes, retries, turnover, the sandbox",
  query: NoQuery,
  response: CashierSettings,
});

export const cashierSettingsSaveCall = defineCall({
  method: 'PUT',
  path: '/bo/cashier/settings',
  auth: 'staff:cashier.configure',
  tag: TAG,
  summary: 'Save the cashier settings (the version read; an older one is refused)',
  body: CashierSettingsBody,
  response: CashierSettings,
});

export const staffMethodsCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/methods',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "The brand's deposit and withdrawal methods",
  query: NoQuery,
  response: z.object({ list: z.array(StaffMethod), providers: ProvidersAnswer }),
});

export const addMethodCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/methods',
  auth: 'staff:cashier.configure',
  tag: TAG,
  summary: 'Add a method',
  body: MethodBody,
  response: StaffMethod,
});

export const editMethodCall = defineCall({
  method: 'PUT',
  path: '/bo/cashier/methods/:id',
  auth: 'staff:cashier.configure',
  tag: TAG,
  summary: 'Change a method (the version read)',
  params: MethodParams,
  body: MethodEditBody,
  response: StaffMethod,
});

export const methodLogoCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/methods/:id/logo',
  auth: 'staff:cashier.configure',
  tag: TAG,
  summary: "Upload a method's logo (png, jpg or webp)",
  params: MethodParams,
  body: MethodLogoBody,
  bodyLimit: 1024 * 1024,
  response: StaffMethod,
});

export const cashierQueueCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/queue',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: 'Deposits under review or withdrawals to decide and pay, oldest first',
  query: QueueQuery,
  response: QueuePage,
});

export const cashierRequestCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/requests/:id',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "One request with its history and the player's recent deposits, stakes, wins and turnover",
  params: RequestParamsStaff,
  query: NoQuery,
  response: StaffRequestDetail,
});

export const cashierApproveCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/requests/:id/approve',
  auth: 'staff:cashier.approve',
  tag: TAG,
  summary: 'Approve: a deposit is credited; a withdrawal is paid out (a second staff member above the threshold)',
  params: RequestParamsStaff,
  body: DecisionBody,
  response: StaffRequest,
});

export const cashierRejectCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/requests/:id/reject',
  auth: 'staff:cashier.approve',
  tag: TAG,
  summary: "Reject with a reason the player sees (a withdrawal's hold returns)",
  params: RequestParamsStaff,
  body: RejectBody,
  response: StaffRequest,
});

export const cashierMarkPaidCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/requests/:id/paid',
  auth: 'staff:cashier.approve',
  tag: TAG,
  summary: 'A bank-transfer payout made by hand: paid, with the bank reference',
  params: RequestParamsStaff,
  body: PaidBody,
  response: StaffRequest,
});

export const cashierCasesCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/cases',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "Cases opened by players' partially received and not received answers",
  query: CasesQuery,
  response: z.object({ list: z.array(CaseRow) }),
});

export const cashierCaseProofCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/cases/:id/proof',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "A case's proof image",
  params: RequestParamsStaff,
  query: NoQuery,
  binary: true,
  response: z.unknown(),
});

export const cashierCaseCloseCall = defineCall({
  method: 'POST',
  path: '/bo/cashier/cases/:id/close',
  auth: 'staff:cashier.approve',
  tag: TAG,
  summary: 'Close a case with what was found',
  params: RequestParamsStaff,
  body: CaseCloseBody,
  response: CaseRow,
});

export const cashierTotalsCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/totals',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: 'Credited deposits and paid withdrawals per day and method, with fees',
  query: TotalsQuery,
  response: z.object({ list: z.array(TotalsRow) }),
});

export const cashierReconcileCall = defineCall({
  method: 'GET',
  path: '/bo/cashier/reconciliation',
  auth: 'staff:cashier.read',
  tag: TAG,
  summary: "A day of one provider method against the provider's own records, every difference listed",
  query: ReconcileQuery,
  response: ReconcileAnswer,
});

export const playerCashierCall = defineCall({
  method: 'GET',
  path: '/bo/players/:id/cashier',
  auth: 'staff:players.read',
  tag: TAG,
  summary: "A player's deposits and withdrawals, newest first",
  params: z.object({ id }).strict(),
  query: z.object({ before: bigId.optional(), pageSize: z.coerce.number().int().min(1).max(200).default(50) }).strict(),
  response: z.object({ list: z.array(StaffRequest), next: z.string().nullable() }),
});

/** Where an uploaded method logo is served: this prefix and the logo's random key (a new one per upload). */
export const METHOD_LOGO_PATH_PREFIX = '/wps/cashier/logo/';

/** The address of a method's uploaded logo (`cashier_methods.logo` holds its key), or null for the channel's icon. */
export function methodLogoUrl(key: string | null): string | null {
  return key ? `${METHOD_LOGO_PATH_PREFIX}${key}` : null;
}

/** GET /wps/cashier/logo/:key: an uploaded method logo's bytes. An <img> loads it; the apps never `call` it. */
export const methodLogoImageCall = defineCall({
  method: 'GET',
  path: '/wps/cashier/logo/:key',
  auth: 'none',
  tag: TAG,
  summary: "A payment method's uploaded logo (its address changes with every upload)",
  params: z.object({ key: z.string().max(64) }),
  response: z.unknown(),
  binary: true,
});
