import type { ProviderBetRequest } from '@khela/contract';
import { AppError } from '../../platform/errors';
import { post } from '../wallet/service';
import { type Answer, type CallContext, minorOf, scopeOf } from './answers';
import { memoOf, movement, refuse, run, stakeClaimOf } from './money-call';
import { requireSession } from './player';
import * as repo from './repo';

/**
 * Debits a stake: opens the round or adds to it (an open round of the same player, game and
 * currency), and needs a live game session of the player for this game. `roundClosed` ends a
 * lost single-bet round at once.
 */
export async function bet(ctx: CallContext, req: ProviderBetRequest): Promise<Answer> {
  const amount = minorOf(ctx, req.amount);
  if (amount === 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const closes = req.roundClosed ?? false;
  const { player, claim } = await stakeClaimOf(ctx, 'bet', req, amount, closes);
  // Bets need a live session; wins and rollbacks do not (it may expire mid-round).
  const session = () => requireSession(ctx, req.token, req.playerId, req.gameCode);
  return run(
    ctx,
    player,
    claim,
    async (trx, claimId) => {
      const round = {
        roundId: req.roundId,
        memberId: player.memberId,
        gameCode: req.gameCode,
        currency: player.currency,
        amount,
        closes,
      };
      if ((await repo.stakeOnRound(trx, scopeOf(ctx), round)) === null) {
        const existing = await repo.roundOf(trx, scopeOf(ctx), req.roundId);
        return refuse(trx, claimId, existing?.status !== 'open' ? 'ROUND_CLOSED' : 'INVALID_REFERENCE');
      }
      const m = movement(ctx, player, claim, -amount, memoOf(ctx, req.gameCode));
      return { type: 'posted', claimId, txId: req.txId, posted: await post(ctx.db, m, trx) };
    },
    session,
  );
}
