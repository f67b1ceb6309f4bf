import type { HeldWinDecision, HeldWinOutcome, HeldWinView } from '@khela/contract';
import { type AuditEntry, audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { releaseHeldWin, voidHeldWin } from '../provider/service';
import { type Desk, memberOf, refuseLinked } from '../staff-players/guard';
import { money } from '../staff-players/profile';
import * as repo from './repo';

/**
 * The Risk desk (decisions 0025, 0038): staff decide the provider wins the brand's caps held in
 * suspense. The money moves only through the provider module's decision (suspense → the
 * player's wallet or the house, through modules/wallet, once per win under its own ledger key),
 * so however many clicks or staff race, a win is paid or voided once. A win above the brand's
 * four-eyes threshold (brands.adjust_four_eyes_minor, as for adjustments) is decided by two
 * staff members: one asks, another approves — never the one who asked.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

/** Whether a win of this amount needs a second staff member under this threshold. */
export function needsSecondStaff(amount: bigint, threshold: bigint): boolean {
  return amount > threshold;
}

function viewOf(r: repo.HeldWinListed, brand: BrandSnapshot, threshold: bigint): HeldWinView {
  const amount = BigInt(r.amount);
  return {
    id: Number(r.id),
    memberId: Number(r.member_id),
    account: r.account,
    vendor: r.vendor,
    gameCode: r.game_code,
    roundId: r.round_id,
    txId: r.tx_id,
    amount: money(amount, brand, r.currency),
    stakeTotal: money(BigInt(r.stake_total), brand, r.currency),
    holdReason: r.reason,
    status: r.status,
    heldAt: iso(r.held_at),
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decidedBy: r.decided_by,
    note: r.decision_note,
    needsSecondStaff: needsSecondStaff(amount, threshold),
    pending:
      r.request_id === null || r.request_decision === null
        ? null
        : {
            id: Number(r.request_id),
            decision: r.request_decision,
            reason: r.request_reason ?? '',
            requestedBy: Number(r.requested_by),
            requestedByName: r.requested_by_name ?? '',
            requestedAt: iso(r.requested_at as Date),
          },
  };
}

/** GET /bo/risk/held-wins. */
export async function listHeldWins(
  d: Desk,
  brand: BrandSnapshot,
  q: { status: 'held' | 'released' | 'voided'; awaitingApproval: boolean; after?: number; pageSize: number },
) {
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  const rows = await repo.heldWins(d.db, d.staff.brandId, { ...q, limit: q.pageSize + 1 });
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    list: page.map((r) => viewOf(r, brand, threshold)),
    next: rows.length > q.pageSize && last ? Number(last.id) : null,
    threshold: money(threshold, brand),
  };
}

/** GET /bo/risk/held-wins/count: the navigation's badge. */
export function heldWinBadge(d: Desk) {
  return repo.counts(d.db, d.staff.brandId);
}

