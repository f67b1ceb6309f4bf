import {
  type BrandInfo,
  ERRORS,
  type ErrorCode,
  fromMinor,
  ok,
  type ProviderBalanceRequest,
  type ProviderBalanceValue,
  type ProviderBetRequest,
  type ProviderRollbackRequest,
  type ProviderWinRequest,
  toMinor,
} from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError, failure } from '../../platform/errors';
import type { DB } from '../../platform/schema';
import { systemAccount } from '../wallet/accounts';
import {
  balanceAfter,
  currentBalance,
  fingerprintOf,
  type Movement,
  type Posted,
  post,
  publishPosted,
} from '../wallet/ledger';
import { currencyOf, type Holder, walletFor } from '../wallet/service';
import { insertGameSession, liveGameSession, type Vendor, vendorOf } from './repo';

/** How long a launch's game session takes bets (a provider may ask for less). */
export const GAME_SESSION_TTL_SECONDS = 4 * 3600;

/**
 * The seamless-wallet calls (MONEY.md "Seamless-wallet rules"). Each money call runs in one
 * transaction on one connection: the provider's transaction id is claimed first (a concurrent
 * replay waits on that claim and then answers the first call's response), the round row is
 * locked next (a win and a rollback on one round cannot both pass), and the wallet's conditional
 * update is the last statement before commit. The answer's bytes are stored, so a replay gets
 * exactly the first answer; refusals are stored too.
 */

/** An answer to the provider: its HTTP status and the exact body bytes. */
export type Answer = { status: number; body: string };

export type CallContext = {
  db: Database;
  brandId: number;
  brand: Pick<BrandInfo, 'currency' | 'currencyDecimals'>;
  vendor: Vendor;
};

/** The player of a call, with the accounts the call moves money between. */
type Player = { memberId: bigint; playerId: string; currency: string; walletId: bigint; providerAccount: bigint };

type TxRow = {
  id: bigint;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  member_id: bigint;
  round_id: string | null;
  amount: bigint;
  fingerprint: string;
  outcome: string;
  http_status: number;
  response: string | null;
  rolled_back_by: string | null;
};

type RoundRow = {
  id: bigint;
  member_id: bigint;
  game_code: string;
  currency: string;
  status: 'open' | 'completed' | 'cancelled';
  rolled_back: boolean;
  win_count: number;
};

/** What a call's transaction ended with; money answers are written just after the commit. */
type Settled =
  | { type: 'replay'; row: TxRow }
  | { type: 'answered'; answer: Answer }
  | { type: 'posted'; claimId: bigint; txId: string; posted: Posted };

export function okAnswer(value: ProviderBalanceValue): Answer {
  return { status: 200, body: JSON.stringify(ok(value)) };
}

export function refusal(code: ErrorCode): Answer {
  return { status: ERRORS[code].status, body: JSON.stringify(failure(code)) };
}

/** The ledger key of a provider transaction (MONEY.md: `provider:<vendor>:<tx id>`). */
export function ledgerKey(vendor: string, txId: string): string {
  return `provider:${vendor}:${txId}`;
}

