import { randomBytes } from 'node:crypto';
import { OWN_SESSION, type Permission } from '@khela/contract';
import { addressAllowed } from '../../platform/address-list';
import { audit } from '../../platform/audit';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { registerAuthenticator } from '../../platform/route';
import { bearerOf, hashToken, TOKEN_BYTES } from '../../platform/sessions';
import type { Visit } from '../../platform/visit';
import * as repo from './repo';
import { permissionsFor } from './roles';

/**
 * Staff sessions (decision 0030): a bearer token of their own table — a player's token opens
 * nothing here — ending STAFF_SESSION_IDLE_SECONDS after the last call and
 * STAFF_SESSION_MAX_SECONDS after login, both on the database's clock.
 */

/** The staff member behind a `staff:<permission>` call (`req.caller`). */
export type StaffCaller = {
  id: bigint;
  brandId: number;
  merchantCode: string;
  username: string;
  roles: string[];
  permissions: Permission[];
  sessionId: bigint;
  sessionExpiresAt: Date;
};

declare module '../../platform/route' {
  interface Callers {
    staff: StaffCaller;
  }
}

type SessionConfig = Pick<Config, 'STAFF_SESSION_IDLE_SECONDS' | 'STAFF_SESSION_MAX_SECONDS'>;

export async function openStaffSession(db: Database, config: SessionConfig, staffId: bigint, visit: Visit) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await repo.insertSession(db, {
    tokenHash: hashToken(token),
    staffId,
    ip: visit.ip,
    userAgent: visit.userAgent,
    seconds: config.STAFF_SESSION_MAX_SECONDS,
  });
  return { token, id: row.id, expiresAt: new Date(row.expires_at) };
}

/**
 * The `staff` authenticator of route(): no live staff session of this host's brand → 401 (a
 * visitor, a player's token, an expired session alike); a call from outside the brand's staff
 * address allow-list → 403 STAFF_ADDRESS_NOT_ALLOWED, audited; a session whose roles (as the
 * brand stores them) lack the call's permission → 403. All before the input is read.
 * `staff:session` asks for a session only.
 */
export function registerStaffCaller() {
  registerAuthenticator('staff', async (req, permission) => {
    const token = bearerOf(req);
    if (!token) throw new AppError('UNAUTHORIZED');
    const s = await repo.touchLiveSession(
      req.server.db,
      hashToken(token),
      req.server.config.STAFF_SESSION_IDLE_SECONDS,
    );
    if (!s) throw new AppError('UNAUTHORIZED');
    if (s.brand_id !== (await brandOf(req)).id) throw new AppError('UNAUTHORIZED');
    const ip = clientIp(req, req.server.config.TRUSTED_PROXY_HEADER);
    if (!addressAllowed(s.staff_allowed_addresses, ip)) {
      await audit(req.server.db, {
        event: 'staff.address.refused',
        brandId: s.brand_id,
        staffId: BigInt(s.staff_id),
        ip,
        detail: { method: req.method, path: req.routeOptions.url ?? '' },
      });
      throw new AppError('STAFF_ADDRESS_NOT_ALLOWED');
    }
    const permissions = await permissionsFor(req.server.db, s.brand_id, s.roles);
    if (permission !== OWN_SESSION && !permissions.includes(permission as Permission)) throw new AppError('FORBIDDEN');
    req.caller = {
      id: BigInt(s.staff_id),
      brandId: s.brand_id,
      merchantCode: s.merchant_code,
      username: s.username,
      roles: s.roles,
      permissions,
      sessionId: BigInt(s.session_id),
      sessionExpiresAt: new Date(s.expires_at),
    } satisfies StaffCaller;
  });
}

export function me(staff: StaffCaller) {
  return {
    id: Number(staff.id),
    username: staff.username,
    brand: staff.merchantCode,
    roles: staff.roles,
    permissions: staff.permissions,
    sessionExpiresAt: staff.sessionExpiresAt.toISOString(),
  };
}

export async function ownSessions(db: Database, config: SessionConfig, staff: StaffCaller) {
  const rows = await repo.liveSessionsOf(db, staff.id, config.STAFF_SESSION_IDLE_SECONDS);
  return rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    ip: r.ip,
    userAgent: r.user_agent,
    current: r.id === staff.sessionId,
  }));
}

/** Ends one of the caller's own sessions (another staff member's id ends nothing). */
export async function revokeOwnSession(db: Database, staff: StaffCaller, sessionId: bigint, ip: string) {
  const revoked = await repo.revokeSession(db, staff.id, sessionId);
  if (revoked)
    await audit(db, {
      event: sessionId === staff.sessionId ? 'staff.logout' : 'staff.session.revoked',
      brandId: staff.brandId,
      staffId: staff.id,
      ip,
      detail: { sessionId: Number(sessionId) },
    });
  return { revoked };
}
