import { isTrialAccount } from '@khela/contract';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { currencyOf, systemAccount, walletFor } from '../wallet/service';
import type { CallContext } from './answers';
import * as repo from './repo';

/** The player of a call, with the accounts the call moves money between. */
export type Player = {
  memberId: bigint;
  playerId: string;
  currency: string;
  walletId: bigint;
  providerAccount: bigint;
};

/** The vendor's settlement account in this currency (one per vendor and currency). */
function providerAccountOf(db: Database, brandId: number, vendor: string, currency: string) {
  return systemAccount(db, brandId, `provider:${vendor}`, currency);
}

/**
 * The member behind `playerId` (the member id as a decimal string), with their wallet in the
 * money this vendor plays with: trial accounts hold play money and only play-money vendors
 * ('play' or 'both') may touch it; real-money vendors never see play money, nor the reverse.
 */
export async function playerOf(ctx: CallContext, playerId: string, currency: string): Promise<Player> {
  if (!/^[1-9]\d{0,17}$/.test(playerId)) throw new AppError('PLAYER_NOT_FOUND');
  const row = await repo.memberInBrand(ctx.db, ctx.brandId, BigInt(playerId));
  if (!row) throw new AppError('PLAYER_NOT_FOUND');
  const holder = { id: row.id, brandId: ctx.brandId, isAgent: row.is_agent };
  const trial = isTrialAccount(row.is_agent);
  if (trial && ctx.vendor.wallets === 'real') throw new AppError('TRIAL_ACCOUNT');
  if (!trial && ctx.vendor.wallets === 'play') throw new AppError('FORBIDDEN');
  const walletCurrency = currencyOf(holder, ctx.brand);
  if (walletCurrency !== currency) throw new AppError('CURRENCY_MISMATCH');
  const walletId = await walletFor(ctx.db, holder, ctx.brand);
  const providerAccount = await providerAccountOf(ctx.db, ctx.brandId, ctx.vendor.code, walletCurrency);
  return { memberId: row.id, playerId, currency: walletCurrency, walletId, providerAccount };
}

/**
 * The player of a stored round, in the round's currency (the resolver's: no request names them).
 * The accounts exist already, since the round's bets were posted to them.
 */
export async function playerOfRound(ctx: CallContext, round: { member_id: bigint; currency: string }): Promise<Player> {
  const isAgent = await repo.memberKind(ctx.db, round.member_id);
  const walletId = await walletFor(ctx.db, { id: round.member_id, brandId: ctx.brandId, isAgent }, ctx.brand);
  const providerAccount = await providerAccountOf(ctx.db, ctx.brandId, ctx.vendor.code, round.currency);
  return {
    memberId: round.member_id,
    playerId: round.member_id.toString(),
    currency: round.currency,
    walletId,
    providerAccount,
  };
}

/** Requires a live game session of this player, vendor (and game, when given). */
export async function requireSession(ctx: CallContext, token: string, playerId: string, gameCode?: string) {
  const session = await repo.liveGameSession(ctx.db, ctx.brandId, token);
  if (
    !session ||
    session.memberId.toString() !== playerId ||
    session.vendor !== ctx.vendor.code ||
    (gameCode !== undefined && session.gameCode !== gameCode)
  )
    throw new AppError('GAME_SESSION_INVALID');
}
