import { type CashierDirection, type CashierState, FIELD_ERRORS, type StaffRequestDetail } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { approveDeposit, rejectDeposit } from '../cashier/deposit-desk';
import { approveWithdrawal, markWithdrawalPaid, rejectWithdrawal } from '../cashier/withdraw-desk';
import { type Desk, memberOf } from '../staff-players/guard';
import { money } from '../staff-players/profile';
import { currentBalance, walletFor } from '../wallet/service';
import * as repo from './repo';
import { staffView, staffViews } from './views';

/** How many of a player's latest requests the detail shows beside the one decided. */
const RECENT = 10;

const cursorOf = (field: string, text: string | undefined): bigint | null => {
  if (text === undefined || text === '') return null;
  if (!/^[1-9]\d{0,18}$/.test(text)) throw new AppError('VALIDATION_FAILED', { [field]: FIELD_ERRORS.invalid });
  return BigInt(text);
};

const ageOf = (d: Date | null) =>
  d === null ? null : Math.max(0, Math.floor((Date.now() - new Date(d).getTime()) / 1000));

/** GET /bo/cashier/queue: oldest first, keyset paged, with the queue's length and oldest age. */
export async function queue(
  d: Desk,
  brand: BrandSnapshot,
  q: { type: CashierDirection; state?: CashierState | undefined; after?: string | undefined; pageSize: number },
  lang: string,
) {
  const states = q.state ? [q.state] : repo.QUEUE_STATES[q.type];
  const after = cursorOf('after', q.after);
  const [rows, size] = await Promise.all([
    repo.queuePage(d.db, d.staff.brandId, q.type, states, after, q.pageSize + 1),
    repo.queueSize(d.db, d.staff.brandId, q.type, states),
  ]);
  const page = rows.slice(0, q.pageSize);
  return {
    list: await staffViews(d.db, brand, page, lang),
    next: rows.length > q.pageSize ? String(page.at(-1)?.id) : null,
    total: size.total,
    oldestAgeSeconds: ageOf(size.oldest),
  };
}

/** The queues' lengths and oldest ages in their default states (the dashboard). */
export async function queueSizes(d: Pick<Desk, 'db'>, brandId: number) {
  const [deposits, withdrawals] = await Promise.all([
    repo.queueSize(d.db, brandId, 'deposit', repo.QUEUE_STATES.deposit),
    repo.queueSize(d.db, brandId, 'withdraw', repo.QUEUE_STATES.withdraw),
  ]);
  return {
    deposits: { total: deposits.total, oldestAgeSeconds: ageOf(deposits.oldest) },
    withdrawals: { total: withdrawals.total, oldestAgeSeconds: ageOf(withdrawals.oldest) },
  };
}

async function requestOf(d: Desk, id: string) {
  const row = await repo.requestOf(d.db, d.staff.brandId, BigInt(id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** An event's actor as the desk shows it: a staff member's name, or who else moved it. */
function actorName(actor: string, names: Map<string, string>) {
  const staff = /^staff:(\d+)$/.exec(actor);
  return staff ? (names.get(staff[1] as string) ?? actor) : actor;
}

/** GET /bo/cashier/requests/:id: the request, its history, and the player beside it. */
export async function requestDetail(
  d: Desk,
  brand: BrandSnapshot,
  id: string,
  lang: string,
): Promise<StaffRequestDetail> {
  const row = await requestOf(d, id);
  const memberId = BigInt(row.member_id);
  const holder = { id: memberId, brandId: d.staff.brandId, isAgent: 0 };
  const currencyBrand = { currency: brand.info.currency };
  const [view, events, figures, recent, balance] = await Promise.all([
    staffView(d.db, brand, row, lang),
    repo.eventsOf(d.db, row.id),
    repo.playerFigures(d.db, d.staff.brandId, memberId, brand.info.currency),
    repo.memberRequests(d.db, d.staff.brandId, memberId, null, RECENT + 1),
    walletFor(d.db, holder, currencyBrand).then((w) => currentBalance(d.db, w)),
  ]);
  const staffIds = events
    .map((e) => /^staff:(\d+)$/.exec(e.actor)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(BigInt);
  const names = new Map((await repo.staffNames(d.db, staffIds)).map((s) => [String(s.id), s.username]));
  const m = (v: bigint) => money(v, brand);
  return {
    ...view,
    history: events.map((e) => ({
      state: e.state,
      at: new Date(e.at).toISOString(),
      note: e.note,
      actor: actorName(e.actor, names),
    })),
    player: {
      balance: m(balance),
      turnoverRemaining: m(figures.turnover),
      deposits: m(figures.deposits),
      withdrawals: m(figures.withdrawals),
      stakes: m(figures.stakes),
      wins: m(figures.wins),
      recent: recent
        .filter((r) => String(r.id) !== id)
        .slice(0, RECENT)
        .map((r) => ({
          id: String(r.id),
          type: r.type,
          state: r.state,
          amount: money(BigInt(r.amount_minor), brand, r.currency),
          at: new Date(r.created_at).toISOString(),
        })),
    },
  };
}

/**
 * The decisions: each goes to its owner's function by the request's type (deposit-desk.ts,
 * withdraw-desk.ts own the money moves, the audit and the notices), then the desk is answered
 * with the request as it now stands. Another brand's id is NOT_FOUND before anything moves.
 */
export async function approve(d: Desk, brand: BrandSnapshot, id: string, reason: string | undefined, lang: string) {
  const row = await requestOf(d, id);
  if (row.type === 'deposit') await approveDeposit(d, brand, row.id, reason);
  else await approveWithdrawal(d, brand, row.id, reason);
  return staffView(d.db, brand, await requestOf(d, id), lang);
}

export async function reject(d: Desk, brand: BrandSnapshot, id: string, reason: string, lang: string) {
  const row = await requestOf(d, id);
  if (row.type === 'deposit') await rejectDeposit(d, brand, row.id, reason);
  else await rejectWithdrawal(d, brand, row.id, reason);
  return staffView(d.db, brand, await requestOf(d, id), lang);
}

export async function markPaid(d: Desk, brand: BrandSnapshot, id: string, reference: string, lang: string) {
  const row = await requestOf(d, id);
  // Only a withdrawal is paid out; a deposit is credited by approving it.
  if (row.type !== 'withdraw') throw new AppError('REQUEST_STATE');
  await markWithdrawalPaid(d, brand, row.id, reference);
  return staffView(d.db, brand, await requestOf(d, id), lang);
}

/** GET /bo/players/:id/cashier: the profile's deposits-and-withdrawals tab, newest first. */
export async function playerCashier(
  d: Desk,
  brand: BrandSnapshot,
  memberId: number,
  q: { before?: string | undefined; pageSize: number },
  lang: string,
) {
  const m = await memberOf(d, memberId);
  const rows = await repo.memberRequests(
    d.db,
    d.staff.brandId,
    BigInt(m.id),
    cursorOf('before', q.before),
    q.pageSize + 1,
  );
  const page = rows.slice(0, q.pageSize);
  return {
    list: await staffViews(d.db, brand, page, lang),
    next: rows.length > q.pageSize ? String(page.at(-1)?.id) : null,
  };
}
