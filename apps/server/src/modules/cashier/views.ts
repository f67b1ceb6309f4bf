import type { CashierRequest, CashierState, MethodChannel } from '@khela/contract';
import { fromMinor } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import type { CashierMethodsTable, CashierRequestsTable } from '../../platform/schema';

/**
 * How the player sees a deposit or a withdrawal (contract CashierRequest): one mapping for every
 * cashier answer, so the deposit page, the withdraw page and the request list agree.
 */

export type RequestRow = Selectable<CashierRequestsTable>;
export type MethodRow = Selectable<CashierMethodsTable>;

/** The reader's language from the site's `Language` header: methods are named in BN or EN. */
export function readerLanguage(req: FastifyRequest): string {
  const header = req.headers.language;
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').split(',')[0]?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function methodName(m: Pick<MethodRow, 'name_bn' | 'name_en'>, lang: string, brand: BrandSnapshot): string {
  const bn = lang === 'bn' || (lang === '' && brand.info.defaultLanguage === 'bn');
  return bn ? m.name_bn : m.name_en;
}

/** An account number as a player sees it on screen: all but the last four characters hidden. */
export function masked(accountNumber: string): string {
  return accountNumber.length <= 4
    ? accountNumber
    : `${'•'.repeat(Math.min(accountNumber.length - 4, 6))}${accountNumber.slice(-4)}`;
}

/** The fee of an amount under a method (basis points plus a fixed part), in minor units. */
export function feeOf(m: Pick<MethodRow, 'fee_bp' | 'fee_fixed_minor'>, amountMinor: bigint): bigint {
  return (amountMinor * BigInt(m.fee_bp)) / 10_000n + m.fee_fixed_minor;
}

const CANCELLABLE: readonly CashierState[] = ['under_review'];

/** The player's view of requests (their methods, histories and payout accounts read in three queries). */
export async function playerViews(
  db: Database,
  brand: BrandSnapshot,
  rows: RequestRow[],
  lang: string,
): Promise<CashierRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const methodIds = [...new Set(rows.map((r) => r.method_id).filter((v): v is number => v !== null))];
  const accountIds = [...new Set(rows.map((r) => r.payout_account_id).filter((v): v is bigint => v !== null))];
  const [methods, events, accounts] = await Promise.all([
    methodIds.length
      ? db.kysely.selectFrom('cashier_methods').selectAll().where('id', 'in', methodIds).execute()
      : Promise.resolve([] as MethodRow[]),
    db.kysely
      .selectFrom('cashier_request_events')
      .select(['request_id', 'state', 'at', 'note'])
      .where('request_id', 'in', ids)
      .orderBy('id')
      .execute(),
    accountIds.length
      ? db.kysely.selectFrom('payout_accounts').select(['id', 'account_number']).where('id', 'in', accountIds).execute()
      : Promise.resolve([] as { id: bigint; account_number: string }[]),
  ]);
  const methodById = new Map(methods.map((m) => [m.id, m]));
  const accountById = new Map(accounts.map((a) => [a.id, a.account_number]));
  const decimals = brand.info.currencyDecimals;
  const money = (minor: bigint) => fromMinor(minor, decimals);
  return rows.map((r) => {
    const m = r.method_id === null ? undefined : methodById.get(r.method_id);
    const playerFee = r.fee_bearer === 'player' ? r.fee_minor : 0n;
    const pending = r.state === 'pending' || r.state === 'created';
    const account = r.payout_account_id === null ? undefined : accountById.get(r.payout_account_id);
    return {
      id: r.id.toString(),
      type: r.type,
      methodId: r.method_id,
      methodName: m ? methodName(m, lang, brand) : '',
      kind: m?.kind ?? 'psp',
      channel: (m?.channel ?? 'bank') as MethodChannel,
      state: r.state,
      amount: money(r.amount_minor),
      fee: money(r.fee_minor),
      net: money(r.amount_minor - playerFee),
      currency: r.currency,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      expiresAt: pending && r.expires_at ? r.expires_at.toISOString() : null,
      history: events
        .filter((e) => e.request_id === r.id)
        .map((e) => ({ state: e.state, at: e.at.toISOString(), note: e.note })),
      redirectUrl: pending ? r.redirect_url : null,
      bank:
        r.type === 'deposit' && m?.kind === 'bank_transfer'
          ? {
              bankName: m.bank_name ?? '',
              accountName: m.bank_account_name ?? '',
              accountNumber: m.bank_account_number ?? '',
              branch: m.bank_branch ?? '',
              routingNumber: m.bank_routing_number ?? '',
            }
          : null,
      transferReference: r.transfer_reference,
      playerReference: r.player_reference,
      payoutAccount: account ? masked(account) : null,
      confirmation: r.confirmation,
      canCancel: r.type === 'withdraw' && CANCELLABLE.includes(r.state) && r.first_approved_by === null,
      canConfirm: r.type === 'withdraw' && r.state === 'paid' && r.confirmation === null,
    };
  });
}
