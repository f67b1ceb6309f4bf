import { createHash } from 'node:crypto';
import {
  ERRORS,
  type ErrorCode,
  fromMinor,
  INHOUSE_VENDOR,
  isTrialAccount,
  type PlayBalanceValue,
  type PlayOpenValue,
  type SlotInfo,
  type SlotSpin,
  type SlotSpinRequest,
  type SlotSpinValue,
  toMinor,
} from '@khela/contract';
import {
  offeredStakes,
  playRound,
  publicSlotModel,
  type RoundInputs,
  replayRound,
  roundMessage,
  SLOT_MODEL_1,
  type SlotModel,
  type SlotRound,
  seededRng,
  serverSeedHash,
  smallestStake,
} from '@khela/games';
import { AppError } from '../../platform/errors';
import * as provider from '../provider/service';
import { balanceMinor, currencyOf, type Holder } from '../wallet/service';
import { crashInfo } from './crash/info';
import { DICE_GAME, diceInfo } from './dice/service';
import {
  deleteRound,
  type InhouseGame,
  inhouseGame,
  insertRound,
  memberKindOf,
  nextSlotSeedHash,
  roundById,
  type StoredRound,
  takeSlotSeed,
} from './repo';
import { type PlayContext, type PlaySession, requireGame } from './session';

/**
 * The in-house provider's game server (ARCHITECTURE §5): a provider like any other, except that
 * it runs in this process. Its game pages talk to /play/api; money moves only through the
 * seamless-wallet service (provider/service.ts) with vendor JL, so every idempotency, session
 * and ledger rule of the provider API holds for our own games too.
 */

/** The slot's game code in the catalogue and the model its new rounds are played with. */
export const SLOT_GAME = 'slot';
export const SLOT_MODEL: SlotModel = SLOT_MODEL_1;
/** Every model a stored round may name: old rounds replay with the version they were played on. */
const SLOT_MODELS: ReadonlyMap<string, SlotModel> = new Map([[SLOT_MODEL_1.version, SLOT_MODEL_1]]);

export type { PlayContext, PlaySession } from './session';

/** The in-house provider's seamless-wallet calls on this brand (vendor JL, made in process). */
export async function callContext(ctx: PlayContext): Promise<provider.CallContext> {
  const call = await provider.inProcessCall(ctx, INHOUSE_VENDOR);
  // Without its vendor row the in-house games cannot move money; a session cannot exist either.
  if (!call) throw new AppError('GAME_SESSION_INVALID');
  return call;
}

async function holderOf(ctx: PlayContext, memberId: bigint): Promise<Holder | null> {
  const isAgent = await memberKindOf(ctx.db, ctx.brandId, memberId);
  return isAgent === null ? null : { id: memberId, brandId: ctx.brandId, isAgent };
}

const money = (ctx: PlayContext, minor: bigint) => fromMinor(minor, ctx.brand.currencyDecimals);

const balanceOf = (ctx: PlayContext, member: Holder): Promise<bigint> => balanceMinor(ctx.db, member, ctx.brand);

/** The slot's public model with its stakes in this brand's money. */
export function slotInfo(ctx: PlayContext, game: InhouseGame): SlotInfo {
  const stakes = offeredStakes(SLOT_MODEL, smallestStake(SLOT_MODEL, game.minBet));
  return { ...publicSlotModel(SLOT_MODEL), stakes: stakes.map((s) => money(ctx, s)) };
}

/** Redeems a launch ticket (once) for the page's game session and what the page draws first. */
export async function open(ctx: PlayContext, ticket: string): Promise<PlayOpenValue> {
  const redeemed = await provider.redeemLaunchTicket(ctx.db, ctx.brandId, ticket);
  if (!redeemed || redeemed.vendor !== INHOUSE_VENDOR) throw new AppError('LAUNCH_TICKET_INVALID');
  const member = await holderOf(ctx, redeemed.memberId);
  const game = await inhouseGame(ctx.db, ctx.brandId, redeemed.gameCode);
  if (!member || !game) throw new AppError('LAUNCH_TICKET_INVALID');
  const language = redeemed.language;
  return {
    token: redeemed.token,
    gameCode: game.code,
    gameName: game.names[language] ?? game.names.en ?? game.code,
    currency: currencyOf(member, ctx.brand),
    currencySymbol: ctx.brand.currencySymbol,
    decimals: ctx.brand.currencyDecimals,
    language,
    balance: money(ctx, await balanceOf(ctx, member)),
    playMoney: isTrialAccount(member.isAgent),
    ...(game.code === SLOT_GAME
      ? { slot: slotInfo(ctx, game), slotSeedHash: await nextSlotSeedHash(ctx.db, ctx.brandId, member.id) }
      : {}),
    ...(game.code === DICE_GAME ? { dice: diceInfo(ctx, game) } : {}),
    ...(game.code === 'crash' ? { crash: crashInfo(ctx.brand, game) } : {}),
  };
}

