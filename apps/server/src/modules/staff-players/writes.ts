import type { MemberStatus } from '@khela/contract';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MemberLabel } from '../../platform/schema';
import { revokeMemberSession } from '../../platform/sessions';
import { endEverySession } from '../auth/service';
import { type Desk, memberOf, refuseLinked } from './guard';
import * as repo from './repo';
import { iso } from './search';

/**
 * The desk's writes on a player (decision 0031). Each finds the member in the staff member's
 * brand, refuses a linked account (audited), and writes an audit row with the record before and
 * after and the reason.
 */

/**
 * POST /bo/players/:id/status. Any status but `active` ends every session of the player at once
 * — logins, game sessions and launch tickets, through the logout's own `endEverySession` — and
 * the token check refuses the account from the next call on (platform/sessions.ts), so nothing
 * that raced the change stays open.
 */
export async function setStatus(
  d: Desk,
  id: number,
  body: { status: MemberStatus; reason: string; from?: MemberStatus | undefined },
) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'status');
  const before = await repo.setStatus(d.db, d.staff.brandId, BigInt(member.id), body.status, body.from ?? null);
  // The member exists (memberOf): nothing changed means the status is no longer the form's.
  if (before === undefined) throw new AppError(body.from === undefined ? 'NOT_FOUND' : 'STALE_EDIT');
  const ended =
    body.status === 'active' ? { sessions: 0, gameSessions: 0 } : await endEverySession(d.db, BigInt(member.id));
  await audit(d.db, {
    event: 'player.status',
    brandId: d.staff.brandId,
    memberId: BigInt(member.id),
    staffId: d.staff.id,
    ip: d.ip,
    reason: body.reason,
    before: { status: before },
    after: { status: body.status },
    detail: { endedSessions: ended.sessions, endedGameSessions: ended.gameSessions },
  });
  return { status: body.status, endedSessions: ended.sessions, endedGameSessions: ended.gameSessions };
}

/** How many notes the desk shows (newest first). */
const NOTES_SHOWN = 200;

export async function listNotes(d: Desk, id: number) {
  const member = await memberOf(d, id);
  const rows = await repo.notesOf(d.db, BigInt(member.id), NOTES_SHOWN);
  return rows.map((n) => ({
    id: Number(n.id),
    at: iso(n.created_at),
    staffId: Number(n.staff_id),
    staffUsername: n.username,
    body: n.body,
  }));
}

export async function addNote(d: Desk, id: number, body: { body: string }) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'note');
  const note = await repo.insertNote(d.db, {
    brandId: d.staff.brandId,
    memberId: BigInt(member.id),
    staffId: d.staff.id,
    body: body.body,
  });
  await audit(d.db, {
    event: 'player.note',
    brandId: d.staff.brandId,
    memberId: BigInt(member.id),
    staffId: d.staff.id,
    ip: d.ip,
    after: { noteId: Number(note.id), body: body.body },
  });
  return {
    id: Number(note.id),
    at: iso(note.created_at),
    staffId: Number(d.staff.id),
    staffUsername: d.staff.username,
    body: body.body,
  };
}

export async function setLabels(
  d: Desk,
  id: number,
  body: { labels: MemberLabel[]; reason?: string | undefined; before?: string[] | undefined },
) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'labels');
  const read = member.member_label ?? null;
  const names = (read ?? []).map((l) => l.labelName);
  const stale = body.before !== undefined && JSON.stringify(names) !== JSON.stringify(body.before);
  // Saved only over the labels just read: a save that slipped in between is not overwritten.
  if (stale || !(await repo.setLabels(d.db, BigInt(member.id), body.labels, read))) throw new AppError('STALE_EDIT');
  await audit(d.db, {
    event: 'player.labels',
    brandId: d.staff.brandId,
    memberId: BigInt(member.id),
    staffId: d.staff.id,
    ip: d.ip,
    reason: body.reason ?? null,
    before: { labels: member.member_label ?? [] },
    after: { labels: body.labels },
  });
  return body.labels;
}

/** POST /bo/players/:id/sessions/:sessionId/revoke: one login, and the games it launched (decision 0028). */
export async function revokeSession(d: Desk, id: number, sessionId: number, body: { reason: string }) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'session.revoke');
  const revoked = await revokeMemberSession(d.db, BigInt(member.id), BigInt(sessionId));
  if (revoked)
    await audit(d.db, {
      event: 'player.session.revoked',
      brandId: d.staff.brandId,
      memberId: BigInt(member.id),
      staffId: d.staff.id,
      ip: d.ip,
      reason: body.reason,
      before: { sessionId, live: true },
      after: { sessionId, live: false },
    });
  return { revoked };
}
