import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { fingerprintOf, PLAY_MONEY, post, publishPosted, systemAccount, walletFor } from '../wallet/service';
import { type CallContext, ledgerKey, scopeOf } from './answers';
import type { HeldWinAlert } from './events';
import { noMoney, type Settled } from './money-call';
import type { Player } from './player';
import * as repo from './repo';

/**
 * Wins over the brand's caps (decision 0025). A provider decides its games' outcomes, but a
 * wrong or forged win must not reach a wallet unseen: a round's wins above `ratio` times its
 * stakes, or one win above `amount`, are answered like any win (so the provider neither retries
 * nor rolls back) while their money goes from the vendor's account to its suspense account.
 * Staff then release a held win to the player or void it to the house, each exactly once.
 */

export type HoldReason = 'ratio' | 'amount' | 'both';

/**
 * The cap a win goes over, or null when it is paid. `round` is the round with this win booked:
 * its wins paid and held together against its stakes, so a win split in parts is held like the
 * whole. Play money is never held: it is worth nothing, and a hold would only call staff.
 */
export function capExceeded(
  caps: repo.WinCaps,
  currency: string,
  amount: bigint,
  round: Pick<repo.WonRound, 'stake_total' | 'win_total' | 'held_total'>,
): HoldReason | null {
  if (currency === PLAY_MONEY) return null;
  const overRatio = round.win_total + round.held_total > BigInt(caps.ratio) * round.stake_total;
  const overAmount = amount > caps.amount;
  if (overRatio && overAmount) return 'both';
  return overRatio ? 'ratio' : overAmount ? 'amount' : null;
}

/** The vendor's suspense account in this currency, opened on first use (before any transaction). */
export function suspenseAccountOf(db: Database, brandId: number, vendor: string, currency: string) {
  return systemAccount(db, brandId, `suspense:${vendor}`, currency);
}

/** The ledger key of a held win's decision: one per win, so it is released or voided once. */
const decisionKey = (vendor: string, txId: string) => `suspense:${vendor}:${txId}`;

export type HeldWinRequest = { txId: string; roundId: string; gameCode: string; fingerprint: string };

/**
 * Inside the win's transaction, after the win was booked on its round: moves it to the round's
 * held wins, records it, posts it to suspense under the win's own ledger key, audits it, and
 * stores the answer a paid win of nothing would get (the balance as it is), so a replay gets
 * the same bytes. The alert goes out after the commit (money-call.ts `finish`).
 */
export async function holdIn(
  trx: Kysely<DB>,
  ctx: CallContext,
  player: Player,
  claimId: bigint,
  w: HeldWinRequest & { amount: bigint; suspenseAccount: bigint; reason: HoldReason; round: repo.WonRound },
): Promise<Settled> {
  const earlierWins = w.round.win_total + w.round.held_total - w.amount;
  await repo.holdOnRound(trx, w.round.id, w.amount);
  const heldId = await repo.insertHeldWin(trx, scopeOf(ctx), {
    tx_id: w.txId,
    member_id: player.memberId,
    round_id: w.roundId,
    game_code: w.gameCode,
    currency: player.currency,
    amount: w.amount,
    stake_total: w.round.stake_total,
    earlier_wins: earlierWins,
    reason: w.reason,
  });
  await post(
    ctx.db,
    {
      brandId: ctx.brandId,
      key: ledgerKey(ctx.vendor.code, w.txId),
      kind: 'hold',
      fingerprint: w.fingerprint,
      // Between two system accounts: the player holds none of them until it is released.
      memberId: null,
      roundId: w.roundId,
      memo: `${ctx.vendor.code} ${w.gameCode} held (${w.reason})`,
      legs: [
        { accountId: w.suspenseAccount, amount: w.amount },
        { accountId: player.providerAccount, amount: -w.amount },
      ],
    },
    trx,
  );
  const alert: HeldWinAlert = {
    brandId: ctx.brandId,
    vendor: ctx.vendor.code,
    heldId,
    txId: w.txId,
    memberId: player.memberId,
    roundId: w.roundId,
    currency: player.currency,
    amount: w.amount,
    stakeTotal: w.round.stake_total,
    reason: w.reason,
  };
  await audit(trx, {
    event: 'provider.win.held',
    brandId: ctx.brandId,
    memberId: player.memberId,
    ip: '',
    detail: { ...stringsOf(alert), earlierWins: earlierWins.toString(), caps: stringsOf(ctx.vendor.caps) },
  });
  const answered = await noMoney(trx, ctx, player, claimId, w.txId);
  if (answered.type !== 'answered') throw new Error('a held win has no answer');
  return { type: 'held', answer: answered.answer, alert };
}

/** An object's bigints as strings, for an audit entry's JSON. */
function stringsOf(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]));
}

// ---- what staff see and decide ------------------------------------------------------------------

export type HeldWin = {
  id: bigint;
  vendor: string;
  txId: string;
  memberId: bigint;
  roundId: string;
  gameCode: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  stakeTotal: bigint;
  earlierWins: bigint;
  reason: HoldReason;
  status: repo.HeldWinStatus;
  heldAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  note: string | null;
};

