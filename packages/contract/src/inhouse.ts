import { defineCall } from './call';
import { CrashInfo } from './crash';
import { DiceInfo } from './dice';
import { PLAY_ENDPOINTS } from './play-endpoints';
import { z } from './zod';

/**
 * The in-house provider's game pages (ARCHITECTURE §5): a launch opens `/play/<game>?ticket=…`
 * in the game frame; the page redeems the single-use ticket at `/play/api/open` for a game
 * session token, kept only in the page's memory, and sends it on every later call in
 * GAME_TOKEN_HEADER (play-endpoints.ts). Money moves only through the seamless-wallet service
 * (vendor JL). Amounts are decimal strings in the wallet's currency (money.ts).
 */

/** The in-house provider's vendor code (spec §9). */
export const INHOUSE_VENDOR = 'JL';

const Money = z.string();

export const PlayOpenRequest = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'validation.invalid'),
});
export type PlayOpenRequest = z.infer<typeof PlayOpenRequest>;

/** A slot symbol; `pays[n]` is the win for n of a kind on a line (scatter: anywhere), in line bets (scatter: total bets). */
export const SlotSymbol = z.object({
  id: z.string(),
  kind: z.enum(['regular', 'wild', 'scatter']),
  pays: z.array(z.number()),
});
export type SlotSymbol = z.infer<typeof SlotSymbol>;

/** What the slot page needs to draw the machine and its paytable (the math model, public). */
export const SlotInfo = z.object({
  modelVersion: z.string(),
  reels: z.number().int(),
  rows: z.number().int(),
  symbols: z.array(SlotSymbol),
  /** Each payline: the row (0 = top) on each reel, left to right. */
  paylines: z.array(z.array(z.number().int())),
  /** The reel strips, top to bottom; a stop shows strip[stop], strip[stop+1], strip[stop+2]. */
  strips: z.array(z.array(z.string())),
  /** The total stakes offered per spin (bet levels), smallest first. */
  stakes: z.array(Money),
  /** `trigger` or more scatters award `count` free spins whose wins are multiplied by `multiplier`. */
  freeSpins: z.object({ trigger: z.number().int(), count: z.number().int(), multiplier: z.number().int() }),
  /** Return to player as a percentage with two decimals, e.g. "96.00". */
  rtp: z.string(),
});
export type SlotInfo = z.infer<typeof SlotInfo>;

export const PlayOpenValue = z.object({
  /** The game session token: send it in GAME_TOKEN_HEADER; never store it. */
  token: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  currency: z.string(),
  /** The brand's currency symbol (empty when it has none) and decimals: the page writes amounts as the site does. */
  currencySymbol: z.string(),
  decimals: z.number().int(),
  /** The language the player launched in (a LOCALES code). */
  language: z.string(),
  balance: Money,
  /** Play money (a trial account): the page says so. */
  playMoney: z.boolean(),
  slot: SlotInfo.optional(),
  /** Slot: the hash (SHA-256 of its bytes, hex) of the server seed its next round will use. */
  slotSeedHash: z.string().optional(),
  dice: DiceInfo.optional(),
  crash: CrashInfo.optional(),
});
export type PlayOpenValue = z.infer<typeof PlayOpenValue>;

export const PlayBalanceValue = z.object({ balance: Money, currency: z.string() });
export type PlayBalanceValue = z.infer<typeof PlayBalanceValue>;

export const SlotSpinRequest = z.strictObject({
  /** One of SlotInfo.stakes. */
  stake: z.string().regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.invalid'),
  /** Chosen by the page per spin: a retried request answers the first one's round, never a second spin. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid'),
});
export type SlotSpinRequest = z.infer<typeof SlotSpinRequest>;

export const SlotLineWin = z.object({
  /** Index into SlotInfo.paylines. */
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  win: Money,
});

export const SlotSpin = z.object({
  kind: z.enum(['base', 'free']),
  stops: z.array(z.number().int()),
  /** window[reel][row], the symbols shown. */
  window: z.array(z.array(z.string())),
  lines: z.array(SlotLineWin),
  scatter: z.object({ count: z.number().int(), win: Money }),
  /** Free spins awarded by this spin (0 or SlotInfo.freeSpins.count). */
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  /** This spin's total win (lines + scatter, multiplier applied). */
  win: Money,
});
export type SlotSpin = z.infer<typeof SlotSpin>;

export const SlotSpinValue = z.object({
  roundId: z.string(),
  modelVersion: z.string(),
  stake: Money,
  /** The whole round's win: the base spin and every free spin it awarded. */
  win: Money,
  /** The balance after the round was settled. */
  balance: Money,
  /** The base spin first, then the free spins in order. */
  spins: z.array(SlotSpin),
  /** The round's server seed (hex), revealed with the outcome so the round can be replayed. */
  serverSeed: z.string(),
  /** Its hash, as shown before the spin: the seed was chosen before the round. */
  serverSeedHash: z.string(),
  /** The hash of the seed the next round will use. */
  nextServerSeedHash: z.string(),
});
export type SlotSpinValue = z.infer<typeof SlotSpinValue>;

const tag = 'in-house games';

export const playOpenCall = defineCall({
  ...PLAY_ENDPOINTS.open,
  tag,
  summary: 'Redeem a launch ticket for the game session and the game',
  body: PlayOpenRequest,
  response: PlayOpenValue,
});

export const playBalanceCall = defineCall({
  ...PLAY_ENDPOINTS.balance,
  tag,
  summary: "The session player's balance",
  response: PlayBalanceValue,
});

export const slotSpinCall = defineCall({
  ...PLAY_ENDPOINTS.slotSpin,
  tag,
  summary: 'Spin the slot once (a retried requestId answers its first round)',
  body: SlotSpinRequest,
  response: SlotSpinValue,
});
