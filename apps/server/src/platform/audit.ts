import type { Kysely } from 'kysely';
import type { Database } from './db';
import type { DB } from './schema';

/** Security events written to the append-only audit_log (docs/decisions/0004). */
export type AuditEvent =
  | 'login.ok'
  /** A wrong password, a name nobody has, or a locked account (detail.locked): one answer for all. */
  | 'login.failed'
  /** The account locked for failures (detail.via 'password.change' when the last was a wrong old password). */
  | 'login.lockout'
  | 'login.freeplay'
  /**
   * A right password or code, but SITE_KIND does not admit the account, or its member status
   * (decision 0031) keeps it out (detail.reason, detail.status).
   */
  | 'login.refused'
  /** New-address check: code sent (detail.sent false: the code of under a minute ago stands). */
  | 'login.newip.sent'
  | 'login.newip.passed'
  | 'login.newip.failed'
  /** New-address check not possible: the account has no mobile number; the login went on. */
  | 'login.newip.skipped'
  /** New-address check refused: the account's number is of a country the brand does not text. */
  | 'login.newip.refused'
  | 'member.register'
  | 'session.logout'
  | 'password.change'
  /** A wrong old password at a password change; counts with failed logins toward the lock. */
  | 'password.change.failed'
  | 'password.reset'
  | 'sms.sent'
  /** The brand's texts of the last 24 hours reached brands.sms_daily_budget: codes are refused. */
  | 'sms.budget.reached'
  /** The move to E.164 numbers could not keep a stored number (detail: what it was, why). */
  | 'member.mobile.cleared'
  | 'wallet.adjust'
  /** A provider win over the brand's caps went to suspense (decision 0025); detail says why. */
  | 'provider.win.held'
  | 'provider.win.released'
  | 'provider.win.voided'
  | 'avatar.upload'
  /** Back office (decision 0030): every staff security event, with the staff actor. */
  | 'brand.created'
  | 'staff.created'
  /** The set-up link was opened and a password set (a TOTP secret handed out, not yet confirmed). */
  | 'staff.setup.password'
  | 'staff.totp.enrolled'
  | 'staff.login.ok'
  /** A wrong password, a wrong or replayed code, an unknown name or a locked account (detail.step, detail.why). */
  | 'staff.login.failed'
  | 'staff.login.lockout'
  | 'staff.recovery.used'
  | 'staff.logout'
  | 'staff.session.revoked'
  /** Players desk (decision 0031): staff writes on a player, each with before, after and reason. */
  | 'player.status'
  | 'player.labels'
  | 'player.note'
  | 'player.session.revoked'
  /** The payee name changed by staff (before, after, reason; detail.removedAccounts in the old name). */
  | 'player.payee_name'
  /** A staff write refused because the player is linked to the staff member (detail.action). */
  | 'player.linked.refused'
  /** An adjustment above the brand's threshold, waiting for a second staff member. */
  | 'adjust.requested'
  | 'adjust.approved'
  | 'adjust.rejected'
  /** The requester tried to approve their own adjustment. */
  | 'adjust.self.refused'
  /** Finance desk, deposits: a bank transfer approved (credited, or its first approval above the four-eyes threshold) or rejected with the reason the player sees. */
  | 'deposit.approved'
  | 'deposit.approve.first'
  | 'deposit.rejected'
  /** The first approver tried to give the second approval of a deposit too. */
  | 'deposit.self.refused'
  /** Staff management (decision 0032): each with the record before and after and the reason. */
  | 'staff.roles.changed'
  | 'staff.linked.changed'
  | 'staff.contact.changed'
  | 'staff.disabled'
  | 'staff.enabled'
  | 'staff.password.reset'
  | 'staff.totp.reset'
  /** A set-up link for the demo brand's owner printed at start (SEED_DEMO). */
  | 'staff.setup.link'
  | 'role.permissions.changed'
  | 'brand.staff.addresses'
  /** A staff login or call from an address outside the brand's allow-list (detail.path). */
  | 'staff.address.refused'
  | 'job.rerun'
  /** Brand screen (decision 0038): the changed fields before and after. */
  | 'brand.settings.changed'
  /** Risk desk (decision 0038): a held win's decision by staff, waiting or done. */
  | 'risk.win.requested'
  | 'risk.win.released'
  | 'risk.win.voided'
  | 'risk.win.declined'
  /** The requester tried to approve their own decision on a held win. */
  | 'risk.win.self.refused'
  /** Content desk (decision 0039): a banner, notice, promotion, help section, channel or resource. */
  | 'content.created'
  | 'content.updated'
  | 'content.deleted'
  | 'content.ordered'
  /** Catalog desk (decision 0039): a vendor's or game's switches, names, icon or launch addresses. */
  | 'catalog.vendor.changed'
  | 'catalog.game.changed'
  /** A provider secret rotated (never the secret itself: detail.previousUntil). */
  | 'catalog.secret.rotated'
  /** A vendor or game added from the back office (a new vendor's secret is never recorded). */
  | 'catalog.vendor.added'
  | 'catalog.game.added'
  /** Khela's in-house games put on the brand. */
  | 'catalog.inhouse.added'
  /** Security centre (CASHIER.md): the player's own payment password, payout accounts and sessions. */
  | 'payment_password.set'
  | 'payment_password.changed'
  /** A wrong payment password at any use (detail.failuresInARow). */
  | 'payment_password.failed'
  /** The fifth wrong payment password in a row: its use is locked (detail.until). */
  | 'payment_password.locked'
  | 'payout_account.added'
  | 'payout_account.removed'
  /** The player ended one of their own sessions from the security centre. */
  | 'member.session.revoked'
  /** The player's own opt-in to a code at every login from a new address (detail.enabled). */
  | 'member.new_address_check'
  /** The player bound or changed their mobile number with a code (before and after, masked). */
  | 'member.mobile.bound'
  /** A code mailed to an address the player wants to bind (detail.email, masked). */
  | 'member.email.code'
  /** The player bound or changed their email address with a code (before and after, masked). */
  | 'member.email.bound'
  /** Finance desk (CASHIER.md): the cashier settings and methods, each with before and after. */
  | 'cashier.settings.changed'
  | 'cashier.method.added'
  | 'cashier.method.changed'
  /** A method's logo uploaded (detail: its type and size). */
  | 'cashier.method.logo'
  /** Withdrawals at the finance desk (CASHIER.md): the first of two approvals above the brand's threshold… */
  | 'withdraw.approve.first'
  /** …the approval that sends the payout (or leaves a bank transfer to be paid by hand). */
  | 'withdraw.approved'
  | 'withdraw.rejected'
  /** A bank-transfer withdrawal paid by hand, with the bank's reference. */
  | 'withdraw.paid.manual'
  /** The first approver tried to give the second approval too. */
  | 'withdraw.self.refused'
  /** A case from a player's partial or not-received confirmation closed with a note. */
  | 'cashier.case.closed';

export type AuditEntry = {
  event: AuditEvent;
  brandId: number | null;
  memberId?: bigint | null;
  ip: string;
  detail?: Record<string, unknown>;
  /** The staff member who acted (back office). */
  staffId?: bigint | null;
  /** The record before and after a staff write, and the reason given. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** What a staff write acted on: 'staff:12', 'role:admin', 'job:<name>/<period>'. */
  target?: string | null;
};

export async function audit(db: Database | Kysely<DB>, e: AuditEntry): Promise<void> {
  const k = 'kysely' in db ? db.kysely : db;
  await k
    .insertInto('audit_log')
    .values({
      event: e.event,
      brand_id: e.brandId,
      member_id: e.memberId ?? null,
      ip: e.ip,
      detail: JSON.stringify(e.detail ?? {}),
      staff_id: e.staffId ?? null,
      before: e.before ? JSON.stringify(e.before) : null,
      after: e.after ? JSON.stringify(e.after) : null,
      reason: e.reason ?? null,
      target: e.target ?? null,
    })
    .execute();
}
