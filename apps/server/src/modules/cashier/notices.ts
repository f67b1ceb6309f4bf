import { EventEmitter } from 'node:events';
import type { MemberMessage } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

/**
 * The member's notices (CASHIER.md "Notices"): a row in the minimal inbox (`member_messages`,
 * listed by messageV2) and, once that row has committed, a push over the member's socket (a
 * toast and the unread count). The site writes each notice's text from its kind and params in
 * the reader's language, so a notice sent in Bengali reads in English after a language change.
 */

/** Every kind a notice may have; the site has a text for each (`notices.kinds.<kind>`). */
export const NOTICE_KINDS = [
  'deposit.arrival',
  'deposit.rejected',
  'deposit.expired',
  'withdraw.approved',
  'withdraw.rejected',
  'withdraw.failed',
  'withdraw.paid',
  'transfer.received',
  'transfer.sent',
  'payout_account.changed',
  'payment_password.locked',
  'payee_name.changed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type Notice = {
  brandId: number;
  memberId: bigint;
  kind: NoticeKind;
  /** What the text needs: amount (decimal string), currency, method, reason … */
  params: Record<string, string>;
  requestId?: bigint | null;
};

export type SentNotice = Notice & { id: bigint; at: Date };

const buses = new WeakMap<Database, EventEmitter>();
function busOf(db: Database): EventEmitter {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(db, bus);
  }
  return bus;
}

/**
 * Writes the notice (inside the caller's transaction when `trx` is given, so it exists exactly
 * when the money movement does). Call `publishNotice` after the commit.
 */
export async function writeNotice(db: Database, n: Notice, trx?: Kysely<DB>): Promise<SentNotice> {
  const row = await (trx ?? db.kysely)
    .insertInto('member_messages')
    .values({
      brand_id: n.brandId,
      member_id: n.memberId,
      kind: n.kind,
      params: JSON.stringify(n.params),
      request_id: n.requestId ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...n, id: row.id, at: row.created_at };
}

/** Tells the member's open sockets (in every process) about a committed notice. */
export function publishNotice(db: Database, n: SentNotice) {
  busOf(db).emit('notice', n);
}

/** Writes and publishes at once, for a caller with no transaction of its own. */
export async function sendNotice(db: Database, n: Notice): Promise<SentNotice> {
  const sent = await writeNotice(db, n);
  publishNotice(db, sent);
  return sent;
}

export function onNotice(db: Database, listener: (n: SentNotice) => void): () => void {
  const bus = busOf(db);
  bus.on('notice', listener);
  return () => bus.off('notice', listener);
}

export async function unreadCount(db: Database, memberId: bigint): Promise<number> {
  const r = await db.kysely
    .selectFrom('member_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function listMessages(
  db: Database,
  memberId: bigint,
  q: { before?: string; pageSize: number },
): Promise<{ list: MemberMessage[]; unread: number; next: string | null }> {
  let query = db.kysely
    .selectFrom('member_messages')
    .select(['id', 'kind', 'params', 'request_id', 'created_at', 'read_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1);
  if (q.before) query = query.where('id', '<', BigInt(q.before));
  const rows = await query.execute();
  const page = rows.slice(0, q.pageSize);
  return {
    list: page.map((r) => ({
      id: r.id.toString(),
      kind: r.kind,
      params: r.params,
      requestId: r.request_id?.toString() ?? null,
      at: r.created_at.toISOString(),
      read: r.read_at !== null,
    })),
    unread: await unreadCount(db, memberId),
    next: rows.length > q.pageSize ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

export async function markRead(db: Database, memberId: bigint, upTo: string): Promise<{ unread: number }> {
  await db.kysely
    .updateTable('member_messages')
    .set({ read_at: new Date() })
    .where('member_id', '=', memberId)
    .where('id', '<=', BigInt(upTo))
    .where('read_at', 'is', null)
    .execute();
  return { unread: await unreadCount(db, memberId) };
}
