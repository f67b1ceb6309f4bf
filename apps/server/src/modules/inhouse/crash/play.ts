import type { CrashBetRequest, CrashBetValue, CrashCashOutRequest, CrashState } from '@khela/contract';
import { fromMinor, toMinor } from '@khela/contract';
import { crashStakes, manualCashOut, parseTarget, winOf } from '@khela/games';
import { AppError } from '../../../platform/errors';
import type { InhouseGame } from '../repo';
import { inhouseGame } from '../repo';
import { balance } from '../service';
import { type PlayContext, type PlaySession, requireGame } from '../session';
import { betView, type CrashEnv, roundView } from './engine';
import { CRASH_GAME, creditWin, debitStake, FINAL_REFUSALS, providerRoundOf, type Wallet, walletOf } from './money';
import {
  betByRequest,
  betOfSlot,
  betsOf,
  type CrashBet,
  cashBet,
  deleteBet,
  insertBet,
  latestRound,
  markBetSettled,
  markRefunded,
  memberAccountOf,
  pastRounds,
  roundByNo,
} from './repo';

/** How many past busts the history strip shows. */
export const HISTORY_LENGTH = 30;

/** A player's name in the live list: enough to recognise oneself, not enough to find anyone. */
export function maskName(account: string): string {
  if (account.length <= 2) return `${account[0] ?? '*'}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/** The crash game of the brand, for a session opened for it. */
async function crashGame(ctx: PlayContext, session: PlaySession): Promise<InhouseGame> {
  requireGame(session, CRASH_GAME);
  const game = await inhouseGame(ctx.db, ctx.brandId, CRASH_GAME);
  if (!game?.enabled) throw new AppError('GAME_SESSION_INVALID');
  return game;
}

/**
 * Places a bet in the current round's betting window, at the server's receive time. The bet
 * row is stored first (its slot is the "two bets per round" rule, enforced by a unique key),
 * then the stake goes through `provider.bet`; a refused stake removes the row. A retried
 * requestId finds its row and repeats the same keyed debit, which replays.
 */
export async function placeBet(
  env: CrashEnv,
  ctx: PlayContext,
  session: PlaySession,
  req: CrashBetRequest,
): Promise<CrashBetValue> {
  const receivedAt = env.now();
  const game = await crashGame(ctx, session);
  const stake = toMinor(req.stake, ctx.brand.currencyDecimals);
  if (stake === null || !crashStakes(game.minBet).includes(stake)) throw new AppError('STAKE_NOT_OFFERED');
  const target = req.autoCashOut === undefined ? null : parseTarget(req.autoCashOut);
  if (req.autoCashOut !== undefined && target === null)
    throw new AppError('VALIDATION_FAILED', { autoCashOut: 'validation.invalid' });
  const wallet = await walletOf(ctx.db, ctx.brandId);
  if (!wallet) throw new AppError('GAME_SESSION_INVALID');

  let bet = await betByRequest(ctx.db, ctx.brandId, session.member.id, req.requestId);
  if (bet && (bet.slot !== req.slot || bet.stake !== stake || bet.target !== target))
    throw new AppError('DUPLICATE_TRANSACTION');
  const round = bet ? null : await latestRound(ctx.db, ctx.brandId);
  if (!bet) {
    if (round?.status !== 'betting' || receivedAt >= round.bettingEndsMs) throw new AppError('ROUND_CLOSED');
    bet = await insertBet(ctx.db, {
      brandId: ctx.brandId,
      roundId: round.id,
      memberId: session.member.id,
      slot: req.slot,
      requestId: req.requestId,
      providerRound: providerRoundOf(round.roundNo, session.member.id, req.slot),
      name: maskName((await memberAccountOf(ctx.db, session.member.id)) ?? ''),
      currency: session.currency,
      stake,
      target,
    });
    if (!bet) {
      // The request id raced itself, or the slot holds another bet already.
      const again = await betByRequest(ctx.db, ctx.brandId, session.member.id, req.requestId);
      if (!again) throw new AppError('CONFLICT');
      bet = again;
    }
  }
  const debited = await debitStake(wallet, bet, session.token);
  if (!debited.ok) {
    await deleteBet(ctx.db, bet.id);
    throw new AppError(debited.code);
  }
  const roundNo = round?.roundNo ?? Number(bet.providerRound.split('-')[1]);
  const view = betView(bet, roundNo, wallet.decimals);
  if (round) env.publish(ctx.brandId, { type: 'bet', bet: view });
  return { bet: { ...view, mine: true }, balance: fromMinor(debited.balance, wallet.decimals) };
}

/**
 * Cashes a bet out at the multiplier of the server's receive time — never a time or a
 * multiplier the page sends. It counts only when received before the bust time; the same
 * requestId again answers the same cash-out.
 */
export async function cashOut(
  env: CrashEnv,
  ctx: PlayContext,
  session: PlaySession,
  req: CrashCashOutRequest,
): Promise<CrashBetValue> {
  const receivedAt = env.now();
  await crashGame(ctx, session);
  const wallet = await walletOf(ctx.db, ctx.brandId);
  const latest = await latestRound(ctx.db, ctx.brandId);
  if (!wallet || !latest) throw new AppError('ROUND_NOT_FOUND');
  // The round in flight, or the one that just busted (a request received before its bust).
  let bet = await betOfSlot(ctx.db, latest.id, session.member.id, req.slot);
  let round = latest;
  if (!bet && latest.status === 'betting') {
    const prev = await roundByNo(ctx.db, ctx.brandId, latest.roundNo - 1);
    bet = prev ? await betOfSlot(ctx.db, prev.id, session.member.id, req.slot) : null;
    if (prev) round = prev;
  }
  if (!bet) throw new AppError('ROUND_NOT_FOUND');
  if (bet.status === 'cashed' && bet.cashoutRequestId === req.requestId) {
    if (!bet.settled) await payWin(wallet, bet);
    return answer(ctx, session, bet, round.roundNo);
  }
  if (bet.status !== 'open') throw new AppError('ROUND_CLOSED');

  const multiplier = manualCashOut(round.bust, bet.target, receivedAt - round.runningMs);
  if (round.status === 'betting' || round.status === 'void' || multiplier === null) throw new AppError('ROUND_CLOSED');
  const cashed = await cashBet(ctx.db, bet.id, {
    kind: 'manual',
    requestId: req.requestId,
    cashoutMs: receivedAt,
    elapsedMs: receivedAt - round.runningMs,
    multiplier,
    win: winOf(bet.stake, multiplier),
  });
  if (!cashed) {
    // The same request arrived twice at once and the other copy cashed it: pay (the keyed win
    // replays) and answer the same. Decided otherwise (the auto cash-out, the bust's
    // settlement): refused, nothing moves.
    const now = await betOfSlot(ctx.db, round.id, session.member.id, req.slot);
    if (now?.status !== 'cashed' || now.cashoutRequestId !== req.requestId) throw new AppError('ROUND_CLOSED');
    await payWin(wallet, now);
    return answer(ctx, session, now, round.roundNo);
  }
  await payWin(wallet, cashed);
  env.publish(ctx.brandId, { type: 'cashout', bet: betView(cashed, round.roundNo, wallet.decimals) });
  return answer(ctx, session, cashed, round.roundNo);
}

async function payWin(wallet: Wallet, bet: CrashBet) {
  const paid = await creditWin(wallet, bet);
  if (!paid.ok && paid.code === 'BET_ROLLED_BACK') {
    await markRefunded(wallet.call.db, bet.id);
    throw new AppError('BET_ROLLED_BACK');
  }
  if (paid.ok || FINAL_REFUSALS.has(paid.code)) await markBetSettled(wallet.call.db, bet.id);
  else throw new AppError(paid.code);
}

async function answer(ctx: PlayContext, session: PlaySession, bet: CrashBet, roundNo: number) {
  const view = betView(bet, roundNo, ctx.brand.currencyDecimals);
  return { bet: { ...view, mine: true }, balance: (await balance(ctx, session)).balance };
}

/** Everything the page draws on (re)connecting: the round, its bets, the history strip. */
export async function crashState(env: CrashEnv, ctx: PlayContext, session?: PlaySession): Promise<CrashState> {
  if (session) requireGame(session, CRASH_GAME);
  const round = await latestRound(ctx.db, ctx.brandId);
  const bets = round ? await betsOf(ctx.db, round.id) : [];
  const history = await pastRounds(ctx.db, ctx.brandId, HISTORY_LENGTH);
  return {
    serverNow: env.now(),
    round: round ? roundView(round) : null,
    bets: bets.map((b) => ({
      ...betView(b, round?.roundNo ?? 0, ctx.brand.currencyDecimals),
      ...(session && b.memberId === session.member.id ? { mine: true } : {}),
    })),
    history: history.map((r) => ({
      roundNo: r.roundNo,
      chainIndex: r.chainIndex,
      bust: r.bust,
      hash: r.hash,
      void: r.status === 'void',
    })),
    ...(session ? { balance: (await balance(ctx, session)).balance } : {}),
  };
}
