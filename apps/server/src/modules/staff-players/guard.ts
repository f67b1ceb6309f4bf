import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { StaffCaller } from '../staff/sessions';
import * as repo from './repo';

/** What a desk call knows of where it came from, for the audit rows. */
export type Desk = { db: Database; staff: StaffCaller; ip: string };

/** The member of the staff member's brand with this id; another brand's id is not found. */
export async function memberOf(d: Desk, id: number | bigint): Promise<repo.MemberRecord> {
  const member = await repo.memberOfBrand(d.db, d.staff.brandId, BigInt(id));
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

/**
 * Whether the account is linked to the staff member (BACK-OFFICE.md "Staff"): declared on their
 * staff record, or holding their own mobile number or email.
 */
export async function isLinked(
  d: Pick<Desk, 'db' | 'staff'>,
  member: Pick<repo.MemberRecord, 'id' | 'mobile_num' | 'email'>,
): Promise<boolean> {
  const links = await repo.staffLinks(d.db, d.staff.id);
  if (!links) return false;
  if (links.linked_member_ids.some((id) => BigInt(id) === BigInt(member.id))) return true;
  if (links.mobile_num && member.mobile_num && links.mobile_num === member.mobile_num) return true;
  const email = (e: string | null) => e?.trim().toLowerCase() || null;
  return !!email(links.email) && email(links.email) === email(member.email);
}

/**
 * Every player write checks this first: a staff member never acts on an account linked to
 * themselves. The refusal is audited with the write it stopped.
 */
export async function refuseLinked(
  d: Desk,
  member: Pick<repo.MemberRecord, 'id' | 'mobile_num' | 'email'>,
  action: string,
): Promise<void> {
  if (!(await isLinked(d, member))) return;
  await audit(d.db, {
    event: 'player.linked.refused',
    brandId: d.staff.brandId,
    memberId: member.id,
    staffId: d.staff.id,
    ip: d.ip,
    detail: { action },
  });
  throw new AppError('LINKED_MEMBER');
}
