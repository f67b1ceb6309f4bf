import { randomBytes } from 'node:crypto';
import { isTrialAccount } from '@khela/contract';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { currencyOf, type Holder } from '../wallet/service';
import * as repo from './repo';

/** How long a launch's game session takes bets (a provider may ask for less). */
export const GAME_SESSION_TTL_SECONDS = 4 * 3600;

/** How long a launch ticket can be redeemed: the game page loads right after the launch. */
export const LAUNCH_TICKET_TTL_SECONDS = 60;

export type { GameSession } from './repo';

/**
 * Opens a game session for a launch: returns the opaque token handed to the provider, stored
 * only as its SHA-256. Trial accounts play with play money and only on vendors that take it;
 * real-money vendors never see play money. `sessionId` is the login the launch came from: the
 * game session ends with it (decision 0028).
 */
export async function createGameSession(
  db: Database,
  opts: {
    member: Holder;
    vendor: string;
    gameCode: string;
    ttlSeconds?: number;
    language?: string;
    sessionId?: bigint;
  },
): Promise<{ token: string; expiresAt: Date; currency: string }> {
  const { member } = opts;
  const vendor = await repo.vendorOf(db, member.brandId, opts.vendor);
  if (!vendor) throw new AppError('NOT_FOUND');
  const trial = isTrialAccount(member.isAgent);
  if (trial && vendor.wallets === 'real') throw new AppError('TRIAL_ACCOUNT');
  if (!trial && vendor.wallets === 'play') throw new AppError('FORBIDDEN');
  const brand = await repo.brandMoney(db, member.brandId);
  const currency = currencyOf(member, brand);
  const expiresAt = new Date(Date.now() + (opts.ttlSeconds ?? GAME_SESSION_TTL_SECONDS) * 1000);
  const token = await repo.insertGameSession(db, {
    brandId: member.brandId,
    memberId: member.id,
    vendor: vendor.code,
    gameCode: opts.gameCode,
    currency,
    expiresAt,
    ...(opts.language ? { language: opts.language } : {}),
    ...(opts.sessionId !== undefined ? { sessionId: opts.sessionId } : {}),
  });
  return { token, expiresAt, currency };
}

/**
 * Ends every game session of the member and their unused launch tickets (logout, password
 * change): their bets and launches are refused from now on, while wins and rollbacks of rounds
 * already open still settle (they never needed a session). The number ended.
 */
export function endGameSessions(db: Database, memberId: bigint): Promise<number> {
  return repo.endGameSessions(db, memberId);
}

/** The live (not expired, not ended) game session of this token in this brand, or null. */
export function liveGameSession(db: Database, brandId: number, token: string): Promise<repo.GameSession | null> {
  return repo.liveGameSession(db, brandId, token);
}

/**
 * Gives a game session a single-use launch ticket (migration 0013): the game page's address
 * carries the ticket, never the session token. Returns the ticket; only its hash is stored.
 */
export async function issueLaunchTicket(db: Database, brandId: number, sessionToken: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  if (!(await repo.setLaunchTicket(db, brandId, sessionToken, ticket, LAUNCH_TICKET_TTL_SECONDS)))
    throw new Error('issueLaunchTicket: no such game session');
  return ticket;
}

export type RedeemedTicket = repo.GameSession & { token: string; language: string };

/**
 * Redeems a launch ticket once: the first call within its minute gets the session with a fresh
 * session token (the launch's own token is replaced, so nothing that crossed the address bar
 * or the launch answer can play); any later call, or an expired ticket, gets null.
 */
export async function redeemLaunchTicket(
  db: Database,
  brandId: number,
  ticket: string,
): Promise<RedeemedTicket | null> {
  const token = randomBytes(32).toString('base64url');
  const row = await repo.useLaunchTicket(db, brandId, ticket, token);
  if (!row) return null;
  return {
    token,
    memberId: row.member_id,
    vendor: row.vendor,
    gameCode: row.game_code,
    currency: row.currency,
    expiresAt: row.expires_at,
    language: row.language,
  };
}
