import { defineCall } from './call';
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory } from './constants';
import { ClubLabel } from './member';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The back office's Players desk (BACK-OFFICE.md "Players", decision 0031): search, the profile
 * and its pages, the member status, notes, labels, sessions and balance adjustments with
 * four-eyes above the brand's threshold. Every call is the staff member's own brand only.
 */

/**
 * What the operator decided about an account (defined in apps/server/src/modules/staff-players/
 * README.md): `active` plays; `locked` (a security hold), `suspended` (under review) and `closed`
 * cannot log in, reset a password or use a token, and setting one ends every session at once.
 */
export const MEMBER_STATUSES = ['active', 'locked', 'suspended', 'closed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * Why staff move a player's balance, which sets the turnover a credit asks (CASHIER.md
 * "Turnover", MONEY.md "a correction is a new transaction"): a `correction` gives back what a
 * fault took (a lost deposit, a wrongly settled round) and asks nothing, since the player would
 * have had that money free; `compensation`, `goodwill` and `other` are new money and ask it
 * wagered once, like a deposit. A debit names its category too but asks nothing.
 */
/** The turnover a credit of each category asks, in hundredths (100 = the amount once). */
export const ADJUSTMENT_TURNOVER_PCT: Readonly<Record<AdjustmentCategory, number>> = {
  correction: 0,
  compensation: 100,
  goodwill: 100,
  other: 100,
};

const TAG = 'back office: players';
const text = (max: number) => z.string().max(max);
/** Why a staff member did something: kept in the audit row. */
const reason = z.string().trim().min(1).max(200);
const id = z.coerce.number().int().positive();
const pageSize = z.coerce.number().int().min(1).max(200).default(50);

/** A player's id in the path. */
export const PlayerParams = z.object({ id }).strict();
export const PlayerSessionParams = z.object({ id, sessionId: id }).strict();
export const AdjustmentParams = z.object({ id }).strict();

/**
 * GET /bo/players: `q` as `by` reads it; `auto` takes digits with a + or a leading 0 as a mobile
 * number, an @ as an email, bare digits as an id, anything else as a username prefix.
 */
export const PLAYER_SEARCH_BY = ['auto', 'username', 'mobile', 'email', 'id'] as const;
export const PlayerSearchQuery = z
  .object({
    q: z.string().trim().min(1).max(100),
    by: z.enum(PLAYER_SEARCH_BY).default('auto'),
    /** The `next` of the previous page. */
    after: text(200).optional(),
    pageSize,
  })
  .strict();
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuery>;

export const PlayerRow = z.object({
  id: z.number().int(),
  account: z.string(),
  /** E.164, or null. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  isAgent: z.number().int(),
  createdAt: z.string(),
});

export const PlayerSearchPage = z.object({
  /** How `q` was read (`auto` resolved). */
  by: z.enum(PLAYER_SEARCH_BY),
  list: z.array(PlayerRow),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});

/**
 * Money as the brand's currency shows it: a decimal string, its minor units, and how to write it
 * (the one formatter's `money(amount, { decimals, symbol })`; the symbol is empty for play money).
 */
export const StaffMoney = z.object({
  amount: z.string(),
  minor: z.string(),
  currency: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});

export const PlayerLabel = z.object({
  labelName: z.string().trim().min(1).max(32),
  color: z.string().max(32).optional(),
  bgColor: z.string().max(32).optional(),
});

export const PlayerProfile = PlayerRow.extend({
  nickname: z.string(),
  balance: StaffMoney,
  upline: z.object({ id: z.number().int(), account: z.string() }).nullable(),
  labels: z.array(PlayerLabel),
  clubLabel: ClubLabel.nullable(),
  /** The club label's rank (spec §3 clubLabel.rankLevel); null without one. */
  vipLevel: z.number().int().nullable(),
  statusChangedAt: z.string().nullable(),
  /** The failed-login lock (decision 0028), apart from the status; null when none holds. */
  failedLoginLockUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  language: z.string().nullable(),
  /**
   * The name payout accounts must be in (spec §5 payeeName): set once by the player, changed only
   * here by staff (`playerPayeeNameCall`); null until the player gives it.
   */
  payeeName: z.string().nullable(),
  /** Live payout accounts, for what a change of the payee name does to them. */
  payoutAccounts: z.number().int(),
  /** The account is linked to the staff member asking: every write on it is refused. */
  linkedToMe: z.boolean(),
  /**
   * The brand's four-eyes threshold: an adjustment larger than this (either sign) waits for a
   * second staff member, so the desk can say so before it is sent.
   */
  adjustThreshold: StaffMoney,
});
export type PlayerProfile = z.infer<typeof PlayerProfile>;

/** Pages of a player's history: newest first, `before` the last id of the previous page. */
export const HistoryQuery = z
  .object({
    before: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    pageSize,
  })
  .strict();

export const LedgerRow = z.object({
  txId: z.string(),
  at: z.string(),
  kind: z.string(),
  /** Signed, on the player's wallet. */
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  currency: z.string(),
  memo: z.string(),
  /** A staff adjustment's category; null for every other movement. */
  category: z.enum(ADJUSTMENT_CATEGORIES).nullable(),
  roundId: z.string().nullable(),
  key: z.string(),
});
export const LedgerPage = z.object({ list: z.array(LedgerRow), next: z.string().nullable() });

export const RoundRow = z.object({
  id: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
  currency: z.string(),
  stake: z.string(),
  win: z.string(),
  refund: z.string(),
  held: z.string(),
  status: z.enum(['open', 'completed', 'cancelled']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The player site's fairness page with this round's values, for in-house rounds that have them. */
  replayUrl: z.string().nullable(),
});
export const RoundsPage = z.object({ list: z.array(RoundRow), next: z.string().nullable() });

export const PlayerLogins = z.object({
  /** Logins and refused logins, newest first (from the audit trail). */
  logins: z.array(z.object({ at: z.string(), event: z.string(), ip: z.string(), type: z.string().nullable() })),
  /** Devices: each address and browser the player's sessions came from. */
  devices: z.array(
    z.object({
      ip: z.string(),
      userAgent: z.string(),
      firstAt: z.string(),
      lastAt: z.string(),
      sessions: z.number().int(),
    }),
  ),
});

export const PlayerSession = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  loginType: z.string(),
});

