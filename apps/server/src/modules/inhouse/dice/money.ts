import { fromMinor } from '@khela/contract';
import { AppError } from '../../../platform/errors';
import * as provider from '../../provider/service';
import { betTxId, callContext, type PlayContext, type PlaySession, parseAnswer, winTxId } from '../service';

/**
 * A dice bet's two seamless-wallet calls, split (the slot's `settle` makes both at once) because
 * dice claims its nonce between them: only a stake the wallet accepted may use one. The same
 * transaction ids as the slot (`<round>:bet`, `<round>:win`), so replays answer the first call.
 */

export type Placed = { roundId: string; gameCode: string; currency: string; stake: bigint };

const common = (session: PlaySession, p: Placed) => ({
  playerId: session.member.id.toString(),
  roundId: p.roundId,
  gameCode: p.gameCode,
  currency: p.currency,
});

/** Debits the stake (or replays the first debit); a refusal throws its code and moved nothing. */
export async function placeBet(ctx: PlayContext, session: PlaySession, p: Placed): Promise<void> {
  const answer = await provider.bet(await callContext(ctx), {
    ...common(session, p),
    txId: betTxId(p.roundId),
    token: session.token,
    amount: fromMinor(p.stake, ctx.brand.currencyDecimals),
    roundClosed: false,
  });
  const placed = parseAnswer(ctx, answer);
  if (!placed.ok) throw new AppError(placed.code);
}

/** Credits the win (a zero win too: it closes the round); returns the balance after. */
export async function payWin(ctx: PlayContext, session: PlaySession, p: Placed & { win: bigint }): Promise<bigint> {
  const answer = await provider.win(await callContext(ctx), {
    ...common(session, p),
    txId: winTxId(p.roundId),
    amount: fromMinor(p.win, ctx.brand.currencyDecimals),
    roundClosed: true,
  });
  const paid = parseAnswer(ctx, answer);
  if (!paid.ok) throw new AppError(paid.code);
  return paid.balance;
}
