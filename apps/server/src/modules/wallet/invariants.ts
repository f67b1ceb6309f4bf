import { sql } from 'kysely';
import type { Database } from '../../platform/db';

/**
 * The ledger's invariants (MONEY.md), checked by the tests, the benchmarks and
 * `npm run khela -- ledger-check`. Returns a line per violation; empty means all hold.
 */
export async function checkLedger(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ tx_id: bigint; total: bigint }>`
    SELECT tx_id, sum(amount)::bigint AS total FROM postings GROUP BY tx_id HAVING sum(amount) <> 0 LIMIT 20`.execute(
    db.kysely,
  );
  for (const r of unbalanced.rows) problems.push(`transaction ${r.tx_id} sums to ${r.total}`);
  // No foreign key says so (its check cost every movement a query inside the wallet's lock):
  // ledger_post() writes a transaction's postings in the call that claims it.
  const orphans = await sql<{ tx_id: bigint }>`
    SELECT DISTINCT p.tx_id FROM postings p
     WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.tx_id) LIMIT 20`.execute(db.kysely);
  for (const r of orphans.rows) problems.push(`postings name transaction ${r.tx_id}, which does not exist`);
  const drift = await sql<{ id: bigint; balance: bigint | null; posted: bigint }>`
    SELECT a.id, b.balance, coalesce(sum(p.amount), 0)::bigint AS posted
      FROM ledger_accounts a
      LEFT JOIN wallet_balances b ON b.account_id = a.id
      LEFT JOIN postings p ON p.account_id = a.id
     WHERE a.member_id IS NOT NULL
     GROUP BY a.id, b.balance
    HAVING b.balance IS DISTINCT FROM coalesce(sum(p.amount), 0) OR b.balance < 0
     LIMIT 20`.execute(db.kysely);
  for (const r of drift.rows)
    problems.push(`wallet ${r.id} holds ${r.balance ?? 'no balance row'} but its postings sum to ${r.posted}`);
  const lastBalances = await sql<{ id: bigint }>`
    SELECT b.account_id AS id FROM wallet_balances b
      JOIN LATERAL (SELECT balance_after FROM postings p WHERE p.account_id = b.account_id ORDER BY p.id DESC LIMIT 1) l ON true
     WHERE l.balance_after <> b.balance LIMIT 20`.execute(db.kysely);
  for (const r of lastBalances.rows)
    problems.push(`wallet ${r.id}: its last posting's balance differs from the wallet`);
  const total = await sql<{ total: bigint | null }>`SELECT sum(amount)::bigint AS total FROM postings`.execute(
    db.kysely,
  );
  if ((total.rows[0]?.total ?? 0n) !== 0n) problems.push(`all postings sum to ${total.rows[0]?.total}`);
  return problems;
}
