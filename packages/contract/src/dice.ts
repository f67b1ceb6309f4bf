import { defineCall } from './call';
import { PLAY_ENDPOINTS } from './play-endpoints';
import { z } from './zod';

/**
 * The in-house dice game's calls (docs/decisions/0016-dice.md), under /play/api/dice with the
 * game session token in GAME_TOKEN_HEADER like every in-house call (inhouse.ts). Amounts are decimal strings
 * in the wallet's currency; targets and rolls are whole hundredths (0 … 9999 = 0.00 … 99.99), the
 * units of @khela/games `fair/dice.ts`, so page, server and verifier never round differently.
 */

const Money = z.string();

/** What the dice page needs at open (PlayOpenValue.dice). */
export const DiceInfo = z.object({
  modelVersion: z.string(),
  /** The stakes offered per bet, smallest first (the game's minimum bet × levels). */
  stakes: z.array(Money),
  /** The house edge in basis points (100 = 1 %): RTP = 100 % − edge on every target. */
  edgeBasisPoints: z.number().int(),
  /** Win chances offered, in hundredths of a percent (100 = 1 %). */
  minChance: z.number().int(),
  maxChance: z.number().int(),
});
export type DiceInfo = z.infer<typeof DiceInfo>;

/**
 * A client seed the player chooses: 1–64 letters, digits, '.', '_' or '-'. Kept to these so it
 * reads the same in every verifier and cannot contain the ':' that separates the HMAC message.
 */
export const DiceClientSeed = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'validation.invalid');

/** The player's seed pair in play: the server seed only as its hash until it is rotated. */
export const DiceSeedsCurrent = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use. */
  nextNonce: z.number().int(),
});

/** A rotated seed pair: its server seed revealed, and how many nonces (bets) it served. */
export const DiceSeedsRevealed = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Bets used nonces 0 … nonces − 1. */
  nonces: z.number().int(),
});

export const DiceSeedsValue = z.object({
  current: DiceSeedsCurrent,
  previous: DiceSeedsRevealed.nullable(),
});
export type DiceSeedsValue = z.infer<typeof DiceSeedsValue>;

export const DiceRotateRequest = z.strictObject({
  /** The client seed of the new pair; a random one when left out. */
  clientSeed: DiceClientSeed.optional(),
});
export type DiceRotateRequest = z.infer<typeof DiceRotateRequest>;

export const DiceSide = z.enum(['under', 'over']);

export const DiceBetRequest = z.strictObject({
  /** One of DiceInfo.stakes. */
  stake: z.string().regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.invalid'),
  /** Hundredths: 'under' wins when roll < target, 'over' when roll > target. */
  target: z.number().int().min(0).max(9999),
  side: DiceSide,
  /** Chosen by the page per bet: a retried request answers the first bet, never a second one. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid'),
});
export type DiceBetRequest = z.infer<typeof DiceBetRequest>;

export const DiceBetValue = z.object({
  roundId: z.string(),
  modelVersion: z.string(),
  stake: Money,
  target: z.number().int(),
  side: DiceSide,
  /** 0 … 9999 (hundredths). */
  roll: z.number().int(),
  /** The payout multiplier in ten-thousandths (19800 = 1.98×), paid on a win. */
  multiplier: z.number().int(),
  /** 0 when the bet lost. */
  win: Money,
  /** The balance after the bet was settled. */
  balance: Money,
  /** What a verifier needs (the server seed comes with the next rotation). */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type DiceBetValue = z.infer<typeof DiceBetValue>;

const tag = 'in-house games';

export const diceSeedsCall = defineCall({
  ...PLAY_ENDPOINTS.diceSeeds,
  tag,
  summary: "The player's dice seeds: the pair in play (server seed hashed) and the last revealed pair",
  response: DiceSeedsValue,
});

export const diceRotateCall = defineCall({
  ...PLAY_ENDPOINTS.diceRotate,
  tag,
  summary: 'Reveal the server seed in play and start a new pair at nonce 0 (optionally with a chosen client seed)',
  body: DiceRotateRequest,
  response: DiceSeedsValue,
});

export const diceBetCall = defineCall({
  ...PLAY_ENDPOINTS.diceBet,
  tag,
  summary: 'Roll the dice once (a retried requestId answers its first bet)',
  body: DiceBetRequest,
  response: DiceBetValue,
});
