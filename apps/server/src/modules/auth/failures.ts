import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import {
  type FailureCounts,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  recentFailures,
  recordFailure,
} from '../../platform/throttle';
import * as repo from './repo';

/**
 * Wrong passwords, wherever they are tried — the login and the old password of a password
 * change — count in one budget per account name and address (decision 0004 'Throttles',
 * decision 0028): a session cannot be used to guess the password the login would lock.
 */

/** Whether an account is held by a lock (failures or the operator's) right now. */
export function isLocked(member: { locked_until: Date | string | null } | undefined): boolean {
  return !!member?.locked_until && new Date(member.locked_until).getTime() > Date.now();
}

export type WrongPassword = {
  brandId: number;
  ip: string;
  /** The account name as typed (login) or the member's own (password change). */
  account: string;
  /** The member, when the name is one; null for a name nobody has. */
  member: { id: bigint; locked: boolean } | null;
  event: 'login.failed' | 'password.change.failed';
  /** More for the audit row, beside the hour's count. */
  detail?: Record<string, unknown>;
};

/**
 * Records and audits one wrong password, and locks the member's account for LOCK_MINUTES at
 * the LOCK_AFTER_FAILURES-th in the hour (audited once, when it locks; a lock running already
 * is not extended). Returns the counts after this failure and whether it locked the account now.
 */
export async function countWrongPassword(
  db: Database,
  f: WrongPassword,
): Promise<{ counts: FailureCounts; lockedNow: boolean }> {
  const memberId = f.member?.id ?? null;
  await recordFailure(db, { brandId: f.brandId, memberId, account: f.account, ip: f.ip });
  // Counted again after writing: attempts racing in parallel all see each other's failures.
  const counts = await recentFailures(db, f.brandId, f.account, f.ip);
  await audit(db, {
    event: f.event,
    brandId: f.brandId,
    memberId,
    ip: f.ip,
    detail: { ...f.detail, failuresThisHour: counts.byAccount, ...(f.member?.locked ? { locked: true } : {}) },
  });
  const lockedNow = !!f.member && !f.member.locked && counts.byAccount >= LOCK_AFTER_FAILURES;
  if (f.member && lockedNow) {
    await repo.lockMember(db, f.member.id, LOCK_MINUTES);
    await audit(db, {
      event: 'login.lockout',
      brandId: f.brandId,
      memberId: f.member.id,
      ip: f.ip,
      detail: { minutes: LOCK_MINUTES, ...(f.event === 'password.change.failed' ? { via: 'password.change' } : {}) },
    });
  }
  return { counts, lockedNow };
}