async function found(d: Desk, id: number) {
  const row = await repo.heldWin(d.db, d.staff.brandId, BigInt(id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const statusOf = (decision: HeldWinDecision) => (decision === 'release' ? 'released' : 'voided');

async function answer(d: Desk, brand: BrandSnapshot, id: number, outcome: HeldWinOutcome['outcome']) {
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  return { outcome, win: viewOf(await found(d, id), brand, threshold) };
}

/** An audit row of a staff member's act on a held win: who, from where, on which win and player. */
function auditWin(
  d: Desk,
  win: repo.HeldWinListed,
  e: Omit<AuditEntry, 'brandId' | 'memberId' | 'staffId' | 'ip' | 'target'>,
) {
  return audit(d.db, {
    ...e,
    brandId: d.staff.brandId,
    memberId: BigInt(win.member_id),
    staffId: d.staff.id,
    ip: d.ip,
    target: `held-win:${win.id}`,
  });
}

/**
 * Moves the money through the provider module, then audits the staff decision. `replayed`: the
 * win had already been decided this way (a concurrent click won), nothing moved this time.
 */
async function execute(
  d: Desk,
  win: repo.HeldWinListed,
  o: { decision: HeldWinDecision; note: string; reason: string | null; requestedBy?: bigint },
): Promise<boolean> {
  const decision = { brandId: d.staff.brandId, id: BigInt(win.id), actor: `staff:${d.staff.id}`, note: o.note };
  let done: { replayed: boolean };
  try {
    done = o.decision === 'release' ? await releaseHeldWin(d.db, decision) : await voidHeldWin(d.db, decision);
  } catch (e) {
    // The other decision got there first.
    if (e instanceof AppError && e.code === 'CONFLICT') throw new AppError('HELD_WIN_DECIDED');
    throw e;
  }
  if (done.replayed) return true;
  await auditWin(d, win, {
    event: o.decision === 'release' ? 'risk.win.released' : 'risk.win.voided',
    reason: o.reason,
    before: { heldWinId: Number(win.id), status: 'held' },
    after: { heldWinId: Number(win.id), status: statusOf(o.decision) },
    detail: {
      vendor: win.vendor,
      txId: win.tx_id,
      amount: String(win.amount),
      currency: win.currency,
      ...(o.requestedBy !== undefined ? { requestedBy: Number(o.requestedBy) } : {}),
    },
  });
  return false;
}

/** POST /bo/risk/held-wins/:id/release and …/void. */
export async function decideHeldWin(
  d: Desk,
  brand: BrandSnapshot,
  id: number,
  decision: HeldWinDecision,
  reason: string,
) {
  const win = await found(d, id);
  if (win.status !== 'held') {
    if (win.status === statusOf(decision)) return answer(d, brand, id, 'replayed');
    throw new AppError('HELD_WIN_DECIDED');
  }
  // Releasing pays a player; voiding takes a win from one: either way not one linked to the staff member.
  await refuseLinked(d, await memberOf(d, BigInt(win.member_id)), `held-win.${decision}`);
  if (win.request_id !== null) {
    // The same request again (a second click) answers it; anything else waits for its approval.
    if (BigInt(win.requested_by as bigint) === d.staff.id && win.request_decision === decision)
      return answer(d, brand, id, 'pending');
    throw new AppError('HELD_WIN_DECIDED');
  }
  const threshold = await repo.fourEyesThreshold(d.db, d.staff.brandId);
  if (needsSecondStaff(BigInt(win.amount), threshold)) {
    const opened = await repo.insertRequest(d.db, {
      brandId: d.staff.brandId,
      heldWinId: BigInt(win.id),
      decision,
      reason,
      staffId: d.staff.id,
    });
    if (!opened) throw new AppError('HELD_WIN_DECIDED');
    await auditWin(d, win, {
      event: 'risk.win.requested',
      reason,
      before: { heldWinId: Number(win.id), status: 'held' },
      after: { heldWinId: Number(win.id), status: 'held', awaiting: decision },
      detail: { threshold: threshold.toString(), amount: String(win.amount), currency: win.currency },
    });
    return answer(d, brand, id, 'pending');
  }
  const replayed = await execute(d, win, { decision, note: reason, reason });
  return answer(d, brand, id, replayed ? 'replayed' : 'decided');
}

/**
 * POST /bo/risk/held-wins/:id/approve: the second pair of eyes. The requester is refused (and
 * the attempt audited); of approvals racing each other exactly one claims the request, and a
 * failure to move the money puts it back to waiting.
 */
export async function approveHeldWin(d: Desk, brand: BrandSnapshot, id: number, reason: string | undefined) {
  const win = await found(d, id);
  if (win.request_id === null || win.requested_by === null) throw new AppError('HELD_WIN_DECIDED');
  if (BigInt(win.requested_by) === d.staff.id) {
    await auditWin(d, win, {
      event: 'risk.win.self.refused',
      detail: { requestId: Number(win.request_id) },
    });
    throw new AppError('FOUR_EYES_REQUIRED');
  }
  await refuseLinked(d, await memberOf(d, BigInt(win.member_id)), 'held-win.approve');
  const claimed = await repo.claimRequest(d.db, {
    brandId: d.staff.brandId,
    id: BigInt(win.request_id),
    staffId: d.staff.id,
    to: 'approved',
    reason: reason ?? null,
    requesterMay: false,
  });
  if (!claimed) throw new AppError('HELD_WIN_DECIDED');
  let replayed: boolean;
  try {
    replayed = await execute(d, win, {
      decision: claimed.decision,
      note: claimed.reason,
      reason: reason ?? claimed.reason,
      requestedBy: BigInt(claimed.requested_by),
    });
  } catch (e) {
    await repo.reopenRequest(d.db, BigInt(claimed.id));
    throw e;
  }
  return answer(d, brand, id, replayed ? 'replayed' : 'decided');
}

/** POST /bo/risk/held-wins/:id/decline: another staff member declines, or the requester withdraws. */
export async function declineHeldWin(d: Desk, brand: BrandSnapshot, id: number, reason: string) {
  const win = await found(d, id);
  if (win.request_id === null) throw new AppError('HELD_WIN_DECIDED');
  const claimed = await repo.claimRequest(d.db, {
    brandId: d.staff.brandId,
    id: BigInt(win.request_id),
    staffId: d.staff.id,
    to: 'declined',
    reason,
    requesterMay: true,
  });
  if (!claimed) throw new AppError('HELD_WIN_DECIDED');
  await auditWin(d, win, {
    event: 'risk.win.declined',
    reason,
    before: { heldWinId: Number(win.id), status: 'held', awaiting: claimed.decision },
    after: { heldWinId: Number(win.id), status: 'held' },
  });
  return answer(d, brand, id, 'decided');
}
