import type { StaffRequest } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { cashierSettings } from '../cashier/settings';
import { methodName, type RequestRow } from '../cashier/views';
import { money } from '../staff-players/profile';
import * as repo from './repo';

/**
 * How the desk sees requests (contract StaffRequest): the player's account, the payout account
 * in full (staff pay to it), who approved first above the four-eyes threshold, and the age the
 * queue sorts by. Methods, accounts, members and staff names are read in one query each.
 */
export async function staffViews(
  db: Database,
  brand: BrandSnapshot,
  rows: RequestRow[],
  lang: string,
): Promise<StaffRequest[]> {
  if (rows.length === 0) return [];
  const uniq = <T>(xs: (T | null)[]) => [...new Set(xs.filter((x): x is T => x !== null))];
  const [methods, accounts, members, staff, settings] = await Promise.all([
    repo.methodsOf(db, uniq(rows.map((r) => r.method_id))),
    repo.accountsOf(db, uniq(rows.map((r) => r.payout_account_id))),
    repo.membersOf(db, uniq(rows.map((r) => r.member_id))),
    repo.staffNames(db, uniq(rows.map((r) => r.first_approved_by))),
    cashierSettings(db, brand.id),
  ]);
  const methodById = new Map(methods.map((m) => [m.id, m]));
  const accountById = new Map(accounts.map((a) => [String(a.id), a]));
  const memberById = new Map(members.map((m) => [String(m.id), m.account]));
  const staffById = new Map(staff.map((s) => [String(s.id), s.username]));
  const now = Date.now();
  return rows.map((r) => {
    const m = r.method_id === null ? undefined : methodById.get(r.method_id);
    const account = r.payout_account_id === null ? undefined : accountById.get(String(r.payout_account_id));
    // migrations/0039: withdrawals, and deposit approvals, above the threshold need two staff members.
    const aboveThreshold = BigInt(r.amount_minor) > BigInt(settings.four_eyes_minor);
    const deciding =
      r.type === 'deposit' ? r.state === 'submitted' || r.state === 'under_review' : r.state === 'under_review';
    return {
      id: String(r.id),
      type: r.type,
      memberId: Number(r.member_id),
      account: memberById.get(String(r.member_id)) ?? '',
      methodId: r.method_id,
      methodName: m ? methodName(m, lang, brand) : '',
      kind: m?.kind ?? 'psp',
      state: r.state,
      amount: money(BigInt(r.amount_minor), brand, r.currency),
      fee: money(BigInt(r.fee_minor), brand, r.currency),
      feeBearer: r.fee_bearer,
      net: money(BigInt(r.amount_minor) - (r.fee_bearer === 'player' ? BigInt(r.fee_minor) : 0n), brand, r.currency),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      ageSeconds: Math.max(0, Math.floor((now - new Date(r.created_at).getTime()) / 1000)),
      transferReference: r.transfer_reference,
      playerReference: r.player_reference,
      providerReference: r.provider_reference,
      payoutAccount: account?.account_number ?? null,
      payeeName: account?.payee_name ?? null,
      reason: r.reason,
      firstApprovedBy: r.first_approved_by === null ? null : (staffById.get(String(r.first_approved_by)) ?? ''),
      // Above the threshold a request waits for a second staff member until it is decided.
      needsSecondApproval: aboveThreshold && deciding,
      confirmation: r.confirmation,
      payoutAttempts: r.payout_attempts,
    };
  });
}

export async function staffView(db: Database, brand: BrandSnapshot, row: RequestRow, lang: string) {
  return (await staffViews(db, brand, [row], lang))[0] as StaffRequest;
}
