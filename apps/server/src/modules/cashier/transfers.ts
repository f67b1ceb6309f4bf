import type { TransfersAnswer, UplineTransfer } from '@khela/contract';
import { fromMinor, isAgentKind, toMinor, type UplineTransferBody } from '@khela/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionMember } from '../../platform/sessions';
import { walletOf } from '../wallet/accounts';
import { fingerprintOf, type Posted, post, publishPosted } from '../wallet/ledger';
import { recordInflow } from '../wallet/turnover';
import { publishNotice, type SentNotice, writeNotice } from './notices';
import { verifyPaymentPassword } from './payment-password';
import { checkDepositAllowed } from './responsible-play';
import { cashierSettings } from './settings';

/**
 * Upline transfers (CASHIER.md "Transfers", spec §2 transferUpline): a player sends money to
 * its upline agent; an agent sends money to one of its direct downlines (how agents fund their
 * players). Both wallets move in one ledger transaction keyed `transfer:<from>:<requestId>`, with
 * the transfer's row and both sides' notices; a transfer into a player's wallet counts as a
 * deposit for the player's responsible-play limits and asks its turnover like one.
 */

type Answer = z.infer<typeof TransfersAnswer>;
type Transfer = z.infer<typeof UplineTransfer>;

/** How many transfers the page lists (newest first, both ways). */
const LISTED = 50;

/** A player (not an agent, not a trial account) receives money as a deposit. */
const PLAYER = 0;

type TransferRow = {
  id: bigint;
  from_member: bigint;
  to_member: bigint;
  amount_minor: bigint;
  currency: string;
  remark: string;
  created_at: Date;
  from_account: string;
  to_account: string;
};

function viewOf(r: TransferRow, me: bigint, decimals: number): Transfer {
  const out = r.from_member === me;
  return {
    id: r.id.toString(),
    direction: out ? 'out' : 'in',
    counterparty: out ? r.to_account : r.from_account,
    amount: fromMinor(r.amount_minor, decimals),
    currency: r.currency,
    remark: r.remark,
    at: r.created_at.toISOString(),
  };
}

async function transferRows(db: Database, where: ReturnType<typeof sql>, limit: number): Promise<TransferRow[]> {
  const r = await sql<TransferRow>`
    SELECT t.id, t.from_member, t.to_member, t.amount_minor, t.currency, t.remark, t.created_at,
           f.account AS from_account, d.account AS to_account
      FROM member_transfers t
      JOIN members f ON f.id = t.from_member
      JOIN members d ON d.id = t.to_member
     WHERE ${where}
     ORDER BY t.id DESC LIMIT ${limit}`.execute(db.kysely);
  return r.rows;
}

/** GET /wps/cashier/transfers: who this member can send to, the limits, and its transfers both ways. */
export async function listTransfers(db: Database, brand: BrandSnapshot, member: SessionMember): Promise<Answer> {
  const settings = await cashierSettings(db, brand.id);
  const decimals = brand.info.currencyDecimals;
  const me = await db.kysely
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select(['u.account as upline'])
    .where('m.id', '=', member.id)
    .executeTakeFirst();
  // Two index scans (sent, received) merged, rather than an OR the planner cannot index.
  const rows = await transferRows(
    db,
    sql`t.id IN (
      (SELECT id FROM member_transfers WHERE from_member = ${member.id} ORDER BY id DESC LIMIT ${LISTED})
      UNION ALL
      (SELECT id FROM member_transfers WHERE to_member = ${member.id} ORDER BY id DESC LIMIT ${LISTED}))`,
    LISTED,
  );
  const agent = isAgentKind(member.isAgent);
  return {
    upline: agent ? null : (me?.upline ?? null),
    isAgent: agent,
    min: fromMinor(settings.transfer_min_minor, decimals),
    max: fromMinor(settings.transfer_max_minor, decimals),
    list: rows.map((r) => viewOf(r, member.id, decimals)),
  };
}

type Recipient = { id: bigint; account: string; is_agent: number };

/**
 * Who the member may send to: a player its upline agent (toAccount, if given, must name it), an
 * agent a direct downline named by toAccount. Anyone else, or an account the operator closed
 * off, is TRANSFER_NOT_ALLOWED — the same answer whether or not the name exists.
 */
async function recipientOf(db: Database, member: SessionMember, toAccount: string | undefined): Promise<Recipient> {
  const base = db.kysely
    .selectFrom('members as r')
    .select(['r.id', 'r.account', 'r.is_agent'])
    .where('r.brand_id', '=', member.brandId)
    .where('r.status', '=', 'active');
  let found: Recipient | undefined;
  if (isAgentKind(member.isAgent)) {
    if (!toAccount) throw new AppError('VALIDATION_FAILED', { toAccount: 'validation.required' });
    found = await base
      .where('r.upline_id', '=', member.id)
      .where(sql<string>`lower(r.account)`, '=', toAccount.toLowerCase())
      .executeTakeFirst();
  } else if (member.isAgent === PLAYER) {
    found = await base
      .where('r.id', '=', (eb) => eb.selectFrom('members').select('upline_id').where('id', '=', member.id))
      .executeTakeFirst();
    if (found && !isAgentKind(found.is_agent)) found = undefined;
    if (found && toAccount && found.account.toLowerCase() !== toAccount.toLowerCase()) found = undefined;
  }
  if (!found) throw new AppError('TRANSFER_NOT_ALLOWED');
  return found;
}

