import { defineCall } from './call';
import { ADJUSTMENT_CATEGORIES, LOCALES, RECORD_TX_TYPES, ROUND_STATUSES } from './constants';
import { z } from './zod';

/**
 * The player's records (spec §2 'Member centre pages'): the account record
 * (transactionHistory, `/wps/relay/ODSFE2_MemTransDet`), the betting record
 * (personalHistoryCopy, `/wps/relay/ODSFE2_MemBetDet`) and the personal P&L (personalProfit,
 * `/wps/relay/ODSFE2_MemProfit`). Every call asks for a time range [startTime, endTime) in
 * ISO 8601 with an offset; amounts are decimal strings in the wallet's precision (money.ts).
 */

/** The longest range one call may ask for (the web's widest preset is 30 days). */
export const RECORD_MAX_SPAN_DAYS = 92;
export const RECORD_PAGE_SIZE = 20;
export const RECORD_MAX_PAGE_SIZE = 100;

const Instant = z.iso.datetime({ offset: true });
const paging = {
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(RECORD_MAX_PAGE_SIZE).default(RECORD_PAGE_SIZE),
};

/** The range must run forwards and span at most RECORD_MAX_SPAN_DAYS; reported on endTime. */
function checkRange(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(v.startTime);
  const end = Date.parse(v.endTime);
  if (!(end > start) || end - start > RECORD_MAX_SPAN_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'range' });
}

export const TransactionHistoryBody = z
  .object({
    type: z.enum(['all', ...RECORD_TX_TYPES]).default('all'),
    startTime: Instant,
    endTime: Instant,
    ...paging,
  })
  .strict()
  .superRefine(checkRange);
export type TransactionHistoryBody = z.input<typeof TransactionHistoryBody>;

const Amount = z.string();

export const TransactionRow = z.object({
  id: z.string(),
  /** ISO 8601 (UTC). */
  time: z.string(),
  type: z.enum(RECORD_TX_TYPES),
  /** Signed: positive into the wallet, negative out of it. */
  amount: Amount,
  balanceAfter: Amount,
  /** The round the movement belongs to, when a game moved it. */
  roundId: z.string().nullable(),
  /** The vendor and game of a game movement ("JL slot-five"); empty otherwise. */
  detail: z.string(),
  /** A staff adjustment's category (its reason stays the operator's); null for other movements. */
  category: z.enum(ADJUSTMENT_CATEGORIES).nullable(),
});
export type TransactionRow = z.infer<typeof TransactionRow>;

const Page = {
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  currency: z.string(),
  decimals: z.number().int(),
  /** Trial accounts: the records are play money. */
  playMoney: z.boolean(),
};

export const TransactionHistory = z.object({
  list: z.array(TransactionRow),
  ...Page,
  /** Over the whole filtered range, not just this page. */
  summary: z.object({ credits: Amount, debits: Amount, net: Amount }),
});
export type TransactionHistory = z.infer<typeof TransactionHistory>;

const Code = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

export const BettingHistoryBody = z
  .object({
    vendor: Code.optional(),
    gameCode: Code.optional(),
    status: z.enum(['all', ...ROUND_STATUSES]).default('all'),
    /** The language game names are given in (the brand's default language when absent). */
    language: z.enum(LOCALES).optional(),
    startTime: Instant,
    endTime: Instant,
    ...paging,
  })
  .strict()
  .superRefine(checkRange);
export type BettingHistoryBody = z.input<typeof BettingHistoryBody>;

export const BetRow = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  /** The game's name in the asked language (the catalog's), or its code when the catalog has no such game. */
  gameName: z.string(),
  roundId: z.string(),
  /** Staked, net of refunds. */
  stake: Amount,
  win: Amount,
  refund: Amount,
  /** win + refund − stake staked before refunds (what the round did to the balance). */
  net: Amount,
  status: z.enum(ROUND_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type BetRow = z.infer<typeof BetRow>;

const Totals = z.object({ rounds: z.number().int(), stake: Amount, win: Amount, net: Amount });
export type RecordTotals = z.infer<typeof Totals>;

export const BettingHistory = z.object({
  list: z.array(BetRow),
  ...Page,
  summary: Totals,
});
export type BettingHistory = z.infer<typeof BettingHistory>;

export const ProfitBody = z
  .object({
    groupBy: z.enum(['vendor', 'day']).default('vendor'),
    /** The player's offset from UTC in minutes (e.g. 360 for Dhaka), for day boundaries. */
    utcOffsetMinutes: z.number().int().min(-840).max(840).default(0),
    startTime: Instant,
    endTime: Instant,
  })
  .strict()
  .superRefine(checkRange);
export type ProfitBody = z.input<typeof ProfitBody>;

export const Profit = z.object({
  groupBy: z.enum(['vendor', 'day']),
  /** Vendor code, or the day as YYYY-MM-DD in the asked offset; newest day / biggest stake first. */
  rows: z.array(Totals.extend({ key: z.string() })),
  total: Totals,
  currency: z.string(),
  decimals: z.number().int(),
  playMoney: z.boolean(),
});
export type Profit = z.infer<typeof Profit>;

/**
 * The records calls read the logged-in player's own records only; trial accounts read their
 * play money (playMoney). The account record's path is the spec's; the betting record and P&L
 * follow its /wps/relay/ODSFE2_Mem… naming.
 */
export const transactionHistoryCall = defineCall({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemTransDet',
  auth: 'member',
  tag: 'records',
  summary: 'Account record (transactionHistory): wallet movements in [startTime, endTime), newest first',
  body: TransactionHistoryBody,
  response: TransactionHistory,
});

export const bettingHistoryCall = defineCall({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemBetDet',
  auth: 'member',
  tag: 'records',
  summary: 'Betting record (personalHistoryCopy): game rounds opened in [startTime, endTime), newest first',
  body: BettingHistoryBody,
  response: BettingHistory,
});

export const profitCall = defineCall({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemProfit',
  auth: 'member',
  tag: 'records',
  summary: 'Personal P&L (personalProfit): stake, win and net in [startTime, endTime), by vendor or by day',
  body: ProfitBody,
  response: Profit,
});
