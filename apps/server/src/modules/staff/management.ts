import { FIELD_ERRORS, type StaffContactBody, type StaffCreateBody, type StaffView } from '@khela/contract';
import { readMobile } from '@khela/contract/phone';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createStaff, replaceSetupLink, SETUP_LINK_HOURS, StaffInputError, setupLinkOf } from './accounts';
import * as repo from './repo';
import type { StaffCaller } from './sessions';

/**
 * The staff screen's writes (decision 0032), by a staff member holding staff.write: create,
 * roles, linked player accounts, disable and enable, password and TOTP reset. Each is audited
 * with the record before and after and the reason given; none acts on the caller's own account
 * (another staff member does that), so nobody widens or resets their own access.
 */

/** `dialingCode`: the brand's first mobile dialling code, for a number typed without one. */
export type Actor = { staff: StaffCaller; ip: string; linkBase: string; dialingCode?: string };

function statusOf(r: repo.StaffListRow): StaffView['status'] {
  if (r.disabled_at) return 'disabled';
  if (!r.totp_enrolled_at) return 'setup';
  if (r.locked_until && new Date(r.locked_until).getTime() > Date.now()) return 'locked';
  return 'active';
}

function viewOf(r: repo.StaffListRow): StaffView {
  return {
    id: Number(r.id),
    username: r.username,
    roles: r.roles,
    status: statusOf(r),
    totpEnrolled: r.totp_enrolled_at !== null,
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    linkedMemberIds: r.linked_member_ids.map(Number),
    mobile: r.mobile_num,
    email: r.email,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** What the audit trail keeps of a staff record before and after a write. */
const recordOf = (v: StaffView) => ({
  id: v.id,
  username: v.username,
  roles: v.roles,
  status: v.status,
  linkedMemberIds: v.linkedMemberIds,
  mobile: v.mobile,
  email: v.email,
});

export async function listStaff(db: Database, brandId: number, status?: StaffView['status']) {
  const views = (await repo.staffList(db, brandId)).map(viewOf);
  return status ? views.filter((v) => v.status === status) : views;
}

/** A staff member of the caller's brand, not the caller: someone else acts on one's own account. */
async function targetOf(db: Database, actor: Actor, id: number): Promise<StaffView> {
  const row = (await repo.staffList(db, actor.staff.brandId, BigInt(id)))[0];
  if (!row) throw new AppError('NOT_FOUND');
  if (row.id === actor.staff.id) throw new AppError('STAFF_SELF_ACTION');
  return viewOf(row);
}

async function reread(db: Database, brandId: number, id: number): Promise<StaffView> {
  return viewOf((await repo.staffList(db, brandId, BigInt(id)))[0] as repo.StaffListRow);
}

/** Declared linked accounts must be players of the brand: a typo would protect nobody. */
async function checkMembers(db: Database, brandId: number, ids: number[]) {
  if (ids.length === 0) return;
  const found = await db.kysely
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where(
      'id',
      'in',
      ids.map((i) => BigInt(i)),
    )
    .execute();
  if (found.length !== new Set(ids).size)
    throw new AppError('VALIDATION_FAILED', { linkedMemberIds: FIELD_ERRORS.invalid });
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The staff member's own mobile and email as stored: the mobile in E.164 (as players' numbers
 * are, so they compare equal), the email in lower case (the guard compares it so). '' is none.
 */
function contactOf(actor: Actor, b: { mobile: string; email: string }) {
  const errors: Record<string, string> = {};
  let mobile: string | null = null;
  if (b.mobile !== '') {
    const reading = readMobile(b.mobile, actor.dialingCode ? { dialingCode: actor.dialingCode } : {});
    if (reading.ok) mobile = reading.e164;
    else errors.mobile = FIELD_ERRORS.invalid;
  }
  const email = b.email === '' ? null : b.email.toLowerCase();
  if (email !== null && !EMAIL_SHAPE.test(email)) errors.email = FIELD_ERRORS.invalid;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  return { mobile_num: mobile, email };
}

export async function createByStaff(db: Database, actor: Actor, body: StaffCreateBody) {
  await checkMembers(db, actor.staff.brandId, body.linkedMemberIds);
  const contact = contactOf(actor, body);
  let made: Awaited<ReturnType<typeof createStaff>>;
  try {
    made = await createStaff(db, actor.linkBase, {
      merchantCode: actor.staff.merchantCode,
      username: body.username,
      roles: body.roles,
      createdBy: `staff:${actor.staff.id}`,
      linkedMemberIds: [...new Set(body.linkedMemberIds)].map((i) => BigInt(i)),
      contact: { mobileNum: contact.mobile_num, email: contact.email },
      actor: { staffId: actor.staff.id, ip: actor.ip, reason: body.reason },
    });
  } catch (e) {
    if (e instanceof StaffInputError && e.taken)
      throw new AppError('ACCOUNT_EXISTS', { username: FIELD_ERRORS.accountTaken });
    if (e instanceof StaffInputError) throw new AppError('VALIDATION_FAILED', { [e.field]: FIELD_ERRORS.invalid });
    throw e;
  }
  return {
    staff: await reread(db, actor.staff.brandId, Number(made.staffId)),
    setupLink: made.link,
    expiresHours: made.expiresHours,
  };
}

/** One audited change of a staff record: `change` writes it, the views before and after are kept. */
async function changed(
  db: Database,
  actor: Actor,
  id: number,
  event: 'staff.roles.changed' | 'staff.linked.changed' | 'staff.contact.changed' | 'staff.disabled' | 'staff.enabled',
  reason: string,
  change: (before: StaffView) => Promise<Record<string, unknown> | undefined>,
): Promise<StaffView> {
  const before = await targetOf(db, actor, id);
  const detail = await change(before);
  const after = await reread(db, actor.staff.brandId, id);
  await audit(db, {
    event,
    brandId: actor.staff.brandId,
    staffId: actor.staff.id,
    ip: actor.ip,
    target: `staff:${id}`,
    reason,
    before: recordOf(before),
    after: recordOf(after),
    ...(detail ? { detail } : {}),
  });
  return after;
}

/**
 * Writes an edit form's change unless the record changed since the form read it (`readAt`, the
 * record's `updatedAt`): a colleague's save is never silently overwritten.
 */
async function write(db: Database, id: number, set: Parameters<typeof repo.setStaffFields>[2], readAt?: string) {
  if (readAt !== undefined && Number.isNaN(Date.parse(readAt)))
    throw new AppError('VALIDATION_FAILED', { updatedAt: FIELD_ERRORS.invalid });
  if (!(await repo.setStaffFields(db, BigInt(id), set, readAt))) throw new AppError('STALE_EDIT');
}

export function setRoles(
  db: Database,
  actor: Actor,
  id: number,
  b: { roles: string[]; updatedAt?: string | undefined; reason: string },
) {
  return changed(db, actor, id, 'staff.roles.changed', b.reason, async () => {
    await write(db, id, { roles: [...new Set(b.roles)] }, b.updatedAt);
    return undefined;
  });
}

/** The staff member's own mobile and email: the linked-account guard matches players on both. */
export function setContact(db: Database, actor: Actor, id: number, b: StaffContactBody) {
  const contact = contactOf(actor, b);
  return changed(db, actor, id, 'staff.contact.changed', b.reason, async () => {
    await write(db, id, contact, b.updatedAt);
    return undefined;
  });
}

export async function setLinkedMembers(
  db: Database,
  actor: Actor,
  id: number,
  b: { linkedMemberIds: number[]; updatedAt?: string | undefined; reason: string },
) {
  await checkMembers(db, actor.staff.brandId, b.linkedMemberIds);
  return changed(db, actor, id, 'staff.linked.changed', b.reason, async () => {
    const ids = [...new Set(b.linkedMemberIds)].map((i) => BigInt(i));
    await write(db, id, { linked_member_ids: ids }, b.updatedAt);
    return undefined;
  });
}

/** Disabling ends the staff member's sessions at once; their next call answers 401. */
export function disable(db: Database, actor: Actor, id: number, reason: string) {
  return changed(db, actor, id, 'staff.disabled', reason, async (before) => {
    if (before.status === 'disabled') return { sessionsEnded: 0 };
    await repo.setStaffFields(db, BigInt(id), { disabled_at: new Date() });
    return { sessionsEnded: await repo.revokeAllSessions(db, BigInt(id)) };
  });
}

export function enable(db: Database, actor: Actor, id: number, reason: string) {
  return changed(db, actor, id, 'staff.enabled', reason, async () => {
    await repo.setStaffFields(db, BigInt(id), { disabled_at: null });
    return undefined;
  });
}

/**
 * A password or TOTP reset by another staff member: the target's password, TOTP secret and
 * recovery codes are cleared and their sessions end; a new set-up link (the earlier ones stop
 * working) lets them choose both again. The link goes to whoever reset, to hand over privately.
 */
export async function reset(db: Database, actor: Actor, id: number, b: { kind: 'password' | 'totp'; reason: string }) {
  const before = await targetOf(db, actor, id);
  if (before.status === 'disabled') throw new AppError('CONFLICT');
  const staffId = BigInt(id);
  await repo.clearCredentials(db, staffId);
  const sessionsEnded = await repo.revokeAllSessions(db, staffId);
  const token = await replaceSetupLink(db, staffId);
  const after = await reread(db, actor.staff.brandId, id);
  await audit(db, {
    event: b.kind === 'password' ? 'staff.password.reset' : 'staff.totp.reset',
    brandId: actor.staff.brandId,
    staffId: actor.staff.id,
    ip: actor.ip,
    target: `staff:${id}`,
    reason: b.reason,
    before: { ...recordOf(before), totpEnrolled: before.totpEnrolled },
    after: { ...recordOf(after), totpEnrolled: after.totpEnrolled },
    detail: { sessionsEnded },
  });
  return { staff: after, setupLink: setupLinkOf(actor.linkBase, token), expiresHours: SETUP_LINK_HOURS };
}
