import { defineCall, defineSocket } from './call';
import { CRASH_WS_PATH, PLAY_ENDPOINTS } from './play-endpoints';
import { z } from './zod';

/**
 * The multiplayer crash game's calls and live messages (docs/decisions/0015-crash.md). One
 * shared round per brand, run by the server's clock. Multipliers are integer hundredths
 * (235 = 2.35×), times are epoch milliseconds of the server's clock, amounts decimal strings of
 * the wallet's currency. The live feed is a WebSocket at CRASH_WS_PATH: its first message is `{ type: 'auth', token }`
 * with the game session token; the server answers `hello` with the whole state, then pushes
 * CrashMessage events (crashFeedSocket).
 */

const Money = z.string();
const RequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid');
const Slot = z.union([z.literal(1), z.literal(2)]);

/** What the crash page needs first (PlayOpenValue.crash). */
export const CrashInfo = z.object({
  /** The stakes offered, smallest first. */
  stakes: z.array(Money),
  /** Return to player, "97.00". */
  rtp: z.string(),
  /** The curve m(t) = e^(growthPerMs × t), t in ms since the round started. */
  growthPerMs: z.number(),
  /** The per-bet cap in hundredths (a bet reaching it is cashed out there). */
  maxMultiplier: z.number().int(),
  minTarget: z.number().int(),
});
export type CrashInfo = z.infer<typeof CrashInfo>;

export const CrashBetRequest = z.strictObject({
  requestId: RequestId,
  /** Which of the page's two bet panels. */
  slot: Slot,
  stake: z.string().regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.invalid'),
  /** Auto cash-out target such as "2.00" (1.01 … 10000); absent for manual play. */
  autoCashOut: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, 'validation.invalid')
    .optional(),
});
export type CrashBetRequest = z.infer<typeof CrashBetRequest>;

export const CrashCashOutRequest = z.strictObject({ requestId: RequestId, slot: Slot });
export type CrashCashOutRequest = z.infer<typeof CrashCashOutRequest>;

/** One bet as everyone sees it. `name` is masked; `mine` only in answers to its owner. */
export const CrashBetView = z.object({
  roundNo: z.number().int(),
  name: z.string(),
  slot: z.number().int(),
  stake: Money,
  /** Auto cash-out target, hundredths. */
  target: z.number().int().nullable(),
  status: z.enum(['open', 'cashed', 'lost', 'void']),
  multiplier: z.number().int().nullable(),
  win: Money.nullable(),
  mine: z.boolean().optional(),
});
export type CrashBetView = z.infer<typeof CrashBetView>;

export const CrashBetValue = z.object({ bet: CrashBetView, balance: Money });
export type CrashBetValue = z.infer<typeof CrashBetValue>;

/** A past round: its bust point and hash, revealed after the bust, to verify against the chain. */
export const CrashPastRound = z.object({
  roundNo: z.number().int(),
  chainIndex: z.number().int(),
  bust: z.number().int(),
  hash: z.string(),
  void: z.boolean(),
});
export type CrashPastRound = z.infer<typeof CrashPastRound>;

export const CrashRoundView = z.object({
  roundNo: z.number().int(),
  /** The round's place in its chain: its hash is the chain's terminating hash hashed this many times back. */
  chainIndex: z.number().int(),
  terminatingHash: z.string(),
  phase: z.enum(['betting', 'running', 'busted', 'void']),
  bettingEndsAt: z.number(),
  /** The curve's zero (= bettingEndsAt). */
  startedAt: z.number(),
  /** Only once busted. */
  bust: z.number().int().nullable(),
  hash: z.string().nullable(),
  bustAt: z.number().nullable(),
});
export type CrashRoundView = z.infer<typeof CrashRoundView>;

export const CrashState = z.object({
  serverNow: z.number(),
  round: CrashRoundView.nullable(),
  bets: z.array(CrashBetView),
  history: z.array(CrashPastRound),
  balance: Money.optional(),
});
export type CrashState = z.infer<typeof CrashState>;

/** A bet placed or cashed out, as the live list shows it. */
export const CrashBetEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bet'), bet: CrashBetView }),
  z.object({ type: z.literal('cashout'), bet: CrashBetView }),
]);
export type CrashBetEvent = z.infer<typeof CrashBetEvent>;

/**
 * Live messages of the crash feed. Bets and cash-outs arrive in `batch` messages (each batch's
 * events in the order they happened, to be applied in turn); every other message is sent at
 * once, after the batch of what happened before it. `settled` ends a round: every cash-out,
 * including those of the settlement, was sent before it, so every bet still open was lost
 * (voided, in a void round).
 */
export const CrashMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), state: CrashState }),
  z.object({ type: z.literal('round'), round: CrashRoundView, serverNow: z.number() }),
  ...CrashBetEvent.options,
  z.object({ type: z.literal('batch'), events: z.array(CrashBetEvent) }),
  z.object({ type: z.literal('bust'), round: CrashRoundView, serverNow: z.number() }),
  z.object({ type: z.literal('settled'), roundNo: z.number().int() }),
]);
export type CrashMessage = z.infer<typeof CrashMessage>;

/** The crash page's only message: the game session token, never in the URL (proxies log it). */
export const CrashFeedAuth = z.strictObject({ type: z.literal('auth'), token: z.string().max(200) });
export type CrashFeedAuth = z.infer<typeof CrashFeedAuth>;

/**
 * The live feed. The page sits in a frame, maybe on another host, with no site session: its
 * first message authenticates with the game session token; the server answers `hello` or
 * closes with 4401, then only pushes.
 */
export const crashFeedSocket = defineSocket({
  path: CRASH_WS_PATH,
  auth: 'game',
  summary: "The crash round's live feed: its state, then rounds, bets, cash-outs and busts",
  client: CrashFeedAuth,
  server: CrashMessage,
});

const tag = 'in-house games';

export const crashStateCall = defineCall({
  ...PLAY_ENDPOINTS.crashState,
  tag,
  summary: "The crash game's current round, its bets and the history of busts",
  response: CrashState,
});

export const crashBetCall = defineCall({
  ...PLAY_ENDPOINTS.crashBet,
  tag,
  summary: 'Bet in the betting window (two bets per round; a retried requestId answers its first bet)',
  body: CrashBetRequest,
  response: CrashBetValue,
});

export const crashCashOutCall = defineCall({
  ...PLAY_ENDPOINTS.crashCashOut,
  tag,
  summary: "Cash a bet out at the multiplier of the server's receive time (refused after the bust)",
  body: CrashCashOutRequest,
  response: CrashBetValue,
});
