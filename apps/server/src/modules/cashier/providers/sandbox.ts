import { randomBytes } from 'node:crypto';
import { PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { sign, verify } from '../../provider/signature';
import { cashierSettings } from '../settings';
import type { PaymentProvider, ProviderRecord, ProviderResult } from './adapter';
import { type KeyConfig, pspSecret } from './secrets';

/**
 * The sandbox provider (CASHIER.md "The provider adapter"): a payment provider that lives in this
 * server, so the demo and every test run the whole flow offline. Its hosted checkout and its
 * payout console are pages under /psp/sandbox/ (modules/psp); their buttons decide an order in
 * the sandbox's own books (psp_sandbox_records) and then send a signed webhook over HTTP to
 * /psp/sandbox/webhook — the same path and checks a real provider's result goes through.
 *
 * Only a brand with cashier_settings.sandbox_enabled may use it: its methods are hidden, its
 * orders refused and its webhooks unauthorised everywhere else.
 */

export const SANDBOX = 'sandbox';

/** What the sandbox needs of the server it runs in: set when the psp routes are registered. */
type Binding = { db: Database; keys: KeyConfig; windowSeconds: number };
let binding: Binding | null = null;

/**
 * Gives the sandbox its server's database and keys. The provider list is one per process, like
 * this binding: one app per process (tests build one app at a time).
 */
export function bindSandbox(b: Binding) {
  binding = b;
}

function bound(): Binding {
  if (!binding) throw new AppError('METHOD_UNAVAILABLE');
  return binding;
}

/** The body of a sandbox webhook: amounts as minor-unit strings. */
const SandboxWebhook = z
  .object({
    kind: z.enum(['deposit', 'payout']),
    requestId: z.string().regex(/^[1-9]\d{0,18}$/),
    txId: z.string().regex(/^SBX[0-9A-Za-z_-]{8,60}$/),
    status: z.enum(['paid', 'failed', 'pending']),
    amount: z.string().regex(/^\d{1,18}$/),
    currency: z.string().regex(/^[A-Z]{3,5}$/),
    reason: z.string().max(200).optional(),
  })
  .strict();
export type SandboxWebhook = z.infer<typeof SandboxWebhook>;

/**
 * How long a process keeps a brand's switch and opened secret for its webhooks. Reading them
 * was one round trip of the three a deposit's credit took; switching the sandbox off (or a new
 * secret) reaches every process within this time, and this one at once (forgetWebhookKeys).
 */
export const WEBHOOK_KEYS_SECONDS = 2;
type KeptKeys = { until: number; enabled: boolean; secret: string };
// By database and brand: tests run several databases in one process, each with its brand 1.
const webhookKeysCache = new WeakMap<Database, Map<number, KeptKeys>>();
function keptKeys(db: Database): Map<number, KeptKeys> {
  let kept = webhookKeysCache.get(db);
  if (!kept) {
    kept = new Map();
    webhookKeysCache.set(db, kept);
  }
  return kept;
}

/** Drops the brand's kept switch and secret: the next webhook reads them anew. */
export function forgetWebhookKeys(db: Database, brandId: number) {
  keptKeys(db).delete(brandId);
}

/** The brand's switch and its signing secret (made on first use), read in one query. */
async function webhookKeys(brandId: number): Promise<{ enabled: boolean; secret: string }> {
  const { db, keys } = bound();
  const now = Date.now();
  const kept = keptKeys(db).get(brandId);
  if (kept && kept.until > now) return kept;
  const brand = await db.kysely
    .selectFrom('brands as b')
    .leftJoin('cashier_settings as c', 'c.brand_id', 'b.id')
    .leftJoin('psp_secrets as p', (j) => j.onRef('p.brand_id', '=', 'b.id').on('p.provider', '=', SANDBOX))
    .select(['c.sandbox_enabled', 'p.secret_sealed'])
    .where('b.id', '=', brandId)
    .executeTakeFirst();
  const enabled = brand?.sandbox_enabled === true;
  const secret = enabled ? await pspSecret(db, keys, brandId, SANDBOX, brand?.secret_sealed) : '';
  keptKeys(db).set(brandId, { until: now + WEBHOOK_KEYS_SECONDS * 1000, enabled, secret });
  return { enabled, secret };
}

async function enabledFor(db: Database, brandId: number): Promise<boolean> {
  return (await cashierSettings(db, brandId)).sandbox_enabled;
}

/** The sandbox's signed webhook for a decided record: the raw body and its headers. */
export async function signedWebhook(
  brandId: number,
  body: SandboxWebhook,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ raw: string; headers: Record<string, string> }> {
  const { db, keys } = bound();
  const secret = await pspSecret(db, keys, brandId, SANDBOX);
  const raw = JSON.stringify(body);
  const timestamp = String(nowSeconds);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      [PSP_TIMESTAMP_HEADER]: timestamp,
      [PSP_SIGNATURE_HEADER]: sign(secret, timestamp, raw),
    },
  };
}

