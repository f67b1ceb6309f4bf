import { sql } from 'kysely';
import type { Database } from '../platform/db';

/**
 * The demo brand's cashier (CASHIER.md): the sandbox provider switched on, bKash, Nagad, Rocket
 * and Upay deposits through it, a bank transfer to a clearly fictional operator account, and
 * withdrawals through the sandbox and by bank. Logos stay null: the site shows each channel's
 * neutral icon until an operator uploads its own. Written once: a demo whose methods staff have
 * changed keeps them.
 */

type Method = {
  direction: 'deposit' | 'withdraw';
  kind: 'psp' | 'bank_transfer';
  provider: string | null;
  channel: string;
  name_bn: string;
  name_en: string;
  min_minor: bigint;
  max_minor: bigint;
  fee_bp?: number;
  presets_minor: string;
  processing_minutes: number;
  bank?: { name: string; accountName: string; accountNumber: string; branch: string; routing: string };
};

/** ৳ in poisha. */
const tk = (n: number) => BigInt(n) * 100n;
const PRESETS = `{${[500, 1000, 2000, 5000].map((n) => tk(n)).join(',')}}`;
const WITHDRAW_PRESETS = `{${[1000, 2000, 5000, 10000].map((n) => tk(n)).join(',')}}`;

const DEMO_BANK = {
  name: 'Demo Bank Ltd. (not a real bank)',
  accountName: 'Khela Demo Operator',
  accountNumber: '0000-1234-5678-90',
  branch: 'Demo Branch, Dhaka',
  routing: '000000000',
};

const METHODS: Method[] = [
  ...(
    [
      ['bkash', 'বিকাশ', 'bKash'],
      ['nagad', 'নগদ', 'Nagad'],
      ['rocket', 'রকেট', 'Rocket'],
      ['upay', 'উপায়', 'Upay'],
    ] as const
  ).map(
    ([channel, bn, en]): Method => ({
      direction: 'deposit',
      kind: 'psp',
      provider: 'sandbox',
      channel,
      name_bn: bn,
      name_en: en,
      min_minor: tk(200),
      max_minor: tk(25000),
      presets_minor: PRESETS,
      processing_minutes: 1,
    }),
  ),
  {
    direction: 'deposit',
    kind: 'bank_transfer',
    provider: null,
    channel: 'bank',
    name_bn: 'ব্যাংক ট্রান্সফার',
    name_en: 'Bank transfer',
    min_minor: tk(1000),
    max_minor: tk(500000),
    presets_minor: `{${[5000, 10000, 20000, 50000].map((n) => tk(n)).join(',')}}`,
    processing_minutes: 60,
    bank: DEMO_BANK,
  },
  ...(
    [
      ['bkash', 'বিকাশ', 'bKash'],
      ['nagad', 'নগদ', 'Nagad'],
    ] as const
  ).map(
    ([channel, bn, en]): Method => ({
      direction: 'withdraw',
      kind: 'psp',
      provider: 'sandbox',
      channel,
      name_bn: bn,
      name_en: en,
      min_minor: tk(200),
      max_minor: tk(50000),
      presets_minor: WITHDRAW_PRESETS,
      processing_minutes: 30,
    }),
  ),
  {
    direction: 'withdraw',
    kind: 'bank_transfer',
    provider: null,
    channel: 'bank',
    name_bn: 'ব্যাংক ট্রান্সফার',
    name_en: 'Bank transfer',
    min_minor: tk(1000),
    max_minor: tk(50000),
    presets_minor: WITHDRAW_PRESETS,
    processing_minutes: 1440,
  },
];

export async function seedDemoCashier(db: Database, brandId: number) {
  await sql`INSERT INTO cashier_settings (brand_id, sandbox_enabled) VALUES (${brandId}, true)
            ON CONFLICT (brand_id) DO NOTHING`.execute(db.kysely);
  // The methods are in the brand's own currency, whatever the demo was made with.
  const { currency } = await db.kysely
    .selectFrom('brands')
    .select('currency')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  await db.kysely.transaction().execute(async (trx) => {
    // One writer at a time, and only into a demo without methods.
    await sql`SELECT 1 FROM cashier_settings WHERE brand_id = ${brandId} FOR UPDATE`.execute(trx);
    const any = await trx.selectFrom('cashier_methods').select('id').where('brand_id', '=', brandId).executeTakeFirst();
    if (any) return;
    await trx
      .insertInto('cashier_methods')
      .values(
        METHODS.map((m, sort) => ({
          brand_id: brandId,
          direction: m.direction,
          kind: m.kind,
          provider: m.provider,
          channel: m.channel,
          name_bn: m.name_bn,
          name_en: m.name_en,
          logo: null,
          currency,
          min_minor: m.min_minor,
          max_minor: m.max_minor,
          fee_bp: m.fee_bp ?? 0,
          presets_minor: sql<bigint[]>`${m.presets_minor}::bigint[]`,
          processing_minutes: m.processing_minutes,
          sort,
          bank_name: m.bank?.name ?? null,
          bank_account_name: m.bank?.accountName ?? null,
          bank_account_number: m.bank?.accountNumber ?? null,
          bank_branch: m.bank?.branch ?? null,
          bank_routing_number: m.bank?.routing ?? null,
        })),
      )
      .execute();
  });
}
