import { createHash } from 'node:crypto';
import {
  type DiceBetRequest,
  type DiceBetValue,
  type DiceInfo,
  type DiceRotateRequest,
  type DiceSeedsValue,
  fromMinor,
  toMinor,
} from '@khela/contract';
import {
  DICE_EDGE_BASIS_POINTS,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  DICE_MODEL_VERSION,
  type DiceSide,
  diceTargetOffered,
  playDiceBet,
  serverSeedHash,
} from '@khela/games';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors';
import type { DB } from '../../../platform/schema';
import { type InhouseGame, inhouseGame, insertRound } from '../repo';
import { type PlayContext, type PlaySession, requireGame } from '../session';
import { payWin, placeBet } from './money';
import {
  claimNonce,
  type DiceRound,
  diceRoundById,
  ensureSeedPair,
  retireSeedPair,
  revealSeedInRounds,
  type SeedPair,
  seedPairs,
} from './repo';

/**
 * The provably-fair dice game (docs/decisions/0016-dice.md). Each bet uses the
 * player's seed pair in play and its next nonce; the roll is `diceRoll(serverSeed, clientSeed,
 * nonce)` and the payout `diceWin`, both from @khela/games so the page and the fairness page
 * compute the very same numbers. Money moves through the seamless-wallet service like the slot.
 */

export const DICE_GAME = 'dice';

/** Stakes offered per bet: the catalogue's minimum bet times these levels. */
export const DICE_BET_LEVELS = [1, 2, 5, 10, 20, 50, 100, 200, 500] as const;

const money = (ctx: PlayContext, minor: bigint) => fromMinor(minor, ctx.brand.currencyDecimals);

export function diceStakes(game: InhouseGame): bigint[] {
  const smallest = game.minBet > 0n ? game.minBet : 1n;
  return DICE_BET_LEVELS.map((level) => BigInt(level) * smallest);
}

/** What the page needs at open (PlayOpenValue.dice). */
export function diceInfo(ctx: PlayContext, game: InhouseGame): DiceInfo {
  return {
    modelVersion: DICE_MODEL_VERSION,
    stakes: diceStakes(game).map((s) => money(ctx, s)),
    edgeBasisPoints: DICE_EDGE_BASIS_POINTS,
    minChance: DICE_MIN_CHANCE,
    maxChance: DICE_MAX_CHANCE,
  };
}

export async function seeds(ctx: PlayContext, session: PlaySession): Promise<DiceSeedsValue> {
  requireGame(session, DICE_GAME);
  const k = ctx.db.kysely;
  await ensureSeedPair(k, ctx.brandId, session.member.id);
  const { current, previous } = await seedPairs(k, ctx.brandId, session.member.id);
  if (!current) throw new Error('dice: no seed pair in play right after ensuring one');
  return seedsValue(current, previous);
}

function seedsValue(current: SeedPair, previous: SeedPair | null): DiceSeedsValue {
  return {
    current: {
      serverSeedHash: current.serverSeedHash,
      clientSeed: current.clientSeed,
      nextNonce: Number(current.nextNonce),
    },
    previous: previous && {
      serverSeed: previous.serverSeed,
      serverSeedHash: previous.serverSeedHash,
      clientSeed: previous.clientSeed,
      nonces: Number(previous.nextNonce),
    },
  };
}

/**
 * Reveals the pair in play and starts a new one at nonce 0. Changing the client seed is only
 * possible this way: a client seed changed under a known server seed would let a player try
 * client seeds against the nonces still to come. Waits for bets in flight (they hold the row).
 */
export async function rotate(ctx: PlayContext, session: PlaySession, req: DiceRotateRequest): Promise<DiceSeedsValue> {
  requireGame(session, DICE_GAME);
  const memberId = session.member.id;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let retired: SeedPair | null = null;
    // A concurrent rotation may retire the pair this one waited for: then retire its successor.
    for (let attempt = 0; attempt < 5 && !retired; attempt++) {
      retired = await retireSeedPair(trx, ctx.brandId, memberId);
      if (!retired) await ensureSeedPair(trx, ctx.brandId, memberId);
    }
    if (!retired) throw new Error('dice: could not retire the seed pair in play');
    await revealSeedInRounds(trx, ctx.brandId, memberId, retired);
    await ensureSeedPair(trx, ctx.brandId, memberId, req.clientSeed);
  });
  return seeds(ctx, session);
}

/** The round id of a bet request: one per member and requestId (a retry names the same round). */
export function diceRoundIdOf(memberId: bigint, requestId: string): string {
  return `dice-${createHash('sha256').update(`${memberId}:${requestId}`).digest('hex').slice(0, 32)}`;
}

/** A stored dice round's inputs (jsonb): what the player chose and which seed pair it used. */
type DiceInputs = {
  modelVersion: string;
  stake: string;
  target: number;
  side: DiceSide;
  seedId: string;
  serverSeedHash: string;
};

/** Rolled back out of a claim when a concurrent duplicate stored the round first. */
class TakenRound extends Error {}

/**
 * One bet, retry-safe, burning no nonce when refused. Unlike the slot (outcome stored first), the
 * stake goes through `provider.bet` FIRST: a refused stake (insufficient funds …) then has claimed
 * nothing. Only an accepted stake claims the nonce and stores the round, in one transaction; the
 * win follows through `provider.win`. A retry finds the stored round (or, after a crash between
 * the stake and the claim, replays the stake and claims then); a crash after the claim is
 * finished by a retry, or the resolver refunds the stake and the stored round stays as the record
 * of that nonce.
 */