function minorOf(ctx: CallContext, amount: string): bigint {
  const minor = toMinor(amount, ctx.brand.currencyDecimals);
  if (minor === null || minor < 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  return minor;
}

function money(ctx: CallContext, minor: bigint): string {
  return fromMinor(minor, ctx.brand.currencyDecimals);
}

/**
 * The member behind `playerId` (the member id as a decimal string), with their wallet in the
 * money this vendor plays with: trial accounts hold play money and only play-money vendors
 * ('play' or 'both') may touch it; real-money vendors never see play money, nor the reverse.
 */
export async function playerOf(ctx: CallContext, playerId: string, currency: string): Promise<Player> {
  if (!/^[1-9]\d{0,17}$/.test(playerId)) throw new AppError('PLAYER_NOT_FOUND');
  const row = await ctx.db.kysely
    .selectFrom('members')
    .select(['id', 'is_agent'])
    .where('id', '=', BigInt(playerId))
    .where('brand_id', '=', ctx.brandId)
    .executeTakeFirst();
  if (!row) throw new AppError('PLAYER_NOT_FOUND');
  const holder = { id: row.id, brandId: ctx.brandId, isAgent: row.is_agent };
  const trial = row.is_agent === 4;
  if (trial && ctx.vendor.wallets === 'real') throw new AppError('TRIAL_ACCOUNT');
  if (!trial && ctx.vendor.wallets === 'play') throw new AppError('FORBIDDEN');
  const walletCurrency = currencyOf(holder, ctx.brand);
  if (walletCurrency !== currency) throw new AppError('CURRENCY_MISMATCH');
  const walletId = await walletFor(ctx.db, holder, ctx.brand);
  const providerAccount = await systemAccount(ctx.db, ctx.brandId, `provider:${ctx.vendor.code}`, walletCurrency);
  return { memberId: row.id, playerId, currency: walletCurrency, walletId, providerAccount };
}

async function storedTx(ctx: CallContext, txId: string, trx?: Kysely<DB>): Promise<TxRow | undefined> {
  return (trx ?? ctx.db.kysely)
    .selectFrom('provider_transactions')
    .select([
      'id',
      'kind',
      'member_id',
      'round_id',
      'amount',
      'fingerprint',
      'outcome',
      'http_status',
      'response',
      'rolled_back_by',
    ])
    .where('brand_id', '=', ctx.brandId)
    .where('vendor', '=', ctx.vendor.code)
    .where('tx_id', '=', txId)
    .executeTakeFirst();
}

/**
 * The answer to a call whose id is already taken: the first answer byte for byte when the
 * request is the same, a duplicate error (nothing posted) when it is not. A bet whose id a
 * rollback named first (a tombstone) is refused.
 */
async function replayOf(
  ctx: CallContext,
  row: TxRow,
  kind: 'bet' | 'win' | 'rollback',
  fingerprint: string,
  txId: string,
  player: Player,
): Promise<Answer> {
  if (row.kind === 'tombstone') return refusal(kind === 'bet' ? 'BET_ROLLED_BACK' : 'DUPLICATE_TRANSACTION');
  if (row.kind !== kind || row.fingerprint !== fingerprint) return refusal('DUPLICATE_TRANSACTION');
  if (row.response !== null) return { status: row.http_status, body: row.response };
  // The money committed but its answer is not written yet (the first call is finishing, or its
  // process died right after the commit): the same bytes, rendered from the ledger.
  const balance = await balanceAfter(ctx.db, ctx.brandId, ledgerKey(ctx.vendor.code, txId), player.walletId);
  if (balance === null) throw new Error(`provider transaction ${txId} has no posting on its wallet`);
  const answer = okAnswer({ txId, playerId: player.playerId, currency: player.currency, balance: money(ctx, balance) });
  await storeAnswer(ctx.db, row.id, answer);
  return answer;
}

async function storeAnswer(db: Database | Kysely<DB>, claimId: bigint, answer: Answer, outcome = 'ok') {
  const k = 'kysely' in db ? db.kysely : db;
  await k
    .updateTable('provider_transactions')
    .set({ response: answer.body, http_status: answer.status, outcome })
    .where('id', '=', claimId)
    .where('response', 'is', null)
    .execute();
}

type Claim = {
  txId: string;
  kind: 'bet' | 'win' | 'rollback';
  roundId: string;
  amount: bigint;
  refTxId?: string;
  fingerprint: string;
};

/** Claims the provider's transaction id; null when it is taken (after the taker committed). */
async function claim(trx: Kysely<DB>, ctx: CallContext, player: Player, c: Claim): Promise<bigint | null> {
  const row = await trx
    .insertInto('provider_transactions')
    .values({
      brand_id: ctx.brandId,
      vendor: ctx.vendor.code,
      tx_id: c.txId,
      kind: c.kind,
      member_id: player.memberId,
      round_id: c.roundId,
      amount: c.amount,
      ref_tx_id: c.refTxId ?? null,
      fingerprint: c.fingerprint,
      outcome: 'ok',
      http_status: 200,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'vendor', 'tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A refusal inside the call's transaction: stored on the claim, committed, nothing posted. */
async function refuse(trx: Kysely<DB>, claimId: bigint, code: ErrorCode): Promise<Settled> {
  const answer = refusal(code);
  await storeAnswer(trx, claimId, answer, code);
  return { type: 'answered', answer };
}

/** A success that moves no money: the answer (with the balance now) is stored in the transaction. */
async function noMoney(
  trx: Kysely<DB>,
  ctx: CallContext,
  player: Player,
  claimId: bigint,
  txId: string,
): Promise<Settled> {
  const balance = await currentBalance(ctx.db, player.walletId, trx);
  const answer = okAnswer({ txId, playerId: player.playerId, currency: player.currency, balance: money(ctx, balance) });
  await storeAnswer(trx, claimId, answer);
  return { type: 'answered', answer };
}

function movement(
  ctx: CallContext,
  player: Player,
  kind: 'bet' | 'win' | 'rollback',
  txId: string,
  roundId: string,
  fingerprint: string,
  toPlayer: bigint,
  memo: string,
): Movement {
  return {
    brandId: ctx.brandId,
    key: ledgerKey(ctx.vendor.code, txId),
    kind,
    fingerprint,
    memberId: player.memberId,
    roundId,
    memo,
    legs: [
      { accountId: player.walletId, amount: toPlayer },
      { accountId: player.providerAccount, amount: -toPlayer },
    ],
  };
}

/** After the commit: publish the balance and write the answer the replays will return. */
async function finish(ctx: CallContext, player: Player, s: Settled, kind: Claim['kind'], fp: string, txId: string) {
  if (s.type === 'answered') return s.answer;
  if (s.type === 'replay') return replayOf(ctx, s.row, kind, fp, txId, player);
  await publishPosted(ctx.db, ctx.brandId, s.posted);
  const balance = s.posted.balances.get(player.walletId) ?? 0n;
  const answer = okAnswer({ txId, playerId: player.playerId, currency: player.currency, balance: money(ctx, balance) });
  await storeAnswer(ctx.db, s.claimId, answer);
  return answer;
}

/**
 * Runs one money call: replay check, then its transaction, then the answer. A wallet that
 * would go negative rolls the transaction back; the refusal is then stored on its own.
 */
async function run(
  ctx: CallContext,
  player: Player,
  c: Claim,
  body: (trx: Kysely<DB>, claimId: bigint) => Promise<Settled>,
  beforeFirst?: () => Promise<void>,
): Promise<Answer> {
  const known = await storedTx(ctx, c.txId);
  if (known) return replayOf(ctx, known, c.kind, c.fingerprint, c.txId, player);
  // Checks that only a first call needs (a replay answers as the first call did).
  await beforeFirst?.();
  let settled: Settled;
  try {
    settled = await ctx.db.kysely.transaction().execute(async (trx) => {
      const claimId = await claim(trx, ctx, player, c);
      if (claimId === null) {
        const row = await storedTx(ctx, c.txId, trx);
        if (!row) throw new Error(`provider transaction ${c.txId} vanished`);
        return { type: 'replay', row } as const;
      }
      return body(trx, claimId);
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
    const answer = refusal('INSUFFICIENT_FUNDS');
    const stored = await ctx.db.kysely
      .insertInto('provider_transactions')
      .values({
        brand_id: ctx.brandId,
        vendor: ctx.vendor.code,
        tx_id: c.txId,
        kind: c.kind,
        member_id: player.memberId,
        round_id: c.roundId,
        amount: c.amount,
        ref_tx_id: c.refTxId ?? null,
        fingerprint: c.fingerprint,
        outcome: 'INSUFFICIENT_FUNDS',
        http_status: answer.status,
        response: answer.body,
      })
      .onConflict((oc) => oc.columns(['brand_id', 'vendor', 'tx_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (stored) return answer;
    const row = await storedTx(ctx, c.txId);
    if (!row) throw err;
    return replayOf(ctx, row, c.kind, c.fingerprint, c.txId, player);
  }
  return finish(ctx, player, settled, c.kind, c.fingerprint, c.txId);
}

async function roundOf(trx: Kysely<DB>, ctx: CallContext, roundId: string): Promise<RoundRow | undefined> {
  return trx
    .selectFrom('provider_rounds')
    .select(['id', 'member_id', 'game_code', 'currency', 'status', 'rolled_back', 'win_count'])
    .where('brand_id', '=', ctx.brandId)
    .where('vendor', '=', ctx.vendor.code)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/** Requires a live game session of this player, vendor (and game, when given). */
async function requireSession(ctx: CallContext, token: string, playerId: string, gameCode?: string) {
  const session = await liveGameSession(ctx.db, ctx.brandId, token);
  if (
    !session ||
    session.memberId.toString() !== playerId ||
    session.vendor !== ctx.vendor.code ||
    (gameCode !== undefined && session.gameCode !== gameCode)
  )
    throw new AppError('GAME_SESSION_INVALID');
}

export async function balance(ctx: CallContext, req: ProviderBalanceRequest): Promise<Answer> {
  await requireSession(ctx, req.token, req.playerId);
  const player = await playerOf(ctx, req.playerId, req.currency);
  const minor = await currentBalance(ctx.db, player.walletId);
  return okAnswer({ playerId: player.playerId, currency: player.currency, balance: money(ctx, minor) });
}

/**
 * A bet's or a win's claim: its fingerprint (what makes the same txId a replay rather than a
 * duplicate) over player, round, game, amount, currency and whether it closes the round, and
 * the player it moves money for.
 */
async function claimOf(
  ctx: CallContext,
  kind: 'bet' | 'win',
  req: { txId: string; playerId: string; roundId: string; gameCode: string; currency: string },
  amount: bigint,
  closes: boolean,
): Promise<{ player: Player; claim: Claim; fingerprint: string }> {
  const fingerprint = fingerprintOf({
    kind,
    player: req.playerId,
    round: req.roundId,
    game: req.gameCode,
    amount,
    currency: req.currency,
    closes: String(closes),
  });
  const player = await playerOf(ctx, req.playerId, req.currency);
  return { player, claim: { txId: req.txId, kind, roundId: req.roundId, amount, fingerprint }, fingerprint };
}

export async function bet(ctx: CallContext, req: ProviderBetRequest): Promise<Answer> {
  const amount = minorOf(ctx, req.amount);
  if (amount === 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const closes = req.roundClosed ?? false;
  const { player, claim: c, fingerprint } = await claimOf(ctx, 'bet', req, amount, closes);
  // Bets need a live session; wins and rollbacks do not (it may expire mid-round).
  const session = () => requireSession(ctx, req.token, req.playerId, req.gameCode);
  return run(
    ctx,
    player,
    c,
    async (trx, claimId) => {
      // Opens the round or adds to it, locking its row; no row back means the round refuses.
      const status = closes ? 'completed' : 'open';
      const opened = await sql<{ id: bigint }>`
      INSERT INTO provider_rounds AS r
        (brand_id, vendor, round_id, member_id, game_code, currency, stake_total, status, closed_at, closed_by)
      VALUES (${ctx.brandId}, ${ctx.vendor.code}, ${req.roundId}, ${player.memberId}, ${req.gameCode},
        ${player.currency}, ${amount}, ${status}, ${closes ? sql`now()` : null}, ${closes ? 'provider' : null})
      ON CONFLICT (brand_id, vendor, round_id) DO UPDATE
        SET stake_total = r.stake_total + EXCLUDED.stake_total, updated_at = now(),
            status = EXCLUDED.status, closed_at = EXCLUDED.closed_at, closed_by = EXCLUDED.closed_by
        WHERE r.status = 'open' AND r.member_id = EXCLUDED.member_id
          AND r.game_code = EXCLUDED.game_code AND r.currency = EXCLUDED.currency
      RETURNING r.id`.execute(trx);
      if (!opened.rows[0]) {
        const round = await roundOf(trx, ctx, req.roundId);
        return refuse(trx, claimId, round?.status !== 'open' ? 'ROUND_CLOSED' : 'INVALID_REFERENCE');
      }
      const m = movement(ctx, player, 'bet', req.txId, req.roundId, fingerprint, -amount, memo(ctx, req.gameCode));
      return { type: 'posted', claimId, txId: req.txId, posted: await post(ctx.db, m, trx) };
    },
    session,
  );
}

function memo(ctx: CallContext, gameCode: string | undefined) {
  return `${ctx.vendor.code} ${gameCode ?? ''}`.trim();
}

export async function win(ctx: CallContext, req: ProviderWinRequest): Promise<Answer> {
  const amount = minorOf(ctx, req.amount);
  const closes = req.roundClosed ?? true;
  const { player, claim: c, fingerprint } = await claimOf(ctx, 'win', req, amount, closes);
  return run(ctx, player, c, async (trx, claimId) => {
    // The round row is the lock a rollback takes too: a win and a rollback on one round
    // serialise here, and the second sees the first.
    const updated = await sql<{ id: bigint }>`
      UPDATE provider_rounds
         SET win_total = win_total + ${amount}, win_count = win_count + 1, updated_at = now(),
             status = CASE WHEN ${closes} THEN 'completed' ELSE status END,
             closed_at = CASE WHEN ${closes} THEN now() ELSE closed_at END,
             closed_by = CASE WHEN ${closes} THEN 'provider' ELSE closed_by END
       WHERE brand_id = ${ctx.brandId} AND vendor = ${ctx.vendor.code} AND round_id = ${req.roundId}
         AND member_id = ${player.memberId} AND game_code = ${req.gameCode} AND currency = ${player.currency}
         AND status = 'open' AND NOT rolled_back
      RETURNING id`.execute(trx);
    if (!updated.rows[0]) {
      const round = await roundOf(trx, ctx, req.roundId);
      let code: ErrorCode;
      if (!round) code = 'ROUND_NOT_FOUND';
      else if (round.member_id !== player.memberId || round.game_code !== req.gameCode) code = 'INVALID_REFERENCE';
      else if (round.rolled_back) code = 'BET_ROLLED_BACK';
      else code = 'ROUND_CLOSED';
      return refuse(trx, claimId, code);
    }
    if (amount === 0n) return noMoney(trx, ctx, player, claimId, req.txId);
    const m = movement(ctx, player, 'win', req.txId, req.roundId, fingerprint, amount, memo(ctx, req.gameCode));
    return { type: 'posted', claimId, txId: req.txId, posted: await post(ctx.db, m, trx) };
  });
}

function rollbackFingerprint(req: {
  playerId: string;
  roundId: string;
  refTxId: string;
  amount?: string;
  gameCode?: string;
}) {
  return fingerprintOf({
    kind: 'rollback',
    player: req.playerId,
    round: req.roundId,
    ref: req.refTxId,
    amount: req.amount,
    game: req.gameCode,
  });
}

/**
 * Reverses a bet inside the caller's transaction. The bet's STORED amount is refunded, whatever
 * the request says. An unknown bet is not an error: nothing moves and a tombstone keeps its id,
 * so a bet arriving late with that id is refused. A round with a win refuses rollbacks.
 */
async function rollbackIn(
  trx: Kysely<DB>,
  ctx: CallContext,
  player: Player,
  claimId: bigint,
  r: { txId: string; roundId: string; refTxId: string; fingerprint: string },
  closedBy: 'provider' | 'resolver',
): Promise<Settled> {
  let bet = await storedTx(ctx, r.refTxId, trx);
  if (!bet) {
    const tomb = await trx
      .insertInto('provider_transactions')
      .values({
        brand_id: ctx.brandId,
        vendor: ctx.vendor.code,
        tx_id: r.refTxId,
        kind: 'tombstone',
        member_id: player.memberId,
        round_id: r.roundId,
        ref_tx_id: r.txId,
        fingerprint: '',
        outcome: 'ok',
        http_status: 200,
        response: '',
      })
      .onConflict((oc) => oc.columns(['brand_id', 'vendor', 'tx_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (tomb) return noMoney(trx, ctx, player, claimId, r.txId);
    // A bet with that id committed while we looked: reverse it.
    bet = await storedTx(ctx, r.refTxId, trx);
    if (!bet) throw new Error(`provider transaction ${r.refTxId} vanished`);
  }
  if (bet.member_id !== player.memberId || bet.round_id !== r.roundId) return refuse(trx, claimId, 'INVALID_REFERENCE');
  // Already tombstoned by another rollback, or a bet that was refused: nothing to reverse.
  if (bet.kind === 'tombstone' || (bet.kind === 'bet' && bet.outcome !== 'ok'))
    return noMoney(trx, ctx, player, claimId, r.txId);
  if (bet.kind !== 'bet') return refuse(trx, claimId, 'INVALID_REFERENCE');

  const round = await sql<RoundRow & { stake_total: bigint; refund_total: bigint }>`
    SELECT id, member_id, game_code, currency, status, rolled_back, win_count, stake_total, refund_total
      FROM provider_rounds
     WHERE brand_id = ${ctx.brandId} AND vendor = ${ctx.vendor.code} AND round_id = ${r.roundId}
       FOR UPDATE`.execute(trx);
  const locked = round.rows[0];
  if (!locked) throw new Error(`round ${r.roundId} of bet ${r.refTxId} is missing`);
  if (locked.win_count > 0) return refuse(trx, claimId, 'ROLLBACK_AFTER_WIN');
  const reversed = await trx
    .updateTable('provider_transactions')
    .set({ rolled_back_by: r.txId })
    .where('id', '=', bet.id)
    .where('rolled_back_by', 'is', null)
    .returning('amount')
    .executeTakeFirst();
  // Another rollback reversed it already: answer success, move nothing.
  if (!reversed) return noMoney(trx, ctx, player, claimId, r.txId);
  const amount = reversed.amount;
  await sql`
    UPDATE provider_rounds
       SET refund_total = refund_total + ${amount}, rolled_back = true, updated_at = now(),
           status = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN 'cancelled' ELSE status END,
           closed_at = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN now() ELSE closed_at END,
           closed_by = CASE WHEN status = 'open' AND stake_total = refund_total + ${amount} THEN ${closedBy} ELSE closed_by END
     WHERE id = ${locked.id}`.execute(trx);
  await trx.updateTable('provider_transactions').set({ amount }).where('id', '=', claimId).execute();
  const m = movement(ctx, player, 'rollback', r.txId, r.roundId, r.fingerprint, amount, `${ctx.vendor.code} rollback`);
  return { type: 'posted', claimId, txId: r.txId, posted: await post(ctx.db, m, trx) };
}

export async function rollback(ctx: CallContext, req: ProviderRollbackRequest): Promise<Answer> {
  if (req.amount !== undefined) minorOf(ctx, req.amount);
  const fingerprint = rollbackFingerprint(req);
  const player = await playerOf(ctx, req.playerId, req.currency);
  const c: Claim = {
    txId: req.txId,
    kind: 'rollback',
    roundId: req.roundId,
    amount: 0n,
    refTxId: req.refTxId,
    fingerprint,
  };
  return run(ctx, player, c, (trx, claimId) =>
    rollbackIn(trx, ctx, player, claimId, { ...c, refTxId: req.refTxId }, 'provider'),
  );
}

/** Rounds completed and cancelled, bets refunded, and rounds that failed (retried next run). */
export type Resolved = { completed: number; cancelled: number; refunds: number; failed: number };

/**
 * Closes rounds left open longer than `delaySeconds` (the resolver). A round with a win is
 * completed; a round with only bets has each live bet rolled back through the same idempotent
 * path (transaction id `resolver:<round>:<bet>`) and is cancelled. Each round is handled in a
 * transaction holding its row lock, taken with SKIP LOCKED: several processes running the
 * resolver at once never handle one round twice, and the keyed rollbacks could not pay twice
 * anyway.
 */
export async function resolveRounds(
  db: Database,
  opts: { delaySeconds: number; limit?: number; onError?: (err: unknown, roundId: string) => void },
): Promise<Resolved> {
  const out: Resolved = { completed: 0, cancelled: 0, refunds: 0, failed: 0 };
  const candidates = await sql<{
    id: bigint;
    brand_id: number;
    vendor: string;
    round_id: string;
    member_id: bigint;
    currency: string;
    win_count: number;
  }>`
    SELECT id, brand_id, vendor, round_id, member_id, currency, win_count FROM provider_rounds
     WHERE status = 'open' AND updated_at <= now() - make_interval(secs => ${opts.delaySeconds})
     ORDER BY updated_at LIMIT ${opts.limit ?? 500}`.execute(db.kysely);
  for (const cand of candidates.rows) {
    try {
      await resolveOne(db, cand, opts.delaySeconds, out);
    } catch (err) {
      // One broken round must not hold up the others behind it.
      out.failed++;
      opts.onError?.(err, cand.round_id);
    }
  }
  return out;
}

async function resolveOne(
  db: Database,
  cand: { id: bigint; brand_id: number; vendor: string; round_id: string; member_id: bigint; currency: string },
  delaySeconds: number,
  out: Resolved,
) {
  const brand = await db.kysely
    .selectFrom('brands')
    .select(['currency', 'currency_decimals'])
    .where('id', '=', cand.brand_id)
    .executeTakeFirstOrThrow();
  const vendorRow = await db.kysely
    .selectFrom('provider_vendors')
    .select(['name', 'wallets'])
    .where('brand_id', '=', cand.brand_id)
    .where('code', '=', cand.vendor)
    .executeTakeFirst();
  const ctx: CallContext = {
    db,
    brandId: cand.brand_id,
    brand: { currency: brand.currency, currencyDecimals: brand.currency_decimals },
    vendor: {
      brandId: cand.brand_id,
      code: cand.vendor,
      name: vendorRow?.name ?? cand.vendor,
      secret: '',
      wallets: vendorRow?.wallets ?? 'both',
    },
  };
  // The accounts exist already (the round's bets were posted to them); looked up before the
  // transaction because PGlite has one connection.
  const member = await db.kysely
    .selectFrom('members')
    .select('is_agent')
    .where('id', '=', cand.member_id)
    .executeTakeFirstOrThrow();
  const walletId = await walletFor(
    db,
    { id: cand.member_id, brandId: cand.brand_id, isAgent: member.is_agent },
    ctx.brand,
  );
  const providerAccount = await systemAccount(db, cand.brand_id, `provider:${cand.vendor}`, cand.currency);
  const player: Player = {
    memberId: cand.member_id,
    playerId: cand.member_id.toString(),
    currency: cand.currency,
    walletId,
    providerAccount,
  };
  const settled = await db.kysely.transaction().execute(async (trx) => {
    const locked = await sql<{ id: bigint; win_count: number }>`
      SELECT id, win_count FROM provider_rounds
       WHERE id = ${cand.id} AND status = 'open' AND updated_at <= now() - make_interval(secs => ${delaySeconds})
         FOR UPDATE SKIP LOCKED`.execute(trx);
    const round = locked.rows[0];
    if (!round) return null;
    if (round.win_count > 0) {
      await sql`UPDATE provider_rounds SET status = 'completed', closed_at = now(), closed_by = 'resolver', updated_at = now()
                 WHERE id = ${round.id}`.execute(trx);
      return { status: 'completed' as const, refunds: [] };
    }
    const bets = await trx
      .selectFrom('provider_transactions')
      .select('tx_id')
      .where('brand_id', '=', cand.brand_id)
      .where('vendor', '=', cand.vendor)
      .where('round_id', '=', cand.round_id)
      .where('kind', '=', 'bet')
      .where('outcome', '=', 'ok')
      .where('rolled_back_by', 'is', null)
      .orderBy('id')
      .execute();
    const refunds: { settled: Settled; claim: Claim }[] = [];
    for (const b of bets) {
      const txId = `resolver:${cand.round_id}:${b.tx_id}`;
      const fingerprint = rollbackFingerprint({
        playerId: player.playerId,
        roundId: cand.round_id,
        refTxId: b.tx_id,
      });
      const c: Claim = { txId, kind: 'rollback', roundId: cand.round_id, amount: 0n, refTxId: b.tx_id, fingerprint };
      const claimId = await claim(trx, ctx, player, c);
      if (claimId === null) continue;
      refunds.push({
        claim: c,
        settled: await rollbackIn(trx, ctx, player, claimId, { ...c, refTxId: b.tx_id }, 'resolver'),
      });
    }
    await sql`UPDATE provider_rounds SET status = 'cancelled', closed_at = now(), closed_by = 'resolver', updated_at = now()
               WHERE id = ${round.id} AND status = 'open'`.execute(trx);
    return { status: 'cancelled' as const, refunds };
  });
  if (!settled) return;
  out[settled.status]++;
  for (const r of settled.refunds) {
    await finish(ctx, player, r.settled, 'rollback', r.claim.fingerprint, r.claim.txId);
    if (r.settled.type === 'posted') out.refunds++;
  }
}

/**
 * Opens a game session for a launch (issue 4 item 7 calls this): returns the opaque token handed
 * to the provider, stored only as its SHA-256. Trial accounts play with play money and only on
 * vendors that take it; real-money vendors never see play money.
 */
export async function createGameSession(
  db: Database,
  opts: { member: Holder; vendor: string; gameCode: string; ttlSeconds?: number; language?: string },
): Promise<{ token: string; expiresAt: Date; currency: string }> {
  const { member } = opts;
  const vendor = await vendorOf(db, member.brandId, opts.vendor);
  if (!vendor) throw new AppError('NOT_FOUND');
  const trial = member.isAgent === 4;
  if (trial && vendor.wallets === 'real') throw new AppError('TRIAL_ACCOUNT');
  if (!trial && vendor.wallets === 'play') throw new AppError('FORBIDDEN');
  const brand = await db.kysely
    .selectFrom('brands')
    .select('currency')
    .where('id', '=', member.brandId)
    .executeTakeFirstOrThrow();
  const currency = currencyOf(member, brand);
  const expiresAt = new Date(Date.now() + (opts.ttlSeconds ?? GAME_SESSION_TTL_SECONDS) * 1000);
  const token = await insertGameSession(db, {
    brandId: member.brandId,
    memberId: member.id,
    vendor: vendor.code,
    gameCode: opts.gameCode,
    currency,
    expiresAt,
    ...(opts.language ? { language: opts.language } : {}),
  });
  return { token, expiresAt, currency };
}