export const PlayerNote = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int(),
  staffUsername: z.string(),
  body: z.string(),
});

export const NoteBody = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
/**
 * A form sends what it read (`before`, `from`): if someone saved in between, the write is refused
 * with STALE_EDIT rather than silently replacing their change. Without it the write applies as is.
 */
export const LabelsBody = z
  .object({
    labels: z.array(PlayerLabel).max(20),
    reason: reason.optional(),
    /** The label names the form showed, in order. */
    before: z.array(z.string().max(32)).max(20).optional(),
  })
  .strict();
export const StatusBody = z
  .object({
    status: z.enum(MEMBER_STATUSES),
    reason,
    /** The status the form showed. */
    from: z.enum(MEMBER_STATUSES).optional(),
  })
  .strict();
export const ReasonBody = z.object({ reason }).strict();
/** An approval needs no words; a note is kept in the audit row when given. */
export const ApproveBody = z.object({ reason: reason.optional() }).strict();

export const StatusResult = z.object({
  status: z.enum(MEMBER_STATUSES),
  /** Logins and game sessions the change ended. */
  endedSessions: z.number().int(),
  endedGameSessions: z.number().int(),
});

/**
 * POST /bo/players/:id/payee-name: the name checked by the shared payee-name rules
 * (payee-name.ts `payeeNameError`) and the brand's payeeName field rule on the server, so the
 * form sends it as typed.
 */
export const PayeeNameBody = z
  .object({
    payeeName: z.string().trim().min(1).max(200),
    reason,
  })
  .strict();
export type PayeeNameBody = z.infer<typeof PayeeNameBody>;

export const PayeeNameResult = z.object({
  payeeName: z.string(),
  before: z.string().nullable(),
  /**
   * Payout accounts in the old name, removed by the change: the player adds them again in the
   * new name, each a change with its 24 hours' wait (CASHIER.md).
   */
  removedAccounts: z.number().int(),
});

