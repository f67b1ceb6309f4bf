import {
  type CashierRefusal,
  type FieldRule,
  matchesRule,
  patternMessageKey,
  paymentPasswordRule,
} from '@khela/contract';
import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import { brandStore } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { sendNotice } from './notices';

/**
 * The payment password (spec §5 paymentPassword, CASHIER.md): argon2id like the login password;
 * five wrong tries in a row, counted across every use (withdrawals, payout accounts, transfers,
 * its own change, later point redemptions), lock its use for 15 minutes.
 */

/** Wrong tries in a row that lock the payment password (CASHIER.md "Withdrawal"). */
export const PAYMENT_PASSWORD_TRIES = 5;
/** How long the lock holds. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;

/** A refusal that carries what the player's form shows (contract CashierRefusal). */
export class PaymentPasswordRefused extends AppError {
  override readonly value: CashierRefusal;
  constructor(
    code: 'PAYMENT_PASSWORD_WRONG' | 'PAYMENT_PASSWORD_LOCKED',
    value: CashierRefusal,
    field: string,
    /** The field's message: the rule's pattern when what was typed does not have the brand's shape. */
    key = 'errors.PAYMENT_PASSWORD_WRONG',
  ) {
    super(code, code === 'PAYMENT_PASSWORD_WRONG' ? { [field]: key } : undefined);
    this.value = value;
  }
}

/** The brand's rule for the payment password (six digits when it has none). */
export async function paymentPasswordRuleOf(db: Database, brandId: number): Promise<FieldRule> {
  return paymentPasswordRule((await brandStore(db).byId(brandId)).registerRules);
}

/** The field error of a payment password that does not have the rule's shape, or null. */
export function paymentPasswordShapeError(rule: FieldRule, password: string): string | null {
  return matchesRule(rule, password) ? null : patternMessageKey(rule.patternId);
}

const locked = (until: Date) =>
  new PaymentPasswordRefused('PAYMENT_PASSWORD_LOCKED', { until: until.toISOString() }, '');

type Row = { brand_id: number; hash: string | null; locked_until: Date | null; is_locked: boolean };

async function stateOf(db: Database, memberId: bigint): Promise<Row | undefined> {
  const r = await sql<Row>`
    SELECT brand_id, payment_password_hash AS hash, payment_password_locked_until AS locked_until,
           coalesce(payment_password_locked_until > now(), false) AS is_locked
      FROM members WHERE id = ${memberId}`.execute(db.kysely);
  return r.rows[0];
}

/**
 * Throws PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_WRONG (fieldErrors[field], value.triesLeft)
 * or PAYMENT_PASSWORD_LOCKED (value.until); resolves when it matches. A wrong password that does
 * not have the brand's shape says so (fieldErrors[field] is the rule's pattern message) and is
 * counted like any wrong try; a right one is taken whatever its shape, so a password set before
 * the brand changed its rule still opens the security centre's change. While the lock holds even
 * the right password is refused, and no hash is tried. Each wrong try is counted by one
 * conditional UPDATE (a row lock, re-checked after a concurrent try commits), so tries racing
 * each other all count and exactly one of them locks.
 */