/**
 * A page without a live in-house session: 401, the platform's answer to a caller without
 * credentials (ARCHITECTURE §3), worded as the session having ended, which is what the player
 * can act on (open the game again from the lobby).
 */
const noSession = () => new AppError('UNAUTHORIZED', undefined, 'errors.GAME_SESSION_INVALID');

/**
 * The live in-house session behind a page's token (the `game` caller), for `gameCode` when
 * given (the crash feed, which has no route to prove its caller).
 */
export async function sessionOf(ctx: PlayContext, token: string | undefined, gameCode?: string): Promise<PlaySession> {
  if (!token || token.length > 200) throw noSession();
  const s = await provider.liveGameSession(ctx.db, ctx.brandId, token);
  if (!s || s.vendor !== INHOUSE_VENDOR) throw noSession();
  const member = await holderOf(ctx, s.memberId);
  if (!member) throw noSession();
  const session = { token, member, gameCode: s.gameCode, currency: s.currency };
  if (gameCode !== undefined) requireGame(session, gameCode);
  return session;
}

export async function balance(ctx: PlayContext, session: PlaySession): Promise<PlayBalanceValue> {
  return { balance: money(ctx, await balanceOf(ctx, session.member)), currency: session.currency };
}

/**
 * The round id of a spin request: one per member and requestId, so a retried or concurrent
 * duplicate names the same round (and the same bet and win transactions) and can never spin
 * twice. Hashed to keep ids short and free of the page's characters.
 */
export function roundIdOf(memberId: bigint, requestId: string): string {
  return `slot-${createHash('sha256').update(`${memberId}:${requestId}`).digest('hex').slice(0, 32)}`;
}

/** The provider transaction ids of a round's stake and win. */
export const betTxId = (roundId: string) => `${roundId}:bet`;
export const winTxId = (roundId: string) => `${roundId}:win`;

/**
 * One spin, retry-safe. The outcome is decided and stored first (seed, inputs, outcome), then
 * the stake goes through `provider.bet` and the win through `provider.win` (a zero win too: it
 * closes the round). A duplicate finds the stored round and runs the same two calls, which
 * replay — so whichever call arrives second, or comes after a crash between the bet and the
 * win, answers the first outcome and completes the round. A refused stake removes the stored
 * round: nothing was played and nothing moved. A round whose player never comes back after a
 * crash is refunded by the provider's round resolver (no win yet → its bet is rolled back).
 */
export async function spin(ctx: PlayContext, session: PlaySession, req: SlotSpinRequest): Promise<SlotSpinValue> {
  requireGame(session, SLOT_GAME);
  const game = await inhouseGame(ctx.db, ctx.brandId, SLOT_GAME);
  if (!game?.enabled) throw new AppError('GAME_SESSION_INVALID');
  const stake = toMinor(req.stake, ctx.brand.currencyDecimals);
  const offered = offeredStakes(SLOT_MODEL, smallestStake(SLOT_MODEL, game.minBet));
  if (stake === null || !offered.includes(stake)) throw new AppError('STAKE_NOT_OFFERED');

  const roundId = roundIdOf(session.member.id, req.requestId);
  let round = await roundById(ctx.db, ctx.brandId, SLOT_GAME, roundId);
  let nextHash: string | null = null;
  if (!round) {
    // The seed whose hash the page showed before this spin.
    const taken = await takeSlotSeed(ctx.db, ctx.brandId, session.member.id);
    const serverSeed = taken.seed;
    nextHash = taken.nextHash;
    const inputs: RoundInputs = { modelVersion: SLOT_MODEL.version, stake: stake.toString() };
    const played = playRound(SLOT_MODEL, seededRng(serverSeed, roundMessage(inputs)), stake);
    round =
      (await insertRound(ctx.db, {
        brandId: ctx.brandId,
        memberId: session.member.id,
        gameCode: SLOT_GAME,
        roundId,
        modelVersion: SLOT_MODEL.version,
        serverSeed,
        inputs,
        outcome: outcomeJson(played),
        currency: session.currency,
        stake,
        win: played.win,
      })) ?? (await roundById(ctx.db, ctx.brandId, SLOT_GAME, roundId));
    if (!round) throw new Error(`in-house round ${roundId} vanished`);
  }
  // The same requestId with another stake is not a retry.
  if (round.memberId !== session.member.id || round.stake !== stake) throw new AppError('DUPLICATE_TRANSACTION');
  const balanceAfter = await settle(ctx, session, round);
  // A retried request did not take a seed: the one committed now is read.
  nextHash ??= await nextSlotSeedHash(ctx.db, ctx.brandId, session.member.id);
  return spinValue(ctx, round, balanceAfter, nextHash);
}