/** A fresh sandbox transaction id: decided once, carried by every replay of the result. */
export function sandboxTxId(): string {
  return `SBX${randomBytes(12).toString('base64url')}`;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

type RecordRow = {
  kind: 'deposit' | 'payout';
  request_id: bigint;
  provider_tx_id: string | null;
  status: 'pending' | 'paid' | 'failed';
  amount_minor: bigint;
  currency: string;
  reason: string | null;
};

function resultOf(r: RecordRow): ProviderResult {
  return {
    kind: r.kind,
    requestId: r.request_id.toString(),
    providerTxId: r.provider_tx_id ?? '',
    status: r.status,
    amountMinor: r.amount_minor,
    currency: r.currency,
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

export const sandboxProvider: PaymentProvider = {
  name: SANDBOX,
  channels: ['bkash', 'nagad', 'rocket', 'upay', 'card', 'bank'],

  async createDeposit(order, ctx) {
    const { db } = bound();
    if (!(await enabledFor(db, ctx.brandId))) throw new AppError('METHOD_UNAVAILABLE');
    await db.kysely
      .insertInto('psp_sandbox_records')
      .values({
        brand_id: ctx.brandId,
        kind: 'deposit',
        request_id: BigInt(order.requestId),
        order_token: order.orderToken,
        amount_minor: order.amountMinor,
        currency: order.currency,
        channel: order.channel,
      })
      .execute();
    return { redirectUrl: `${ctx.origin}/psp/sandbox/checkout/${order.orderToken}` };
  },

  async queryDeposit(order, ctx) {
    const { db } = bound();
    const r = await db.kysely
      .selectFrom('psp_sandbox_records')
      .selectAll()
      .where('brand_id', '=', ctx.brandId)
      .where('order_token', '=', order.orderToken)
      .executeTakeFirst();
    return r ? resultOf(r) : null;
  },

  async createPayout(order, ctx) {
    const { db } = bound();
    if (!(await enabledFor(db, ctx.brandId))) throw new AppError('METHOD_UNAVAILABLE');
    // A retry comes under the same payout id: a failed one waits again, a paid one is never paid twice.
    const inserted = await db.kysely
      .insertInto('psp_sandbox_records')
      .values({
        brand_id: ctx.brandId,
        kind: 'payout',
        request_id: BigInt(order.requestId),
        payout_id: order.payoutId,
        amount_minor: order.amountMinor,
        currency: order.currency,
        channel: order.channel,
        account_number: order.accountNumber,
        payee_name: order.payeeName,
      })
      .onConflict((oc) => oc.column('payout_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted)
      await db.kysely
        .updateTable('psp_sandbox_records')
        .set({ status: 'pending', provider_tx_id: null, reason: null, decided_at: null })
        .where('payout_id', '=', order.payoutId)
        .where('brand_id', '=', ctx.brandId)
        .where('status', '=', 'failed')
        .execute();
    // The result comes later, by webhook, when someone presses a button on /psp/sandbox/payouts.
    return null;
  },

  async records(day, ctx): Promise<ProviderRecord[]> {
    const { db } = bound();
    const from = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(from.getTime())) return [];
    const to = new Date(from.getTime() + 86_400_000);
    const rows = await db.kysely
      .selectFrom('psp_sandbox_records')
      .selectAll()
      .where('brand_id', '=', ctx.brandId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('id')
      .execute();
    return rows.map(resultOf);
  },

  async verifyWebhook(req, raw, ctx) {
    const { windowSeconds } = bound();
    const { enabled, secret } = await webhookKeys(ctx.brandId);
    if (!enabled) throw new AppError('UNAUTHORIZED');
    const good = verify({
      secret,
      timestamp: header(req, PSP_TIMESTAMP_HEADER),
      signature: header(req, PSP_SIGNATURE_HEADER),
      raw,
      windowSeconds,
    });
    if (!good) throw new AppError('UNAUTHORIZED');
    // Read only once the signature holds.
    let parsed: SandboxWebhook;
    try {
      parsed = SandboxWebhook.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    return {
      kind: parsed.kind,
      requestId: parsed.requestId,
      providerTxId: parsed.txId,
      status: parsed.status,
      amountMinor: BigInt(parsed.amount),
      currency: parsed.currency,
      ...(parsed.reason ? { reason: parsed.reason } : {}),
    };
  },
};
