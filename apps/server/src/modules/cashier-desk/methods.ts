import { randomBytes } from 'node:crypto';
import {
  FIELD_ERRORS,
  fromMinor,
  type MethodBody,
  type MethodEditBody,
  type MethodFields,
  methodLogoUrl,
  type StaffMethod,
  toMinor,
} from '@khela/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { inspectImage } from '../../platform/images';
import { allProviders, providerFor } from '../cashier/providers';
import type { MethodRow } from '../cashier/views';
import type { Desk } from '../staff-players/guard';

/**
 * The brand's payment methods on the desk. A psp method names an adapter this server has; a bank
 * transfer names none, and as a deposit method it must say which account players pay into.
 * Amounts are typed in major units; every save names the version it read and is audited.
 */

/** An uploaded logo: at most this many bytes once decoded (contract MethodLogoBody). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** 16 random bytes: a logo's address cannot be guessed from the method's id. */
const KEY_BYTES = 16;

type AddBody = z.output<typeof MethodBody>;
type EditBody = z.output<typeof MethodEditBody>;

export function methodView(r: MethodRow, decimals: number): StaffMethod {
  const m = (v: bigint) => fromMinor(BigInt(v), decimals);
  return {
    id: r.id,
    direction: r.direction,
    kind: r.kind,
    provider: r.provider,
    channel: r.channel as StaffMethod['channel'],
    nameBn: r.name_bn,
    nameEn: r.name_en,
    min: m(r.min_minor),
    max: m(r.max_minor),
    feeBp: r.fee_bp,
    feeFixed: m(r.fee_fixed_minor),
    feeBearer: r.fee_bearer,
    presets: (r.presets_minor ?? []).map((p) => m(BigInt(p))),
    processingMinutes: r.processing_minutes,
    enabled: r.enabled,
    sort: r.sort,
    bankName: r.bank_name,
    bankAccountName: r.bank_account_name,
    bankAccountNumber: r.bank_account_number,
    bankBranch: r.bank_branch,
    bankRoutingNumber: r.bank_routing_number,
    logoUrl: methodLogoUrl(r.logo),
    currency: r.currency,
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The adapters this server has, for the form's provider choice. */
export function providerChoices() {
  return allProviders().map((p) => ({
    name: p.name,
    channels: p.channels.filter((c): c is StaffMethod['channel'] =>
      ['bkash', 'nagad', 'rocket', 'upay', 'card', 'bank'].includes(c),
    ),
    enabled: true,
  }));
}

export async function listMethods(d: Desk, brand: BrandSnapshot) {
  const rows = await d.db.kysely
    .selectFrom('cashier_methods')
    .selectAll()
    .where('brand_id', '=', d.staff.brandId)
    .orderBy('direction')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return { list: rows.map((r) => methodView(r, brand.info.currencyDecimals)), providers: providerChoices() };
}

const blank = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim());

/** The rules zod cannot say alone, each a field error under its field; the values as stored. */
function checked(b: MethodFields, decimals: number) {
  const errors: Record<string, string> = {};
  const amount = (field: string, text: string, min: bigint) => {
    const v = toMinor(text, decimals);
    if (v === null || v < min) errors[field] = FIELD_ERRORS.invalid;
    return v ?? 0n;
  };
  const min = amount('min', b.min, 1n);
  const max = amount('max', b.max, 1n);
  if (!errors.min && !errors.max && max < min) errors.max = 'cashier.invalid.maxBelowMin';
  const feeFixed = amount('feeFixed', b.feeFixed, 0n);
  const presets = b.presets.map((p) => toMinor(p, decimals));
  if (presets.some((p) => p === null || p < 1n)) errors.presets = FIELD_ERRORS.invalid;
  else if (!errors.min && !errors.max && presets.some((p) => (p as bigint) < min || (p as bigint) > max))
    errors.presets = 'cashier.invalid.presetOutOfRange';
  const provider = blank(b.provider);
  if (b.kind === 'psp') {
    if (!provider) errors.provider = FIELD_ERRORS.required;
    else if (!providerFor(provider)) errors.provider = 'cashier.invalid.unknownProvider';
  } else if (provider) errors.provider = 'cashier.invalid.providerForBank';
  const bank = {
    bank_name: blank(b.bankName),
    bank_account_name: blank(b.bankAccountName),
    bank_account_number: blank(b.bankAccountNumber),
    bank_branch: blank(b.bankBranch),
    bank_routing_number: blank(b.bankRoutingNumber),
  };
  // Players pay a bank-transfer deposit into this account: it must be complete to be shown.
  if (b.kind === 'bank_transfer' && b.direction === 'deposit') {
    if (!bank.bank_name) errors.bankName = FIELD_ERRORS.required;
    if (!bank.bank_account_name) errors.bankAccountName = FIELD_ERRORS.required;
    if (!bank.bank_account_number) errors.bankAccountNumber = FIELD_ERRORS.required;
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  return {
    direction: b.direction,
    kind: b.kind,
    provider: b.kind === 'psp' ? provider : null,
    channel: b.channel,
    name_bn: b.nameBn,
    name_en: b.nameEn,
    min_minor: min,
    max_minor: max,
    fee_bp: b.feeBp,
    fee_fixed_minor: feeFixed,
    fee_bearer: b.feeBearer,
    presets_minor: presets.map((p) => String(p)),
    processing_minutes: b.processingMinutes,
    enabled: b.enabled,
    sort: b.sort,
    ...bank,
  };
}

async function methodRow(db: Database, brandId: number, id: number) {
  const row = await db.kysely
    .selectFrom('cashier_methods')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** POST /bo/cashier/methods. */
export async function addMethod(d: Desk, brand: BrandSnapshot, b: AddBody): Promise<StaffMethod> {
  const decimals = brand.info.currencyDecimals;
  const { reason, ...fields } = b;
  const values = checked(fields, decimals);
  return d.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cashier_methods')
      .values({ ...values, brand_id: d.staff.brandId, currency: brand.info.currency })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = methodView(row, decimals);
    await audit(trx, {
      event: 'cashier.method.added',
      brandId: d.staff.brandId,
      staffId: d.staff.id,
      ip: d.ip,
      target: `method:${row.id}`,
      reason: reason || null,
      after: { ...after },
    });
    return after;
  });
}

/** PUT /bo/cashier/methods/:id. */
export async function editMethod(d: Desk, brand: BrandSnapshot, id: number, b: EditBody): Promise<StaffMethod> {
  const decimals = brand.info.currencyDecimals;
  const current = await methodRow(d.db, d.staff.brandId, id);
  if (current.version !== b.version) throw new AppError('STALE_EDIT');
  const { reason, version, ...fields } = b;
  const values = checked(fields, decimals);
  return d.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('cashier_methods')
      .set((e) => ({ ...values, version: e('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .where('brand_id', '=', d.staff.brandId)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('STALE_EDIT');
    const after = methodView(row, decimals);
    await audit(trx, {
      event: 'cashier.method.changed',
      brandId: d.staff.brandId,
      staffId: d.staff.id,
      ip: d.ip,
      target: `method:${id}`,
      reason: reason || null,
      before: { ...methodView(current, decimals) },
      after: { ...after },
    });
    return after;
  });
}

/**
 * POST /bo/cashier/methods/:id/logo: png, jpg or webp by its bytes (never a declared type), at
 * most 512 KB, stored without its metadata under a new random key; the old logo is dropped.
 */
export async function uploadLogo(d: Desk, brand: BrandSnapshot, id: number, image: string): Promise<StaffMethod> {
  const current = await methodRow(d.db, d.staff.brandId, id);
  const bytes = Buffer.from(image, 'base64');
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', { image: FIELD_ERRORS.required });
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError('VALIDATION_FAILED', { image: 'cashier.invalid.logoTooLarge' });
  const picture = inspectImage(bytes);
  if (!picture) throw new AppError('VALIDATION_FAILED', { image: 'cashier.invalid.logoNotImage' });
  const key = randomBytes(KEY_BYTES).toString('base64url');
  return d.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('cashier_method_logos')
      .values({ key, brand_id: d.staff.brandId, method_id: id, content_type: picture.type, bytes: picture.bytes })
      .execute();
    const row = await trx
      .updateTable('cashier_methods')
      .set((e) => ({ logo: key, version: e('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .where('brand_id', '=', d.staff.brandId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The previous logo's address is no longer named anywhere.
    await trx.deleteFrom('cashier_method_logos').where('method_id', '=', id).where('key', '<>', key).execute();
    await audit(trx, {
      event: 'cashier.method.logo',
      brandId: d.staff.brandId,
      staffId: d.staff.id,
      ip: d.ip,
      target: `method:${id}`,
      before: { logo: current.logo },
      after: { logo: key },
      detail: { type: picture.type, bytes: picture.bytes.length, width: picture.width, height: picture.height },
    });
    return methodView(row, brand.info.currencyDecimals);
  });
}

/** An uploaded logo for GET /wps/cashier/logo/:key, or null (unknown key, or another brand's). */
export async function logoImage(db: Database, brandId: number, key: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) return null;
  const row = await db.kysely
    .selectFrom('cashier_method_logos')
    .select(['content_type', 'bytes'])
    .where('key', '=', key)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row ? { type: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
