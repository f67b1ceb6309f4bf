import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MemberStatus } from '../../platform/schema';
import type { Visit } from '../../platform/visit';

/**
 * The member status (decision 0031, defined in modules/staff-players/README.md): what the
 * operator decided, apart from the failed-login lock (`locked_until`). Every way into an account
 * asks it — each login, each password reset, and every token call in platform/sessions.ts — and
 * none of them changes it: only the back office does.
 */
const REFUSALS = {
  locked: 'MEMBER_LOCKED',
  suspended: 'MEMBER_SUSPENDED',
  closed: 'MEMBER_CLOSED',
} as const satisfies Record<Exclude<MemberStatus, 'active'>, string>;

/** The refusal of a status that keeps the player out, or null for an active account. */
export function statusRefusal(status: MemberStatus): (typeof REFUSALS)[keyof typeof REFUSALS] | null {
  return status === 'active' ? null : REFUSALS[status];
}

/**
 * Refuses (and audits) a member whose status keeps them out. Called only once the password or
 * code has been proven, so the answer tells nothing to someone without them (decision 0028).
 */
export async function refuseInactive(
  db: Parameters<typeof audit>[0],
  visit: Pick<Visit, 'brand' | 'ip'>,
  member: { id: bigint; status: MemberStatus },
  type: string,
): Promise<void> {
  const refusal = statusRefusal(member.status);
  if (!refusal) return;
  await audit(db, {
    event: 'login.refused',
    brandId: visit.brand.id,
    memberId: member.id,
    ip: visit.ip,
    detail: { reason: refusal, status: member.status, type },
  });
  throw new AppError(refusal);
}
