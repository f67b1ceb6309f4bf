import { EventEmitter } from 'node:events';
import type { MemberMessage } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import type { DB } from '../../platform/schema';

/**
 * The member's notices (CASHIER.md "Notices"): a row in the minimal inbox (`member_messages`,
 * listed by messageV2) and, once that row has committed, a push over the member's socket (a
 * toast and the unread count). The site writes each notice's text from its kind and params in
 * the reader's language, so a notice sent in Bengali reads in English after a language change:
 * a method's name in both languages is added when read (withMethodNames), and a rejection's
 * reason is a code from the fixed list (contract reject-reasons.ts) the site translates.
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

/** A written notice, with the member's unread count once it is in (what the push shows). */
export type SentNotice = Notice & { id: bigint; at: Date; unread: number };

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
    // The statement's snapshot does not hold the row it inserts: its unread count is one more.
    .returning((eb) => [
      'id',
      'created_at',
      eb
        .selectFrom('member_messages as u')
        .select((u) => u.fn.countAll<string>().as('n'))
        .where('u.member_id', '=', n.memberId)
        .where('u.read_at', 'is', null)
        .as('unread_before'),
    ])
    .executeTakeFirstOrThrow();
  return { ...n, id: row.id, at: row.created_at, unread: Number(row.unread_before ?? 0) + 1 };
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

/**
 * The params as the reader's page needs them: a notice naming its method carries the name written
 * when it was sent (in English), so the method's names in both languages are added from the
 * request (`method_bn`, `method_en`) and the page picks its own. One query for a page of notices.
 */
export async function withMethodNames<T extends { params: Record<string, string>; requestId: string | null }>(
  db: Database,
  notices: T[],
): Promise<T[]> {
  // A deposit's credit writes both names with the notice: nothing to read for those.
  const naming = (n: T): n is T & { requestId: string } =>
    n.requestId !== null && 'method' in n.params && !('method_bn' in n.params);
  const ids = [...new Set(notices.filter(naming).map((n) => n.requestId))].map(BigInt);
  if (ids.length === 0) return notices;
  const rows = await db.kysely
    .selectFrom('cashier_requests as r')
    .innerJoin('cashier_methods as m', 'm.id', 'r.method_id')
    .select(['r.id', 'm.name_bn', 'm.name_en'])
    .where('r.id', 'in', ids)
    .execute();
  const names = new Map(rows.map((r) => [r.id.toString(), r]));
  return notices.map((n) => {
    const m = naming(n) ? names.get(n.requestId) : undefined;
    return m ? { ...n, params: { ...n.params, method_bn: m.name_bn, method_en: m.name_en } } : n;
  });
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
  const list = page.map((r) => ({
    id: r.id.toString(),
    kind: r.kind,
    params: r.params,
    requestId: r.request_id?.toString() ?? null,
    at: r.created_at.toISOString(),
    read: r.read_at !== null,
  }));
  return {
    list: await withMethodNames(db, list),
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
