import type { ErrorCode, ProviderWinRequest } from '@khela/contract';
import { post } from '../wallet/service';
import { type Answer, type CallContext, minorOf, scopeOf } from './answers';
import { memoOf, movement, noMoney, refuse, run, stakeClaimOf } from './money-call';
import * as repo from './repo';

/**
 * Credits a win on an open round of the player (accepted after the game session expired). A
 * zero win moves nothing; `roundClosed` (default true) ends the round.
 */
export async function win(ctx: CallContext, req: ProviderWinRequest): Promise<Answer> {
  const amount = minorOf(ctx, req.amount);
  const closes = req.roundClosed ?? true;
  const { player, claim } = await stakeClaimOf(ctx, 'win', req, amount, closes);
  return run(ctx, player, claim, async (trx, claimId) => {
    const round = {
      roundId: req.roundId,
      memberId: player.memberId,
      gameCode: req.gameCode,
      currency: player.currency,
      amount,
      closes,
    };
    if ((await repo.winOnRound(trx, scopeOf(ctx), round)) === null) {
      const existing = await repo.roundOf(trx, scopeOf(ctx), req.roundId);
      let code: ErrorCode;
      if (!existing) code = 'ROUND_NOT_FOUND';
      else if (existing.member_id !== player.memberId || existing.game_code !== req.gameCode)
        code = 'INVALID_REFERENCE';
      else if (existing.rolled_back) code = 'BET_ROLLED_BACK';
      else code = 'ROUND_CLOSED';
      return refuse(trx, claimId, code);
    }
    if (amount === 0n) return noMoney(trx, ctx, player, claimId, req.txId);
    const m = movement(ctx, player, claim, amount, memoOf(ctx, req.gameCode));
    return { type: 'posted', claimId, txId: req.txId, posted: await post(ctx.db, m, trx) };
  });
}
