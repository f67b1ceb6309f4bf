import { defineCall } from './call';
import { StaffMoney } from './staff-players';
import { NoQuery } from './system';
import { z } from './zod';

/**
 * The back office's Risk desk (decisions 0025, 0038): provider wins held in suspense by the
 * brand's win caps, released to the player's wallet or voided to the house — each exactly once,
 * and above the brand's four-eyes threshold only when a second staff member approves.
 */

const TAG = 'back office: risk';
/** Why a staff member decided: kept with the decision and in the audit row. */
const reason = z.string().trim().min(1).max(200);
const id = z.coerce.number().int().positive();

export const HELD_WIN_STATUSES = ['held', 'released', 'voided'] as const;
export type HeldWinStatus = (typeof HELD_WIN_STATUSES)[number];
/** What a staff member may do with a held win. */
export const HELD_WIN_DECISIONS = ['release', 'void'] as const;
export type HeldWinDecision = (typeof HELD_WIN_DECISIONS)[number];

export const HeldWinParams = z.object({ id }).strict();

/** A decision that waits for a second staff member. */
export const HeldWinRequest = z.object({
  id: z.number().int(),
  decision: z.enum(HELD_WIN_DECISIONS),
  reason: z.string(),
  requestedBy: z.number().int(),
  requestedByName: z.string(),
  requestedAt: z.string(),
});
export type HeldWinRequest = z.infer<typeof HeldWinRequest>;

/** One held win as the Risk screen lists it. */
export const HeldWinView = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
  txId: z.string(),
  amount: StaffMoney,
  stakeTotal: StaffMoney,
  /** The cap it went over. */
  holdReason: z.enum(['ratio', 'amount', 'both']),
  status: z.enum(HELD_WIN_STATUSES),
  heldAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  /** Above the brand's threshold: a decision needs a second staff member. */
  needsSecondStaff: z.boolean(),
  pending: HeldWinRequest.nullable(),
});
export type HeldWinView = z.infer<typeof HeldWinView>;

export const HeldWinsQuery = z
  .object({
    status: z.enum(HELD_WIN_STATUSES).default('held'),
    /** Only wins with a decision waiting for approval. */
    awaitingApproval: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    /** Keyset: wins with a smaller id (decided lists) or a larger one (waiting lists, oldest first). */
    after: z.coerce.number().int().positive().optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const HeldWinsPage = z.object({
  list: z.array(HeldWinView),
  next: z.number().int().nullable(),
  /** The four-eyes threshold the list was measured against. */
  threshold: StaffMoney,
});

/** The badge: wins waiting for a decision, and of them the decisions waiting for approval. */
export const HeldWinCount = z.object({ held: z.number().int(), awaitingApproval: z.number().int() });
export type HeldWinCount = z.infer<typeof HeldWinCount>;

export const HeldWinDecideBody = z.object({ reason }).strict();
export const HeldWinApproveBody = z.object({ reason: reason.optional() }).strict();

/**
 * `decided`: the money moved; `pending`: it waits for a second staff member; `replayed`: it had
 * already been decided this way (a second click), nothing moved again.
 */
export const HeldWinOutcome = z.object({
  outcome: z.enum(['decided', 'pending', 'replayed']),
  win: HeldWinView,
});
export type HeldWinOutcome = z.infer<typeof HeldWinOutcome>;

const risk = (path: string) => `/bo/risk/held-wins${path}`;

export const heldWinsCall = defineCall({
  method: 'GET',
  path: risk(''),
  auth: 'staff:risk.read',
  tag: TAG,
  summary: 'Provider wins held over the brand caps, oldest first',
  query: HeldWinsQuery,
  response: HeldWinsPage,
});

export const heldWinCountCall = defineCall({
  method: 'GET',
  path: risk('/count'),
  auth: 'staff:risk.read',
  tag: TAG,
  summary: 'How many held wins wait (the navigation badge)',
  query: NoQuery,
  response: HeldWinCount,
});

export const releaseHeldWinCall = defineCall({
  method: 'POST',
  path: risk('/:id/release'),
  auth: 'staff:risk.write',
  tag: TAG,
  summary: "Release a held win to the player's wallet (four-eyes above the threshold)",
  params: HeldWinParams,
  body: HeldWinDecideBody,
  response: HeldWinOutcome,
});

export const voidHeldWinCall = defineCall({
  method: 'POST',
  path: risk('/:id/void'),
  auth: 'staff:risk.write',
  tag: TAG,
  summary: 'Void a held win to the house (four-eyes above the threshold)',
  params: HeldWinParams,
  body: HeldWinDecideBody,
  response: HeldWinOutcome,
});

export const approveHeldWinCall = defineCall({
  method: 'POST',
  path: risk('/:id/approve'),
  auth: 'staff:risk.write',
  tag: TAG,
  summary: "Approve another staff member's decision on a held win",
  params: HeldWinParams,
  body: HeldWinApproveBody,
  response: HeldWinOutcome,
});

export const declineHeldWinCall = defineCall({
  method: 'POST',
  path: risk('/:id/decline'),
  auth: 'staff:risk.write',
  tag: TAG,
  summary: 'Decline a decision waiting for approval (the win stays held)',
  params: HeldWinParams,
  body: HeldWinDecideBody,
  response: HeldWinOutcome,
});
