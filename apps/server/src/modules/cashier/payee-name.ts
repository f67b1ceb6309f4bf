import { matchesRule, payeeNameError, payeeText, ruleConfigured } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { type Desk, memberOf, refuseLinked } from '../staff-players/guard';
import { publishNotice, writeNotice } from './notices';
import { removeAccountsNotIn } from './payout-accounts';

/**
 * The payee name changed by staff (spec §5 payeeName: set once by the player, changed only by
 * staff). A Players desk call (contract staff-players.ts `playerPayeeNameCall`, players.write),
 * kept here with the payout accounts it changes and the notice it sends; routed by the finance
 * desk's routes, which may name both modules (staff-players may not name the cashier).
 */

/**
 * Locks the member's row (as adding a payout account does, so the two never interleave) and
 * gives the name before the change.
 */
async function lockPayeeName(trx: Kysely<DB>, memberId: bigint): Promise<string | null> {
  const r = await sql<{ payee_name: string | null }>`
    SELECT payee_name FROM members WHERE id = ${memberId} FOR UPDATE`.execute(trx);
  return r.rows[0]?.payee_name ?? null;
}

/**
 * Why a payee name cannot be stored, or null: the rules of every payee name (payee-name.ts), then
 * the brand's own payeeName rule where it has one — what the player could have typed.
 */
function payeeNameProblem(brand: BrandSnapshot, name: string): string | null {
  const rule = brand.registerRules.payeeName;
  return payeeNameError(name) ?? (ruleConfigured(rule) && !matchesRule(rule, name) ? 'validation.payeeNameRule' : null);
}

/**
 * POST /bo/players/:id/payee-name (spec §5 payeeName: set once by the player, changed only by
 * staff). In one transaction on the member's locked row: the name, the removal of the payout
 * accounts in the old name (cashier payout-accounts.ts says why), the player's notice and the
 * audit row with the names before and after; the notice is pushed after the commit.
 */
export async function setPayeeName(
  d: Desk,
  brand: BrandSnapshot,
  id: number,
  body: { payeeName: string; reason: string },
) {
  const member = await memberOf(d, id);
  await refuseLinked(d, member, 'payee_name');
  const name = payeeText(body.payeeName);
  const problem = payeeNameProblem(brand, name);
  if (problem) throw new AppError('VALIDATION_FAILED', { payeeName: problem });
  const memberId = BigInt(member.id);
  const done = await d.db.kysely.transaction().execute(async (trx) => {
    const before = await lockPayeeName(trx, memberId);
    // Exactly the stored name: nothing to change, nothing to tell the player.
    if (before === name) throw new AppError('VALIDATION_FAILED', { payeeName: 'validation.payeeNameSame' });
    await trx.updateTable('members').set({ payee_name: name }).where('id', '=', memberId).execute();
    const removed = await removeAccountsNotIn(trx, memberId, name);
    const notice = await writeNotice(
      d.db,
      {
        brandId: d.staff.brandId,
        memberId,
        kind: 'payee_name.changed',
        params: { payeeName: name, removedAccounts: String(removed.length) },
      },
      trx,
    );
    await audit(trx, {
      event: 'player.payee_name',
      brandId: d.staff.brandId,
      memberId,
      staffId: d.staff.id,
      ip: d.ip,
      reason: body.reason,
      before: { payeeName: before },
      after: { payeeName: name },
      detail: { removedAccounts: removed },
    });
    return { before, removed: removed.length, notice };
  });
  publishNotice(d.db, done.notice);
  return { payeeName: name, before: done.before, removedAccounts: done.removed };
}
