import { sql } from 'kysely';
import type { Database } from '../../platform/db';

/** Trial accounts (isAgent 4) hold play money in this currency: it can never meet real money. */
export const PLAY_MONEY = 'PLAY';

/**
 * System account codes (MONEY.md "Shape"); 'adjustment' takes the other side of every manual
 * correction (decision 0031). Providers get 'provider:<vendor>', and
 * 'suspense:<vendor>' for their wins held over a brand's caps (decision 0025).
 * Withdrawals (CASHIER.md): 'withdraw_hold' holds a requested amount until it is paid or
 * returned; a paid one goes to its payment provider's settlement account 'psp:<provider>', or for
 * a bank transfer paid by hand to 'bank:<method id>'.
 */
export type SystemCode =
  | 'house'
  | 'funding'
  | 'adjustment'
  | 'play_bank'
  | `provider:${string}`
  | `suspense:${string}`
  /** Deposits: what a payment provider collects for the operator (and pays out for it), what reaches a bank-transfer method's account, the fees the operator bears. */
  | `psp:${string}`
  | `bank:${string}`
  | 'cashier_fee'
  /** Withdrawals: the amount asked for, held between the request and the payout. */
  | 'withdraw_hold';

export type AccountMeta = { memberId: bigint | null; currency: string };
type Ids = { byKey: Map<string, bigint>; meta: Map<bigint, AccountMeta> };

// Account ids never change once created, so they are cached per database handle (tests run
// several apps on several databases in one process).
const caches = new WeakMap<Database, Ids>();
const MAX_CACHED = 50_000;

function idsOf(db: Database): Ids {
  let ids = caches.get(db);
  if (!ids) {
    ids = { byKey: new Map(), meta: new Map() };
    caches.set(db, ids);
  }
  return ids;
}

function remember(ids: Ids, key: string | null, id: bigint, meta: AccountMeta) {
  if (ids.meta.size >= MAX_CACHED) {
    ids.byKey.clear();
    ids.meta.clear();
  }
  if (key !== null) ids.byKey.set(key, id);
  ids.meta.set(id, meta);
}

/**
 * The account's id, created on first use. Two callers creating the same account at once both
 * get the one row: the loser of the insert race reads the winner's.
 */
async function accountId(
  db: Database,
  row: { brandId: number; code: string; memberId: bigint | null; currency: string },
): Promise<{ id: bigint; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sql<{ id: bigint }>`
      INSERT INTO ledger_accounts (brand_id, code, member_id, currency)
      VALUES (${row.brandId}, ${row.code}, ${row.memberId}, ${row.currency})
      ON CONFLICT DO NOTHING RETURNING id`.execute(db.kysely);
    if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
    const found =
      row.memberId === null
        ? await sql<{ id: bigint }>`
            SELECT id FROM ledger_accounts
             WHERE brand_id = ${row.brandId} AND code = ${row.code} AND currency = ${row.currency} AND member_id IS NULL`.execute(
            db.kysely,
          )
        : await sql<{ id: bigint }>`
            SELECT id FROM ledger_accounts WHERE member_id = ${row.memberId} AND currency = ${row.currency}`.execute(
            db.kysely,
          );
    if (found.rows[0]) return { id: found.rows[0].id, created: false };
  }
  throw new Error(`ledger account ${row.code}/${row.currency} could not be created`);
}

export async function systemAccount(
  db: Database,
  brandId: number,
  code: SystemCode,
  currency: string,
): Promise<bigint> {
  const ids = idsOf(db);
  const key = `s:${brandId}:${code}:${currency}`;
  const cached = ids.byKey.get(key);
  if (cached !== undefined) return cached;
  const { id } = await accountId(db, { brandId, code, memberId: null, currency });
  remember(ids, key, id, { memberId: null, currency });
  return id;
}

/** A member's wallet in one currency; `created` is true for the call that opened it. */
export async function walletOf(
  db: Database,
  brandId: number,
  memberId: bigint,
  currency: string,
): Promise<{ id: bigint; created: boolean }> {
  const ids = idsOf(db);
  const key = `w:${memberId}:${currency}`;
  const cached = ids.byKey.get(key);
  if (cached !== undefined) return { id: cached, created: false };
  const found = await accountId(db, { brandId, code: 'player', memberId, currency });
  remember(ids, key, found.id, { memberId, currency });
  return found;
}

/** Who holds the account and in which currency, if this process has it cached (no query). */
export function cachedAccount(db: Database, accountId: bigint): AccountMeta | undefined {
  return idsOf(db).meta.get(accountId);
}

/** Who holds each account and in which currency (cached; misses read in one query). */
export async function describe(db: Database, accountIds: bigint[]): Promise<Map<bigint, AccountMeta>> {
  const ids = idsOf(db);
  const out = new Map<bigint, AccountMeta>();
  const missing: bigint[] = [];
  for (const id of accountIds) {
    const meta = ids.meta.get(id);
    if (meta) out.set(id, meta);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const rows = await db.kysely
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'currency'])
      .where('id', 'in', missing)
      .execute();
    for (const r of rows) {
      const meta = { memberId: r.member_id, currency: r.currency };
      remember(ids, null, r.id, meta);
      out.set(r.id, meta);
    }
  }
  return out;
}
