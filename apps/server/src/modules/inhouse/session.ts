import type { BrandInfo } from '@khela/contract';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Holder } from '../wallet/service';

/** What every in-house service works on: the database and the brand the call was made on. */
export type PlayContext = { db: Database; brandId: number; brand: BrandInfo };

/** A live game session of the in-house provider, resolved from the page's token. */
export type PlaySession = { token: string; member: Holder; gameCode: string; currency: string };

/**
 * Each game's own check on its caller: a session opened for another in-house game is live but
 * not for this one (403 GAME_SESSION_INVALID, as the provider API answers it).
 */
export function requireGame(session: PlaySession, gameCode: string): void {
  if (session.gameCode !== gameCode) throw new AppError('GAME_SESSION_INVALID');
}