export async function verifyPaymentPassword(
  db: Database,
  memberId: bigint,
  password: string,
  field = 'paymentPassword',
): Promise<void> {
  const row = await stateOf(db, memberId);
  if (!row?.hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  if (row.is_locked && row.locked_until) throw locked(row.locked_until);
  const shape = paymentPasswordShapeError(await paymentPasswordRuleOf(db, row.brand_id), password);
  if (await verifyPassword(row.hash, password)) {
    // A right one resets the count — unless a wrong try locked it meanwhile.
    const reset = await sql<{ id: bigint }>`
      UPDATE members SET payment_password_failures = 0
       WHERE id = ${memberId}
         AND (payment_password_locked_until IS NULL OR payment_password_locked_until <= now())
      RETURNING id`.execute(db.kysely);
    if (reset.rows.length > 0) return;
    const now = await stateOf(db, memberId);
    throw locked(now?.locked_until ?? new Date());
  }
  // The lock replaces the count: once it ends, the player has five tries again.
  const counted = await sql<{ failures: number; locked_until: Date | null }>`
    UPDATE members SET
      payment_password_failures = CASE WHEN payment_password_failures + 1 >= ${PAYMENT_PASSWORD_TRIES}
                                       THEN 0 ELSE payment_password_failures + 1 END,
      payment_password_locked_until = CASE WHEN payment_password_failures + 1 >= ${PAYMENT_PASSWORD_TRIES}
                                           THEN now() + make_interval(mins => ${PAYMENT_PASSWORD_LOCK_MINUTES})
                                           ELSE payment_password_locked_until END
     WHERE id = ${memberId}
       AND (payment_password_locked_until IS NULL OR payment_password_locked_until <= now())
    RETURNING payment_password_failures AS failures,
              CASE WHEN payment_password_locked_until > now() THEN payment_password_locked_until END AS locked_until`.execute(
    db.kysely,
  );
  const after = counted.rows[0];
  if (!after) {
    // Another try locked it while this one was being checked: refused as locked, not counted.
    const now = await stateOf(db, memberId);
    throw locked(now?.locked_until ?? new Date());
  }
  if (after.locked_until) {
    await audit(db, {
      event: 'payment_password.locked',
      brandId: row.brand_id,
      memberId,
      ip: '',
      detail: { minutes: PAYMENT_PASSWORD_LOCK_MINUTES, until: after.locked_until.toISOString() },
    });
    await sendNotice(db, {
      brandId: row.brand_id,
      memberId,
      kind: 'payment_password.locked',
      params: { until: after.locked_until.toISOString(), minutes: String(PAYMENT_PASSWORD_LOCK_MINUTES) },
    });
    throw locked(after.locked_until);
  }
  await audit(db, {
    event: 'payment_password.failed',
    brandId: row.brand_id,
    memberId,
    ip: '',
    detail: { failuresInARow: after.failures },
  });
  throw new PaymentPasswordRefused(
    'PAYMENT_PASSWORD_WRONG',
    { triesLeft: PAYMENT_PASSWORD_TRIES - after.failures },
    field,
    shape ?? undefined,
  );
}

/** The payment password's state, for the security centre and the withdraw page. */
export async function paymentPasswordState(
  db: Database,
  memberId: bigint,
): Promise<{ set: boolean; lockedUntil: string | null }> {
  const row = await stateOf(db, memberId);
  return {
    set: !!row?.hash,
    lockedUntil: row?.is_locked && row.locked_until ? row.locked_until.toISOString() : null,
  };
}

/**
 * PUT /wps/member/password/payment: set it when none is set (newPassword alone), or change it
 * with the current one. The new one has the brand's shape (`paymentPasswordRule`; refused with
 * VALIDATION_FAILED and the rule's pattern message on newPassword before anything else) — a guess at which counts toward the same lock as every other use. Two
 * first settings racing: one sets it, the other is asked for the current one. A change applies
 * only if no other change landed since the old one was checked.
 */
export async function setPaymentPassword(
  db: Database,
  member: { id: bigint; brandId: number },
  body: { oldPassword?: string | undefined; newPassword: string },
  ip: string,
): Promise<{ set: boolean }> {
  const shape = paymentPasswordShapeError(await paymentPasswordRuleOf(db, member.brandId), body.newPassword);
  if (shape) throw new AppError('VALIDATION_FAILED', { newPassword: shape });
  const row = await stateOf(db, member.id);
  const newHash = await hashPassword(body.newPassword);
  if (!row?.hash) {
    const r = await db.kysely
      .updateTable('members')
      .set({ payment_password_hash: newHash, payment_password_failures: 0 })
      .where('id', '=', member.id)
      .where('payment_password_hash', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new AppError('VALIDATION_FAILED', { oldPassword: 'validation.required' });
    await audit(db, { event: 'payment_password.set', brandId: member.brandId, memberId: member.id, ip });
    return { set: true };
  }
  if (body.oldPassword === undefined || body.oldPassword === '')
    throw new AppError('VALIDATION_FAILED', { oldPassword: 'validation.required' });
  await verifyPaymentPassword(db, member.id, body.oldPassword, 'oldPassword');
  const r = await db.kysely
    .updateTable('members')
    .set({ payment_password_hash: newHash, payment_password_failures: 0 })
    .where('id', '=', member.id)
    .where('payment_password_hash', '=', row.hash)
    .executeTakeFirst();
  // Changed by another call since the old one was checked: the old one is no longer current.
  if (Number(r.numUpdatedRows) === 0) throw new PaymentPasswordRefused('PAYMENT_PASSWORD_WRONG', {}, 'oldPassword');
  await audit(db, { event: 'payment_password.changed', brandId: member.brandId, memberId: member.id, ip });
  return { set: true };
}
