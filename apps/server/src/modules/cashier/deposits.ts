import { randomBytes, randomInt } from 'node:crypto';
import type {
  CashierDirection,
  CashierMethod,
  CashierRequest,
  DepositBody,
  MethodChannel,
  MethodsAnswer,
} from '@khela/contract';
import { fromMinor, methodLogoUrl, toMinor } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import { textIn } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { runningOfCategory } from '../promotions/service';
import { endDeposit } from './deposit-credit';
import { providerFor } from './providers';
import { SANDBOX } from './providers/sandbox';
import { checkDepositAllowed } from './responsible-play';
import { cashierSettings } from './settings';
import { moveState, recordEvent } from './transitions';
import { feeOf, type MethodRow, methodName, playerViews, type RequestRow } from './views';

/**
 * Deposits as the player makes them (CASHIER.md "Deposit"): the methods open to the player, an
 * order through a provider's hosted checkout or a bank transfer to the operator's account, its
 * state, and a bank transfer's reference as the player got it.
 */

export type Player = { id: bigint; brand: BrandSnapshot; lang: string; origin: string };

/** Whether players may use a method now: enabled, and for a provider, one this server has (the sandbox only where the brand switched it on). */
function usable(m: MethodRow, sandboxEnabled: boolean): boolean {
  if (!m.enabled) return false;
  if (m.kind !== 'psp') return true;
  if (!m.provider || !providerFor(m.provider)) return false;
  return m.provider !== SANDBOX || sandboxEnabled;
}

function methodView(m: MethodRow, lang: string, brand: BrandSnapshot): CashierMethod {
  const money = (minor: bigint) => fromMinor(minor, brand.info.currencyDecimals);
  return {
    id: m.id,
    direction: m.direction,
    kind: m.kind,
    channel: m.channel as MethodChannel,
    name: methodName(m, lang, brand),
    logoUrl: methodLogoUrl(m.logo),
    currency: m.currency,
    min: money(m.min_minor),
    max: money(m.max_minor),
    feeBp: m.fee_bp,
    feeFixed: money(m.fee_fixed_minor),
    feeBearer: m.fee_bearer,
    presets: m.presets_minor.map((p) => money(BigInt(p))),
    processingMinutes: m.processing_minutes,
  };
}

/** Running promotions of the deposit category: the ones a player may join with a deposit. */
async function depositPromotions(db: Database, brand: BrandSnapshot, lang: string, now = new Date()) {
  const rows = await runningOfCategory(db, brand.id, 'deposit', now);
  return rows.map((r) => ({ id: r.id, title: textIn(r.title, lang || undefined, brand) }));
}

/** GET /wps/cashier/methods: the brand's usable methods of one direction, in the operator's order. */
export async function listMethods(db: Database, p: Player, type: CashierDirection): Promise<MethodsAnswer> {
  const [rows, settings] = await Promise.all([
    db.kysely
      .selectFrom('cashier_methods')
      .selectAll()
      .where('brand_id', '=', p.brand.id)
      .where('direction', '=', type)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    cashierSettings(db, p.brand.id),
  ]);
  return {
    list: rows.filter((m) => usable(m, settings.sandbox_enabled)).map((m) => methodView(m, p.lang, p.brand)),
    promotions: type === 'deposit' ? await depositPromotions(db, p.brand, p.lang) : [],
  };
}

