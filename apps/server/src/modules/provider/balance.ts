import type { ProviderBalanceRequest } from '@khela/contract';
import { currentBalance } from '../wallet/service';
import { type Answer, type CallContext, money, okAnswer } from './answers';
import { playerOf, requireSession } from './player';

/** The player's balance, for a live game session of theirs. */
export async function balance(ctx: CallContext, req: ProviderBalanceRequest): Promise<Answer> {
  await requireSession(ctx, req.token, req.playerId);
  const player = await playerOf(ctx, req.playerId, req.currency);
  const minor = await currentBalance(ctx.db, player.walletId);
  return okAnswer({ playerId: player.playerId, currency: player.currency, balance: money(ctx, minor) });
}