export async function bet(ctx: PlayContext, session: PlaySession, req: DiceBetRequest): Promise<DiceBetValue> {
  requireGame(session, DICE_GAME);
  const game = await inhouseGame(ctx.db, ctx.brandId, DICE_GAME);
  if (!game?.enabled) throw new AppError('GAME_SESSION_INVALID');
  const stake = toMinor(req.stake, ctx.brand.currencyDecimals);
  if (stake === null || !diceStakes(game).includes(stake)) throw new AppError('STAKE_NOT_OFFERED');
  if (!diceTargetOffered(req.target, req.side))
    throw new AppError('VALIDATION_FAILED', { target: 'validation.invalid' });

  const roundId = diceRoundIdOf(session.member.id, req.requestId);
  let round = await diceRoundById(ctx.db.kysely, ctx.brandId, roundId);
  if (round) assertSameBet(round, stake, req);
  const placed = { roundId, gameCode: DICE_GAME, currency: session.currency, stake };
  // Replays the first call's answer when the round exists (or its stake was already placed).
  await placeBet(ctx, session, placed);
  round ??= await claimAndStore(ctx, session, roundId, stake, req);
  assertSameBet(round, stake, req);
  const balanceAfter = await payWin(ctx, session, { ...placed, win: round.win });
  return betValue(ctx, round, balanceAfter);
}

/** The same requestId with another bet is not a retry. */
function assertSameBet(round: DiceRound, stake: bigint, req: DiceBetRequest) {
  const inputs = round.inputs as DiceInputs;
  if (round.stake !== stake || inputs.target !== req.target || inputs.side !== req.side)
    throw new AppError('DUPLICATE_TRANSACTION');
}

async function claimAndStore(
  ctx: PlayContext,
  session: PlaySession,
  roundId: string,
  stake: bigint,
  req: DiceBetRequest,
): Promise<DiceRound> {
  try {
    await ensureSeedPair(ctx.db.kysely, ctx.brandId, session.member.id);
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const pair = await claimWithRetry(trx, ctx.brandId, session.member.id);
      const nonce = Number(pair.nextNonce);
      const outcome = playDiceBet(pair.serverSeed, pair.clientSeed, nonce, {
        stake,
        target: req.target,
        side: req.side,
      });
      const inputs: DiceInputs = {
        modelVersion: DICE_MODEL_VERSION,
        stake: stake.toString(),
        target: req.target,
        side: req.side,
        seedId: pair.id.toString(),
        serverSeedHash: pair.serverSeedHash,
      };
      // server_seed stays '' while the seed is secret (any reader of inhouse_rounds could
      // otherwise leak the rolls to come); the rotation writes it in (repo.ts revealSeedInRounds).
      const stored = await insertRound(trx, {
        brandId: ctx.brandId,
        memberId: session.member.id,
        gameCode: DICE_GAME,
        roundId,
        modelVersion: DICE_MODEL_VERSION,
        serverSeed: '',
        clientSeed: pair.clientSeed,
        nonce: pair.nextNonce,
        inputs,
        outcome: { roll: outcome.roll, multiplier: outcome.multiplier, win: outcome.win.toString() },
        currency: session.currency,
        stake,
        win: outcome.win,
      });
      // A concurrent duplicate stored this round first: undo the claim so the nonce is not burnt.
      if (!stored) throw new TakenRound();
      return { ...stored, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
    });
  } catch (e) {
    if (!(e instanceof TakenRound)) throw e;
    const first = await diceRoundById(ctx.db.kysely, ctx.brandId, roundId);
    if (!first) throw new Error(`dice round ${roundId} vanished`);
    return first;
  }
}

/** Claims a nonce; a rotation committed while waiting retires the pair, so claim on its successor. */
async function claimWithRetry(trx: Kysely<DB>, brandId: number, memberId: bigint): Promise<SeedPair> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pair = await claimNonce(trx, brandId, memberId);
    if (pair) return pair;
    await ensureSeedPair(trx, brandId, memberId);
  }
  throw new Error('dice: no seed pair to claim a nonce from');
}

function betValue(ctx: PlayContext, round: DiceRound, balanceAfter: bigint): DiceBetValue {
  const inputs = round.inputs as DiceInputs;
  const outcome = round.outcome as { roll: number; multiplier: number };
  return {
    roundId: round.roundId,
    modelVersion: round.modelVersion,
    stake: money(ctx, round.stake),
    target: inputs.target,
    side: inputs.side,
    roll: outcome.roll,
    multiplier: outcome.multiplier,
    win: money(ctx, round.win),
    balance: money(ctx, balanceAfter),
    serverSeedHash: inputs.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: Number(round.nonce),
  };
}

/** What a stored dice round must be, recomputed from its revealed seed (audits, disputes, tests). */
export type DiceReplayed = {
  outcome: { roll: number; multiplier: number; win: string };
  postings: { bet: bigint; win: bigint };
  /** Whether the revealed seed is the one whose hash the player saw before the bet. */
  seedMatches: boolean;
};

export function replayDiceRound(
  row: Pick<DiceRound, 'modelVersion' | 'serverSeed' | 'inputs' | 'clientSeed' | 'nonce'>,
): DiceReplayed {
  if (row.modelVersion !== DICE_MODEL_VERSION) throw new Error(`no dice model ${row.modelVersion}`);
  if (!row.serverSeed) throw new Error('dice: the round’s server seed is not revealed yet (rotate first)');
  const inputs = row.inputs as DiceInputs;
  const stake = BigInt(inputs.stake);
  const played = playDiceBet(row.serverSeed, row.clientSeed, Number(row.nonce), {
    stake,
    target: inputs.target,
    side: inputs.side,
  });
  return {
    outcome: { roll: played.roll, multiplier: played.multiplier, win: played.win.toString() },
    postings: { bet: -stake, win: played.win },
    seedMatches: serverSeedHash(row.serverSeed) === inputs.serverSeedHash,
  };
}
