import type { Permission } from '@khela/contract/staff';

/**
 * The back office's areas (BACK-OFFICE.md "Screens") and the permission that opens each one;
 * the side navigation shows only those the staff member's roles allow. `built: false` areas show
 * what is coming there instead of a dead link.
 */
/** The staff member's own sessions: open to every staff member, whatever their roles. */
export const SESSIONS_PATH = '/staff/sessions';

export type Area = { id: string; path: string; permission: Permission; built: boolean };

export const AREAS: readonly Area[] = [
  { id: 'dashboard', path: '/dashboard', permission: 'reports.read', built: true },
  { id: 'players', path: '/players', permission: 'players.read', built: true },
  { id: 'cashier', path: '/cashier', permission: 'cashier.read', built: true },
  { id: 'content', path: '/content', permission: 'content.read', built: true },
  { id: 'catalog', path: '/catalog', permission: 'catalog.read', built: true },
  { id: 'brand', path: '/brand', permission: 'brand.read', built: true },
  { id: 'risk', path: '/risk', permission: 'risk.read', built: true },
  { id: 'reports', path: '/reports', permission: 'reports.read', built: false },
  { id: 'staff', path: '/staff', permission: 'staff.read', built: true },
  { id: 'audit', path: '/audit', permission: 'audit.read', built: true },
  { id: 'jobs', path: '/jobs', permission: 'jobs.read', built: true },
];

/** Where a staff member lands after login: the first area their roles open, else their sessions. */
export function homeOf(permissions: readonly string[]): string {
  return AREAS.find((a) => permissions.includes(a.permission))?.path ?? SESSIONS_PATH;
}