async function sentBefore(db: Database, from: bigint, requestId: string) {
  const r = await transferRows(db, sql`t.from_member = ${from} AND t.request_key = ${requestId}`, 1);
  return r[0];
}

/** The same requestId answers the first transfer; with another amount or recipient it is refused. */
function replayOf(row: TransferRow, to: bigint | null, amount: bigint, me: bigint, decimals: number): Transfer {
  if (row.amount_minor !== amount || (to !== null && row.to_member !== to)) throw new AppError('DUPLICATE_TRANSACTION');
  return viewOf(row, me, decimals);
}

/**
 * POST /wps/cashier/transfers. The checks that change nothing come first (amount, limits, who
 * may receive, the recipient's responsible-play limits), then the payment password, then one
 * transaction: the transfer's row claims the requestId, the ledger moves both wallets (locked
 * in ascending id by ledger_post, so transfers both ways cannot deadlock; a short wallet
 * undoes everything), the turnover requirement and both notices are written with it.
 */
export async function sendTransfer(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  body: UplineTransferBody,
): Promise<Transfer> {
  const decimals = brand.info.currencyDecimals;
  const amount = toMinor(body.amount, decimals);
  if (amount === null || amount <= 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  const previous = await sentBefore(db, member.id, body.requestId);
  if (previous) return replayOf(previous, null, amount, member.id, decimals);

  const settings = await cashierSettings(db, brand.id);
  if (amount < settings.transfer_min_minor || amount > settings.transfer_max_minor)
    throw new AppError('AMOUNT_OUT_OF_RANGE', { amount: 'errors.AMOUNT_OUT_OF_RANGE' });
  const to = await recipientOf(db, member, body.toAccount);
  const toPlayer = to.is_agent === PLAYER;
  if (toPlayer) {
    try {
      await checkDepositAllowed(db, { brandId: brand.id, memberId: to.id, amountMinor: amount, stage: 'transfer' });
    } catch (err) {
      // An agent never learns a player's limits or exclusion (AGENTS.md "Privacy"): the sender
      // is told only that this transfer cannot be made.
      if (err instanceof AppError && err.code === 'RESPONSIBLE_PLAY_BLOCK') throw new AppError('TRANSFER_NOT_ALLOWED');
      throw err;
    }
  }
  await verifyPaymentPassword(db, member.id, body.paymentPassword);

  const currency = brand.info.currency;
  // Opened before the transaction: on PGlite's one connection nothing may wait on it inside.
  const [fromWallet, toWallet] = [
    await walletOf(db, brand.id, member.id, currency),
    await walletOf(db, brand.id, to.id, currency),
  ];
  const key = `transfer:${member.id}:${body.requestId}`;
  const params = { amount: fromMinor(amount, decimals), currency };
  const done = await db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('member_transfers')
      .values({
        brand_id: brand.id,
        from_member: member.id,
        to_member: to.id,
        amount_minor: amount,
        currency,
        remark: body.remark,
        request_key: body.requestId,
      })
      .onConflict((oc) => oc.columns(['from_member', 'request_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    const posted = await post(
      db,
      {
        brandId: brand.id,
        key,
        kind: 'transfer',
        fingerprint: fingerprintOf({ from: member.id, to: to.id, amount, currency }),
        memberId: member.id,
        memo: body.remark,
        legs: [
          { accountId: fromWallet.id, amount: -amount },
          { accountId: toWallet.id, amount },
        ],
      },
      trx,
    );
    if (toPlayer)
      await recordInflow(trx, {
        brandId: brand.id,
        memberId: to.id,
        source: 'upline',
        sourceKey: key,
        amountMinor: amount,
        pct: settings.upline_turnover_pct,
      });
    const notices: SentNotice[] = [
      await writeNotice(
        db,
        { brandId: brand.id, memberId: member.id, kind: 'transfer.sent', params: { ...params, to: to.account } },
        trx,
      ),
      await writeNotice(
        db,
        { brandId: brand.id, memberId: to.id, kind: 'transfer.received', params: { ...params, from: member.account } },
        trx,
      ),
    ];
    return { id: claimed.id, posted, notices };
  });
  if (!done) {
    // A request with this requestId committed first (a double click, a retry): its answer.
    const row = await sentBefore(db, member.id, body.requestId);
    if (!row) throw new AppError('DUPLICATE_TRANSACTION');
    return replayOf(row, to.id, amount, member.id, decimals);
  }
  await publishAfterCommit(db, brand.id, done.posted, done.notices);
  const row = await sentBefore(db, member.id, body.requestId);
  if (!row) throw new AppError('NOT_FOUND');
  return viewOf(row, member.id, decimals);
}

async function publishAfterCommit(db: Database, brandId: number, posted: Posted, notices: SentNotice[]) {
  await publishPosted(db, brandId, posted);
  for (const n of notices) publishNotice(db, n);
}
