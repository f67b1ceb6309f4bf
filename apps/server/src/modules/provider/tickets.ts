import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import { type GameSession, tokenHash } from './repo';

/** How long a launch ticket can be redeemed: the game page loads right after the launch. */
export const LAUNCH_TICKET_TTL_SECONDS = 60;

/**
 * Gives a game session a single-use launch ticket (migration 0013): the game page's address
 * carries the ticket, never the session token. Returns the ticket; only its hash is stored.
 */
export async function issueLaunchTicket(db: Database, brandId: number, sessionToken: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  const updated = await db.kysely
    .updateTable('game_sessions')
    .set({
      ticket_hash: tokenHash(ticket),
      ticket_expires_at: sql<Date>`now() + make_interval(secs => ${LAUNCH_TICKET_TTL_SECONDS})`,
      ticket_used_at: null,
    })
    .where('token_hash', '=', tokenHash(sessionToken))
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new Error('issueLaunchTicket: no such game session');
  return ticket;
}

export type RedeemedTicket = GameSession & { token: string; language: string };

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
  const row = await db.kysely
    .updateTable('game_sessions')
    .set({ ticket_used_at: sql<Date>`now()`, token_hash: tokenHash(token) })
    .where('ticket_hash', '=', tokenHash(ticket))
    .where('brand_id', '=', brandId)
    .where('ticket_used_at', 'is', null)
    .where('ticket_expires_at', '>', sql<Date>`now()`)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['member_id', 'vendor', 'game_code', 'currency', 'expires_at', 'language'])
    .executeTakeFirst();
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