function viewOf(r: repo.HeldWinRow): HeldWin {
  return {
    id: r.id,
    vendor: r.vendor,
    txId: r.tx_id,
    memberId: r.member_id,
    roundId: r.round_id,
    gameCode: r.game_code,
    currency: r.currency,
    amount: r.amount,
    stakeTotal: r.stake_total,
    earlierWins: r.earlier_wins,
    reason: r.reason,
    status: r.status,
    heldAt: r.held_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    note: r.decision_note,
  };
}

/** A brand's held wins in one status (waiting ones by default), oldest first. */
export async function heldWins(
  db: Database,
  brandId: number,
  opts: { status?: repo.HeldWinStatus; limit?: number } = {},
): Promise<HeldWin[]> {
  const rows = await repo.heldWins(db, brandId, opts.status ?? 'held', opts.limit ?? 100);
  return rows.map(viewOf);
}

/** How many wins wait for staff in each brand: the back office's badge. Brands with none are absent. */
export function heldWinCounts(db: Database): Promise<Map<number, number>> {
  return repo.heldWinCounts(db);
}

/** How many wins wait for staff in one brand. */
export async function heldWinCount(db: Database, brandId: number): Promise<number> {
  return (await repo.heldWinCounts(db, brandId)).get(brandId) ?? 0;
}

export type Decision = {
  brandId: number;
  /** The held win (provider_held_wins.id). */
  id: bigint;
  /** Who decides ('cli:<user>', later a staff account), kept with the decision and in the audit. */
  actor: string;
  note: string;
};

/** Releases a held win to the player's wallet (suspense → wallet). */
export function releaseHeldWin(db: Database, d: Decision) {
  return decide(db, d, 'released');
}

/** Voids a held win: its money goes to the house (suspense → house); the player gets nothing. */
export function voidHeldWin(db: Database, d: Decision) {
  return decide(db, d, 'voided');
}

/**
 * A held win's decision, exactly once whoever asks and however often: the held row changes
 * only while it is `held` (a concurrent decision waits on its lock, then finds it decided), and
 * the money moves under one ledger key per win. Asking again for the same decision answers it
 * again (`replayed`); asking for the other one is a CONFLICT.
 */
async function decide(
  db: Database,
  d: Decision,
  status: 'released' | 'voided',
): Promise<{ win: HeldWin; replayed: boolean; balance: bigint | null }> {
  const note = d.note.trim();
  if (note.length === 0) throw new AppError('VALIDATION_FAILED', { note: 'validation.required' });
  if (note.length > 200) throw new AppError('VALIDATION_FAILED', { note: 'validation.tooLong' });
  const found = await repo.heldWin(db.kysely, d.brandId, d.id);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.status !== 'held') return decided(found, status);
  // Accounts are opened before the transaction (PGlite has one connection).
  const suspense = await suspenseAccountOf(db, d.brandId, found.vendor, found.currency);
  const to =
    status === 'released'
      ? await walletFor(
          db,
          { id: found.member_id, brandId: d.brandId, isAgent: await repo.memberKind(db, found.member_id) },
          { currency: found.currency },
        )
      : await systemAccount(db, d.brandId, 'house', found.currency);
  const done = await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.decideHeldWin(trx, d.brandId, d.id, { status, by: d.actor, note });
    if (!row) {
      const now = await repo.heldWin(trx, d.brandId, d.id);
      if (!now) throw new AppError('NOT_FOUND');
      return { row: now, posted: null };
    }
    const scope = { brandId: d.brandId, vendor: row.vendor };
    await repo.decideOnRound(trx, scope, row.round_id, row.amount, status === 'released');
    const posted = await post(
      db,
      {
        brandId: d.brandId,
        key: decisionKey(row.vendor, row.tx_id),
        kind: status === 'released' ? 'release' : 'void',
        fingerprint: fingerprintOf({ status, amount: row.amount, member: row.member_id }),
        memberId: status === 'released' ? row.member_id : null,
        roundId: row.round_id,
        memo: `${row.vendor} ${row.game_code} ${status}: ${note}`,
        legs: [
          { accountId: suspense, amount: -row.amount },
          { accountId: to, amount: row.amount },
        ],
      },
      trx,
    );
    await audit(trx, {
      event: status === 'released' ? 'provider.win.released' : 'provider.win.voided',
      brandId: d.brandId,
      memberId: row.member_id,
      ip: '',
      detail: {
        heldId: row.id.toString(),
        vendor: row.vendor,
        txId: row.tx_id,
        amount: row.amount.toString(),
        currency: row.currency,
        actor: d.actor,
        note,
      },
    });
    return { row, posted };
  });
  if (!done.posted) return decided(done.row, status);
  await publishPosted(db, d.brandId, done.posted);
  return { win: viewOf(done.row), replayed: false, balance: done.posted.balances.get(to) ?? null };
}

/** The answer to a decision asked of a win already decided: itself again, or a conflict. */
function decided(row: repo.HeldWinRow, status: 'released' | 'voided') {
  if (row.status !== status) throw new AppError('CONFLICT');
  return { win: viewOf(row), replayed: true, balance: null };
}