/** POST /bo/players/:id/adjust: a signed amount in the brand currency ("500", "-250.50"). */
export const AdjustBody = z
  .object({
    amount: z.string().regex(/^-?\d{1,15}(\.\d{1,8})?$/),
    category: z.enum(ADJUSTMENT_CATEGORIES),
    reason,
    /** The same key sent again (a retry, a double click) makes no second adjustment. */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();
export type AdjustBody = z.infer<typeof AdjustBody>;

export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;

export const Adjustment = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  amount: StaffMoney,
  category: z.enum(ADJUSTMENT_CATEGORIES),
  reason: z.string(),
  /** pending: waits for a second staff member (above the brand's threshold). */
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.number().int(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The four-eyes threshold it was measured against. */
  threshold: StaffMoney,
  /** The player's balance after the posting; null until posted. */
  balanceAfter: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const AdjustmentsQuery = z
  .object({
    status: z.enum(ADJUSTMENT_STATUSES).default('pending'),
    memberId: z.coerce.number().int().positive().optional(),
    before: z.coerce.number().int().positive().optional(),
    pageSize,
  })
  .strict();

const players = (path: string) => `/bo/players${path}`;

export const playerSearchCall = defineCall({
  method: 'GET',
  path: players(''),
  auth: 'staff:players.read',
  tag: TAG,
  summary: 'Search players by username prefix, mobile number, email or id',
  query: PlayerSearchQuery,
  response: PlayerSearchPage,
});

export const playerProfileCall = defineCall({
  method: 'GET',
  path: players('/:id'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: "A player's profile: balance, status, upline, labels, VIP level, dates",
  params: PlayerParams,
  query: NoQuery,
  response: PlayerProfile,
});

export const playerLedgerCall = defineCall({
  method: 'GET',
  path: players('/:id/ledger'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: "The player's wallet movements, newest first",
  params: PlayerParams,
  query: HistoryQuery,
  response: LedgerPage,
});

export const playerRoundsCall = defineCall({
  method: 'GET',
  path: players('/:id/rounds'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: "The player's game rounds (in-house and providers'), newest first, with fairness links",
  params: PlayerParams,
  query: HistoryQuery,
  response: RoundsPage,
});

export const playerLoginsCall = defineCall({
  method: 'GET',
  path: players('/:id/logins'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: "The player's recent logins and the devices they came from",
  params: PlayerParams,
  query: NoQuery,
  response: PlayerLogins,
});

export const playerSessionsCall = defineCall({
  method: 'GET',
  path: players('/:id/sessions'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: "The player's live sessions",
  params: PlayerParams,
  query: NoQuery,
  response: z.array(PlayerSession),
});

export const playerRevokeSessionCall = defineCall({
  method: 'POST',
  path: players('/:id/sessions/:sessionId/revoke'),
  auth: 'staff:players.write',
  tag: TAG,
  summary: "End one of the player's sessions (and the games it launched)",
  params: PlayerSessionParams,
  body: ReasonBody,
  response: z.object({ revoked: z.boolean() }),
});

export const playerNotesCall = defineCall({
  method: 'GET',
  path: players('/:id/notes'),
  auth: 'staff:players.read',
  tag: TAG,
  summary: 'Staff notes on the player, newest first',
  params: PlayerParams,
  query: NoQuery,
  response: z.array(PlayerNote),
});

export const playerAddNoteCall = defineCall({
  method: 'POST',
  path: players('/:id/notes'),
  auth: 'staff:players.write',
  tag: TAG,
  summary: 'Add a note on the player',
  params: PlayerParams,
  body: NoteBody,
  response: PlayerNote,
});

export const playerLabelsCall = defineCall({
  method: 'POST',
  path: players('/:id/labels'),
  auth: 'staff:players.write',
  tag: TAG,
  summary: "Set the player's labels",
  params: PlayerParams,
  body: LabelsBody,
  response: z.array(PlayerLabel),
});

export const playerStatusCall = defineCall({
  method: 'POST',
  path: players('/:id/status'),
  auth: 'staff:players.write',
  tag: TAG,
  summary: 'Set the member status (active, locked, suspended, closed) with a reason',
  params: PlayerParams,
  body: StatusBody,
  response: StatusResult,
});

export const playerPayeeNameCall = defineCall({
  method: 'POST',
  path: players('/:id/payee-name'),
  auth: 'staff:players.write',
  tag: TAG,
  summary:
    "Change the player's payee name with a reason; payout accounts in the old name are removed and the player is told",
  params: PlayerParams,
  body: PayeeNameBody,
  response: PayeeNameResult,
});

export const playerAdjustCall = defineCall({
  method: 'POST',
  path: players('/:id/adjust'),
  auth: 'staff:players.adjust',
  tag: TAG,
  summary: "Adjust the player's balance with a reason; above the brand threshold it waits for a second staff member",
  params: PlayerParams,
  body: AdjustBody,
  response: Adjustment,
});

export const adjustmentsCall = defineCall({
  method: 'GET',
  path: '/bo/adjustments',
  // A read: an auditor or support sees what waits and what was posted; deciding needs players.adjust.
  auth: 'staff:players.read',
  tag: TAG,
  summary: 'Balance adjustments of the brand (pending ones by default), newest first',
  query: AdjustmentsQuery,
  response: z.array(Adjustment),
});

export const approveAdjustmentCall = defineCall({
  method: 'POST',
  path: '/bo/adjustments/:id/approve',
  auth: 'staff:players.adjust',
  tag: TAG,
  summary: 'Approve a pending adjustment (not one you asked for): it is posted once',
  params: AdjustmentParams,
  body: ApproveBody,
  response: Adjustment,
});

export const rejectAdjustmentCall = defineCall({
  method: 'POST',
  path: '/bo/adjustments/:id/reject',
  auth: 'staff:players.adjust',
  tag: TAG,
  summary: 'Reject a pending adjustment with a reason',
  params: AdjustmentParams,
  body: ReasonBody,
  response: Adjustment,
});
