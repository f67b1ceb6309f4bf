import { isPermission, isRole, PERMISSIONS, type Permission, ROLE_NAMES, ROLES, type Role } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repo from './repo';
import type { StaffCaller } from './sessions';

/**
 * Roles per brand (decision 0032): the contract's ROLES are each brand's defaults; a role the
 * brand edited is stored in `staff_roles`, and a session's permissions come from there. Only
 * the catalogue's roles exist: a brand edits what they hold, not which there are.
 */

/** The permission the owner role always keeps, so nobody can lock the brand out of staff management. */
export const OWNER_KEEPS: Permission = 'staff.write';

type RoleSets = Map<Role, { permissions: Permission[]; updatedAt: Date | null; updatedBy: string | null }>;

async function roleSets(db: Database, brandId: number): Promise<RoleSets> {
  const stored = new Map((await repo.storedRoles(db, brandId)).map((r) => [r.role, r]));
  const out: RoleSets = new Map();
  for (const role of ROLE_NAMES) {
    const row = stored.get(role);
    // A permission dropped from the catalogue since the edit is dropped here too.
    const permissions = row
      ? PERMISSIONS.filter((p) => row.permissions.includes(p))
      : PERMISSIONS.filter((p) => (ROLES[role] as readonly Permission[]).includes(p));
    out.set(role, {
      permissions,
      updatedAt: row ? new Date(row.updated_at) : null,
      updatedBy: row?.updated_by ?? null,
    });
  }
  return out;
}

/** The permissions a staff member's roles give in their brand (unknown role names give nothing). */
export async function permissionsFor(db: Database, brandId: number, roles: readonly string[]): Promise<Permission[]> {
  if (roles.length === 0) return [];
  const sets = await roleSets(db, brandId);
  const held = new Set<Permission>();
  for (const r of roles) if (isRole(r)) for (const p of sets.get(r)?.permissions ?? []) held.add(p);
  return PERMISSIONS.filter((p) => held.has(p));
}

export async function listRoles(db: Database, brandId: number) {
  const sets = await roleSets(db, brandId);
  return ROLE_NAMES.map((role) => {
    const s = sets.get(role) as NonNullable<ReturnType<RoleSets['get']>>;
    return {
      role,
      permissions: s.permissions,
      edited: s.updatedAt !== null,
      updatedAt: s.updatedAt?.toISOString() ?? null,
      updatedBy: s.updatedBy,
    };
  });
}

/** Sets a role's permissions, audited with the set before and after. */
export async function editRole(
  db: Database,
  staff: StaffCaller,
  ip: string,
  o: { role: string; permissions: string[]; updatedAt?: string | null; reason: string },
) {
  if (!isRole(o.role)) throw new AppError('NOT_FOUND');
  const permissions = PERMISSIONS.filter((p) => o.permissions.includes(p));
  if (o.permissions.some((p) => !isPermission(p))) throw new AppError('VALIDATION_FAILED');
  if (o.role === 'owner' && !permissions.includes(OWNER_KEEPS)) throw new AppError('STAFF_LOCKOUT');
  const current = (await roleSets(db, staff.brandId)).get(o.role);
  const before = current?.permissions ?? [];
  // A form that says what it read is not saved over someone else's later save.
  if (o.updatedAt !== undefined && (current?.updatedAt?.toISOString() ?? null) !== o.updatedAt)
    throw new AppError('STALE_EDIT');
  await repo.upsertRole(db, staff.brandId, o.role, permissions, `staff:${staff.id}`);
  await audit(db, {
    event: 'role.permissions.changed',
    brandId: staff.brandId,
    staffId: staff.id,
    ip,
    target: `role:${o.role}`,
    reason: o.reason,
    before: { role: o.role, permissions: before },
    after: { role: o.role, permissions },
  });
  return (await listRoles(db, staff.brandId)).find((r) => r.role === o.role) as Awaited<
    ReturnType<typeof listRoles>
  >[number];
}
