import {
  type BetRow,
  type BettingHistory,
  type BettingHistoryBody,
  type BrandInfo,
  fromMinor,
  type Profit,
  type ProfitBody,
  type RecordTotals,
  type RecordTxType,
  type TransactionHistory,
  type TransactionHistoryBody,
} from '@khela/contract';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';
import { PLAY_MONEY } from '../wallet/accounts';
import { currencyOf, type Holder, walletFor } from '../wallet/service';

/**
 * The player's records (issue 4 item 4). Reads only: the account record from the ledger (the
 * postings on the player's own wallet), the betting record and the P&L from provider_rounds.
 * Every query is bounded by the caller's member id first, so a player only ever reads their own.
 */

type Brand = Pick<BrandInfo, 'currency' | 'currencyDecimals' | 'defaultLanguage'>;
type Parsed<T> = Required<Omit<T, 'vendor' | 'gameCode' | 'language'>> &
  Pick<T, Extract<keyof T, 'vendor' | 'gameCode' | 'language'>>;

function pages(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

const iso = (d: Date | string) => new Date(d).toISOString();

export async function transactionHistory(
  db: Database,
  holder: Holder,
  brand: Brand,
  q: Parsed<TransactionHistoryBody>,
): Promise<TransactionHistory> {
  const wallet = await walletFor(db, holder, brand);
  const currency = currencyOf(holder, brand);
  const start = new Date(q.startTime);
  const end = new Date(q.endTime);
  const type = q.type === 'all' ? null : q.type;
  // ledger_transactions_member (member_id, created_at) narrows to the player and the range; the
  // posting on their wallet carries the signed amount and the balance after it.
  const where = sql`t.member_id = ${holder.id} AND t.created_at >= ${start} AND t.created_at < ${end}
    AND (${type}::text IS NULL OR t.kind = ${type})`;
  const sums = await sql<{ n: string; credits: string; debits: string }>`
    SELECT count(*)::text AS n,
           coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS credits,
           coalesce(sum(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS debits
      FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id AND p.account_id = ${wallet}
     WHERE ${where}`.execute(db.kysely);
  const rows = await sql<{
    id: bigint;
    created_at: Date;
    kind: string;
    amount: bigint;
    balance_after: bigint | null;
    round_id: string | null;
    memo: string;
  }>`
    SELECT t.id, t.created_at, t.kind, p.amount, p.balance_after, t.round_id, t.memo
      FROM ledger_transactions t JOIN postings p ON p.tx_id = t.id AND p.account_id = ${wallet}
     WHERE ${where}
     ORDER BY t.created_at DESC, t.id DESC
     LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`.execute(db.kysely);
  const d = brand.currencyDecimals;
  const s = sums.rows[0] ?? { n: '0', credits: '0', debits: '0' };
  const total = Number(s.n);
  const credits = BigInt(s.credits);
  const debits = BigInt(s.debits);
  return {
    list: rows.rows.map((r) => {
      const game = r.kind === 'bet' || r.kind === 'win' || r.kind === 'rollback';
      return {
        id: r.id.toString(),
        time: iso(r.created_at),
        type: r.kind as RecordTxType,
        amount: fromMinor(BigInt(r.amount), d),
        balanceAfter: fromMinor(BigInt(r.balance_after ?? 0n), d),
        roundId: r.round_id,
        // An operator's reason is for the operator; a game movement shows its vendor and game.
        detail: game ? r.memo : '',
      };
    }),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total,
    totalPages: pages(total, q.pageSize),
    currency,
    decimals: d,
    playMoney: currency === PLAY_MONEY,
    summary: { credits: fromMinor(credits, d), debits: fromMinor(debits, d), net: fromMinor(credits + debits, d) },
  };
}

type TotalsRow = { rounds: string; stake: string; win: string; refund: string; staked: string };

function totalsOf(r: TotalsRow | undefined, d: number): RecordTotals {
  const staked = BigInt(r?.staked ?? '0');
  const refund = BigInt(r?.refund ?? '0');
  const win = BigInt(r?.win ?? '0');
  return {
    rounds: Number(r?.rounds ?? 0),
    stake: fromMinor(staked - refund, d),
    win: fromMinor(win, d),
    net: fromMinor(win + refund - staked, d),
  };
}

const TOTALS = sql`count(*)::text AS rounds,
  coalesce(sum(stake_total), 0)::text AS staked,
  coalesce(sum(win_total), 0)::text AS win,
  coalesce(sum(refund_total), 0)::text AS refund`;

export async function bettingHistory(
  db: Database,
  holder: Holder,
  brand: Brand,
  q: Parsed<BettingHistoryBody>,
): Promise<BettingHistory> {
  const currency = currencyOf(holder, brand);
  const status = q.status === 'all' ? null : q.status;
  const where = sql`member_id = ${holder.id} AND brand_id = ${holder.brandId} AND currency = ${currency}
    AND opened_at >= ${new Date(q.startTime)} AND opened_at < ${new Date(q.endTime)}
    AND (${q.vendor ?? null}::text IS NULL OR vendor = ${q.vendor ?? null})
    AND (${q.gameCode ?? null}::text IS NULL OR game_code = ${q.gameCode ?? null})
    AND (${status}::text IS NULL OR status = ${status})`;
  const sums = await sql<TotalsRow>`SELECT ${TOTALS} FROM provider_rounds WHERE ${where}`.execute(db.kysely);
  const lang = q.language ?? brand.defaultLanguage;
  const rows = await sql<{
    vendor: string;
    game_code: string;
    game_name: string | null;
    round_id: string;
    stake_total: bigint;
    win_total: bigint;
    refund_total: bigint;
    status: BetRow['status'];
    opened_at: Date;
    closed_at: Date | null;
  }>`
    SELECT r.vendor, r.game_code, r.round_id, r.stake_total, r.win_total, r.refund_total, r.status, r.opened_at,
           r.closed_at,
           -- the catalog's name of the game, in the asked language, else the brand's, else any
           (SELECT coalesce(g.names ->> ${lang}, g.names ->> ${brand.defaultLanguage}, g.names ->> 'en')
              FROM games g JOIN vendors v ON v.id = g.vendor_id
             WHERE g.brand_id = r.brand_id AND v.vassalage = r.vendor AND g.code = r.game_code
             LIMIT 1) AS game_name
      FROM provider_rounds r WHERE ${where}
     ORDER BY r.opened_at DESC, r.id DESC
     LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`.execute(db.kysely);
  const d = brand.currencyDecimals;
  const summary = totalsOf(sums.rows[0], d);
  return {
    list: rows.rows.map((r) => {
      const staked = BigInt(r.stake_total);
      const refund = BigInt(r.refund_total);
      const win = BigInt(r.win_total);
      return {
        vendor: r.vendor,
        gameCode: r.game_code,
        gameName: r.game_name ?? r.game_code,
        roundId: r.round_id,
        stake: fromMinor(staked - refund, d),
        win: fromMinor(win, d),
        refund: fromMinor(refund, d),
        net: fromMinor(win + refund - staked, d),
        status: r.status,
        openedAt: iso(r.opened_at),
        closedAt: r.closed_at ? iso(r.closed_at) : null,
      };
    }),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total: summary.rounds,
    totalPages: pages(summary.rounds, q.pageSize),
    currency,
    decimals: d,
    playMoney: currency === PLAY_MONEY,
    summary,
  };
}

export async function profit(db: Database, holder: Holder, brand: Brand, q: Required<ProfitBody>): Promise<Profit> {
  const currency = currencyOf(holder, brand);
  const where = sql`member_id = ${holder.id} AND brand_id = ${holder.brandId} AND currency = ${currency}
    AND opened_at >= ${new Date(q.startTime)} AND opened_at < ${new Date(q.endTime)}`;
  const key =
    q.groupBy === 'vendor'
      ? sql`vendor`
      : sql`to_char((opened_at AT TIME ZONE 'UTC') + make_interval(mins => ${q.utcOffsetMinutes}::int), 'YYYY-MM-DD')`;
  const order = q.groupBy === 'vendor' ? sql`sum(stake_total) DESC, 1` : sql`1 DESC`;
  const rows = await sql<TotalsRow & { key: string }>`
    SELECT ${key} AS key, ${TOTALS} FROM provider_rounds WHERE ${where} GROUP BY 1 ORDER BY ${order}`.execute(
    db.kysely,
  );
  const all = await sql<TotalsRow>`SELECT ${TOTALS} FROM provider_rounds WHERE ${where}`.execute(db.kysely);
  const d = brand.currencyDecimals;
  return {
    groupBy: q.groupBy,
    rows: rows.rows.map((r) => ({ key: r.key, ...totalsOf(r, d) })),
    total: totalsOf(all.rows[0], d),
    currency,
    decimals: d,
    playMoney: currency === PLAY_MONEY,
  };
}
