import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { BrandSnapshot } from './brand';
import { brandOf } from './brand';
import type { Database } from './db';
import { AppError } from './errors';
import { defineJob, every } from './jobs';
import { siteRefusal } from './site-kind';

/** 32 random bytes (256 bits) per token; ARCHITECTURE §3 asks for at least 128. */
export const TOKEN_BYTES = 32;
/** last_seen_at is written at most this often, so a busy session costs no write per call. */
const TOUCH_EVERY_SECONDS = 60;

export type SessionMember = {
  id: bigint;
  brandId: number;
  account: string;
  isAgent: number;
  sessionId: bigint;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member; set by `authenticate`, null on calls without it. */
    member: SessionMember | null;
  }
}

export function installSessions(app: FastifyInstance) {
  app.decorateRequest('member', null);
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Opens a session and returns its bearer token; only the token's SHA-256 is stored. */
export async function createSession(
  db: Database,
  member: { id: bigint },
  o: { ip: string; userAgent: string; loginType: string; hours: number },
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: member.id,
      login_type: o.loginType,
      expires_at: sql<Date>`now() + make_interval(hours => ${o.hours})`,
      ip: o.ip,
      user_agent: o.userAgent,
    })
    .execute();
  return token;
}

/** The token of `Authorization: Bearer <token>`, when it is one (members' and staff's alike). */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(h);
  return m?.[1] ?? null;
}

type SessionRow = {
  session_id: bigint;
  member_id: bigint;
  brand_id: number;
  account: string;
  is_agent: number;
  agent_only: boolean;
};

/**
 * preHandler for calls that need a login: `Authorization: Bearer <token>` of a session that is
 * not revoked, within its absolute lifetime and used within the idle timeout — all compared
 * with the database clock — of an active account (the member status, decision 0031) this site
 * admits. Anything else is 401 UNAUTHORIZED.
 */
export async function authenticate(req: FastifyRequest): Promise<void> {
  const token = bearerOf(req);
  if (!token) throw new AppError('UNAUTHORIZED');
  const db = req.server.db;
  const idle = req.server.config.SESSION_IDLE_MINUTES;
  const r = await sql<SessionRow>`
    WITH s AS (
      SELECT id, member_id, last_seen_at FROM sessions
       WHERE token_hash = ${hashToken(token)}
         AND revoked_at IS NULL
         AND expires_at > now()
         AND last_seen_at > now() - make_interval(mins => ${idle})
    ), touched AS (
      UPDATE sessions SET last_seen_at = now()
        FROM s
       WHERE sessions.id = s.id AND s.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
    )
    SELECT s.id AS session_id, m.id AS member_id, m.brand_id, m.account, m.is_agent, m.agent_only
      FROM s JOIN members m ON m.id = s.member_id
     WHERE m.status = 'active'`.execute(db.kysely);
  const row = r.rows[0];
  if (!row) throw new AppError('UNAUTHORIZED');
  // A token is good only on the brand it was issued for.
  const brand: BrandSnapshot = await brandOf(req);
  if (row.brand_id !== brand.id) throw new AppError('UNAUTHORIZED');
  // Nor on a site (SITE_KIND) that would not let the account log in, e.g. when two sites share a database.
  if (siteRefusal(req.server.config, { is_agent: Number(row.is_agent), agent_only: row.agent_only }))
    throw new AppError('UNAUTHORIZED');
  req.member = {
    id: BigInt(row.member_id),
    brandId: row.brand_id,
    account: row.account,
    isAgent: Number(row.is_agent),
    sessionId: BigInt(row.session_id),
  };
}

/**
 * Ends every login of the member (logout, password change: decision 0028). The game sessions
 * those logins launched end with them (modules/provider). Returns how many were live.
 */
export async function revokeMemberSessions(db: Database, memberId: bigint): Promise<number> {
  const r = await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Ends one login of the member (the back office's revoke); the game sessions it launched end
 * with it (decision 0028). Whether it was live.
 */
export async function revokeMemberSession(db: Database, memberId: bigint, sessionId: bigint): Promise<boolean> {
  const r = await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export type LiveSession = { sessionId: bigint; memberId: bigint; brandId: number; isAgent: number };

/**
 * The session a bearer token opens, if it is still live — the same rules as `authenticate`, but
 * without marking the session used: a socket left open in a tab must not keep an idle player
 * logged in.
 */
export async function liveSession(db: Database, token: string, idleMinutes: number): Promise<LiveSession | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const r = await sql<{ session_id: bigint; member_id: bigint; brand_id: number; is_agent: number }>`
    SELECT s.id AS session_id, m.id AS member_id, m.brand_id, m.is_agent
      FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.token_hash = ${hashToken(token)}
       AND s.revoked_at IS NULL
       AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes})
       AND m.status = 'active'`.execute(db.kysely);
  const row = r.rows[0];
  return row
    ? {
        sessionId: BigInt(row.session_id),
        memberId: BigInt(row.member_id),
        brandId: row.brand_id,
        isAgent: Number(row.is_agent),
      }
    : null;
}

/** Whether a session is still live, by id (re-checked for open sockets). */
export async function sessionStillLive(db: Database, sessionId: bigint, idleMinutes: number): Promise<boolean> {
  const r = await sql<{ ok: number }>`
    SELECT 1 AS ok FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes})
       AND m.status = 'active'`.execute(db.kysely);
  return r.rows.length > 0;
}

/**
 * A session is kept this long after its absolute expiry (a question about a recent login can
 * still be answered), then forgotten. A session logged out earlier waits as long: its expiry is
 * at most SESSION_ABSOLUTE_HOURS after its login.
 */
export const ENDED_SESSIONS_KEPT_DAYS = 7;

export const sessionsSweep = defineJob({
  name: 'sessions-sweep',
  description: `forgets sessions whose expiry passed more than ${ENDED_SESSIONS_KEPT_DAYS} days ago`,
  schedule: every({ hours: 1 }),
  catchUp: 'latest',
  async run({ db }) {
    const r = await db.kysely
      .deleteFrom('sessions')
      .where('expires_at', '<', sql<Date>`now() - make_interval(days => ${ENDED_SESSIONS_KEPT_DAYS})`)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
});