/** Letters and digits nobody confuses when typing them from a screen (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A bank transfer's reference: 'KH' and 8 characters (31^8 ≈ 8.5·10^11), unique per brand by index. */
function transferReference(): string {
  let s = 'KH';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

async function views(db: Database, p: Player, rows: RequestRow[]): Promise<CashierRequest> {
  const [view] = await playerViews(db, p.brand, rows, p.lang);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

/**
 * POST /wps/cashier/deposit. The amount is checked against the method's limits, the
 * responsible-play limits before anything is written; a provider's order gets an unguessable
 * token and the provider's checkout, a bank transfer a reference to write on the transfer.
 */
export async function orderDeposit(db: Database, p: Player, body: DepositBody): Promise<CashierRequest> {
  const settings = await cashierSettings(db, p.brand.id);
  const method = await db.kysely
    .selectFrom('cashier_methods')
    .selectAll()
    .where('id', '=', body.methodId)
    .where('brand_id', '=', p.brand.id)
    .where('direction', '=', 'deposit')
    .executeTakeFirst();
  if (!method || !usable(method, settings.sandbox_enabled))
    throw new AppError('METHOD_UNAVAILABLE', { methodId: 'errors.METHOD_UNAVAILABLE' });
  const amount = toMinor(body.amount, p.brand.info.currencyDecimals);
  if (amount === null || amount <= 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  if (amount < method.min_minor || amount > method.max_minor)
    throw new AppError('AMOUNT_OUT_OF_RANGE', { amount: 'errors.AMOUNT_OUT_OF_RANGE' });
  if (body.promotionId !== undefined) {
    const open = await depositPromotions(db, p.brand, p.lang);
    if (!open.some((x) => x.id === body.promotionId))
      throw new AppError('VALIDATION_FAILED', { promotionId: 'validation.invalid' });
  }
  await checkDepositAllowed(db, { brandId: p.brand.id, memberId: p.id, amountMinor: amount, stage: 'order' });

  const base = {
    brand_id: p.brand.id,
    member_id: p.id,
    type: 'deposit' as const,
    method_id: method.id,
    amount_minor: amount,
    fee_minor: feeOf(method, amount),
    fee_bearer: method.fee_bearer,
    currency: method.currency,
    promotion_id: body.promotionId ?? null,
    expires_at: new Date(Date.now() + settings.deposit_expiry_minutes * 60_000),
  };

  if (method.kind === 'bank_transfer') {
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await db.kysely.transaction().execute(async (trx) => {
          const r = await trx
            .insertInto('cashier_requests')
            .values({ ...base, state: 'pending', transfer_reference: transferReference() })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordEvent(trx, { requestId: r.id, state: 'pending', actor: 'member' });
          return r;
        });
        return views(db, p, [row]);
      } catch (err) {
        // Two references alike (one in ~10^11): draw again.
        if (attempt < 4 && isUniqueViolation(err, 'cashier_requests_transfer_reference')) continue;
        throw err;
      }
    }
  }

  const provider = providerFor(method.provider as string);
  if (!provider) throw new AppError('METHOD_UNAVAILABLE', { methodId: 'errors.METHOD_UNAVAILABLE' });
  const orderToken = randomBytes(24).toString('base64url');
  const created = await db.kysely.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('cashier_requests')
      .values({ ...base, state: 'created', provider: provider.name, order_token: orderToken })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, { requestId: r.id, state: 'created', actor: 'member' });
    return r;
  });
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await provider.createDeposit(
      {
        requestId: created.id.toString(),
        orderToken,
        amountMinor: amount,
        currency: method.currency,
        channel: method.channel,
        returnUrl: `${p.origin}/?centre=member&page=depositv2&deposit=${created.id}`,
      },
      { brandId: p.brand.id, origin: p.origin },
    ));
  } catch (err) {
    // The provider did not take the order: it ends cancelled, and the player may choose again.
    await endDeposit(db, created, {
      from: ['created'],
      to: 'cancelled',
      actor: `provider:${provider.name}`,
      reason: 'provider_unavailable',
    });
    if (err instanceof AppError) throw err;
    throw new AppError('METHOD_UNAVAILABLE', { methodId: 'errors.METHOD_UNAVAILABLE' });
  }
  const pending = await db.kysely.transaction().execute((trx) =>
    moveState(trx, {
      requestId: created.id,
      from: ['created'],
      to: 'pending',
      actor: `provider:${provider.name}`,
      set: { redirect_url: redirectUrl },
    }),
  );
  // A result may already have arrived (a provider that answers at once): show what it did.
  const row = pending ?? (await requestOf(db, p, created.id));
  return views(db, p, [row]);
}

async function requestOf(db: Database, p: Player, id: bigint): Promise<RequestRow> {
  const row = await db.kysely
    .selectFrom('cashier_requests')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', p.id)
    .where('type', '=', 'deposit')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /wps/cashier/deposit/:id: one of the player's own deposits (another's is NOT_FOUND). */
export async function depositStatus(db: Database, p: Player, id: string): Promise<CashierRequest> {
  return views(db, p, [await requestOf(db, p, BigInt(id))]);
}

/**
 * POST /wps/cashier/deposit/:id/reference: a pending bank transfer's transaction id as the
 * player got it; it moves to submitted for staff to check. The same id already given on this
 * method is REFERENCE_USED (the unique index decides, so two at once cannot both take it).
 */
export async function submitReference(db: Database, p: Player, id: string, reference: string): Promise<CashierRequest> {
  const row = await requestOf(db, p, BigInt(id));
  const method =
    row.method_id === null
      ? undefined
      : await db.kysely.selectFrom('cashier_methods').select('kind').where('id', '=', row.method_id).executeTakeFirst();
  if (method?.kind !== 'bank_transfer') throw new AppError('REQUEST_STATE');
  const normal = reference.toUpperCase();
  let moved: RequestRow | null;
  try {
    moved = await db.kysely.transaction().execute((trx) =>
      moveState(trx, {
        requestId: row.id,
        from: ['pending'],
        to: 'submitted',
        actor: 'member',
        note: normal,
        set: { player_reference: normal },
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'cashier_requests_player_reference'))
      throw new AppError('REFERENCE_USED', { reference: 'errors.REFERENCE_USED' });
    throw err;
  }
  if (!moved) throw new AppError('REQUEST_STATE');
  return views(db, p, [moved]);
}
