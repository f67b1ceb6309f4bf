import type { ErrorCode, ProviderWinRequest } from '@khela/contract';
import { post } from '../wallet/service';
import { type Answer, type CallContext, minorOf, scopeOf } from './answers';
import { capExceeded, holdIn, suspenseAccountOf } from './held-wins';
import { memoOf, movement, noMoney, refuse, run, stakeClaimOf } from './money-call';
import * as repo from './repo';

/**
 * Credits a win on an open round of the player (accepted after the game session expired). A
 * zero win moves nothing; `roundClosed` (default true) ends the round. A win over the brand's
 * caps is answered alike but held in the vendor's suspense account (held-wins.ts).
 */
export async function win(ctx: CallContext, req: ProviderWinRequest): Promise<Answer> {
  const amount = minorOf(ctx, req.amount);
  const closes = req.roundClosed ?? true;
  const { player, claim } = await stakeClaimOf(ctx, 'win', req, amount, closes);
  // Opened before the transaction (PGlite has one connection); cached after the first win.
  const suspenseAccount = await suspenseAccountOf(ctx.db, ctx.brandId, ctx.vendor.code, player.currency);
  return run(ctx, player, claim, async (trx, claimId) => {
    const round = {
      roundId: req.roundId,
      memberId: player.memberId,
      gameCode: req.gameCode,
      currency: player.currency,
      amount,
      closes,
    };
    const won = await repo.winOnRound(trx, scopeOf(ctx), round);
    if (won === null) {
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
    const reason = capExceeded(ctx.vendor.caps, player.currency, amount, won);
    if (reason)
      return holdIn(trx, ctx, player, claimId, {
        ...claim,
        gameCode: req.gameCode,
        amount,
        suspenseAccount,
        reason,
        round: won,
      });
    const m = movement(ctx, player, claim, amount, memoOf(ctx, req.gameCode));
    return { type: 'posted', claimId, txId: req.txId, posted: await post(ctx.db, m, trx) };
  });
}
