import {
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
import type { Database } from '../../platform/db';
import { currencyOf, type Holder, PLAY_MONEY, walletFor } from '../wallet/service';
import * as repo from './repo';

/**
 * The player's records (spec §2 'Member centre pages'). Reads only: the account record from the
 * ledger (the postings on the player's own wallet), the betting record and the P&L from
 * provider_rounds; each reads the holder's own records only.
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
  const filter: repo.MovementFilter = {
    memberId: holder.id,
    walletId: wallet,
    start: new Date(q.startTime),
    end: new Date(q.endTime),
    kind: q.type === 'all' ? null : q.type,
  };
  const s = await repo.movementSums(db.kysely, filter);
  const rows = await repo.movementPage(db.kysely, filter, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const d = brand.currencyDecimals;
  const total = Number(s.n);
  const credits = BigInt(s.credits);
  const debits = BigInt(s.debits);
  return {
    list: rows.map((r) => {
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
        category: r.category,
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

function totalsOf(r: repo.TotalsRow | undefined, d: number): RecordTotals {
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

function roundFilter(holder: Holder, currency: string, q: { startTime: string; endTime: string }): repo.RoundFilter {
  return {
    memberId: holder.id,
    brandId: holder.brandId,
    currency,
    start: new Date(q.startTime),
    end: new Date(q.endTime),
  };
}

export async function bettingHistory(
  db: Database,
  holder: Holder,
  brand: Brand,
  q: Parsed<BettingHistoryBody>,
): Promise<BettingHistory> {
  const currency = currencyOf(holder, brand);
  const filter: repo.RoundFilter = {
    ...roundFilter(holder, currency, q),
    vendor: q.vendor,
    gameCode: q.gameCode,
    status: q.status === 'all' ? null : q.status,
  };
  const sums = await repo.roundTotals(db.kysely, filter);
  const names = { language: q.language ?? brand.defaultLanguage, brandLanguage: brand.defaultLanguage };
  const rows = await repo.roundPage(db.kysely, filter, names, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const d = brand.currencyDecimals;
  const summary = totalsOf(sums, d);
  return {
    list: rows.map((r) => {
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
  const filter = roundFilter(holder, currency, q);
  const rows = await repo.roundTotalsBy(db.kysely, filter, q.groupBy, q.utcOffsetMinutes);
  const all = await repo.roundTotals(db.kysely, filter);
  const d = brand.currencyDecimals;
  return {
    groupBy: q.groupBy,
    rows: rows.map((r) => ({ key: r.key, ...totalsOf(r, d) })),
    total: totalsOf(all, d),
    currency,
    decimals: d,
    playMoney: currency === PLAY_MONEY,
  };
}
