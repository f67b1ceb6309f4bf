import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { closeCase } from '../cashier/withdraw-desk';
import type { Desk } from '../staff-players/guard';
import { money } from '../staff-players/profile';
import * as repo from './repo';

/** Cases opened by a player's "partially received" or "not received" (spec §4), worked by finance. */

function caseView(c: repo.CaseRecord, brand: BrandSnapshot) {
  return {
    id: String(c.id),
    requestId: String(c.request_id),
    memberId: Number(c.member_id),
    account: c.account,
    kind: c.kind,
    amount: money(BigInt(c.amount_minor), brand),
    remaining: c.remaining_minor === null ? null : money(BigInt(c.remaining_minor), brand),
    hasProof: Boolean(c.has_proof),
    state: c.state,
    note: c.note,
    createdAt: new Date(c.created_at).toISOString(),
    closedAt: c.closed_at ? new Date(c.closed_at).toISOString() : null,
  };
}

/** GET /bo/cashier/cases: open ones oldest first, closed ones newest first. */
export async function listCases(d: Desk, brand: BrandSnapshot, q: { state: 'open' | 'closed'; pageSize: number }) {
  const rows = await repo.casesOf(d.db, d.staff.brandId, q.state, q.pageSize);
  return { list: rows.map((c) => caseView(c, brand)) };
}

/** GET /bo/cashier/cases/:id/proof: the image as the player sent it (checked png or jpg at upload). */
export async function caseProof(d: Desk, id: string) {
  const row = await repo.caseProof(d.db, d.staff.brandId, BigInt(id));
  if (!row?.proof || !row.proof_type) throw new AppError('NOT_FOUND');
  return { type: row.proof_type, bytes: Buffer.from(row.proof) };
}

/** POST /bo/cashier/cases/:id/close: withdraw-desk.ts closes it (and audits); the desk gets the case back. */
export async function closeCaseCall(d: Desk, brand: BrandSnapshot, id: string, note: string) {
  const found = await repo.caseOf(d.db, d.staff.brandId, BigInt(id));
  if (!found) throw new AppError('NOT_FOUND');
  await closeCase(d, brand, found.id, note);
  return caseView((await repo.caseOf(d.db, d.staff.brandId, BigInt(id))) as repo.CaseRecord, brand);
}
