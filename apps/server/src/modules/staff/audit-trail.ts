import type { Database } from '../../platform/db';
import * as repo from './repo';
import type { StaffCaller } from './sessions';

/** The audit trail of the staff member's own brand, newest first, a page at a time. */
export async function auditTrail(
  db: Database,
  staff: StaffCaller,
  q: { event?: string; staffId?: number; memberId?: number; before?: number; pageSize: number },
) {
  const rows = await repo.auditRows(db, staff.brandId, q);
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    event: r.event,
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    memberId: r.member_id === null ? null : Number(r.member_id),
    ip: r.ip,
    reason: r.reason,
    before: r.before,
    after: r.after,
    detail: r.detail,
  }));
}