/** Moves a stored round's money through the seamless-wallet service; returns the balance after. */
export async function settle(ctx: PlayContext, session: PlaySession, round: StoredRound): Promise<bigint> {
  const call = await callContext(ctx);
  const common = {
    playerId: session.member.id.toString(),
    roundId: round.roundId,
    gameCode: round.gameCode,
    currency: round.currency,
  };
  const bet = await provider.bet(call, {
    ...common,
    txId: betTxId(round.roundId),
    token: session.token,
    amount: money(ctx, round.stake),
    roundClosed: false,
  });
  const placed = parseAnswer(ctx, bet);
  if (!placed.ok) {
    await deleteRound(ctx.db, round.id);
    throw new AppError(placed.code);
  }
  const win = await provider.win(call, {
    ...common,
    txId: winTxId(round.roundId),
    amount: money(ctx, round.win),
    roundClosed: true,
  });
  const paid = parseAnswer(ctx, win);
  if (!paid.ok) throw new AppError(paid.code);
  return paid.balance;
}

/** Reads a provider answer's bytes: its balance on success, its error code otherwise. */
export function parseAnswer(
  ctx: PlayContext,
  answer: provider.Answer,
): { ok: true; balance: bigint } | { ok: false; code: ErrorCode } {
  const body = JSON.parse(answer.body) as { success: boolean; code: string; value: { balance?: string } | null };
  const balance = body.success && body.value?.balance ? toMinor(body.value.balance, ctx.brand.currencyDecimals) : null;
  if (balance !== null) return { ok: true, balance };
  const code = (body.code in ERRORS ? body.code : 'INTERNAL') as ErrorCode;
  return { ok: false, code };
}

function outcomeJson(round: SlotRound): Record<string, unknown> {
  return {
    lineBet: round.lineBet.toString(),
    win: round.win.toString(),
    spins: round.spins.map((s) => ({
      ...s,
      lines: s.lines.map((l) => ({ ...l, win: l.win.toString() })),
      scatter: { count: s.scatter.count, win: s.scatter.win.toString() },
      win: s.win.toString(),
    })),
  };
}

type StoredSpin = Omit<SlotSpin, 'lines' | 'scatter' | 'win'> & {
  lines: { line: number; symbol: string; count: number; win: string }[];
  scatter: { count: number; win: string };
  win: string;
};

function spinValue(ctx: PlayContext, round: StoredRound, balanceAfter: bigint, nextHash: string): SlotSpinValue {
  const spins = (round.outcome.spins as StoredSpin[]).map(
    (s): SlotSpin => ({
      kind: s.kind,
      stops: s.stops,
      window: s.window,
      lines: s.lines.map((l) => ({ ...l, win: money(ctx, BigInt(l.win)) })),
      scatter: { count: s.scatter.count, win: money(ctx, BigInt(s.scatter.win)) },
      freeSpinsAwarded: s.freeSpinsAwarded,
      multiplier: s.multiplier,
      win: money(ctx, BigInt(s.win)),
    }),
  );
  return {
    roundId: round.roundId,
    modelVersion: round.modelVersion,
    stake: money(ctx, round.stake),
    win: money(ctx, round.win),
    balance: money(ctx, balanceAfter),
    spins,
    serverSeed: round.serverSeed,
    serverSeedHash: serverSeedHash(round.serverSeed),
    nextServerSeedHash: nextHash,
  };
}

/** What a stored round must be: its outcome recomputed from the seed, and its postings' amounts. */
export type Replayed = {
  round: SlotRound;
  /** The outcome as it must have been stored. */
  outcome: Record<string, unknown>;
  /** The wallet's postings: the stake debited, the win credited (minor units, signed). */
  postings: { bet: bigint; win: bigint };
};

/** Recomputes a stored round from its row (audits, disputes, the tests). */
export function replayStoredRound(row: Pick<StoredRound, 'modelVersion' | 'serverSeed' | 'inputs'>): Replayed {
  const model = SLOT_MODELS.get(row.modelVersion);
  if (!model) throw new Error(`no slot model ${row.modelVersion}`);
  const round = replayRound(model, row.serverSeed, row.inputs as RoundInputs);
  return { round, outcome: outcomeJson(round), postings: { bet: -round.stake, win: round.win } };
}
