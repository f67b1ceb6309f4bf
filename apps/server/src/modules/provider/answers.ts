import {
  type BrandInfo,
  ERRORS,
  type ErrorCode,
  fromMinor,
  ok,
  type ProviderBalanceValue,
  toMinor,
} from '@khela/contract';
import type { Database } from '../../platform/db';
import { AppError, failure } from '../../platform/errors';
import type { Vendor } from './repo';

/** An answer to the provider: its HTTP status and the exact body bytes (stored for replays). */
export type Answer = { status: number; body: string };

/** What every provider call runs with: the brand it is made on and the vendor that made it. */
export type CallContext = {
  db: Database;
  brandId: number;
  brand: Pick<BrandInfo, 'currency' | 'currencyDecimals'>;
  vendor: Vendor;
};

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

/** A request's amount in minor units; more decimals than the currency has, or a sign, is bad input. */
export function minorOf(ctx: CallContext, amount: string): bigint {
  const minor = toMinor(amount, ctx.brand.currencyDecimals);
  if (minor === null || minor < 0n) throw new AppError('VALIDATION_FAILED', { amount: 'validation.invalid' });
  return minor;
}

/** Minor units as the answer's decimal string. */
export function money(ctx: CallContext, minor: bigint): string {
  return fromMinor(minor, ctx.brand.currencyDecimals);
}

/** The vendor and brand a call's transactions and rounds are keyed by. */
export function scopeOf(ctx: CallContext) {
  return { brandId: ctx.brandId, vendor: ctx.vendor.code };
}
