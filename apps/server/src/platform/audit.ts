import type { Kysely } from 'kysely';
import type { Database } from './db';
import type { DB } from './schema';

/** Security events written to the append-only audit_log (issue 3 §8). */
export type AuditEvent =
  | 'login.ok'
  | 'login.failed'
  | 'login.lockout'
  | 'login.freeplay'
  | 'member.register'
  | 'session.logout'
  | 'password.change'
  | 'password.reset'
  | 'sms.sent';

export type AuditEntry = {
  event: AuditEvent;
  brandId: number | null;
  memberId?: bigint | null;
  ip: string;
  detail?: Record<string, unknown>;
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
    })
    .execute();
}
